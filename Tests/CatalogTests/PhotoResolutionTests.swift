import Foundation
import Geometry
import Raster
import Scene
import Stage
import Testing

/// Every photo the catalog draws has at least as many pixels as it covers: on every device
/// model (the 15 Pro Max's 430 pt width asks the most of a full-screen photo), walking every
/// frame's layer tree at scale 3, no image is drawn at more than 1.25 device pixels per photo
/// pixel along either of its axes (issue #10: an enlarged photo reads as a mock-up).
///
/// The stretch is worked out here from the layer geometry alone (CALayer's position,
/// anchor point and transform, and UIImageView's content-mode rectangle), not from Raster's
/// own sampling code.
@Suite("Catalog photos: enough pixels at scale 3")
struct PhotoResolutionTests {
  static let limit = 1.25
  static let scale = 3.0

  struct Draw: CustomStringConvertible {
    var layer: String, frame: Int, stretch: Double, texels: (Int, Int)
    var description: String {
      "\(layer) at frame \(frame): \(String(format: "%.3f", stretch)) px per texel (image \(texels.0)x\(texels.1))"
    }
  }

  /// The layer's bounds space to its parent's (CALayer: about the anchor point).
  static func toParent(_ l: Layer) -> Geometry.AffineTransform {
    let ax = l.bounds.minX + l.anchorPoint.x * l.bounds.width
    let ay = l.bounds.minY + l.anchorPoint.y * l.bounds.height
    return Geometry.AffineTransform(translationX: -ax, y: -ay).concatenating(l.transform)
      .concatenating(Geometry.AffineTransform(translationX: l.position.x, y: l.position.y))
  }

  /// UIImageView's placement of an image of `size` in `rect`, written out per mode.
  static func placed(_ w: Double, _ h: Double, in r: Rect, _ mode: ContentMode) -> Rect {
    switch mode {
    case .scaleToFill: return r
    case .aspectFit, .aspectFill:
      let s = mode == .aspectFit ? min(r.width / w, r.height / h) : max(r.width / w, r.height / h)
      return Rect(x: r.midX - w * s / 2, y: r.midY - h * s / 2, width: w * s, height: h * s)
    case .center:
      return Rect(x: r.midX - w / 2, y: r.midY - h / 2, width: w, height: h)
    }
  }

  static func draws(in root: Layer, frame: Int, canvas: Rect) -> [Draw] {
    var out: [Draw] = []
    func walk(_ l: Layer, _ parent: Geometry.AffineTransform) {
      guard !l.isHidden, l.opacity > 0 else { return }
      let t = toParent(l).concatenating(parent)
      if case .image(let image, let mode)? = l.contents {
        let w = Double(image.width), h = Double(image.height)
        let r = placed(w, h, in: l.bounds, mode)
        // Texel space -> device pixels: scale to the placed rect, then the layer chain.
        let m = Geometry.AffineTransform(scaleX: r.width / w, y: r.height / h)
          .concatenating(Geometry.AffineTransform(translationX: r.minX, y: r.minY)).concatenating(t)
        let corners: [Point] = [Point(0, 0), Point(w, 0), Point(0, h), Point(w, h)].map { m.apply($0) }
        let xs: [Double] = corners.map { $0.x }, ys: [Double] = corners.map { $0.y }
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 0, minY = ys.min() ?? 0, maxY = ys.max() ?? 0
        if maxX > canvas.minX, minX < canvas.maxX, maxY > canvas.minY, minY < canvas.maxY {
          let alongX: Double = (m.a * m.a + m.b * m.b).squareRoot()
          let alongY: Double = (m.c * m.c + m.d * m.d).squareRoot()
          let along = max(alongX, alongY)
          out.append(Draw(layer: l.name ?? "image", frame: frame, stretch: along, texels: (image.width, image.height)))
        }
      }
      for s in l.sublayers {
        let b = l.bounds
        walk(s, Geometry.AffineTransform(translationX: -b.minX, y: -b.minY).concatenating(t))
      }
    }
    walk(root, Geometry.AffineTransform(scaleX: scale, y: scale))
    return out
  }

