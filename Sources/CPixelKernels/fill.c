// An opaque colour stored over a run of pixels: 128 bytes a step, or, from 65,536 pixels (256 KiB,
// past the L2 cache: a frame's background), the CPU's string store (`rep stosl`), which writes
// whole cache lines without reading them first and measured 8 % faster on a cold 11.85 MB frame
// (docs/performance.md).
#include "pixel_kernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2")))
void pk_fill_avx2(uint8_t *dst, size_t n, uint32_t color) {
  size_t i = 0;
  if (n >= (1u << 16)) {
    void *d = dst;
    size_t c = n;
    __asm__ volatile("rep stosl" : "+D"(d), "+c"(c) : "a"(color) : "memory");
    return;
  }
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
