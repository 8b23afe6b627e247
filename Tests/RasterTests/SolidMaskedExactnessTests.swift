import TestSupport
import Testing
@testable import Raster

/// `blendSolidMasked` (eight pixels a step, then four, then one; runs of full coverage of
/// an opaque colour stored) against `KernelExactnessTests.reference`, the per-channel
/// source-over written from the formula: every length 0...40 at start offsets 0...3, with
/// coverage in runs of 0, 255 and anything, for the canonical shadow's black at 0.2 and
/// opaque, translucent and clear colours.
@Suite struct SolidMaskedExactnessTests {
  @Test func solidThroughCoverageMatchesTheFormula() {
    var rng = SplitMix64(seed: 29)
    var mismatches = 0, checked = 0
    let colours: [UInt32] = [0x3300_0000, 0xFF33_6699, 0x8040_2010, 0, 0xFFFF_FFFF]
      + (0..<4).map { _ in KernelExactnessTests.pixel(&rng, kind: 2) }
    for colour in colours {
      for start in 0...3 {
        for n in 0...40 {
          let dst = KernelExactnessTests.pixels(&rng, start + n)
          var kind = rng.next()
          let cov: [UInt8] = (0..<(start + n)).map { i in
            if i % 9 == 0 { kind = rng.next() }
            return kind % 3 == 0 ? 0 : kind % 3 == 1 ? 255 : UInt8(truncatingIfNeeded: rng.next())
          }
          var got = dst
          cov.withUnsafeBufferPointer { c in
            got.withUnsafeMutableBytes { blendSolidMasked($0.baseAddress! + start * 4, c.baseAddress! + start, n, colour) }
          }
          for i in 0..<(start + n) {
            let want = i < start || cov[i] == 0 ? dst[i] : KernelExactnessTests.reference(colour, UInt32(cov[i]), dst[i])
            checked += 1
            if got[i] != want { mismatches += 1 }
          }
        }
      }
    }
    #expect(checked > 30_000)
    #expect(mismatches == 0)
  }
}
