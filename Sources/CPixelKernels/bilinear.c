// The two passes of axis-aligned bilinear sampling: two texel rows mixed, then each device
// column's texel pair mixed, 32 bytes a step.
#include "pixel_kernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2")))
void pk_lerp_bytes_avx2(const uint8_t *a, const uint8_t *b, uint8_t *out, size_t count, uint32_t f) {
  const __m256i wb = _mm256_set1_epi16((short)f), wa = _mm256_set1_epi16((short)(256 - f));
  const __m256i half = _mm256_set1_epi16(128), zero = _mm256_setzero_si256();
  size_t i = 0;
  for (; i + 32 <= count; i += 32) {
    __m256i x = _mm256_loadu_si256((const __m256i *)(a + i));
    __m256i y = _mm256_loadu_si256((const __m256i *)(b + i));
    // a·(256 − f) + b·f + 128 <= 255·256 + 128 fits 16 bits.
    __m256i lo = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(x, zero), wa),
                                                   _mm256_mullo_epi16(_mm256_unpacklo_epi8(y, zero), wb)), half);
    __m256i hi = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(x, zero), wa),
                                                   _mm256_mullo_epi16(_mm256_unpackhi_epi8(y, zero), wb)), half);
    _mm256_storeu_si256((__m256i *)(out + i), _mm256_packus_epi16(_mm256_srli_epi16(lo, 8), _mm256_srli_epi16(hi, 8)));
  }
  for (; i < count; i++) out[i] = (uint8_t)(((uint32_t)a[i] * (256 - f) + (uint32_t)b[i] * f + 128) >> 8);
}

static inline uint32_t mix_pixel(const uint8_t *pair, uint32_t lw, uint32_t hw) {
  uint32_t out = 0;
  for (int c = 0; c < 4; c++) out |= (((uint32_t)pair[c] * lw + (uint32_t)pair[4 + c] * hw + 128) >> 8) << (8 * c);
  return out;
}

__attribute__((target("avx2")))
void pk_mix_columns_avx2(const uint8_t *row, size_t n, const int32_t *off, const uint32_t *low,
                         const uint32_t *high, const int32_t *lane, uint8_t *out) {
  const __m256i even = _mm256_set1_epi16(0x00FF), half = _mm256_set1_epi16(0x0080);
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    // Each half's eight-texel window and the window one texel on (the pairs' upper texels);
    // every pixel picks its texel of the window (vpermd), the halves joined by a blend.
    const uint8_t *a = row + off[i], *b = row + off[i + 4];
    __m256i idx = _mm256_loadu_si256((const __m256i *)(lane + i));
    __m256i l = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)a), idx),
                                   _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)b), idx), 0xF0);
    __m256i u = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(a + 4)), idx),
                                   _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(b + 4)), idx), 0xF0);
    __m256i gw = _mm256_loadu_si256((const __m256i *)(low + i));
    __m256i fw = _mm256_loadu_si256((const __m256i *)(high + i));
    __m256i e = _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(l, even), gw),
                                                                    _mm256_mullo_epi16(_mm256_and_si256(u, even), fw)), half), 8);
    __m256i o = _mm256_andnot_si256(even, _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(l, 8), gw),
                                                                           _mm256_mullo_epi16(_mm256_srli_epi16(u, 8), fw)), half));
    _mm256_storeu_si256((__m256i *)(out + 4 * i), _mm256_or_si256(e, o));
  }
  for (; i < n; i++) {
    uint32_t p = mix_pixel(row + off[i], low[i] & 0xFFFF, high[i] & 0xFFFF);
    __builtin_memcpy(out + 4 * i, &p, 4);
  }
}
#endif
