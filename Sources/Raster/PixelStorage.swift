#if canImport(Glibc)
import Glibc
#endif

/// Zeroed pixel storage of `count` bytes. From 4 MiB up (a frame at scale 2 or 3: 5.3 and
/// 11.9 MB) the memory is marked for transparent huge pages before it is first written, so a
/// pass over a frame takes one TLB entry per 2 MiB instead of per 4 KiB (Linux with THP in
/// `madvise` or `always` mode; elsewhere, or when the kernel has no huge page to give, the
/// same bytes in ordinary pages).
func zeroedPixelStorage(_ count: Int) -> [UInt8] {
  guard count >= 4 << 20 else { return [UInt8](repeating: 0, count: count) }
  return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
    let base = buffer.baseAddress!
    adviseHugePages(UnsafeMutableRawPointer(base), count)
    base.initialize(repeating: 0, count: count)
    initialized = count
  }
}

/// Asks the kernel to back the 2 MiB-aligned part of `[p, p + count)` with huge pages.
private func adviseHugePages(_ p: UnsafeMutableRawPointer, _ count: Int) {
  #if os(Linux)
  let huge = 2 << 20
  let start = (Int(bitPattern: p) + huge - 1) & ~(huge - 1)
  let end = (Int(bitPattern: p) + count) & ~(huge - 1)
  if end > start {
    _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
  }
  #endif
}
