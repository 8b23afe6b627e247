// A translucent solid colour over a span of pixels, 32 bytes a step.
#include "pixel_kernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

// round(d·inv / 255) for d, inv <= 255 is ((d·inv + 128)·257) >> 16: the high half of a
// 16-bit multiply by 257 of t = d·inv + 128, equal to Raster's (t + (t >> 8)) >> 8 for every
// t <= 65,153 (checked for all 65,536 pairs by KernelExactnessTests through this kernel).
__attribute__((target("avx2")))
void pk_solid_over_avx2(uint8_t *dst, size_t n, uint32_t color, uint32_t inv) {
  size_t bytes = n * 4, i = 0;
  const __m256i s = _mm256_set1_epi32((int)color);
  const __m256i k = _mm256_set1_epi16((short)inv), half = _mm256_set1_epi16(128);
  const __m256i m257 = _mm256_set1_epi16(257), zero = _mm256_setzero_si256();
  for (; i + 32 <= bytes; i += 32) {
    __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
    __m256i lo = _mm256_unpacklo_epi8(d, zero), hi = _mm256_unpackhi_epi8(d, zero);
    lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(lo, k), half), m257);
    hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(hi, k), half), m257);
    // S + D·inv/255 <= 255 for a premultiplied S (each byte <= its alpha): no carry.
    _mm256_storeu_si256((__m256i *)(dst + i), _mm256_add_epi8(_mm256_packus_epi16(lo, hi), s));
  }
  for (; i < bytes; i++) {
    uint32_t t = (uint32_t)dst[i] * inv + 128;
    dst[i] = (uint8_t)(((color >> (8 * (i & 3))) & 0xFF) + ((t + (t >> 8)) >> 8));
  }
}
#endif
