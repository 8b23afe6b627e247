import Foundation

/// One render of the scene (a generation): the page's data for it and the chart picture (once
/// ready: frame 0 comes before them), and each frame's PNG once it is done. Guarded by the
/// owning session's lock.
final class RenderedClip: @unchecked Sendable {
  let generation: Int
  /// The page's data (`PlayerData.json`), as JSON text; nil until it is ready.
  var dataJSON: String?
  var chartPNG: [UInt8]?
  /// `frames[variant][frame]`: the PNG, or nil while it renders.
  var frames: [[[UInt8]?]]
  var done = 0
  let total: Int
  /// Wall-clock instants (seconds since 1970) for the benchmark: when the change that
  /// caused this render was noticed, when frame 0 of the first variant could be served,
  /// and when the last frame could.
  let noticedAt: Double
  /// When the scene was loaded and simulated, and when the page's data was ready.
  var loadedAt: Double?
  var announcedAt: Double?
  var firstFrameAt: Double?
  var finishedAt: Double?

  init(generation: Int, frameCounts: [Int], noticedAt: Double) {
    self.generation = generation
    frames = frameCounts.map { Array(repeating: nil, count: $0) }
    total = frameCounts.reduce(0, +)
    self.noticedAt = noticedAt
  }

  var isComplete: Bool { done == total }
}
