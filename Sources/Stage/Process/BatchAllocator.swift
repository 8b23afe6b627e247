#if canImport(Glibc)
import Glibc
#endif

/// glibc allocator settings for a command that renders a whole clip and exits (`render`,
/// `compare`, `review`, `assemble`), made before its threads start (the flipbook command calls
/// it first thing in `run()`).
///
/// Each frame is a new bitmap (11.9 MB at scale 3) and a new yuv420p frame (4.4 MB). With
/// glibc's defaults a block that size is a fresh mapping, or comes from a per-thread heap that
/// is unmapped once empty, so every frame's first pass faults in pages the kernel zeroes first.
/// Here blocks up to 32 MiB come from the heap (`M_MMAP_THRESHOLD`), freed memory stays with
/// the process until 1 GiB of it is free (`M_TRIM_THRESHOLD`), and the threads share at most
/// `jobs` heaps (at least 2; `M_ARENA_MAX`), so a frame reuses the memory of the frames before.
/// T2 at scale 3 with ffmpeg replaced by a reader of the pipe: about 50 thousand page faults
/// instead of 92-105 thousand, 0.25-0.28 s of kernel time instead of 0.38-0.47 s, the same
/// bytes. `preview`, which runs for hours, keeps glibc's defaults and gives memory back.
public enum BatchAllocator {
  /// Applies the settings; false when this C library has no `mallopt` or refused one.
  @discardableResult
  public static func configure(jobs: Int) -> Bool {
    #if canImport(Glibc)
    // mallopt is in <malloc.h>, which Swift's Glibc module does not import; the parameter
    // numbers are glibc's (malloc.h): M_TRIM_THRESHOLD −1, M_MMAP_THRESHOLD −3, M_ARENA_MAX −8.
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }  // RTLD_DEFAULT
    let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
    let settings: [(Int32, Int32)] = [(-3, 32 << 20), (-1, 1 << 30), (-8, Int32(clamping: max(2, jobs)))]
    return settings.map { mallopt($0.0, $0.1) == 1 }.allSatisfy { $0 }  // every one applied, even after a refusal
    #else
    return false
    #endif
  }
}
