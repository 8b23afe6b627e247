import Foundation
import Stage

/// What ffprobe says about a file's first video stream: enough to refuse it before decoding.
public struct RecordingProbe: Sendable {
  public var path: String
  public var codec: String
  public var width: Int, height: Int
  /// Packets in the video stream (each one frame).
  public var frameCount: Int
  /// Seconds (the stream's, else the container's; nil when neither says).
  public var duration: Double?

  /// Probes `path` and checks it against `RecordingLimits`; `aspect`, when given, is the
  /// scene screen's width / height the recording must show.
  public static func probe(_ path: String, aspect: Double? = nil) throws(MatchError) -> RecordingProbe {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .notARecording(path: path, reason: "no such file")
    }
    guard !isDirectory.boolValue else { throw .notARecording(path: path, reason: "is a folder") }
    guard let ffprobe = ExternalTool.find("ffprobe") else {
      throw .tool("ffprobe is not installed or not on PATH (run scripts/setup to install it)")
    }
    let result: ToolRun.Output
    do {
      result = try ToolRun.run(ffprobe, [
        "-v", "error", "-count_packets", "-select_streams", "v:0",
        "-show_entries", "stream=codec_name,width,height,nb_read_packets,duration:format=duration",
        "-of", "default=noprint_wrappers=1", ExternalTool.fileURL(path),
      ], timeout: RecordingLimits.probeTimeout, maxOutput: 1 << 20)
    } catch { throw .tool(error.description) }
    if result.timedOut { throw .notARecording(path: path, reason: "ffprobe did not finish within \(Int(RecordingLimits.probeTimeout)) s") }
    let text = String(decoding: result.out, as: UTF8.self)
    guard result.status.succeeded else {
      let why = result.err.split(separator: "\n").last.map(String.init) ?? "ffprobe \(result.status.description)"
      throw .notARecording(path: path, reason: "ffprobe cannot read it (\(why.trimmingCharacters(in: .whitespaces)))")
    }
    var fields: [String: String] = [:]
    var formatDuration: Double?
    for line in text.split(separator: "\n") {
      guard let eq = line.firstIndex(of: "=") else { continue }
      let key = String(line[..<eq]), value = String(line[line.index(after: eq)...])
      // The stream's duration comes first; the format's last.
      if key == "duration", fields["duration"] != nil { formatDuration = Double(value); continue }
      fields[key] = value
    }
    guard let codec = fields["codec_name"], let w = fields["width"].flatMap(Int.init), let h = fields["height"].flatMap(Int.init) else {
      throw .notARecording(path: path, reason: "it has no video stream")
    }
    let frames = fields["nb_read_packets"].flatMap(Int.init) ?? 0
    let duration = fields["duration"].flatMap(Double.init) ?? formatDuration
    let probe = RecordingProbe(path: path, codec: codec, width: w, height: h, frameCount: frames, duration: duration)
    try probe.check(aspect: aspect)
    return probe
  }

  func check(aspect: Double?) throws(MatchError) {
    let limits = RecordingLimits.self
    guard limits.sideRange.contains(width), limits.sideRange.contains(height), width * height <= limits.maxPixels else {
      throw .notARecording(path: path, reason: "its video is \(width)x\(height) px; each side must be in \(limits.sideRange) px and a frame at most \(limits.maxPixels) px")
    }
    guard frameCount >= limits.frameRange.lowerBound else {
      throw .notARecording(path: path, reason: "its video has \(frameCount) frame\(frameCount == 1 ? "" : "s") (a still image?); a recording needs at least \(limits.frameRange.lowerBound)")
    }
    guard frameCount <= limits.frameRange.upperBound else {
      throw .notARecording(path: path, reason: "its video has \(frameCount) frames; at most \(limits.frameRange.upperBound) are read (trim it to the transition)")
    }
    if let duration, duration > limits.maxDuration {
      throw .notARecording(path: path, reason: "it lasts \(String(format: "%.1f", duration)) s; at most \(Int(limits.maxDuration)) s are read (trim it to the transition)")
    }
    if let aspect {
      let mine = Double(width) / Double(height)
      if abs(mine / aspect - 1) > limits.aspectTolerance {
        throw .notARecording(
          path: path,
          reason: "its video is \(width)x\(height) px (width/height \(String(format: "%.3f", mine))), the scene's screen \(String(format: "%.3f", aspect)); record the whole screen, upright, or crop it to the screen first")
      }
    }
  }
}
