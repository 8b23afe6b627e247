/// Where motion starts and stops in a run of frames: the frame-to-frame mean absolute
/// difference outside the status bar (whose clock and icons differ between a recording and
/// the spec), against a threshold above the still screen's own noise (compression breathing,
/// a blinking cursor).
public struct MotionOnset: Sendable {
  /// Mean absolute difference of each frame to the one before (grey levels; 0 for the first).
  public let differences: [Double]
  /// The level above which a difference counts as motion.
  public let threshold: Double
  /// The first frame that differs from the one before by more than the threshold.
  public let first: Int?
  /// The last such frame.
  public let last: Int?

  /// - Parameter rows: the rows compared (not the status bar, not the home indicator).
  public init(frames: [GrayImage], rows: Range<Int>) {
    var d = [0.0]
    for i in frames.indices.dropFirst() {
      d.append(frames[i].meanAbsoluteDifference(to: frames[i - 1], rows: rows))
    }
    differences = d
    let sorted = d.dropFirst().sorted()
    let noise = sorted.isEmpty ? 0 : sorted[sorted.count / 4]
    let peak = sorted.last ?? 0
    let threshold = noise + max(0.5, 0.1 * (peak - noise))
    self.threshold = threshold
    let level = threshold
    first = d.indices.dropFirst().first { d[$0] > level }
    last = d.indices.dropFirst().last { d[$0] > level }
  }
}
