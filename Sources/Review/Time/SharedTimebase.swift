/// One timebase for several clips of the same frame rate: the output runs as long as the
/// longest clip, and a clip that has ended holds its last frame.
public struct SharedTimebase: Hashable, Sendable {
  /// Frames in each clip (each >= 1).
  public let frameCounts: [Int]

  public init(frameCounts: [Int]) {
    precondition(!frameCounts.isEmpty && frameCounts.allSatisfy { $0 >= 1 }, "every clip needs a frame")
    self.frameCounts = frameCounts
  }

  /// Frames in the combined clip: the longest clip's count.
  public var frameCount: Int { frameCounts.max()! }

  /// The frame of clip `clip` shown at output frame `n`.
  public func frame(_ n: Int, ofClip clip: Int) -> Int { min(n, frameCounts[clip] - 1) }
}
