import Geometry
import Scene

/// The flying view of a `subviews: relayout` matched view: the source and destination views
/// blended at a layout fraction f (0 the source's layout, 1 the destination's), as one
/// SceneView tree in the flying view's own coordinates (origin at its top-left).
///
/// The rules (docs/scene-format.md, "Matched views"):
/// - the flying view's size, background colour, opacity and border width go from the
///   source's to the destination's; its corner radius is the matched state's;
/// - subviews pair by id (`SubviewPairing`); a pair's frame, corner radius, opacity,
///   background colour and border width go linearly from the source's to the destination's,
///   in its parent's coordinates, unclamped (a spring's overshoot carries on);
/// - a pair of labels is drawn as a snapshot of the source's label scaled by
///   1 + (destination font size / source font size - 1) f about the centre of its text's box
///   (its one-line width placed by its alignment, the frame's height), that centre moving
///   linearly from the source's box to the destination's, so its text grows or shrinks as a
///   picture does; when the two labels differ in anything but font size and alignment, the
///   destination's (scaled from the source's size to its own, about the same centre) fades
///   in as the source's fades out;
/// - a pair of images draws the source's image, aspect-fill when their content modes differ;
///   a different image (or other content that differs) cross-fades;
/// - unpaired subviews stay at their own frame in their parent and fade: the source's
///   opacity times 1 - f, the destination's times f (f clamped to 0...1), the destination's
///   placed just after the pair that precedes them in the destination.
struct RelayoutFlight {
  let source: SceneView
  let destination: SceneView

  /// The flying view at fraction `f`, its frame at the origin with the blended size, corner
  /// radius `cornerRadius` (points), clipped.
  func view(at f: Double, cornerRadius: Double) -> SceneView {
    var root = Self.blended(source, destination, f)
    root.transform = .identity
    root.anchorPoint = Point(0.5, 0.5)
    root.bounds.origin = .zero
    root.frame = Rect(x: 0, y: 0, width: root.bounds.width, height: root.bounds.height)
    root.isHidden = false
    root.opacity = 1
    root.dimming = 0
    root.shadow = nil
    root.cornerRadius = cornerRadius
    root.maskedCorners = .all
    root.clipsToBounds = true
    if case .image(let asset, _)? = root.content { root.content = .image(asset: asset, contentMode: .aspectFill) }
    return root
  }

  /// The fraction of the way `frame` is from `from` to `to`, measured on whichever of width,
  /// height, centre x and centre y changes most between them (0 when none changes): the
  /// matched state's frame is a linear blend of the two at the hero's own progress, so this
  /// recovers that progress; a frame held by a finger keeps the layout it was grabbed with.
  static func fraction(of frame: Rect, from: Rect, to: Rect) -> Double {
    let components: [(Double, Double, Double)] = [
      (frame.width, from.width, to.width), (frame.height, from.height, to.height),
      (frame.midX, from.midX, to.midX), (frame.midY, from.midY, to.midY),
    ]
    guard let most = components.max(by: { abs($0.2 - $0.1) < abs($1.2 - $1.1) }), abs(most.2 - most.1) > 1e-9 else { return 0 }
    return (most.0 - most.1) / (most.2 - most.1)
  }

  // MARK: blending

  /// One view standing for the pair `a` (source) and `b` (destination) at `f`: geometry and
  /// colours blended, subviews paired. Its content is `a`'s.
  static func blended(_ a: SceneView, _ b: SceneView, _ f: Double) -> SceneView {
    var v = a
    v.isHidden = false
    v.frame = Rect.lerp(a.frame, b.frame, f)
    v.bounds.origin = Point.lerp(a.bounds.origin, b.bounds.origin, f)
    v.opacity = lerp(a.visibleOpacity, b.visibleOpacity, f)
    v.cornerRadius = max(0, lerp(a.cornerRadius, b.cornerRadius, f))
    v.clipsToBounds = a.clipsToBounds || b.clipsToBounds
    v.backgroundColor = blend(a.backgroundColor, b.backgroundColor, f)
    if a.border != nil || b.border != nil {
      let colour = a.border?.color ?? b.border!.color
      v.border = SceneView.Border(width: max(0, lerp(a.border?.width ?? 0, b.border?.width ?? 0, f)), color: colour)
    }
    if case .image(let asset, let mode)? = a.content, case .image(_, let other)? = b.content, mode != other {
      v.content = .image(asset: asset, contentMode: .aspectFill)
    }
    v.subviews = subviews(a, b, SubviewPairing(source: a, destination: b), f)
    return v
  }

