import Geometry
import PNG
import Raster

/// The canonical benchmark frame of `bench/FRAME.md` (v1) as a layer tree: a 390 × 844 pt
/// phone screen with a white background, a 3 × 6 grid of aspect-filled photos, a 40 % black
/// dim, a hero photo (aspect-fit, rounded-rect clip of radius 12 local units, scale 0.8,
/// alpha 0.9) and a translucent bottom bar with a Gaussian shadow (σ = 10 pt).
/// All geometry is in points; `scale` (device pixels per point) is chosen when rendering.
public struct CanonicalFrame: Sendable {
  /// The canvas, in points.
  public static let size = Size(390, 844)
  /// The photo for each grid column, by asset name (`<name>.png` in the assets folder).
  public static let columnPhotos = ["coffee", "chelsea", "rocket"]
  public static let heroPhoto = "coffee"
  /// Cell (c, r) is `x = 1 + 130c, y = 33 + 130r`, 128 pt square.
  public static let cellSize = 128.0
  public static let cellPitch = 130.0
  public static let gridOrigin = Point(1, 33)
  public static let dimAlpha = 0.4
  /// The hero's local frame (aspect-fit target), corner radius (local units), transform and alpha.
  public static let heroFrame = Rect(0, 0, 390, 390)
  public static let heroRadius = 12.0
  public static let heroTransform = AffineTransform(a: 0.8, b: 0, c: 0, d: 0.8, tx: 20, ty: 60)
  public static let heroAlpha = 0.9
  /// The bar, its fill alpha and its shadow (CALayer parameters: radius = σ in points).
  public static let barRect = Rect(0, 761, 390, 83)
  public static let barAlpha = 0.95
  public static let shadow = Shadow(color: .black, opacity: 0.2, radius: 10, offset: Point(0, -2))

  /// The decoded photos by name: coffee (600 × 400), chelsea (451 × 300), rocket (640 × 427).
  public let photos: [String: Image]

  public init(photos: [String: Image]) {
    precondition(Self.columnPhotos.allSatisfy { photos[$0] != nil }, "CanonicalFrame needs coffee, chelsea and rocket")
    self.photos = photos
  }

  /// Decodes `coffee.png`, `chelsea.png` and `rocket.png` from `folder`.
  public static func load(assets folder: String) throws(PNGError) -> CanonicalFrame {
    var photos: [String: Image] = [:]
    for name in columnPhotos {
      photos[name] = Image(try PNGDecoder().decode(contentsOf: "\(folder)/\(name).png"))
    }
    return CanonicalFrame(photos: photos)
  }

  /// Device-pixel size at `scale`: 1170 × 2532 at 3, 780 × 1688 at 2.
  public static func pixelSize(scale: Int) -> (width: Int, height: Int) {
    (Int(size.width) * scale, Int(size.height) * scale)
  }

  /// The frame's parts in paint order, each a full-canvas layer with no background of its own,
  /// so rendering them one after another over the background equals rendering `root`.
  public var parts: [(name: String, layer: Layer)] {
    [("grid", grid), ("dim", dim), ("hero", hero), ("bar + shadow", bar)]
  }

  /// The whole frame: the white root with the parts as sublayers.
  public var root: Layer {
    var root = Self.background
    root.sublayers = parts.map(\.layer)
    return root
  }

  /// (a) Opaque white over the whole canvas (the root layer, without sublayers).
  public static var background: Layer {
    Layer(frame: Rect(origin: .zero, size: size), backgroundColor: .white, name: "background")
  }

  /// A transparent full-canvas container.
  static func container(_ name: String, _ sublayers: [Layer]) -> Layer {
    var layer = Layer(frame: Rect(origin: .zero, size: size), name: name)
    layer.sublayers = sublayers
    return layer
  }

  /// (b) 18 image views, aspect-fill, clipped to their (pixel-aligned) cells.
  var grid: Layer {
    var cells: [Layer] = []
    for r in 0..<6 {
      for c in 0..<3 {
        let name = Self.columnPhotos[c]
        let origin = Self.gridOrigin + Point(Double(c) * Self.cellPitch, Double(r) * Self.cellPitch)
        var cell = Layer(frame: Rect(origin: origin, size: Size(Self.cellSize, Self.cellSize)), name: "cell \(c),\(r)")
        cell.contents = .image(photos[name]!, .aspectFill)
        cell.masksToBounds = true
        cells.append(cell)
      }
    }
    return Self.container("grid", cells)
  }

  /// (c) Black at alpha 0.4 over everything.
  var dim: Layer {
    Layer(frame: Rect(origin: .zero, size: Self.size), backgroundColor: Color(white: 0, alpha: Self.dimAlpha), name: "dim")
  }

  /// (d) The hero: the photo aspect-fitted into the local frame lands on R = (0, 65, 390, 260);
  /// the layer is R itself (so the rounded clip is R, not the letterboxed frame), anchored at
  /// its top-left corner, so local point p maps to heroTransform(p).
  var hero: Layer {
    let photo = photos[Self.heroPhoto]!
    let r = ContentMode.aspectFit.imageRect(
      imageSize: Size(Double(photo.width), Double(photo.height)), in: Self.heroFrame)
    var hero = Layer(frame: Rect(origin: .zero, size: r.size), opacity: Self.heroAlpha, name: "hero")
    hero.anchorPoint = .zero
    hero.position = Self.heroTransform.apply(r.origin)
    hero.transform = AffineTransform(a: Self.heroTransform.a, b: Self.heroTransform.b,
                                     c: Self.heroTransform.c, d: Self.heroTransform.d, tx: 0, ty: 0)
    hero.contents = .image(photo, .scaleToFill)
    hero.cornerRadii = CornerRadii(all: Self.heroRadius)
    hero.masksToBounds = true
    return Self.container("hero group", [hero])
  }

  /// (e) The bar (white at 0.95) and its shadow: the bar's rect offset by (0, −2), black at
  /// 0.2, blurred with σ = 10 pt, not clipped by the bar.
  var bar: Layer {
    var bar = Layer(frame: Self.barRect, backgroundColor: Color(white: 1, alpha: Self.barAlpha), name: "bar")
    var shadow = Self.shadow
    shadow.path = Path(rect: Rect(origin: .zero, size: Self.barRect.size))
    bar.shadow = shadow
    return Self.container("bar group", [bar])
  }
}
