import Geometry

// Navigation, playback and action symbols, drawn in design units (cap height 100, baseline
// y = 0) to SF Symbols' proportions at the medium scale: strokes are the weight's stem width
// (factor 1) with round caps and joins; filled shapes round their corners with a stroke of
// the given factor of it, so they too grow with the weight.
extension Symbols {
  static let controlGlyphs: [String: SymbolGlyph] = [
    "chevron.left": SymbolGlyph([.stroke("M58 -100 L10 -50 L58 0", 1.1)]),
    "chevron.right": SymbolGlyph([.stroke("M10 -100 L58 -50 L10 0", 1.1)]),
    "chevron.down": SymbolGlyph([.stroke("M4 -70 L60 -22 L116 -70", 1.1)]),
    "xmark": SymbolGlyph([.stroke("M10 -90 L90 -10 M90 -90 L10 -10")]),
    "play.fill": SymbolGlyph([.fill("M18 -100 L98 -50 L18 0 Z", round: 1)]),
    "pause.fill": SymbolGlyph([
      .fill("M12 -100 H34 V0 H12 Z", round: 0.8), .fill("M70 -100 H92 V0 H70 Z", round: 0.8),
    ]),
    "backward.fill": SymbolGlyph([.fill("M64 -90 L10 -50 L64 -10 Z M122 -90 L68 -50 L122 -10 Z", round: 1)]),
    "forward.fill": SymbolGlyph([.fill("M10 -90 L64 -50 L10 -10 Z M68 -90 L122 -50 L68 -10 Z", round: 1)]),
    "heart": SymbolGlyph([.stroke(heartData)]),
    "heart.fill": SymbolGlyph([.fill(heartData, round: 1)]),
    "info.circle": SymbolGlyph([
      .stroke(circleData(cx: 60, cy: -50, r: 58)),
      .fill(circleData(cx: 60, cy: -80, r: 5), round: 1),
      .stroke("M48 -58 H61 V-18 M46 -18 H76", 0.9),
    ]),
    "ellipsis": SymbolGlyph([
      .fill(circleData(cx: 12, cy: -50, r: 5), round: 1.3), .fill(circleData(cx: 60, cy: -50, r: 5), round: 1.3),
      .fill(circleData(cx: 108, cy: -50, r: 5), round: 1.3),
    ]),
    "ellipsis.circle": SymbolGlyph([
      .stroke(circleData(cx: 60, cy: -50, r: 58)),
      .fill(circleData(cx: 33, cy: -50, r: 3), round: 1), .fill(circleData(cx: 60, cy: -50, r: 3), round: 1),
      .fill(circleData(cx: 87, cy: -50, r: 3), round: 1),
    ]),
    "magnifyingglass": SymbolGlyph([
      .stroke(circleData(cx: 46, cy: -56, r: 40)), .stroke("M76 -26 L110 8", 1.25),
    ]),
    "square.and.arrow.up": SymbolGlyph([
      .stroke("M40 -68 H30 C21 -68 16 -63 16 -54 V-6 C16 3 21 8 30 8 H90 C99 8 104 3 104 -6 V-54 C104 -63 99 -68 90 -68 H80"),
      .stroke("M60 -30 V-114 M38 -92 L60 -114 L82 -92"),
    ]),
    "trash": SymbolGlyph([
      .stroke("M6 -88 H114"),
      .stroke("M40 -88 V-98 C40 -104 44 -108 50 -108 H70 C76 -108 80 -104 80 -98 V-88"),
      .stroke("M20 -88 L26 -6 C27 3 31 6 38 6 H82 C89 6 93 3 94 -6 L100 -88"),
      .stroke("M44 -70 L46 -14 M60 -70 V-14 M76 -70 L74 -14", 0.8),
    ]),
  ]

  /// The heart's outline: two lobes meeting at a point at the baseline, 108 × 96 units.
  static let heartData =
    "M60 -2 C28 -26 6 -46 6 -70 C6 -88 19 -98 34 -98 C46 -98 55 -91 60 -82 C65 -91 74 -98 86 -98 C101 -98 114 -88 114 -70 C114 -46 92 -26 60 -2 Z"

  /// A circle as SVG path data (two arcs).
  static func circleData(cx: Double, cy: Double, r: Double) -> String {
    "M\(cx - r) \(cy) A\(r) \(r) 0 1 1 \(cx + r) \(cy) A\(r) \(r) 0 1 1 \(cx - r) \(cy) Z"
  }
}
