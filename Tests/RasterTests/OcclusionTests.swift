import Geometry
import Testing
@testable import Raster

/// A background not blended under opaque layers drawn over it (docs/raster.md, "Occlusion")
/// changes no byte. The reference draws the same picture with the background as a separate
/// layer below a transparent container of the same frame: a layer with no sublayers and no
/// contents has nothing that occludes it, so every pixel of its background is blended.
@Suite struct OcclusionTests {
  static let photo = Image(Bitmap.noise(width: 37, height: 23, seed: 7))

  /// A grid of cells (grey placeholder under an aspect-fill photo, clipped to bounds) at
  /// fractional positions, a translucent cell, a rounded one, an aspect-fit photo that leaves
  /// the placeholder showing, a pixel-aligned opaque bar, and optionally a material between
  /// the cells (whose blur must see the background).
  static func cells(backdropAt: Int?) -> [Layer] {
    var out: [Layer] = []
    for i in 0..<9 {
      var cell = Layer(frame: Rect(x: 1.3 + Double(i % 3) * 21.7, y: 2.6 + Double(i / 3) * 19.9, width: 20.4, height: 18.8),
                       backgroundColor: Color(hex: "#E5E5EA")!)
      cell.contents = .image(photo, i == 4 ? .aspectFit : .aspectFill)
      cell.masksToBounds = true
      if i == 2 { cell.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.5); cell.contents = nil }
      if i == 6 { cell.cornerRadii = CornerRadii(all: 4) }
      if i == 7 { cell.opacity = 0.6 }
      out.append(cell)
    }
    out.append(Layer(frame: Rect(x: 0, y: 40, width: 70, height: 5), backgroundColor: Color(red: 0.1, green: 0.6, blue: 0.2)))
    if let k = backdropAt {
      var bar = Layer(frame: Rect(x: 0, y: 18, width: 70, height: 12))
      bar.backdrop = Backdrop(blurRadius: 3, saturation: 1.8, tint: Color(white: 0.97, alpha: 0.6))
      out.insert(bar, at: k)
    }
    return out
  }

  func render(_ root: Layer, scale: Double) -> Bitmap {
    var b = Bitmap.noise(width: Int(72 * scale), height: Int(66 * scale), seed: 3)
    LayerRenderer(scale: scale, sampleCache: nil, caches: false).render(root, into: &b)
    return b
  }

  @Test(arguments: [(1.0, nil), (2.0, nil), (3.0, nil), (3.0, 4), (2.0, 0)] as [(Double, Int?)])
  func occludedBackgroundIsTheSameBytes(scale: Double, backdropAt: Int?) {
    let frame = Rect(x: 0.5, y: 0.25, width: 70.2, height: 64.9)
    var screen = Layer(frame: frame, backgroundColor: .white)
    screen.sublayers = Self.cells(backdropAt: backdropAt)

    var container = Layer(frame: frame)
    container.sublayers = Self.cells(backdropAt: backdropAt)
    var reference = Layer(frame: Rect(x: 0, y: 0, width: 72, height: 66))
    reference.sublayers = [Layer(frame: frame, backgroundColor: .white), container]
    var root = Layer(frame: Rect(x: 0, y: 0, width: 72, height: 66))
    root.sublayers = [screen]

    let got = render(root, scale: scale), want = render(reference, scale: scale)
    #expect(got.pixels == want.pixels)

    // The shortcut is taken: the screen's white has occluders (the opaque cells before any
    // material), and not past a material that comes first.
    let renderer = LayerRenderer(scale: scale, sampleCache: nil, caches: false)
    let t = LayerRenderer.toParent(screen).concatenating(AffineTransform(scaleX: scale, y: scale))
    let canvas = got.pixelBounds
    let hidden = renderer.occluders(screen, t, inner: nil, opacity: 1, canvas: canvas)
    if backdropAt == 0 {
      #expect(hidden.isEmpty)
    } else {
      #expect(hidden.count >= 4)
      // Every occluded pixel is inside an opaque cell's or the bar's frame.
      for r in hidden {
        #expect(r.x >= 0 && r.maxX <= canvas.maxX && r.y >= 0 && r.maxY <= canvas.maxY)
      }
    }
  }

  /// The pixels a rectangle covers at 255, by hand: edges within 1e-6 px of a pixel boundary
  /// count as on it; anything more inside leaves the pixel out.
  @Test func insidePixels() {
    #expect(LayerRenderer.inside(Rect(x: 784.000001, y: -0.0000004, width: 385.999998, height: 10)) == PixelRect(x: 784, y: 0, width: 386, height: 10))
    #expect(LayerRenderer.inside(Rect(x: 3.01, y: 2.5, width: 4, height: 3.4)) == PixelRect(x: 4, y: 3, width: 3, height: 2))
    #expect(LayerRenderer.inside(Rect(x: 3.2, y: 0, width: 0.6, height: 5)).isEmpty)
  }
}
