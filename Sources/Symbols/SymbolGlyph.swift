import Geometry

/// A symbol as designed: parts in design units, where y = 0 is the text baseline and
/// y = −100 the cap height (y grows downward); x grows rightward from the glyph's left.
struct SymbolGlyph: Sendable {
  enum Width: Sendable {
    /// The configuration's weight stroke times this factor.
    case weighted(Double)
    /// A width in design units, whatever the weight (status bar glyphs).
    case fixed(Double)
  }

  enum Paint: Sendable {
    case fill(Path.FillRule)
    case stroke(Width)
    case fillAndStroke(Path.FillRule, Width)
  }

  struct Part: Sendable {
    var path: Path
    var paint: Paint
    var opacity: Double = 1
  }

  /// Builds the parts for a configuration (most glyphs ignore it; levels read `level`).
  var parts: @Sendable (SymbolConfiguration) -> [Part]
}

extension SymbolGlyph {
  /// A glyph whose parts do not depend on the configuration.
  init(_ parts: [Part]) {
    self.parts = { _ in parts }
  }
}

extension SymbolGlyph.Part {
  /// A stroked part from SVG path data in design units, `factor` times the weight's stroke.
  static func stroke(_ data: String, _ factor: Double = 1) -> Self {
    Self(path: svg(data), paint: .stroke(.weighted(factor)))
  }

  /// A filled part from SVG path data whose corners round off by a stroke of `factor` times
  /// the weight's stroke (0: a plain fill).
  static func fill(_ data: String, rule: Path.FillRule = .nonZero, round factor: Double = 0.4) -> Self {
    let path = svg(data)
    return Self(path: path, paint: factor > 0 ? .fillAndStroke(rule, .weighted(factor)) : .fill(rule))
  }

  /// Parses path data written in this module (every glyph's data is parsed by
  /// `SymbolCatalogTests`, so a typo fails a test rather than drawing nothing silently).
  static func svg(_ data: String) -> Path {
    (try? Path(svgPathData: data)) ?? Path()
  }
}

extension Path {
  /// A rounded rectangle with circular corners of `radius` (clamped to half the shorter
  /// side), clockwise on a y-down screen, in design units.
  static func roundedRect(_ r: Rect, radius: Double) -> Path {
    let k = min(radius, min(r.width, r.height) / 2)
    var p = Path()
    p.move(to: Point(r.minX + k, r.minY))
    func corner(_ to: Point) {
      EllipticalArc(from: p.lastPoint, to: to, radii: Point(k, k), rotation: 0, largeArc: false, sweep: true)
        .appendSegments(to: &p)
    }
    p.line(to: Point(r.maxX - k, r.minY))
    corner(Point(r.maxX, r.minY + k))
    p.line(to: Point(r.maxX, r.maxY - k))
    corner(Point(r.maxX - k, r.maxY))
    p.line(to: Point(r.minX + k, r.maxY))
    corner(Point(r.minX, r.maxY - k))
    p.line(to: Point(r.minX, r.minY + k))
    corner(Point(r.minX + k, r.minY))
    p.close()
    return p
  }

  /// The end point of the last element (the origin for an empty path).
  var lastPoint: Point {
    switch elements.last {
    case .move(let q)?, .line(let q)?: q
    case .quad(_, let q)?, .cubic(_, _, let q)?: q
    default: .zero
    }
  }
}
