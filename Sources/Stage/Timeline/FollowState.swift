import Geometry
import Scene

/// A view following the finger, as the transform `[s 0 0 s tx ty]` about its centre: `scale`
/// s, and `offset` (tx, ty) in the parent's points. `identity.translatedBy(t).scaledBy(s)`
/// (parent space) has offset t; `identity.scaledBy(s).translatedBy(t)` (scaled space, T2)
/// has offset s·t.
struct FollowState: Hashable, Sendable {
  var scale: Double
  var offset: Point

  static let rest = FollowState(scale: 1, offset: .zero)

  var transform: AffineTransform { AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: offset.x, ty: offset.y) }

  init(scale: Double, offset: Point) {
    self.scale = scale
    self.offset = offset
  }

  /// Scale and offset of a scale-and-translate transform.
  init(_ t: AffineTransform) {
    self.init(scale: t.a, offset: Point(t.tx, t.ty))
  }

  /// Component-wise interpolation toward `other` (Core Animation's decomposed interpolation
  /// for scale-and-translate transforms).
  func lerp(to other: FollowState, _ f: Double) -> FollowState {
    FollowState(scale: Geometry.lerp(scale, other.scale, f), offset: Point.lerp(offset, other.offset, f))
  }

  /// Where a view grabbed in this state (at progress `grabbed`) is when the transition is at
  /// `p` and the finger has moved `translation` points since the grab: its scale changes by
  /// `f.scale(p) / f.scale(grabbed)` and it moves with the finger on `f.axes` (by the new
  /// scale times the translation in scaled space). For a fresh grab (scale `f.scale(grabbed)`,
  /// offset 0) this is exactly the follow transform of the translation; for a view caught
  /// while it springs back it continues from where it is, with no jump.
  func following(_ f: Follow, grabbed: Double, p: Double, translation: Point) -> FollowState {
    var t = translation
    if f.axes == .x { t.y = 0 }
    if f.axes == .y { t.x = 0 }
    let ratio = f.scale(at: grabbed) == 0 ? 1 : f.scale(at: p) / f.scale(at: grabbed)
    let s = scale == 0 ? f.scale(at: p) : scale * ratio
    switch f.translationSpace {
    case .parent: return FollowState(scale: s, offset: offset + t)
    case .scaled:
      // The caught offset in the caught scale's space, plus the new translation, all scaled by s.
      let base = scale == 0 ? Point.zero : offset * (1 / scale)
      return FollowState(scale: s, offset: (base + t) * s)
    }
  }
}
