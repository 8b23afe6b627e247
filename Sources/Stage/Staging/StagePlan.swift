import Geometry
import Motion
import Raster

/// A view of a screen: the screen's name and a view id inside it (nil: the screen's root).
public struct ViewRef: Hashable, Sendable, CustomStringConvertible {
  public var screen: String
  public var view: String?

  public init(screen: String, view: String? = nil) {
    self.screen = screen
    self.view = view
  }

  public var description: String { view.map { "\(screen).\($0)" } ?? screen }
}

/// The canvas a clip is drawn on.
public struct StageCanvas: Hashable, Sendable {
  /// Size in points.
  public var size: Size
  /// Pixels per point.
  public var scale: Double
  /// Frames per second.
  public var fps: Double
  /// Drawn under everything; frames are always opaque (an alpha below 1 is composited on black).
  public var background: Color

  public init(size: Size, scale: Double, fps: Double, background: Color = .black) {
    self.size = size; self.scale = scale; self.fps = fps; self.background = background
  }

  /// The frame size in pixels (rounded up to whole pixels).
  public var pixelWidth: Int { Int((size.width * scale).rounded(.up)) }
  public var pixelHeight: Int { Int((size.height * scale).rounded(.up)) }
}

/// What moves a track's progress.
public enum TrackDriver: Hashable, Sendable {
  /// The transition's progress p: scrubbed by the finger, then settled by the release animation
  /// (or run by the transition's timing when not interactive).
  case transition
  /// Its own timing in clock time, starting `start` seconds into the clip.
  case clock(Timing, start: Double)
}

/// One animated property of one view: its values along progress, and what drives progress.
public struct Track: Hashable, Sendable {
  public var target: ViewRef
  public var property: LayerProperty
  public var keyframes: Keyframes
  public var driver: TrackDriver

  public init(target: ViewRef, property: LayerProperty, keyframes: Keyframes, driver: TrackDriver = .transition) {
    self.target = target; self.property = property; self.keyframes = keyframes; self.driver = driver
  }
}

/// An image view lifted out of its screen for the transition and flown from `source` to
/// `destination` (both hidden meanwhile), as the transition image view of a zoom transition.
/// It draws the source's image with aspect fill, starting at the source image's visible rect,
/// so the crop morphs continuously from an aspect-fit detail to an aspect-fill cell.
public struct MatchedView: Hashable, Sendable {
  public var source: ViewRef
  public var destination: ViewRef

  public init(source: ViewRef, destination: ViewRef) {
    self.source = source
    self.destination = destination
  }
}

/// Everything Stage needs to draw a clip, resolved: screens as layer trees (their resting
/// state), their order in the container, the tracks, the matched view. Built from a Scene,
/// or by hand in tests.
public struct StagePlan: Sendable {
  public var canvas: StageCanvas
  /// Each screen's resting layer tree; its root spans the canvas.
  public var screens: [String: Layer]
  /// Screens bottom to top, as the transition's container view holds them.
  public var stack: [String]
  public var tracks: [Track]
  public var matched: MatchedView?
  /// Centre (in the view's bounds space) of each `revealRadius` mask.
  public var revealCenters: [ViewRef: Point]

  public init(
    canvas: StageCanvas, screens: [String: Layer], stack: [String], tracks: [Track] = [], matched: MatchedView? = nil,
    revealCenters: [ViewRef: Point] = [:]
  ) {
    self.canvas = canvas; self.screens = screens; self.stack = stack; self.tracks = tracks; self.matched = matched
    self.revealCenters = revealCenters
  }
}
