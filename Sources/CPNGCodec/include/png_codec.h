// CPNGCodec: the only code that calls libpng.
//
// libpng reports errors by longjmp. Every function here that calls libpng does its own
// setjmp first, so a longjmp never crosses a Swift frame: failures come back as a status
// code plus a message. Only the Swift module `PNG` imports this target.
#ifndef FLIPBOOK_PNG_CODEC_H
#define FLIPBOOK_PNG_CODEC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What went wrong. `PNGC_OK` is success.
typedef enum {
  PNGC_OK = 0,
  PNGC_ERR_OPEN,       // the file could not be opened (see `sys_errno`)
  PNGC_ERR_READ,       // a read failed (I/O error, see `sys_errno`)
  PNGC_ERR_EMPTY,      // zero bytes
  PNGC_ERR_NOT_PNG,    // the first 8 bytes are not the PNG signature
  PNGC_ERR_TRUNCATED,  // the data ended before the image did
  PNGC_ERR_CORRUPT,    // libpng rejected the data (bad CRC, bad chunk, bad zlib stream, ...)
  PNGC_ERR_NOMEM,      // an allocation failed
  PNGC_ERR_ARGUMENT,   // the caller passed an invalid argument (sizes, level, ...)
  PNGC_ERR_ENCODE,     // libpng failed while writing
} pngc_code;

/// The outcome of a call: a code, the errno of a failed system call, and libpng's message.
typedef struct {
  pngc_code code;
  int sys_errno;
  char message[256];
} pngc_status;

// MARK: - Decoding

/// The most bytes any chunk other than IDAT may hold (or decompress to, for zTXt, iTXt and
/// iCCP): 8 MB, libpng's own default, set explicitly so it cannot change under us. A larger
/// chunk is refused as corrupt ("tEXt: chunk data is too large") before anything is allocated.
#define PNGC_MAX_CHUNK_BYTES 8000000

/// An open decoder over a file or a memory buffer. Opaque. libpng's benign errors (damage it
/// would otherwise skip, such as an empty cHRM chunk) are errors here.
typedef struct pngc_decoder pngc_decoder;

/// Opens `path` for decoding. Returns NULL and fills `status` on failure.
pngc_decoder *pngc_decoder_open_file(const char *path, pngc_status *status);

/// Decodes from `size` bytes at `data`, which must stay valid until the decoder is closed.
pngc_decoder *pngc_decoder_open_memory(const uint8_t *data, size_t size, pngc_status *status);

/// The header facts, available after `pngc_decoder_read_header`.
typedef struct {
  uint32_t width;
  uint32_t height;
  int bit_depth;   // 1, 2, 4, 8 or 16
  int color_type;  // 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
  int interlaced;  // 0 or 1 (Adam7)
} pngc_header;

/// Checks the signature and reads every chunk up to the image data (IHDR, PLTE, tRNS, ...).
/// Allocates nothing that depends on the image size, so the caller can check the size first.
/// Also sets up the conversion to straight-alpha RGBA8 (16-bit samples are rounded, not
/// truncated; no gamma correction is applied).
pngc_code pngc_decoder_read_header(pngc_decoder *decoder, pngc_header *header,
                                   pngc_status *status);

/// Decodes the image into `rgba`: straight (not premultiplied) RGBA8, `header.width * 4`
/// bytes per row, `header.height` rows. Then reads to IEND, so a truncated file fails.
pngc_code pngc_decoder_read_rgba(pngc_decoder *decoder, uint8_t *rgba, size_t rgba_size,
                                 pngc_status *status);

/// Releases the decoder and closes its file. NULL is allowed.
void pngc_decoder_close(pngc_decoder *decoder);

// MARK: - Encoding

/// zlib strategies (mapped to Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED).
typedef enum {
  PNGC_STRATEGY_DEFAULT = 0,
  PNGC_STRATEGY_FILTERED,
  PNGC_STRATEGY_HUFFMAN_ONLY,
  PNGC_STRATEGY_RLE,
  PNGC_STRATEGY_FIXED,
} pngc_strategy;

/// Row filters (PNG filter types 0..4), libpng's per-row adaptive choice among all five, or
/// PER_ROW: Up for a row equal to the row above, Sub for a row of one colour, else Paeth
/// (chosen before filtering, by comparing the row's pixels; set with png_set_filter per row).
typedef enum {
  PNGC_FILTER_NONE = 0,
  PNGC_FILTER_SUB,
  PNGC_FILTER_UP,
  PNGC_FILTER_AVERAGE,
  PNGC_FILTER_PAETH,
  PNGC_FILTER_ADAPTIVE,
  PNGC_FILTER_PER_ROW,
} pngc_filter;

/// A malloc'd byte buffer; free it with `pngc_buffer_free`.
typedef struct {
  uint8_t *data;
  size_t size;
  size_t capacity;
} pngc_buffer;

/// Encodes 8-bit pixels with 4 bytes per pixel (R, G, B, X), `stride` bytes per row.
/// When `write_rgb` is non-zero the fourth byte is dropped and the file is colour type 2
/// (RGB); otherwise the fourth byte is straight alpha and the file is colour type 6 (RGBA).
/// Writes only IHDR, IDAT and IEND (no gamma, sRGB, iCCP or time chunks), non-interlaced,
/// so the same pixels and settings give the same bytes. `level` is zlib's 0...9.
pngc_code pngc_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                      int write_rgb, int level, pngc_strategy strategy, pngc_filter filter,
                      pngc_buffer *out, pngc_status *status);

// MARK: - Encoding in strips

/// One strip of an image's IDAT stream: rows [y0, y1) filtered with PNGC_FILTER_PER_ROW's rule
/// (row 0: Sub; an equal row: Up; a one-colour row: Sub; else Paeth; row y0 > 0 is filtered
/// against image row y0 - 1, as every PNG row is) and compressed as raw deflate with zlib's
/// `level` and `strategy`, ending with a sync flush (byte-aligned, no final block). Each strip
/// is its own deflate stream (no back-reference crosses its start), so its bytes depend only on
/// the pixels of rows y0 - 1 ..< y1 and the settings: strips can be made on any thread, in any
/// order, and reused for equal pixels. `adler` gets the Adler-32 of the strip's filtered bytes,
/// `filtered_size` their count ((y1 - y0) * (1 + width * channels)).
pngc_code pngc_encode_strip(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                            int write_rgb, int level, pngc_strategy strategy, uint32_t y0,
                            uint32_t y1, pngc_buffer *out, uint32_t *adler, size_t *filtered_size,
                            pngc_status *status);

/// The PNG file of strips made by `pngc_encode_strip` for rows 0 ..< height in order: libpng
/// writes the signature and IHDR (png_write_info), then the zlib stream (its 2-byte header for
/// `level` and `strategy`, the strips, an empty final block, the Adler-32 of all filtered bytes
/// combined with adler32_combine) as IDAT chunks of at most 1 MiB (png_write_chunk_start/data/
/// end, which add the lengths and CRCs), then IEND (png_write_chunk). Any PNG reader decodes it.
pngc_code pngc_write_strips(uint32_t width, uint32_t height, int write_rgb, int level,
                            pngc_strategy strategy, size_t count, const uint8_t *const *strips,
                            const size_t *sizes, const uint32_t *adlers,
                            const size_t *filtered_sizes, pngc_buffer *out, pngc_status *status);

/// Frees `buffer->data` and zeroes the buffer. NULL is allowed.
void pngc_buffer_free(pngc_buffer *buffer);

/// The libpng version this was built against, e.g. "1.6.39".
const char *pngc_libpng_version(void);

#ifdef __cplusplus
}
#endif

#endif
