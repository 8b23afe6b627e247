#if arch(x86_64)
import CPixelKernels
import Glibc
#endif

// Where the CPU has AVX2, the hottest loops run as CPixelKernels' 32-byte kernels, which
// compute the same bytes as the portable loops beside their call sites (Compositing.swift's
// `blendSolidSpan`, BilinearSampler's two passes). `FLIPBOOK_PORTABLE_KERNELS=1` in the
// environment keeps the portable loops, to compare the two paths on one machine.

/// Whether the AVX2 kernels run in this process: the CPU has AVX2 and
/// `FLIPBOOK_PORTABLE_KERNELS` is not set to 1 (both asked once). Public so that every module
/// with AVX2 loops of its own (YUV's, in CYUVKernels) follows the same switch and CPU check:
/// true means a kernel may use AVX2 instructions, and each module's kernels give the bytes of
/// its portable loops either way.
public let wideKernels: Bool = {
  #if arch(x86_64)
  if let v = getenv("FLIPBOOK_PORTABLE_KERNELS"), String(cString: v) == "1" { return false }
  return pk_has_avx2() != 0
  #else
  return false
  #endif
}()
