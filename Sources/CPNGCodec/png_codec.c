// CPNGCodec: libpng behind setjmp. See include/png_codec.h for the contract.
#include "png_codec.h"

#include <errno.h>
#include <limits.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// MARK: - Shared error plumbing

// The first member of every libpng "error pointer" context, so one error handler serves both.
typedef struct {
  char message[256];
} error_context;

static void on_png_error(png_structp png, png_const_charp message) {
  error_context *context = (error_context *)png_get_error_ptr(png);
  if (context != NULL) snprintf(context->message, sizeof context->message, "%s", message);
  png_longjmp(png, 1);  // to the setjmp in the C function that called libpng; never past it
}

static void on_png_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;  // warnings (e.g. a bad ancillary-chunk CRC, which libpng skips) are not errors
}

static pngc_code set_status(pngc_status *status, pngc_code code, int sys_errno, const char *message) {
  if (status != NULL) {
    status->code = code;
    status->sys_errno = sys_errno;
    snprintf(status->message, sizeof status->message, "%s", message != NULL ? message : "");
  }
  return code;
}

// MARK: - Decoding

static const uint8_t png_signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};

struct pngc_decoder {
  error_context errors;  // must stay first
  png_structp png;
  png_infop info;
  FILE *file;
  const uint8_t *data;
  size_t size;
  size_t position;
  int ran_out;    // the source ended while libpng wanted more
  int io_errno;   // a read failed with this errno
  int header_read;
  pngc_header header;
  png_bytep *rows;
};

// Reads up to `count` bytes from the source; returns how many it got.
static size_t source_read(pngc_decoder *decoder, uint8_t *out, size_t count) {
  if (decoder->file != NULL) {
    size_t got = fread(out, 1, count, decoder->file);
    if (got < count && ferror(decoder->file)) decoder->io_errno = errno != 0 ? errno : EIO;
    return got;
  }
  size_t left = decoder->size - decoder->position;
  size_t got = count < left ? count : left;
  if (got > 0) memcpy(out, decoder->data + decoder->position, got);
  decoder->position += got;
  return got;
}

static void on_png_read(png_structp png, png_bytep out, size_t count) {
  pngc_decoder *decoder = (pngc_decoder *)png_get_io_ptr(png);
  if (source_read(decoder, out, count) == count) return;
  if (decoder->io_errno != 0) png_error(png, "read error");
  decoder->ran_out = 1;
  png_error(png, "file ends before the image is complete");
}

static pngc_decoder *decoder_new(pngc_status *status) {
  pngc_decoder *decoder = calloc(1, sizeof *decoder);
  if (decoder == NULL) set_status(status, PNGC_ERR_NOMEM, ENOMEM, "out of memory");
  return decoder;
}

// Creates the libpng structs once the signature has been checked.
static pngc_decoder *decoder_start(pngc_decoder *decoder, pngc_status *status) {
  uint8_t signature[8];
  size_t got = source_read(decoder, signature, sizeof signature);
  pngc_code failure = PNGC_OK;
  const char *why = NULL;
  if (decoder->io_errno != 0) {
    failure = PNGC_ERR_READ;
    why = strerror(decoder->io_errno);
  } else if (got == 0) {
    failure = PNGC_ERR_EMPTY;
    why = "the file is empty";
  } else if (memcmp(signature, png_signature, got) != 0) {
    failure = PNGC_ERR_NOT_PNG;
    why = "not a PNG file (bad signature)";
  } else if (got < sizeof signature) {
    failure = PNGC_ERR_TRUNCATED;
    why = "file ends inside the PNG signature";
  }
  if (failure == PNGC_OK) {
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &decoder->errors, on_png_error,
                                          on_png_warning);
    if (decoder->png != NULL) decoder->info = png_create_info_struct(decoder->png);
    if (decoder->png == NULL || decoder->info == NULL) {
      failure = PNGC_ERR_NOMEM;
      why = "out of memory creating the libpng decoder";
    }
  }
  if (failure != PNGC_OK) {
    set_status(status, failure, decoder->io_errno, why);
    pngc_decoder_close(decoder);
    return NULL;
  }
  png_set_read_fn(decoder->png, decoder, on_png_read);
  png_set_sig_bytes(decoder->png, 8);
  // The caller enforces its own (smaller) size limits after the header; let libpng accept
  // every size the format allows so an oversized IHDR is reported as "too large", not corrupt.
  png_set_user_limits(decoder->png, 0x7fffffff, 0x7fffffff);
  // No chunk other than IDAT may claim more than PNGC_MAX_CHUNK_BYTES (text, iCCP, sPLT, ...;
  // also the decompressed size of zTXt/iTXt/iCCP), and libpng's "benign" errors are errors:
  // without this, a 57-byte file whose tEXt claims 1 GiB makes libpng skip the claimed bytes
  // through a 1 GiB buffer, and zero-length cHRM/gAMA/sRGB/... chunks are silently dropped
  // where other decoders refuse the file. The sRGB-profile check is skipped: colour profiles
  // are ignored anyway, and old image editors wrote a known-wrong sRGB profile into many files.
  png_set_chunk_malloc_max(decoder->png, PNGC_MAX_CHUNK_BYTES);
  png_set_benign_errors(decoder->png, 0);
