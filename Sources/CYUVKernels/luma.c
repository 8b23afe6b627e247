// The Y plane's row loop in AVX2: eight pixels a vector, 32 a step.
#include "yuv_kernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

// Each pixel's 32-bit word is split into 16-bit fields (R, B) and (G, G), and two
// multiply-adds give kr·R + kb·B and (kg/2)·G + (kg − kg/2)·G: the exact 32-bit sum, as the
// portable loop's 16-bit halves and the scalar tail compute it.
__attribute__((target("avx2"))) static inline __m256i luma8(const uint8_t *p, __m256i wrb, __m256i wg, __m256i off) {
  const __m256i v = _mm256_loadu_si256((const __m256i *)p);
  const __m256i rb = _mm256_and_si256(v, _mm256_set1_epi32(0x00FF00FF));
  const __m256i g = _mm256_and_si256(_mm256_srli_epi32(v, 8), _mm256_set1_epi32(0xFF));
  const __m256i gg = _mm256_or_si256(g, _mm256_slli_epi32(g, 16));
  const __m256i s = _mm256_add_epi32(_mm256_madd_epi16(rb, wrb), _mm256_madd_epi16(gg, wg));
  return _mm256_srli_epi32(_mm256_add_epi32(s, off), 16);
}

__attribute__((target("avx2")))
void yk_luma_row_avx2(const uint8_t *rgba, size_t w, uint8_t *out, int32_t kr, int32_t kg, int32_t kb) {
  const __m256i wrb = _mm256_set1_epi32((int32_t)((uint32_t)kr | (uint32_t)kb << 16));
  const __m256i wg = _mm256_set1_epi32((int32_t)((uint32_t)(kg / 2) | (uint32_t)(kg - kg / 2) << 16));
  const int32_t offset = (16 << 16) + (1 << 15);
  const __m256i off = _mm256_set1_epi32(offset);
  // packus works within 128-bit halves: dwords come out as a0 b0 c0 d0 a1 b1 c1 d1.
  const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  size_t x = 0;
  for (; x + 32 <= w; x += 32) {
    const uint8_t *p = rgba + 4 * x;
    __m256i a = luma8(p, wrb, wg, off), b = luma8(p + 32, wrb, wg, off);
    __m256i c = luma8(p + 64, wrb, wg, off), d = luma8(p + 96, wrb, wg, off);
    __m256i bytes = _mm256_packus_epi16(_mm256_packus_epi32(a, b), _mm256_packus_epi32(c, d));
    _mm256_storeu_si256((__m256i *)(out + x), _mm256_permutevar8x32_epi32(bytes, order));
  }
  for (; x + 8 <= w; x += 8) {
    __m256i a = luma8(rgba + 4 * x, wrb, wg, off);
    __m256i w16 = _mm256_packus_epi32(a, a);
    __m256i bytes = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(w16, w16), order);
    _mm_storel_epi64((__m128i *)(out + x), _mm256_castsi256_si128(bytes));
  }
  for (; x < w; x++) {
    const uint8_t *p = rgba + 4 * x;
    out[x] = (uint8_t)((kr * p[0] + kg * p[1] + kb * p[2] + offset) >> 16);
  }
}
#endif
