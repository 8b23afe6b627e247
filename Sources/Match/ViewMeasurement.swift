import Geometry

/// One tracked view: where the recording shows it, where the spec puts it at the same moment,
/// and how far apart those are.
public struct ViewMeasurement: Sendable {
  public var name: String
  /// Per recorded frame: the measured centre (points), nil where the view was not found.
  public var measured: [Point?]
  /// The correlation of each match (0 where not found).
  public var scores: [Double]
  /// Per recorded frame: the spec's centre at the aligned moment (nil where the spec does not draw it).
  public var spec: [Point?]
  /// The line the view moves along with progress, from the spec.
  public var axis: ProgressAxis?
  /// The largest distance between measured and spec centres over the frames where both exist (points).
  public var maxError: Double
  /// The recording time (seconds) of that largest distance.
  public var maxErrorTime: Double?
  /// The median, over the recorded frames where the spec moves the view by at least its whole
  /// travel per second, of how much later the recording shows a place than the spec does
  /// (seconds; negative: earlier). nil when no such frame found the view.
  public var timingError: Double?
  /// The view's opacity against the spec's, for a view whose opacity the transition animates.
  public var opacity: OpacityMeasurement? = nil
  /// How many recorded frames found the view.
  public var trackedFrames: Int { measured.compactMap { $0 }.count }
}