#ifdef PNG_SKIP_sRGB_CHECK_PROFILE
  png_set_option(decoder->png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
#endif
  set_status(status, PNGC_OK, 0, NULL);
  return decoder;
}

pngc_decoder *pngc_decoder_open_file(const char *path, pngc_status *status) {
  pngc_decoder *decoder = decoder_new(status);
  if (decoder == NULL) return NULL;
  decoder->file = fopen(path, "rb");
  if (decoder->file == NULL) {
    int error = errno;
    free(decoder);
    set_status(status, PNGC_ERR_OPEN, error, strerror(error));
    return NULL;
  }
  return decoder_start(decoder, status);
}

pngc_decoder *pngc_decoder_open_memory(const uint8_t *data, size_t size, pngc_status *status) {
  pngc_decoder *decoder = decoder_new(status);
  if (decoder == NULL) return NULL;
  decoder->data = data;
  decoder->size = data != NULL ? size : 0;
  return decoder_start(decoder, status);
}

// Turns a longjmp out of libpng into a status.
static pngc_code decoder_failed(pngc_decoder *decoder, pngc_status *status) {
  if (decoder->io_errno != 0)
    return set_status(status, PNGC_ERR_READ, decoder->io_errno, strerror(decoder->io_errno));
  if (decoder->ran_out)
    return set_status(status, PNGC_ERR_TRUNCATED, 0, "file ends before the image is complete");
  const char *message = decoder->errors.message;
  if (strstr(message, "memory") != NULL) return set_status(status, PNGC_ERR_NOMEM, ENOMEM, message);
  return set_status(status, PNGC_ERR_CORRUPT, 0, message[0] != 0 ? message : "corrupt PNG data");
}

pngc_code pngc_decoder_read_header(pngc_decoder *decoder, pngc_header *header,
                                   pngc_status *status) {
  if (decoder == NULL || header == NULL || decoder->header_read)
    return set_status(status, PNGC_ERR_ARGUMENT, 0, "read_header needs a fresh decoder");
  if (setjmp(png_jmpbuf(decoder->png))) return decoder_failed(decoder, status);
  png_read_info(decoder->png, decoder->info);
  png_uint_32 width = 0, height = 0;
  int bit_depth = 0, color_type = 0, interlace = 0;
  png_get_IHDR(decoder->png, decoder->info, &width, &height, &bit_depth, &color_type, &interlace,
               NULL, NULL);
  decoder->header.width = width;
  decoder->header.height = height;
  decoder->header.bit_depth = bit_depth;
  decoder->header.color_type = color_type;
  decoder->header.interlaced = interlace != PNG_INTERLACE_NONE;
  decoder->header_read = 1;
  *header = decoder->header;
  return set_status(status, PNGC_OK, 0, NULL);
}

