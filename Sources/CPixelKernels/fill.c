// An opaque colour stored over a run of pixels, 128 bytes a step.
#include "pixel_kernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2")))
void pk_fill_avx2(uint8_t *dst, size_t n, uint32_t color) {
  size_t i = 0;
  const __m256i v = _mm256_set1_epi32((int)color);
  for (; i + 32 <= n; i += 32) {
    _mm256_storeu_si256((__m256i *)(dst + 4 * i), v);
    _mm256_storeu_si256((__m256i *)(dst + 4 * i + 32), v);
    _mm256_storeu_si256((__m256i *)(dst + 4 * i + 64), v);
    _mm256_storeu_si256((__m256i *)(dst + 4 * i + 96), v);
  }
  for (; i + 8 <= n; i += 8) _mm256_storeu_si256((__m256i *)(dst + 4 * i), v);
  for (; i < n; i++) __builtin_memcpy(dst + 4 * i, &color, 4);
}
#endif
