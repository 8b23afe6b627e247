// Pixel loops in AVX2 (32 bytes a step), for the x86-64 CPUs that have it; Raster checks
// `pk_has_avx2()` once and otherwise runs its own portable SSE2 loops. Each kernel computes
// exactly the bytes of the Raster loop it stands in for (named below); Raster's
// KernelExactnessTests hold each against a byte-by-byte implementation.
// Pixels are premultiplied RGBA8, 4 bytes each; callers guarantee every span is in bounds.
#ifndef PIXEL_KERNELS_H
#define PIXEL_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__)

/// 1 when this CPU runs AVX2 instructions, else 0 (asked of the CPU once).
int pk_has_avx2(void);

/// Raster's `blendSolidSpan` past its early exits: `n` pixels at `dst` become
/// S + round(D·inv / 255) per byte, where S is the packed premultiplied colour `color`
/// (already scaled by coverage) and `inv` = 255 − its alpha.
void pk_solid_over_avx2(uint8_t *dst, size_t n, uint32_t color, uint32_t inv);

/// Raster's `fillPixels`: the packed pixel `color` stored into `n` pixels at `dst` (AVX2
/// stores; `rep stosl` from 65,536 pixels).
void pk_fill_avx2(uint8_t *dst, size_t n, uint32_t color);

/// Raster's `lerpBytes`: out = (a·(256 − f) + b·f + 128) >> 8 for `count` bytes, f < 256.
void pk_lerp_bytes_avx2(const uint8_t *a, const uint8_t *b, uint8_t *out, size_t count, uint32_t f);

/// Raster's horizontal bilinear pass: device pixel i of `n` mixes the texel pair at byte
/// offset `off[i]` of `row` (the texel there and the next) as
/// (L·low + U·high + 128) >> 8 per byte, with low = `low[i]` & 0xFFFF and high = `high[i]`
/// & 0xFFFF (low + high = 256). Eight pixels a step: in each group of eight from the first,
/// each half's left texels lie within eight texels of the half's first one, pixel i's at
/// texel `lane[i]` (0...7) of that window. `row` must be readable 36 bytes past the largest
/// offset.
void pk_mix_columns_avx2(const uint8_t *row, size_t n, const int32_t *off, const uint32_t *low,
                         const uint32_t *high, const int32_t *lane, uint8_t *out);

#endif
#endif