  /// The subviews of the pair's stand-in, back to front.
  static func subviews(_ a: SceneView, _ b: SceneView, _ pairing: SubviewPairing, _ f: Double) -> [SceneView] {
    let clamped = min(1, max(0, f))
    // Each unpaired destination subview goes after the pair that precedes it in the destination.
    var arriving: [Int?: [Int]] = [:]
    for j in pairing.destinationOnly {
      let before = pairing.pairs.filter { $0.destination < j }.max { $0.destination < $1.destination }
      arriving[before?.source, default: []].append(j)
    }
    func fadingIn(_ j: Int) -> SceneView {
      var v = b.subviews[j]
      v.opacity *= clamped
      return v
    }
    var out = (arriving[nil] ?? []).map(fadingIn)
    for (i, child) in a.subviews.enumerated() {
      if let pair = pairing.pairs.first(where: { $0.source == i }) {
        out += pairViews(child, b.subviews[pair.destination], f)
        out += (arriving[i] ?? []).map(fadingIn)
      } else {
        var v = child
        v.opacity *= 1 - clamped
        out.append(v)
      }
    }
    return out
  }

  /// A paired subview as drawn: one blended view, or, when the two draw different content,
  /// the source's fading out under the destination's fading in.
  static func pairViews(_ a: SceneView, _ b: SceneView, _ f: Double) -> [SceneView] {
    let clamped = min(1, max(0, f))
    if case .text(let ta)? = a.content, case .text(let tb)? = b.content {
      // The text's own box (its measured line, placed by its alignment) moves from the source's
      // to the destination's; each snapshot is scaled about that box's centre.
      let boxA = textBox(a, ta), boxB = textBox(b, tb)
      let centre = Point.lerp(Point(boxA.midX, boxA.midY), Point(boxB.midX, boxB.midY), f)
      let opacity = lerp(a.visibleOpacity, b.visibleOpacity, f)
      var same = tb
      same.fontSize = ta.fontSize
      same.alignment = ta.alignment
      let grow = tb.fontSize / ta.fontSize
      let outgoing = snapshot(a, box: boxA, at: centre, scale: lerp(1, grow, f), opacity: opacity)
      if same == ta { return [outgoing] }
      var fading = outgoing
      fading.opacity = opacity * (1 - clamped)
      return [fading, snapshot(b, box: boxB, at: centre, scale: lerp(1 / grow, 1, f), opacity: opacity * clamped)]
    }
    let v = blended(a, b, f)
    if sameContent(a, b) { return [v] }
    // Four views at the stand-in's frame, back to front: its background, the source's content
    // fading out, the destination's fading in, its subviews.
    var background = v
    background.content = nil
    background.subviews = []
    var content = v
    content.backgroundColor = nil
    content.border = nil
    content.shadow = nil
    content.subviews = []
    var outgoing = content, incoming = content
    outgoing.opacity = v.opacity * (1 - clamped)
    incoming.content = b.content
    incoming.opacity = v.opacity * clamped
    var children = content
    children.content = nil
    children.subviews = v.subviews
    return [background, outgoing, incoming, children]
  }

  /// The box a label's text fills in its parent: its one-line width (at most the frame's),
  /// placed in the frame by its alignment, the frame's full height (UILabel centres it).
  static func textBox(_ label: SceneView, _ text: SceneView.Text) -> Rect {
    let frame = label.frame
    let width = text.numberOfLines == 1 ? min(frame.width, text.measuredWidth) : frame.width
    let x: Double
    switch text.alignment {
    case .left: x = frame.minX
    case .center: x = frame.midX - width / 2
    case .right: x = frame.maxX - width
    }
    return Rect(x: x, y: frame.minY, width: width, height: frame.height)
  }

  /// A label drawn at its own size (its frame, its text as laid out there), scaled by `scale`
  /// about the centre of its text's box `box`, that centre placed at `centre`.
  static func snapshot(_ label: SceneView, box: Rect, at centre: Point, scale: Double, opacity: Double) -> SceneView {
    var v = label
    let frame = label.frame
    v.isHidden = false
    v.opacity = opacity
    v.anchorPoint = Point(
      frame.width > 0 ? (box.midX - frame.minX) / frame.width : 0.5, frame.height > 0 ? (box.midY - frame.minY) / frame.height : 0.5)
    v.position = centre
    v.transform = SceneView.ViewTransform(scale: Point(scale, scale))
    return v
  }

  /// Whether two paired views draw the same content, counting an image in another content
  /// mode as the same (the stand-in draws it aspect-fill).
  static func sameContent(_ a: SceneView, _ b: SceneView) -> Bool {
    if case .image(let x, _)? = a.content, case .image(let y, _)? = b.content { return x == y }
    return a.content == b.content
  }

  private static func blend(_ a: Color?, _ b: Color?, _ f: Double) -> Color? {
    switch (a, b) {
    case (nil, nil): return nil
    case (let a?, nil): return Color.lerp(a, a.withAlpha(0), f)
    case (nil, let b?): return Color.lerp(b.withAlpha(0), b, f)
    case (let a?, let b?): return Color.lerp(a, b, f)
    }
  }
}

extension SceneView {
  /// Opacity as seen: 0 when hidden.
  var visibleOpacity: Double { isHidden ? 0 : opacity }
}
