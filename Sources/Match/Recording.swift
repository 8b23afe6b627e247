import Foundation
import Stage

/// A screen recording decoded onto the scene's screen: grey frames at a working size (the
/// screen's points times a working scale) and each frame's own presentation time, so a
/// variable-frame-rate recording keeps its real timing.
public struct Recording: Sendable {
  public let probe: RecordingProbe
  /// Frames in presentation order, each `width x height`.
  public let frames: [GrayImage]
  /// Seconds from the first frame, ascending, one per frame.
  public let times: [Double]
  public let width: Int, height: Int

  public init(probe: RecordingProbe, frames: [GrayImage], times: [Double]) {
    self.probe = probe; self.frames = frames; self.times = times
    width = frames.first?.width ?? 0; height = frames.first?.height ?? 0
  }

  /// Decodes the probed recording scaled to `width x height` px (an area filter, so a 3x
  /// recording shrinks without aliasing), every frame as it was recorded (no frame-rate
  /// conversion: duplicated and dropped frames stay what they are).
  public static func decode(_ probe: RecordingProbe, width: Int, height: Int) throws(MatchError) -> Recording {
    guard let ffmpeg = ExternalTool.find("ffmpeg") else {
      throw .tool("ffmpeg is not installed or not on PATH (run scripts/setup to install it)")
    }
    let frameBytes = width * height
    guard probe.frameCount * frameBytes <= RecordingLimits.maxDecodedBytes else {
      throw .notARecording(
        path: probe.path,
        reason: "its \(probe.frameCount) frames would take \(probe.frameCount * frameBytes >> 20) MiB at \(width)x\(height) px (at most \(RecordingLimits.maxDecodedBytes >> 20) MiB); trim it to the transition or lower --work-scale")
    }
    let maxFrames = RecordingLimits.frameRange.upperBound
    let collector = FrameCollector(frameBytes: frameBytes)
    let seconds = max(probe.duration ?? Double(probe.frameCount) / 30, 1)
    let result: ToolRun.Output
    do {
      result = try ToolRun.run(
        ffmpeg,
        [
          "-hide_banner", "-nostdin", "-loglevel", "info", "-i", ExternalTool.fileURL(probe.path),
          "-map", "0:v:0", "-an", "-sn", "-dn", "-frames:v", String(maxFrames),
          "-vf", "scale=\(width):\(height):flags=area,showinfo", "-fps_mode", "passthrough",
          "-pix_fmt", "gray", "-f", "rawvideo", "pipe:1",
        ],
        timeout: 10 + seconds * RecordingLimits.decodeTimeoutPerSecond, maxOutput: frameBytes * (maxFrames + 1),
        stderrKeep: 64 << 20, sink: collector.take)
    } catch { throw .tool(error.description) }
    if result.timedOut { throw .notARecording(path: probe.path, reason: "ffmpeg did not finish decoding it in time") }
    let times = showinfoTimes(result.err)
    guard result.status.succeeded else {
      let lines = result.err.split(separator: "\n").filter { !$0.contains("showinfo") }
      throw .notARecording(path: probe.path, reason: "ffmpeg cannot decode it (\(lines.last.map(String.init) ?? result.status.description))")
    }
    let frames = collector.frames.map { GrayImage(width: width, height: height, pixels: $0) }
    guard frames.count >= 2 else {
      throw .notARecording(path: probe.path, reason: "only \(frames.count) frame\(frames.count == 1 ? "" : "s") decoded; a recording needs at least 2")
    }
    guard times.count == frames.count else {
      throw .notARecording(path: probe.path, reason: "ffmpeg gave \(frames.count) frames but \(times.count) timestamps")
    }
    // Presentation order, times from the first frame.
    let order = times.indices.sorted { times[$0] < times[$1] }
    let t0 = times[order[0]]
    var sortedTimes = order.map { times[$0] - t0 }
    // Frames with equal timestamps (a broken mux) are spread by a microsecond to keep time ascending.
    for i in sortedTimes.indices.dropFirst() where sortedTimes[i] <= sortedTimes[i - 1] { sortedTimes[i] = sortedTimes[i - 1] + 1e-6 }
    return Recording(probe: probe, frames: order.map { frames[$0] }, times: sortedTimes)
  }

  /// The `pts_time:` of each frame showinfo logged, in output order.
  static func showinfoTimes(_ log: String) -> [Double] {
    var out: [Double] = []
    for line in log.split(separator: "\n") where line.contains("Parsed_showinfo") {
      guard let r = line.range(of: "pts_time:") else { continue }
      let rest = line[r.upperBound...].drop { $0 == " " }
      if let t = Double(String(rest.prefix { !$0.isWhitespace })) { out.append(t) }
    }
    return out
  }

  /// Cuts ffmpeg's byte stream into frames.
  final class FrameCollector: @unchecked Sendable {
    let frameBytes: Int
    var frames: [[UInt8]] = []
    private var current: [UInt8] = []

    init(frameBytes: Int) {
      self.frameBytes = frameBytes
      current.reserveCapacity(frameBytes)
    }

    func take(_ bytes: ArraySlice<UInt8>) {
      var rest = bytes[...]
      while !rest.isEmpty {
        let n = min(frameBytes - current.count, rest.count)
        current.append(contentsOf: rest.prefix(n))
        rest = rest.dropFirst(n)
        if current.count == frameBytes {
          frames.append(current)
          current.removeAll(keepingCapacity: true)
        }
      }
    }
  }
}
