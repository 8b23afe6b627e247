import Geometry
import Raster
import Testing
@testable import Review

@Suite struct ComposerTests {
  @Test func gridCellsAreExactCopiesAndLabelsAreDrawnInTheirBands() throws {
    let style = ReviewStyle(scale: 1)
    let labels = ["dampingRatio 0.6", "dampingRatio 0.8", "dampingRatio 1.0"]
    let grid = try GridComposer(frameWidth: 120, frameHeight: 200, labels: labels, style: style)
    let frames = (0..<3).map { syntheticFrame(width: 120, height: 200, n: 3 * $0, hue: $0) }
    let out = grid.compose(frames)
    preview(out, "grid")
    #expect(out.width == grid.layout.width && out.height == grid.layout.height)
    for i in 0..<3 {
      #expect(out.cropped(to: grid.layout.frame(i)) == frames[i])
      // Some label pixel is brighter than the background.
      let band = out.cropped(to: grid.layout.label(i))
      let brightest = stride(from: 0, to: band.pixels.count, by: 4).map { band.pixels[$0] }.max()!
      #expect(brightest > 150)
    }
    // Between cells (the gutter) stays background.
    let gx = grid.layout.frame(0).maxX + 2
    #expect(out.pixel(x: gx, y: grid.layout.frame(0).y + 50) == out.pixel(x: 1, y: 1))
  }

  @Test func contactSheetPlacesTilesInReadingOrderWithCaptions() throws {
    let style = ReviewStyle(scale: 1)
    let tiles = (0..<5).map { i in
      ContactSheet.Tile(
        image: syntheticFrame(width: 60, height: 130, n: i * 4, hue: i),
        caption: ContactSheet.timestamp(seconds: Double(i) * 0.25, frame: i * 15),
        tag: i == 2 ? "release" : nil)
    }
    let sheet = try ContactSheet(title: "T2 Photos drag to dismiss", style: style).render(tiles)
    preview(sheet, "sheet")
    #expect(sheet.width % 2 == 0 && sheet.height % 2 == 0)
    // Tile 3 sits at margin + 3 * (60 + gap), below the title band.
    let margin = 16, gap = 8, titleH = 26
    let r = PixelRect(x: margin + 3 * (60 + gap), y: margin + titleH, width: 60, height: 130)
    #expect(sheet.cropped(to: r) == tiles[3].image)
  }

  @Test(arguments: [(0.0, 0, "0.000 s  #0"), (0.3, 18, "0.300 s  #18"), (1.0416, 62, "1.042 s  #62"), (12.05, 723, "12.050 s  #723")])
  func timestamps(seconds: Double, frame: Int, text: String) {
    #expect(ContactSheet.timestamp(seconds: seconds, frame: frame) == text)
  }
}
