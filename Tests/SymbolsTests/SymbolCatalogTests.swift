import Foundation
import Geometry
import Raster
@testable import Symbols
import Testing

/// Every symbol draws, inside its box, at the size the rule gives.
@Suite struct SymbolCatalogTests {
  @Test func everySymbolRendersInkInsideItsBox() throws {
    for name in Symbols.names {
      for weight in [SymbolWeight.thin, .regular, .heavy] {
        let image = try #require(Symbols.image(named: name, configuration: SymbolConfiguration(pointSize: 17, weight: weight)))
        #expect(!image.parts.isEmpty, "\(name)")
        let scale = 4.0, margin = 3
        let b = render(image, scale: scale, margin: margin)
        let (x0, y0, x1, y1) = try #require(inkBox(b), "\(name) draws nothing")
        // Anti-aliasing may touch the pixel beyond an edge that falls inside one.
        #expect(x0 >= margin - 1 && y0 >= margin - 1, "\(name) \(weight) spills up/left: \(x0), \(y0)")
        #expect(x1 <= b.width - margin && y1 <= b.height - margin, "\(name) \(weight) spills down/right: \(x1), \(y1)")
        // And fills it: the ink reaches within a pixel of every side.
        #expect(x0 <= margin && y0 <= margin && x1 >= b.width - margin - 2 && y1 >= b.height - margin - 2,
                "\(name) \(weight) leaves its box empty at a side: \(x0) \(y0) \(x1) \(y1) in \(b.width)x\(b.height)")
      }
    }
  }

  @Test func everyGlyphsPathDataParses() {
    for name in Symbols.names {
      for part in Symbols.catalog[name]!.parts(SymbolConfiguration()) {
        #expect(!part.path.isEmpty, "\(name) has a part with no path (bad path data?)")
      }
    }
  }

  @Test func unknownNamesHaveNoImage() {
    #expect(Symbols.image(named: "hart") == nil)
  }

  @Test func sizesFollowThePointSizeAndScale() throws {
    // The battery's ink spans x 0...215 and y −96...−4 design units (body 197 wide with its
    // 8-unit outline, cap 204...215); one unit is pointSize × 1490/2048 / 100 × scale.
    for (pointSize, scale, factor) in [(17.0, SymbolScale.medium, 1.0), (34, .small, 0.8), (12, .large, 1.28)] {
      let unit = pointSize * 1490 / 2048 / 100 * factor
      let image = try #require(Symbols.image(named: "battery", configuration: SymbolConfiguration(pointSize: pointSize, scale: scale)))
      #expect(abs(image.size.width - 215 * unit) < 1e-9)
      #expect(abs(image.size.height - 92 * unit) < 1e-9)
      #expect(abs(image.baseline - 96 * unit) < 1e-9)
    }
  }

  @Test func levelsLightBarsUpToTheValue() throws {
    func opacities(_ name: String, _ level: Double) throws -> [Double] {
      try #require(Symbols.image(named: name, configuration: SymbolConfiguration(level: level))).parts.map(\.opacity)
    }
    #expect(try opacities("cellularbars", 0) == [0.3, 0.3, 0.3, 0.3])
    #expect(try opacities("cellularbars", 0.5) == [1, 1, 0.3, 0.3])
    #expect(try opacities("cellularbars", 0.51) == [1, 1, 1, 0.3])
    #expect(try opacities("cellularbars", 1) == [1, 1, 1, 1])
    #expect(try opacities("wifi", 0.34) == [1, 1, 0.3])
    // The battery's charge is as wide as the level of the inside (165 units at 17 pt).
    let half = try #require(Symbols.image(named: "battery", configuration: SymbolConfiguration(level: 0.5)))
    let charge = try #require(half.parts.last?.path.bounds)
    #expect(abs(charge.width - 0.5 * 165 * SymbolConfiguration().pointsPerUnit) < 1e-9)
    #expect(try #require(Symbols.image(named: "battery", configuration: SymbolConfiguration(level: 0))).parts.count == 2)
  }
}
