import Foundation
import Geometry

// The status bar's indicators, drawn to iOS 16-17's proportions at 17 pt (the status bar's
// clock): one design unit is 17 × 0.7275 / 100 = 0.1237 pt there, so the cellular bars are
// 17 × 10.6 pt, Wi-Fi 15.7 × 11.3 pt and the battery 26.6 × 11.4 pt with its cap. They keep
// their shapes at every weight (fixed widths), as the status bar's do.
extension Symbols {
  static let statusGlyphs: [String: SymbolGlyph] = [
    "cellularbars": SymbolGlyph { c in
      // Four bars 24 units wide on a 38-unit pitch, bottoms on one line, lit up to the level
      // (⌈level × 4⌉ bars); the others at 0.3 opacity, as iOS shows missing signal.
      let heights = [32.0, 50, 68, 86]
      let lit = Int((min(max(c.level, 0), 1) * 4).rounded(.up))
      return heights.enumerated().map { i, h in
        SymbolGlyph.Part(
          path: .roundedRect(Rect(x: Double(i) * 38, y: -7 - h, width: 24, height: h), radius: 8),
          paint: .fill(.nonZero), opacity: i < lit ? 1 : 0.3)
      }
    },
    "wifi": SymbolGlyph { c in
      // A 90° fan from a point at the bottom: a pie of radius 26 and two bands 36-57 and
      // 68-89 units from it, corners softened by a 4-unit round stroke; lit up to the level.
      let center = Point(63, -6)
      let bands: [(Double, Double)] = [(0, 24), (36, 55), (66, 87)]
      let lit = Int((min(max(c.level, 0), 1) * 3).rounded(.up))
      return bands.enumerated().map { i, band in
        SymbolGlyph.Part(path: fanBand(center: center, inner: band.0, outer: band.1, halfAngle: .pi / 4),
                         paint: .fillAndStroke(.nonZero, .fixed(4)), opacity: i < lit ? 1 : 0.3)
      }
    },
    "battery": SymbolGlyph { c in
      // The body's outline (1 pt at 17 pt, 0.35 opacity), the cap (0.4 opacity) and the
      // charge: a rounded bar inset 2 pt, as wide as the level.
      let body = Rect(x: 0, y: -96, width: 197, height: 92)
      let level = min(max(c.level, 0), 1)
      var parts = [
        SymbolGlyph.Part(path: .roundedRect(body.insetBy(dx: 4, dy: 4), radius: 28), paint: .stroke(.fixed(8)), opacity: 0.35),
        SymbolGlyph.Part(path: .roundedRect(Rect(x: 204, y: -64, width: 11, height: 28), radius: 5.5), paint: .fill(.nonZero), opacity: 0.4),
      ]
      let inner = body.insetBy(dx: 16, dy: 16)
      if level > 0 {
        let w = max(inner.height * 0.25, inner.width * level)
        parts.append(SymbolGlyph.Part(path: .roundedRect(Rect(x: inner.minX, y: inner.minY, width: w, height: inner.height), radius: 17),
                                      paint: .fill(.nonZero)))
      }
      return parts
    },
  ]

  /// The region between two circles of one centre, between the angles −90° ± `halfAngle`
  /// (a fan opening upward); `inner` 0 is a pie slice.
  static func fanBand(center: Point, inner: Double, outer: Double, halfAngle: Double) -> Path {
    let a0 = -Double.pi / 2 - halfAngle, a1 = -Double.pi / 2 + halfAngle
    func at(_ r: Double, _ a: Double) -> Point { Point(center.x + r * cos(a), center.y + r * sin(a)) }
    var p = Path()
    if inner > 0 {
      p.move(to: at(inner, a0))
    } else {
      p.move(to: center)
    }
    p.line(to: at(outer, a0))
    EllipticalArc(from: at(outer, a0), to: at(outer, a1), radii: Point(outer, outer), rotation: 0, largeArc: false, sweep: true)
      .appendSegments(to: &p)
    if inner > 0 {
      p.line(to: at(inner, a1))
      EllipticalArc(from: at(inner, a1), to: at(inner, a0), radii: Point(inner, inner), rotation: 0, largeArc: false, sweep: false)
        .appendSegments(to: &p)
    }
    p.close()
    return p
  }
}
