/// A vector outline made of subpaths: moves, straight lines, quadratic and cubic Bézier
/// segments, and closes. Coordinates are in the caller's space (points or pixels).
public struct Path: Hashable, Sendable {
  public enum Element: Hashable, Sendable {
    case move(Point)
    case line(Point)
    case quad(control: Point, to: Point)
    case cubic(control1: Point, control2: Point, to: Point)
    case close
  }

  /// How overlapping subpaths decide what is inside.
  public enum FillRule: Hashable, Sendable {
    case nonZero
    case evenOdd
  }

  public private(set) var elements: [Element] = []

  public init() {}

  public init(elements: [Element]) { self.elements = elements }

  public var isEmpty: Bool { elements.isEmpty }

  public mutating func move(to p: Point) { elements.append(.move(p)) }
  public mutating func line(to p: Point) { elements.append(.line(p)) }
  public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(control: c, to: p)) }
  public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
    elements.append(.cubic(control1: c1, control2: c2, to: p))
  }
  public mutating func close() { elements.append(.close) }

  /// Appends every subpath of `other`.
  public mutating func append(_ other: Path) { elements += other.elements }

  /// A closed rectangle, drawn clockwise on a y-down screen.
  public init(rect r: Rect) {
    self.init()
    move(to: Point(r.minX, r.minY))
    line(to: Point(r.maxX, r.minY))
    line(to: Point(r.maxX, r.maxY))
    line(to: Point(r.minX, r.maxY))
    close()
  }

  /// An ellipse inscribed in `r`, clockwise on a y-down screen from its rightmost point, as
  /// cubic arcs of at most `maximumArcStep` (16 for a full turn; see `arc`).
  public init(ellipseIn r: Rect) {
    self.init()
    arc(center: Point(r.midX, r.midY), rx: r.width / 2, ry: r.height / 2, from: 0, to: 2 * Double.pi)
    close()
  }

  /// Every point transformed by `t` (Bézier curves are affine-invariant).
  public func applying(_ t: AffineTransform) -> Path {
    Path(elements: elements.map {
      switch $0 {
      case .move(let p): return .move(t.apply(p))
      case .line(let p): return .line(t.apply(p))
      case .quad(let c, let p): return .quad(control: t.apply(c), to: t.apply(p))
      case .cubic(let c1, let c2, let p): return .cubic(control1: t.apply(c1), control2: t.apply(c2), to: t.apply(p))
      case .close: return .close
      }
    })
  }

  /// The bounds of all points, control points included (a conservative box), or `nil`
  /// for an empty path.
  public var controlBounds: Rect? {
    var xs: [Double] = [], ys: [Double] = []
    for e in elements {
      switch e {
      case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
      case .quad(let c, let p): xs += [c.x, p.x]; ys += [c.y, p.y]
      case .cubic(let c1, let c2, let p): xs += [c1.x, c2.x, p.x]; ys += [c1.y, c2.y, p.y]
      case .close: break
      }
    }
    guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
