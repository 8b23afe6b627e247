// The yuv420p conversion's row loops in AVX2 (32 bytes a step), for the x86-64 CPUs that have
// it; YUV runs them where Raster's `wideKernels` is true and otherwise its own portable loops
// (LumaRows.swift, ChromaRows.swift), whose bytes these equal exactly on every input (all the
// arithmetic is exact integer arithmetic; YUVTests' KernelPathTests hold both paths to a
// per-pixel implementation). The weights and taps come from the caller (BT709, ChromaFilter).
// Pixels are RGBA8, 4 bytes each, R first in memory; callers guarantee every row is in bounds.
#ifndef YUV_KERNELS_H
#define YUV_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__)

/// LumaRows' row: out[x] = (kr·R + kg·G + kb·B + 16·2^16 + 2^15) >> 16 for the `w` pixels at
/// `rgba` (the padding byte is the caller's). Needs 0 <= kr, kb < 2^15 and 0 <= kg < 2^16.
void yk_luma_row_avx2(const uint8_t *rgba, size_t w, uint8_t *out, int32_t kr, int32_t kg, int32_t kb);

/// ChromaRows' colour differences of one row: for pair x of the `cw` pairs, with S the R, G, B
/// sums of pixels 2x and 2x + 1 (the second only when 2x + 1 < `w`),
/// cb[x] = cbw[0]·Sr + cbw[1]·Sg + cbw[2]·Sb and cr[x] likewise with crw. Weights within ±2^15.
void yk_chroma_differences_avx2(const uint8_t *rgba, size_t w, size_t cw, const int32_t cbw[3], const int32_t crw[3],
                                int32_t *cb, int32_t *cr);

/// ChromaRows' vertical filter of one output row of both planes: with d_k = row_k[x] +
/// row_{7−k}[x] (the eight ring rows `cbRows` / `crRows`, |values| < 2^22) and the symmetric
/// taps t_0 ... t_3 (|t| < 2^15), out[x] = clamp(128 + ⌊(Σ t_k·d_k + 2^(shift−1)) / 2^shift⌋, 0, 255),
/// taken in 64 bits, for the `cw` samples. Needs 1 <= shift < 32.
void yk_chroma_filter_avx2(const int32_t *const cbRows[8], const int32_t *const crRows[8], const int32_t taps[4],
                           int shift, size_t cw, uint8_t *cb, uint8_t *cr);

#endif
#endif
