import Dispatch
import Foundation
import Geometry
import Raster
import Stage

/// The spec rendered the way a recording is looked at: every frame of the clip in grey at the
/// working size, with its time.
public struct SpecFrames: Sendable {
  public let clip: Clip
  public let frames: [GrayImage]
  public let times: [Double]

  public init(clip: Clip) {
    self.clip = clip
    let count = clip.frameCount
    let slots = Slots(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { n in slots.set(n, GrayImage(clip.bitmap(frame: n))) }
    frames = slots.values.map { $0! }
    times = (0..<count).map { clip.timeline.time(ofFrame: $0) }
  }

  final class Slots: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [GrayImage?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ v: GrayImage) { lock.withLock { values[i] = v } }
  }
}