  static let models = ["iphone-se", "iphone-14", "iphone-15", "iphone-15-pro-max"]

  /// Every scene and variant that declares a photo (T10 draws its map from paths).
  static var cases: [(String, String?)] {
    Catalog.files.flatMap { path -> [(String, String?)] in
      let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      guard let doc = try? Catalog.load(stem), !doc.assets.isEmpty else { return [] }
      return [(stem, nil)] + SceneLoader.variantNames(path: path).map { (stem, $0) }
    }
  }

  @Test("no photo is enlarged past 1.25 px per texel in any frame on any device model",
        arguments: cases.flatMap { c in models.map { "\(c.0)|\(c.1 ?? "")|\($0)" } })
  func everyFrame(_ key: String) throws {
    let parts = key.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    let doc = try Catalog.load(parts[0], variant: parts[1].isEmpty ? nil : parts[1], sets: ["device=\(parts[2])"])
    let clip = try Clip(document: doc, scale: Self.scale)
    let canvas = Rect(x: 0, y: 0, width: clip.canvas.size.width * Self.scale, height: clip.canvas.size.height * Self.scale)
    var worst: Draw?
    var count = 0
    for n in 0..<clip.frameCount {
      for d in Self.draws(in: clip.layerTree(frame: n), frame: n, canvas: canvas) {
        count += 1
        if d.stretch > (worst?.stretch ?? 0) { worst = d }
      }
    }
    #expect(count > 0, "\(key): no image draws found")
    guard let worst else { return }
    if let known = Self.knownShort[parts[0] + "|" + parts[2]], worst.stretch > Self.limit {
      // Still short: the same photo, no more stretched than its layout makes it.
      #expect(worst.texels == known.texels && abs(worst.stretch - known.stretch) < 1e-9, "\(key): \(worst)")
    } else {
      #expect(worst.stretch <= Self.limit, "\(key): \(worst)")
    }
  }

  /// Photos still too small on the widest phone, with their stretch worked out by hand from
  /// the scene's layout expressions (15 Pro Max: width 430, tabBarTop 849, largeTitleBottom
  /// 155). The Deep Field, a scikit-image sample with no larger original here; the entry
  /// must be removed once its photo is replaced (the test then checks the 1.25 limit again).
  /// A variant whose worst draw is within the limit passes as any other. (T7's memory card,
  /// 398 x 434 pt there, now draws evening-boats-square.png, 1044 px: 3 x 434 / 1044 = 1.247.)
  static let knownShort: [String: (texels: (Int, Int), stretch: Double)] = [
    // T8's player cover (the seed's player, not `music`'s, which is at most 330 pt): aspect-
    // filled into (width - 48) = 382 pt square, so 382 / 872 pt per texel, x 3. (Until the
    // rocket tile was replaced, 3 x 190 / 427, that was the worst and hid this one.)
    "t8-pull-up-player|iphone-15-pro-max": ((1000, 872), 3 * 382.0 / 872),
  ]

  /// The walk itself: a 100 x 50 texel image aspect-filled into a 40 x 40 pt view at 3x is
  /// 120 / 50 = 2.4 px per texel; scaled by 0.5 about its centre, 1.2.
  @Test func walkAgreesWithHandWorkedStretch() throws {
    var pixels = Bitmap(width: 100, height: 50)
    pixels.clear(to: .white)
    var view = Layer(frame: Rect(x: 10, y: 10, width: 40, height: 40), name: "photo")
    view.contents = .image(Raster.Image(pixels), .aspectFill)
    var root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    root.sublayers = [view]
    let canvas = Rect(x: 0, y: 0, width: 300, height: 300)
    #expect(abs(Self.draws(in: root, frame: 0, canvas: canvas)[0].stretch - 2.4) < 1e-12)
    root.sublayers[0].transform = Geometry.AffineTransform(scaleX: 0.5, y: 0.5)
    #expect(abs(Self.draws(in: root, frame: 0, canvas: canvas)[0].stretch - 1.2) < 1e-12)
  }
}
