import Geometry

/// A scroll view and the transition sharing one pan, handing it to each other within the
/// stroke as UIKit's sheet does with its content (`prefersScrollingExpandsWhenScrolledToEdge`,
/// T3's tag list, T10's places):
///
/// - a finger moving the way that scrolls the content further (up the screen for a vertical
///   scroll view) moves the transition first, until p reaches the end of `range` on that side
///   (a sheet at its largest detent); the rest scrolls the content;
/// - a finger moving the other way scrolls the content back to its top first; the rest
///   moves the transition.
///
/// The stroke is split into runs in one direction (on the mapping's axis); each run is
/// computed from where it started (its anchor), so a stroke that never turns is one run
/// and reads `ProgressMapping.scrolled(_:contentOffset:)`'s numbers exactly. All values in
/// points; the content offset is ≥ 0 (no bounce past the content's top, no limit at its end).
public struct ScrollHandOff: Hashable, Sendable {
  public let mapping: ProgressMapping
  /// +1 when a finger moving the way that increases p scrolls the content further (the
  /// content scrolls at p's upper end, a sheet whose p grows upward), −1 when it is the way
  /// that decreases p (the content scrolls at p's lower end, T3's dismissal).
  public let scrollSign: Double
  /// Progress where the stroke took hold of the transition.
  public let grabProgress: Double
  /// The content offset now (points from its top).
  public private(set) var contentOffset: Double
  /// The translation that drives p at the latest report (points).
  public private(set) var drivingTranslation: Point = .zero

  /// Where the current run in one direction began.
  private struct Anchor: Hashable, Sendable {
    var translation: Point, driving: Point, contentOffset: Double
  }
  private var anchor: Anchor
  private var last: Point = .zero
  private var heading = 0.0

  public init(mapping: ProgressMapping, contentOffset: Double, grabProgress: Double) {
    self.mapping = mapping
    // The content offset grows as the finger moves up (a vertical scroll view) or left.
    scrollSign = mapping.component(mapping.axis == .y ? Point(x: 0, y: -1) : Point(x: -1, y: 0))
    self.grabProgress = grabProgress
    self.contentOffset = contentOffset
    anchor = Anchor(translation: .zero, driving: .zero, contentOffset: contentOffset)
  }

  /// True while the content is scrolled off its top: the scroll view owns the pan's velocity.
  public var contentIsScrolled: Bool { contentOffset > 0 }

  /// Takes the recognizer's translation since the stroke began (points) and returns the
  /// part that drives p; `contentOffset` follows.
  public mutating func drive(_ translation: Point) -> Point {
    let c = mapping.component(translation)
    let step = c - mapping.component(last)
    if step != 0 {
      let heading = step > 0 ? 1.0 : -1.0
      if self.heading != 0 && heading != self.heading { anchor = Anchor(translation: last, driving: drivingTranslation, contentOffset: contentOffset) }
      self.heading = heading
    }
    // How far the finger has moved since the anchor, counted in the way that scrolls further.
    let u = scrollSign * (c - mapping.component(anchor.translation))
    let offset: Double, scrolled: Double
    if u <= 0 {
      // Back toward the content's top first; what is left moves the transition.
      offset = max(0, anchor.contentOffset + u)
      scrolled = -(anchor.contentOffset - offset)
    } else {
      // The transition first, up to its end on this side; what is left scrolls.
      let p0 = mapping.rawProgress(translation: anchor.driving, offset: grabProgress)
      let room = max(0, (scrollSign > 0 ? mapping.range.upperBound - p0 : p0 - mapping.range.lowerBound) * mapping.distance)
      let used = max(0, u - room)
      offset = anchor.contentOffset + used
      scrolled = used
    }
    // `scrolled` is signed in the way that scrolls further; on the p axis it is σ·scrolled.
    drivingTranslation = anchor.driving + (translation - anchor.translation) - mapping.vector(alongAxis: scrollSign * scrolled)
    contentOffset = offset
    last = translation
    return drivingTranslation
  }
}
