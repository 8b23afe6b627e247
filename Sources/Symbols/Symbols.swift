import Geometry

/// The built-in iOS-like symbols (SF Symbols' names), drawn as vector paths in this module.
/// See docs/symbols.md for the list and the sizing rule.
public enum Symbols {
  /// Every symbol's name, sorted.
  public static var names: [String] { catalog.keys.sorted() }

  /// The symbol `name` drawn for `configuration`, or `nil` for an unknown name.
  ///
  /// Rule: the design grid's 100 units are the font's cap height at the configuration's point
  /// size (Inter's 1490/2048 em), times the scale (small 0.8, medium 1, large 1.28); strokes
  /// are the weight's stem width (`SymbolWeight.strokeWidth`) in the same units (or in
  /// `strokePointsPerUnit`'s when set: a bar item's glyph); the box is
  /// the ink's exact bounds, strokes included, and `baseline` is where the text baseline
  /// crosses it.
  public static func image(named name: String, configuration c: SymbolConfiguration = .init()) -> SymbolImage? {
    guard let glyph = catalog[name] else { return nil }
    let unit = c.pointsPerUnit
    let scale = AffineTransform(scaleX: unit, y: unit)
    func width(_ w: SymbolGlyph.Width) -> Double {
      switch w {
      case .weighted(let f): f * c.weight.strokeWidth * (c.strokePointsPerUnit ?? unit)
      case .fixed(let u): u * unit
      }
    }
    var parts: [SymbolImage.Part] = []
    var box: Rect?
    for part in glyph.parts(c) {
      let path = part.path.applying(scale)
      guard var ink = path.bounds else { continue }
      let paint: SymbolImage.Paint
      switch part.paint {
      case .fill(let rule):
        paint = .fill(rule)
      case .stroke(let w):
        let points = width(w)
        paint = .stroke(width: points)
        ink = ink.insetBy(dx: -points / 2, dy: -points / 2)
      case .fillAndStroke(let rule, let w):
        let points = width(w)
        paint = .fillAndStroke(rule, width: points)
        ink = ink.insetBy(dx: -points / 2, dy: -points / 2)
      }
      box = box.map { $0.union(ink) } ?? ink
      parts.append(SymbolImage.Part(path: path, paint: paint, opacity: part.opacity))
    }
    let origin = box ?? .zero
    let shift = AffineTransform(translationX: -origin.minX, y: -origin.minY)
    for i in parts.indices { parts[i].path = parts[i].path.applying(shift) }
    return SymbolImage(name: name, size: Size(origin.width, origin.height), baseline: -origin.minY, parts: parts)
  }

  static let catalog: [String: SymbolGlyph] = {
    var all: [String: SymbolGlyph] = [:]
    for table in [statusGlyphs, controlGlyphs, tabGlyphs, appGlyphs] {
      all.merge(table) { a, _ in a }
    }
    return all
  }()
}
