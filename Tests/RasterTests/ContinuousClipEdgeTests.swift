import Geometry
import Testing
@testable import Raster

/// A photo clipped to its own frame inside a `continuous` card that clips (T1's card): where
/// the photo's edge is the card's edge, the pixel is anti-aliased once (coverage c), as with
/// circular corners; the photo's own clip cut by the card's outline still clips as a convex
/// shape (the card's hull cut by the photo's frame: docs/raster.md, "Clips").
@Suite struct ContinuousClipEdgeTests {
  /// Grey (#808080) screen; a white card at (10.5, 20.25), 150 x 300 pt, radius 30, clipping;
  /// in it an opaque black photo filling [0, 0, 150, 190] of the card, clipped to its frame.
  func frame(curve: CornerCurve) throws -> Bitmap {
    var black = Bitmap(width: 4, height: 4)
    black.fill(.black)
    var photo = Layer(frame: Rect(x: 0, y: 0, width: 150, height: 190))
    photo.contents = .image(Image(black), .aspectFill)
    photo.masksToBounds = true
    var card = Layer(frame: Rect(x: 10.5, y: 20.25, width: 150, height: 300), backgroundColor: .white)
    card.cornerRadii = CornerRadii(all: 30)
    card.cornerCurve = curve
    card.masksToBounds = true
    card.sublayers = [photo]
    var root = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 340), backgroundColor: Color(white: 128.0 / 255))
    root.sublayers = [card]
    var bitmap = Bitmap(width: 200, height: 340)
    LayerRenderer.render(root, into: &bitmap, scale: 1)
    return bitmap
  }

  func red(_ b: Bitmap, _ x: Int, _ y: Int) -> Int { Int(b.pixels[(y * b.width + x) * 4]) }

  /// By hand: a pixel the card covers by c and the photo covers wherever the card does is
  /// black at c over the grey: 128 · (1 − c). Left edge x = 10.5 (pixel 10, c = 1/2: 64),
  /// right edge x = 160.5 (pixel 160, c = 1/2: 64), top edge y = 20.25 (row 20, c = 3/4: 32),
  /// each on a straight part of the edge (a continuous corner reaches 1.5287 · 30 = 45.9 pt
  /// along each edge: rows 66 to 274, columns 57 to 114 are straight). Both photo rows are
  /// above the photo's bottom (210.25 pt). c·c would leave 128 · (1 − 1/4) = 96 and
  /// 128 · (1 − 9/16) = 56 with the white card showing through (lighter still).
  @Test(arguments: [CornerCurve.continuous, .circular])
  func sharedEdgeIsAntiAliasedOnce(curve: CornerCurve) throws {
    let b = try frame(curve: curve)
    for (x, y, expected) in [(10, 120, 64), (10, 200, 64), (160, 120, 64), (160, 80, 64), (60, 20, 32), (100, 20, 32)] {
      #expect(abs(red(b, x, y) - expected) <= 1, "\(curve) pixel (\(x), \(y)): \(red(b, x, y)), expected \(expected)")
    }
    // Inside: black; outside: the grey, untouched.
    #expect(red(b, 11, 120) == 0 && red(b, 9, 120) == 128 && red(b, 161, 120) == 128 && red(b, 60, 19) == 128)
  }
}
