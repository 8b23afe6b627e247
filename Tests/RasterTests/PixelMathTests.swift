import Geometry
import TestSupport
import Testing
@testable import Raster

@Suite struct PixelMathTests {
  @Test func mul255RoundsExactlyForAllPairs() {
    var mismatches = 0
    for x in 0...255 {
      for y in 0...255 {
        // Exact: round(x*y/255) with integers; x*y/255 never ends in exactly .5.
        let exact = (2 * x * y + 255) / 510
        if mul255(UInt32(x), UInt32(y)) != UInt32(exact) { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }

  @Test func simdMul255RoundsExactlyForAllPairs() {
    // The 16-bit-lane form, the high half of t·257 with t = x·c + 128, against exact
    // integer rounding, eight pairs a step, all 65,536 pairs.
    var mismatches = 0
    for x in 0...255 {
      for c0 in stride(from: 0, through: 255, by: 8) {
        let c = SIMD8<UInt16>((0..<8).map { UInt16(c0 + $0) })
        let got = mul255(SIMD8<UInt16>(repeating: UInt16(x)), c)
        for lane in 0..<8 where Int(got[lane]) != (2 * x * (c0 + lane) + 255) / 510 { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }

  @Test func fullRunFindsTheFullSpanBetweenPartialEnds() {
    // Hand-made rows: partial ends around a run of 255s; a hole in the run gives nil.
    let row: [UInt8] = [0, 10, 200] + [UInt8](repeating: 255, count: 20) + [128, 3]
    #expect(row.withUnsafeBufferPointer { fullRun($0.baseAddress!, $0.count) }.map { [$0.0, $0.1] } == [3, 23])
    var holed = row
    holed[12] = 254
    #expect(holed.withUnsafeBufferPointer { fullRun($0.baseAddress!, $0.count) } == nil)
    let empty = [UInt8](repeating: 9, count: 12)
    #expect(empty.withUnsafeBufferPointer { fullRun($0.baseAddress!, $0.count) } == nil)
  }

  @Test func laneMultiplyMatchesScalar() {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<10_000 {
      let p = UInt32(truncatingIfNeeded: rng.next())
      let c = UInt32(rng.next() % 256)
      let got = pack(mulLanes(expand(p), UInt64(c)))
      for k in 0..<4 {
        let byte = (p >> (8 * UInt32(k))) & 0xFF
        #expect((got >> (8 * UInt32(k))) & 0xFF == mul255(byte, c))
      }
    }
  }

  @Test func premultipliesOnEntry() {
    // 0.5 alpha red: r = round(255 * 1 * 0.5) = 128 (127.5 rounds up), a = 128.
    let c = PremultipliedColor(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
    #expect(c == PremultipliedColor(r: 128, g: 64, b: 0, a: 128))
    #expect(PremultipliedColor(Color.white, opacity: 0.4).a == 102)
  }

  @Test func sourceOverByHand() {
    // Black at alpha 0.4 over opaque (200, 100, 50): D' = D * (255 - 102) / 255 = 0.6 D.
    var b = Bitmap(width: 9, height: 3)
    b.clear(to: Color(red: 200 / 255, green: 100 / 255, blue: 50 / 255))
    b.fill(Color.black.withAlpha(0.4))
    for y in 0..<3 {
      for x in 0..<9 {
        let p = b.pixel(x: x, y: y)
        #expect(p.r == 120 && p.g == 60 && p.b == 30 && p.a == 255)
      }
    }
    // White at 0.5 over transparent: premultiplied (128, 128, 128, 128).
    var t = Bitmap(width: 5, height: 1)
    t.fill(Color.white.withAlpha(0.5))
    #expect(t.pixel(x: 4, y: 0) == (128, 128, 128, 128))
    // Opaque red 0.5 over opaque blue: (128, 0, 127) – the halves round separately.
    var u = Bitmap(width: 5, height: 1)
    u.clear(to: Color(red: 0, green: 0, blue: 1))
    u.fill(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    #expect(u.pixel(x: 2, y: 0) == (128, 0, 127, 255))
  }
}
