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
  png_set_compression_level(png, level);
  png_set_compression_strategy(png, zlib_strategy(strategy));
  png_set_filter(png, PNG_FILTER_TYPE_BASE, png_filter_flags(filter));
  png_write_info(png, info);
  if (write_rgb) png_set_filler(png, 0, PNG_FILLER_AFTER);  // on write: drop the 4th byte
  // Per row: the first row with the filters set above, then each row's own filter.
  for (uint32_t y = 0; y < height; y++) {
    if (filter == PNGC_FILTER_PER_ROW && y > 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, per_row_filter(pixels, width, stride, y));
    png_write_row(png, pixels + (size_t)y * stride);
  }
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  return set_status(status, PNGC_OK, 0, NULL);
}

void pngc_buffer_free(pngc_buffer *buffer) {
  if (buffer == NULL) return;
  free(buffer->data);
  memset(buffer, 0, sizeof *buffer);
}

const char *pngc_libpng_version(void) { return png_get_libpng_ver(NULL); }
