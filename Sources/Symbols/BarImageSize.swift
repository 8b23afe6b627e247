import Geometry

/// Where a bar item's image sits, and the box Apple's Human Interface Guidelines give its
/// glyph there (points). A symbol in a bar is scaled so its ink fits the box for its shape,
/// as UIKit's bar symbol configurations make SF Symbols look the same size whatever their
/// shape, with its strokes at the weight's 17 pt width. Sources and numbers: docs/symbols.md, "Bar items".
public enum BarImageSize: String, Hashable, Sendable, CaseIterable {
  /// A regular (portrait iPhone) tab bar: circular glyphs 25 × 25, square 23 × 23, wide
  /// 31 wide, tall 28 tall.
  case tabBar
  /// Toolbar and navigation bar buttons: about 22 × 22, at most 28 × 28.
  case toolbar

  /// A glyph's shape class, from its name and its ink's aspect ratio (width ÷ height).
  public enum Shape: String, Hashable, Sendable { case circular, square, wide, tall }

  /// Circular when the name says so; otherwise square within 1.2 : 1 either way.
  public static func shape(named name: String, aspect: Double) -> Shape {
    if name.split(separator: ".").contains("circle") { return .circular }
    if aspect >= 1.2 { return .wide }
    if aspect <= 1 / 1.2 { return .tall }
    return .square
  }

  /// The box (width, height) the ink is fitted into.
  public func box(_ shape: Shape) -> Size {
    switch (self, shape) {
    case (.tabBar, .circular): Size(25, 25)
    case (.tabBar, .square): Size(23, 23)
    case (.tabBar, .wide): Size(31, 25)
    case (.tabBar, .tall): Size(25, 28)
    case (.toolbar, .circular), (.toolbar, .square): Size(22, 22)
    case (.toolbar, .wide): Size(28, 22)
    case (.toolbar, .tall): Size(22, 28)
    }
  }
}

extension Symbols {
  /// The configuration that draws `name` at `weight` (large scale) with its ink fitted to
  /// its box in `bar`: the glyph is scaled from 17 pt by the factor k that makes its ink fill
  /// the box on one side, while its strokes keep 17 pt's width at `weight` (1.82 pt regular):
  /// SF Symbols' scales change a symbol's size, not its weight, which stays matched to the
  /// text's. With strokes fixed the ink is k · (skeleton) + stroke, so k is found by
  /// iterating k ← k · min(box width ÷ ink width, box height ÷ ink height) from the
  /// whole-glyph scale (each step closes all but stroke ÷ ink of the gap; 40 steps or a
  /// change under 1e-12). Nil for an unknown name.
  public static func barConfiguration(named name: String, in bar: BarImageSize, weight: SymbolWeight = .regular) -> SymbolConfiguration? {
    let base = SymbolConfiguration(pointSize: 17, weight: weight, scale: .large)
    guard let image = image(named: name, configuration: base), image.size.width > 0, image.size.height > 0 else { return nil }
    let box = bar.box(BarImageSize.shape(named: name, aspect: image.size.width / image.size.height))
    var k = min(box.width / image.size.width, box.height / image.size.height)
    func configuration(_ k: Double) -> SymbolConfiguration {
      SymbolConfiguration(pointSize: 17 * k, weight: weight, scale: .large, strokePointsPerUnit: base.pointsPerUnit)
    }
    for _ in 0..<40 {
      guard let ink = Symbols.image(named: name, configuration: configuration(k))?.size, ink.width > 0, ink.height > 0 else { break }
      let next = k * min(box.width / ink.width, box.height / ink.height)
      defer { k = next }
      if abs(next - k) < 1e-12 { break }
    }
    return configuration(k)
  }
}