// Every colour type and depth -> straight RGBA8. No gamma: samples are taken as stored.
static void request_rgba8(png_structp png, png_infop info, const pngc_header *header) {
  int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
  if (header->bit_depth == 16) png_set_scale_16(png);  // rounds: (v * 255 + 32895) >> 16
  if (header->color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (header->color_type == PNG_COLOR_TYPE_GRAY && header->bit_depth < 8)
    png_set_expand_gray_1_2_4_to_8(png);  // replicates bits: v * 255 / (2^depth - 1)
  if (has_trns) png_set_tRNS_to_alpha(png);
  if ((header->color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
  if ((header->color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns)
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
  if (header->interlaced) png_set_interlace_handling(png);
}

pngc_code pngc_decoder_read_rgba(pngc_decoder *decoder, uint8_t *rgba, size_t rgba_size,
                                 pngc_status *status) {
  if (decoder == NULL || rgba == NULL || !decoder->header_read || decoder->rows != NULL)
    return set_status(status, PNGC_ERR_ARGUMENT, 0, "read_rgba needs a decoder after read_header");
  const pngc_header header = decoder->header;
  size_t row_bytes = (size_t)header.width * 4;
  if (header.height != 0 && row_bytes > rgba_size / header.height)
    return set_status(status, PNGC_ERR_ARGUMENT, 0, "the output buffer is too small");
  decoder->rows = malloc(sizeof(png_bytep) * (header.height > 0 ? header.height : 1));
  if (decoder->rows == NULL) return set_status(status, PNGC_ERR_NOMEM, ENOMEM, "out of memory");
  for (png_uint_32 y = 0; y < header.height; y++) decoder->rows[y] = rgba + (size_t)y * row_bytes;

  if (setjmp(png_jmpbuf(decoder->png))) return decoder_failed(decoder, status);
  request_rgba8(decoder->png, decoder->info, &header);
  png_read_update_info(decoder->png, decoder->info);
  if (png_get_rowbytes(decoder->png, decoder->info) != row_bytes)
    return set_status(status, PNGC_ERR_CORRUPT, 0, "unsupported PNG layout (row size mismatch)");
  png_read_image(decoder->png, decoder->rows);
  png_read_end(decoder->png, NULL);  // checks the rest of the file through IEND
  return set_status(status, PNGC_OK, 0, NULL);
}

void pngc_decoder_close(pngc_decoder *decoder) {
  if (decoder == NULL) return;
  if (decoder->png != NULL) {
    png_infop info = decoder->info;
    png_destroy_read_struct(&decoder->png, info != NULL ? &info : NULL, NULL);
  }
  if (decoder->file != NULL) fclose(decoder->file);
  free(decoder->rows);
  free(decoder);
}

// MARK: - Encoding

typedef struct {
  error_context errors;  // must stay first
  pngc_buffer *out;
  int out_of_memory;
} encoder_context;

static void on_png_write(png_structp png, png_bytep bytes, size_t count) {
  encoder_context *context = (encoder_context *)png_get_io_ptr(png);
  pngc_buffer *out = context->out;
  if (count > SIZE_MAX - out->size) {
    context->out_of_memory = 1;
    png_error(png, "output too large");
  }
  size_t needed = out->size + count;
  if (needed > out->capacity) {
    size_t capacity = out->capacity > 0 ? out->capacity : 1 << 16;
    while (capacity < needed) capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
    uint8_t *grown = realloc(out->data, capacity);
    if (grown == NULL) {
      context->out_of_memory = 1;
      png_error(png, "out of memory growing the output buffer");
    }
    out->data = grown;
    out->capacity = capacity;
  }
  memcpy(out->data + out->size, bytes, count);
  out->size = needed;
}

static void on_png_flush(png_structp png) { (void)png; }

// What goes between IHDR's setup and the end of the file, written by libpng under
// `write_png`'s setjmp (a longjmp out of it lands there).
typedef void (*png_body)(png_structp png, png_infop info, const void *arg);

// One PNG into `out`: libpng's writer with the error handler, IHDR for an 8-bit,
// non-interlaced RGB or RGBA image, then `body` (which calls png_write_info and writes the rest).
static pngc_code write_png(uint32_t width, uint32_t height, int write_rgb, png_body body,
                           const void *arg, pngc_buffer *out, pngc_status *status) {
  encoder_context context;
  memset(&context, 0, sizeof context);
  context.out = out;
  png_structp png =
      png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, on_png_error, on_png_warning);
  png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
  if (png == NULL || info == NULL) {
    png_destroy_write_struct(&png, NULL);
    return set_status(status, PNGC_ERR_NOMEM, ENOMEM, "out of memory creating the libpng encoder");
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    pngc_buffer_free(out);
    if (context.out_of_memory) return set_status(status, PNGC_ERR_NOMEM, ENOMEM, context.errors.message);
    return set_status(status, PNGC_ERR_ENCODE, 0, context.errors.message);
  }
  png_set_write_fn(png, &context, on_png_write, on_png_flush);
  png_set_IHDR(png, info, width, height, 8, write_rgb ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGBA,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  body(png, info, arg);
  png_destroy_write_struct(&png, &info);
  return set_status(status, PNGC_OK, 0, NULL);
}

static int zlib_strategy(pngc_strategy strategy) {
  switch (strategy) {
    case PNGC_STRATEGY_FILTERED: return Z_FILTERED;
    case PNGC_STRATEGY_HUFFMAN_ONLY: return Z_HUFFMAN_ONLY;
    case PNGC_STRATEGY_RLE: return Z_RLE;
    case PNGC_STRATEGY_FIXED: return Z_FIXED;
    default: return Z_DEFAULT_STRATEGY;
  }
}

static int png_filter_flags(pngc_filter filter) {
  switch (filter) {
    case PNGC_FILTER_NONE: return PNG_FILTER_NONE;
    case PNGC_FILTER_SUB: return PNG_FILTER_SUB;
    case PNGC_FILTER_UP: return PNG_FILTER_UP;
    case PNGC_FILTER_AVERAGE: return PNG_FILTER_AVG;
    case PNGC_FILTER_PAETH: return PNG_FILTER_PAETH;
    // The first row's (libpng picks per row between the two there); both keep libpng's
    // previous-row buffer, which Up and Paeth need later (for 1-px-wide images, Up alone).
    case PNGC_FILTER_PER_ROW: return PNG_FILTER_PAETH | PNG_FILTER_UP;
    default: return PNG_ALL_FILTERS;
  }
}

/// The filter PNGC_FILTER_PER_ROW gives row `y` (> 0) of RGBA `pixels`: Up for a row equal to
/// the one above (it filters to zeros), Sub for a row of one colour (zeros after its first
/// pixel), else Paeth. Flat UI screens have many such rows; deflate's RLE then runs over zeros.
static int per_row_filter(const uint8_t *pixels, uint32_t width, size_t stride, uint32_t y) {
  const uint8_t *row = pixels + (size_t)y * stride;
  if (memcmp(row, row - stride, (size_t)width * 4) == 0) return PNG_FILTER_UP;
  uint32_t first, x = 1;
  memcpy(&first, row, 4);
  for (; x < width; x++) {
    uint32_t p;
    memcpy(&p, row + 4 * (size_t)x, 4);
    if (p != first) break;
  }
  return x == width ? PNG_FILTER_SUB : PNG_FILTER_PAETH;
}

// pngc_encode's rows, through libpng's own filters and zlib stream.
typedef struct {
  const uint8_t *pixels;
  uint32_t width, height;
  size_t stride;
  int write_rgb, level;
  pngc_strategy strategy;
  pngc_filter filter;
} row_job;

static void write_rows(png_structp png, png_infop info, const void *arg) {
  const row_job *job = arg;
  png_set_compression_level(png, job->level);
  png_set_compression_strategy(png, zlib_strategy(job->strategy));
  png_set_filter(png, PNG_FILTER_TYPE_BASE, png_filter_flags(job->filter));
  png_write_info(png, info);
  if (job->write_rgb) png_set_filler(png, 0, PNG_FILLER_AFTER);  // on write: drop the 4th byte
  // Per row: the first row with the filters set above, then each row's own filter.
  for (uint32_t y = 0; y < job->height; y++) {
    if (job->filter == PNGC_FILTER_PER_ROW && y > 0)
      png_set_filter(png, PNG_FILTER_TYPE_BASE, per_row_filter(job->pixels, job->width, job->stride, y));
    png_write_row(png, job->pixels + (size_t)y * job->stride);
  }
  png_write_end(png, NULL);
}

pngc_code pngc_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                      int write_rgb, int level, pngc_strategy strategy, pngc_filter filter,
                      pngc_buffer *out, pngc_status *status) {
  if (out == NULL) return set_status(status, PNGC_ERR_ARGUMENT, 0, "no output buffer");
  memset(out, 0, sizeof *out);
  if (pixels == NULL || width == 0 || height == 0 || width > 0x7fffffff || height > 0x7fffffff)
    return set_status(status, PNGC_ERR_ARGUMENT, 0, "image size must be 1...2^31-1 per side");
  if (stride / 4 < width) return set_status(status, PNGC_ERR_ARGUMENT, 0, "stride is too small");
  if (level < 0 || level > 9)
    return set_status(status, PNGC_ERR_ARGUMENT, 0, "zlib level must be 0...9");
  if (strategy < PNGC_STRATEGY_DEFAULT || strategy > PNGC_STRATEGY_FIXED)
    return set_status(status, PNGC_ERR_ARGUMENT, 0, "unknown zlib strategy");
  if (filter < PNGC_FILTER_NONE || filter > PNGC_FILTER_PER_ROW)
    return set_status(status, PNGC_ERR_ARGUMENT, 0, "unknown PNG filter");

  row_job job = {pixels, width, height, stride, write_rgb, level, strategy, filter};
  return write_png(width, height, write_rgb, write_rows, &job, out, status);
}

// MARK: - Encoding in strips

static inline uint8_t paeth_predictor(int a, int b, int c) {
  int p = a + b - c;
  int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  if (pa <= pb && pa <= pc) return (uint8_t)a;
  return (uint8_t)(pb <= pc ? b : c);
}

// One row of RGBA pixels (4 bytes each) as `channels` (3 or 4) bytes per pixel into `row`.
static void pack_row(const uint8_t *pixels, uint32_t width, int channels, uint8_t *row) {
  if (channels == 4) {
    memcpy(row, pixels, (size_t)width * 4);
    return;
  }
  for (uint32_t x = 0; x < width; x++) {
    row[3 * (size_t)x] = pixels[4 * (size_t)x];
    row[3 * (size_t)x + 1] = pixels[4 * (size_t)x + 1];
    row[3 * (size_t)x + 2] = pixels[4 * (size_t)x + 2];
  }
}

// Filters packed `row` (and `above`, NULL for image row 0) into `out`: the filter byte, then
// the filtered bytes. The type is the per-row rule's (see pngc_encode_strip).
static void filter_row(const uint8_t *row, const uint8_t *above, size_t bytes, int bpp, uint8_t *out) {
  int one_colour = 1;
  for (size_t i = (size_t)bpp; i < bytes; i++) {
    if (row[i] != row[i - (size_t)bpp]) { one_colour = 0; break; }
  }
  if (above != NULL && memcmp(row, above, bytes) == 0) {
    out[0] = 2;  // Up: all zeros
    memset(out + 1, 0, bytes);
  } else if (above == NULL || one_colour) {
    out[0] = 1;  // Sub
    for (size_t i = 0; i < (size_t)bpp && i < bytes; i++) out[1 + i] = row[i];
    for (size_t i = (size_t)bpp; i < bytes; i++) out[1 + i] = (uint8_t)(row[i] - row[i - (size_t)bpp]);
  } else {
    out[0] = 4;  // Paeth
    for (size_t i = 0; i < (size_t)bpp && i < bytes; i++) out[1 + i] = (uint8_t)(row[i] - above[i]);
    for (size_t i = (size_t)bpp; i < bytes; i++)
      out[1 + i] = (uint8_t)(row[i] - paeth_predictor(row[i - (size_t)bpp], above[i], above[i - (size_t)bpp]));
  }
}

pngc_code pngc_encode_strip(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                            int write_rgb, int level, pngc_strategy strategy, uint32_t y0,
                            uint32_t y1, pngc_buffer *out, uint32_t *adler, size_t *filtered_size,
                            pngc_status *status) {
  if (out == NULL || adler == NULL || filtered_size == NULL)
    return set_status(status, PNGC_ERR_ARGUMENT, 0, "no output");
  memset(out, 0, sizeof *out);
  if (pixels == NULL || width == 0 || height == 0 || width > 0x7fffffff || height > 0x7fffffff)
    return set_status(status, PNGC_ERR_ARGUMENT, 0, "image size must be 1...2^31-1 per side");
  if (stride / 4 < width) return set_status(status, PNGC_ERR_ARGUMENT, 0, "stride is too small");
  if (level < 0 || level > 9) return set_status(status, PNGC_ERR_ARGUMENT, 0, "zlib level must be 0...9");
  if (strategy < PNGC_STRATEGY_DEFAULT || strategy > PNGC_STRATEGY_FIXED)
    return set_status(status, PNGC_ERR_ARGUMENT, 0, "unknown zlib strategy");
  if (y0 >= y1 || y1 > height) return set_status(status, PNGC_ERR_ARGUMENT, 0, "bad strip rows");
  int channels = write_rgb ? 3 : 4;
  size_t bytes = (size_t)width * (size_t)channels;
  if (bytes > (SIZE_MAX - 1) / 4) return set_status(status, PNGC_ERR_ARGUMENT, 0, "rows too wide");
  uint8_t *work = malloc(3 * bytes + 1);  // packed row above, packed row, filtered row
  if (work == NULL) return set_status(status, PNGC_ERR_NOMEM, ENOMEM, "out of memory");
  uint8_t *above = work, *row = work + bytes, *filtered = work + 2 * bytes;

  z_stream z;
  memset(&z, 0, sizeof z);
  if (deflateInit2(&z, level, Z_DEFLATED, -15, 8, zlib_strategy(strategy)) != Z_OK) {
    free(work);
    return set_status(status, PNGC_ERR_NOMEM, ENOMEM, "out of memory starting zlib");
  }
  size_t rows = (size_t)(y1 - y0);
  uLong bound = deflateBound(&z, (uLong)(rows * (bytes + 1))) + 16;
  out->data = malloc(bound);
  out->capacity = bound;
  if (out->data == NULL) {
    deflateEnd(&z);
    free(work);
    memset(out, 0, sizeof *out);
    return set_status(status, PNGC_ERR_NOMEM, ENOMEM, "out of memory");
  }
  z.next_out = out->data;
  z.avail_out = (uInt)bound;
  uLong sum = adler32(0L, Z_NULL, 0);
  int has_above = y0 > 0;
  if (has_above) pack_row(pixels + (size_t)(y0 - 1) * stride, width, channels, above);
  int failed = 0;
  for (uint32_t y = y0; y < y1 && !failed; y++) {
    pack_row(pixels + (size_t)y * stride, width, channels, row);
    filter_row(row, has_above ? above : NULL, bytes, channels, filtered);
    sum = adler32(sum, filtered, (uInt)(bytes + 1));
    z.next_in = filtered;
    z.avail_in = (uInt)(bytes + 1);
    int flush = y + 1 == y1 ? Z_SYNC_FLUSH : Z_NO_FLUSH;
    if (deflate(&z, flush) != Z_OK || z.avail_in != 0) failed = 1;
    uint8_t *t = above;
    above = row;
    row = t;
    has_above = 1;
  }
  deflateEnd(&z);
  free(work);
  if (failed) {
    pngc_buffer_free(out);
    return set_status(status, PNGC_ERR_ENCODE, 0, "zlib failed compressing a strip");
  }
  out->size = bound - z.avail_out;
  *adler = (uint32_t)sum;
  *filtered_size = rows * (bytes + 1);
  return set_status(status, PNGC_OK, 0, NULL);
}

// zlib's own 2-byte header for `level` and `strategy` (deflate, 32 KiB window, FLEVEL as
// deflate.c sets it), so the stream reads as zlib would have written it.
static void zlib_header(int level, pngc_strategy strategy, uint8_t header[2]) {
  int flevel;
  int z = zlib_strategy(strategy);
  if (z >= Z_HUFFMAN_ONLY || level < 2) flevel = 0;
  else if (level < 6) flevel = 1;
  else if (level == 6) flevel = 2;
  else flevel = 3;
  unsigned h = (0x78u << 8) | ((unsigned)flevel << 6);
  h += 31 - h % 31;
  header[0] = (uint8_t)(h >> 8);
  header[1] = (uint8_t)(h & 0xff);
}

#define PNGC_IDAT_MAX ((size_t)1 << 20)

typedef struct {
  png_structp png;
  size_t left_in_chunk;
} idat_writer;

// Writes `count` bytes into IDAT chunks of at most PNGC_IDAT_MAX bytes; `total_left` is what
// remains of the whole stream (this piece included), to size each new chunk.
static void idat_write(idat_writer *w, const uint8_t *bytes, size_t count, size_t *total_left) {
  while (count > 0) {
    if (w->left_in_chunk == 0) {
      size_t size = *total_left < PNGC_IDAT_MAX ? *total_left : PNGC_IDAT_MAX;
      png_write_chunk_start(w->png, (png_const_bytep) "IDAT", (png_uint_32)size);
      w->left_in_chunk = size;
    }
    size_t n = count < w->left_in_chunk ? count : w->left_in_chunk;
    png_write_chunk_data(w->png, bytes, n);
    bytes += n;
    count -= n;
    *total_left -= n;
    w->left_in_chunk -= n;
    if (w->left_in_chunk == 0) png_write_chunk_end(w->png);
  }
}

// pngc_write_strips' chunks: the joined zlib stream as IDAT, then IEND.
typedef struct {
  const uint8_t *header;
  size_t count;
  const uint8_t *const *strips;
  const size_t *sizes;
  const uint8_t *trailer;
  size_t total;
} strip_job;

static void write_strip_chunks(png_structp png, png_infop info, const void *arg) {
  const strip_job *job = arg;
  png_write_info(png, info);
  idat_writer w = {png, 0};
  size_t left = job->total;
  idat_write(&w, job->header, 2, &left);
  for (size_t i = 0; i < job->count; i++) idat_write(&w, job->strips[i], job->sizes[i], &left);
  idat_write(&w, job->trailer, 6, &left);
  png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
}

pngc_code pngc_write_strips(uint32_t width, uint32_t height, int write_rgb, int level,
                            pngc_strategy strategy, size_t count, const uint8_t *const *strips,
                            const size_t *sizes, const uint32_t *adlers,
                            const size_t *filtered_sizes, pngc_buffer *out, pngc_status *status) {
  if (out == NULL) return set_status(status, PNGC_ERR_ARGUMENT, 0, "no output buffer");
  memset(out, 0, sizeof *out);
  if (width == 0 || height == 0 || width > 0x7fffffff || height > 0x7fffffff || count == 0 ||
      strips == NULL || sizes == NULL || adlers == NULL || filtered_sizes == NULL)
    return set_status(status, PNGC_ERR_ARGUMENT, 0, "no strips, or a bad image size");
  // The zlib stream: header, strips, an empty final fixed-Huffman block (bits 1, 01, then the
  // 7-bit end-of-block code: bytes 03 00), Adler-32 big-endian.
  uint8_t header[2];
  zlib_header(level, strategy, header);
  uLong sum = adler32(0L, Z_NULL, 0);
  size_t total = sizeof header + 2 + 4;
  for (size_t i = 0; i < count; i++) {
    if (strips[i] == NULL && sizes[i] > 0) return set_status(status, PNGC_ERR_ARGUMENT, 0, "a strip is missing");
    if (sizes[i] > SIZE_MAX - total) return set_status(status, PNGC_ERR_ARGUMENT, 0, "strips too large");
    total += sizes[i];
    sum = adler32_combine(sum, adlers[i], (z_off_t)filtered_sizes[i]);
  }
  uint8_t trailer[6] = {0x03, 0x00, (uint8_t)(sum >> 24), (uint8_t)(sum >> 16), (uint8_t)(sum >> 8), (uint8_t)sum};

  strip_job job = {header, count, strips, sizes, trailer, total};
  return write_png(width, height, write_rgb, write_strip_chunks, &job, out, status);
}

void pngc_buffer_free(pngc_buffer *buffer) {
  if (buffer == NULL) return;
  free(buffer->data);
  memset(buffer, 0, sizeof *buffer);
}

const char *pngc_libpng_version(void) { return png_get_libpng_ver(NULL); }
