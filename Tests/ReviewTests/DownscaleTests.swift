import Raster
import Testing
@testable import Review

@Suite struct DownscaleTests {
  @Test func halvingAveragesEachTwoByTwoBlock() {
    let src = Bitmap(width: 2, height: 2, pixels: [
      0, 0, 0, 255, 100, 100, 100, 255,
      200, 200, 200, 255, 255, 255, 255, 255,
    ])
    let out = src.areaDownscaled(width: 1, height: 1)
    // (0 + 100 + 200 + 255) / 4 = 138.75 -> 139.
    #expect(out.pixel(x: 0, y: 0) == (139, 139, 139, 255))
  }

  @Test func threeToTwoWeighsPartialPixels() {
    // One row of 3: output 0 covers [0, 1.5): p0 + 0.5 p1 over 1.5; output 1: 0.5 p1 + p2.
    let src = Bitmap(width: 3, height: 1, pixels: [30, 30, 30, 255, 90, 90, 90, 255, 150, 150, 150, 255])
    let out = src.areaDownscaled(width: 2, height: 1)
    // (30 + 45) / 1.5 = 50; (45 + 150) / 1.5 = 130.
    #expect(out.pixel(x: 0, y: 0) == (50, 50, 50, 255))
    #expect(out.pixel(x: 1, y: 0) == (130, 130, 130, 255))
  }

  @Test func keepsAspectRatio() {
    let out = Bitmap(width: 390, height: 844).areaDownscaled(width: 130)
    #expect(out.width == 130 && out.height == 281)
  }
}
