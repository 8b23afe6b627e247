import Geometry
import Raster
import Testing
@testable import Review

@Suite struct GridLayoutTests {
  @Test func threeCellsShareOneRow() {
    let g = GridLayout(count: 3, cellWidth: 100, cellHeight: 50, labelHeight: 20, gutter: 4, margin: 8)
    #expect(g.columns == 3 && g.rows == 1)
    // 8 + 100 + 4 + 100 + 4 + 100 + 8 = 324; 8 + 20 + 50 + 8 = 86.
    #expect(g.width == 324 && g.height == 86)
    #expect(g.frame(0) == PixelRect(x: 8, y: 28, width: 100, height: 50))
    #expect(g.frame(2) == PixelRect(x: 216, y: 28, width: 100, height: 50))
    #expect(g.label(1) == PixelRect(x: 112, y: 8, width: 100, height: 20))
  }

  @Test(arguments: [(1, 1), (2, 2), (3, 3), (4, 2), (5, 3), (6, 3), (9, 3), (10, 4)])
  func defaultColumns(count: Int, columns: Int) {
    #expect(GridLayout.defaultColumns(count: count) == columns)
  }

  @Test func aGridBeyondThreeWrapsRowMajorAndIsEven() {
    let g = GridLayout(count: 5, cellWidth: 11, cellHeight: 7, labelHeight: 3, gutter: 2, margin: 1)
    #expect(g.columns == 3 && g.rows == 2)
    // 1 + 3*11 + 2*2 + 1 = 39 -> 40; 1 + 2*(3+7) + 2 + 1 = 24.
    #expect(g.width == 40 && g.height == 24)
    #expect(g.frame(3) == PixelRect(x: 1, y: 1 + 10 + 2 + 3, width: 11, height: 7))
  }

  @Test func forcedColumnsForACrossProduct() {
    let g = GridLayout(count: 6, cellWidth: 10, cellHeight: 10, labelHeight: 0, gutter: 0, margin: 0, columns: 2)
    #expect(g.columns == 2 && g.rows == 3)
    #expect(g.frame(5) == PixelRect(x: 10, y: 20, width: 10, height: 10))
  }
}

@Suite struct BlitTests {
  func pattern(_ w: Int, _ h: Int) -> Bitmap {
    Bitmap(width: w, height: h, pixels: (0..<(w * h)).flatMap { i -> [UInt8] in
      let v = UInt8(i % 251); return [v, v / 2, v / 3, 255]
    })
  }

  @Test func copyIsByteExactAndLeavesTheRestAlone() {
    var dst = Bitmap.solid(width: 10, height: 8, color: Color(white: 0.5))
    let src = pattern(4, 3)
    dst.copy(src, toX: 5, y: 2)
    #expect(dst.cropped(to: PixelRect(x: 5, y: 2, width: 4, height: 3)) == src)
    #expect(dst.pixel(x: 4, y: 2) == (128, 128, 128, 255))
    #expect(dst.pixel(x: 9, y: 2) == (128, 128, 128, 255))
    #expect(dst.pixel(x: 5, y: 5) == (128, 128, 128, 255))
  }

  @Test func copyClipsAtTheEdges() {
    var dst = Bitmap(width: 3, height: 3)
    dst.copy(pattern(4, 4), toX: -2, y: 1)
    // Source (2, 0) lands at (0, 1): index 2 -> v = 2.
    #expect(dst.pixel(x: 0, y: 1) == (2, 1, 0, 255))
    #expect(dst.pixel(x: 2, y: 1) == (0, 0, 0, 0))
  }

  @Test func fillPremultipliesTheColour() {
    let b = Bitmap.solid(width: 2, height: 1, color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
    // 255*0.5 = 127.5 -> 128; 0.5*0.5*255 = 63.75 -> 64.
    #expect(b.pixel(x: 1, y: 0) == (128, 64, 0, 128))
  }
}
