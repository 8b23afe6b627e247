// Whether this CPU runs AVX2, asked once.
#include "pixel_kernels.h"

#if defined(__x86_64__)
int pk_has_avx2(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") ? 1 : 0;
}
#endif
