import Foundation
import TestSupport

/// Builds test recordings the way a phone would hand them over: a catalog scene rendered by
/// Flipbook (with other parameters than the spec's), then through ffmpeg: a second of still
/// screen before and after, scaled to 886 x 1920 (a 1170 x 2532 screen as recorded), three
/// frames dropped (variable frame rate, real timestamps), a different status bar, and heavy
/// H.264 compression (CRF 38); or as HEVC in a .mov, or with jittered timestamps (`Delivery`).
enum RecordingMaker {
  static let folder: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-match-tests-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func scene(_ name: String) -> String { root.appendingPathComponent("Scenes/\(name).yaml").path }

  /// One recording is made at a time: tests running in parallel ask for the same one, and a
  /// second caller must not read a file ffmpeg is still writing.
  static let making = NSLock()

  /// How the recording is handed over.
  enum Delivery {
    /// H.264 at CRF 38 in an MP4, three frames dropped.
    case h264
    /// HEVC (libx265, CRF 32) in a QuickTime .mov tagged hvc1, as an iPhone saves it, three frames dropped.
    case hevcMOV
    /// H.264 with every frame's timestamp late by 0 to 8 ms (a repeating 0, 4, 8, 2, 6 ms
    /// pattern: a capture clock that is not the display's), three frames dropped.
    case jittered
  }

  /// The recording of `scene` with `sets`, delivered as `delivery`; `name` names the files
  /// (recordings of one render share its clean MP4: give them the same `render` name).
  static func make(_ name: String, scene: String, sets: [String] = [], delivery: Delivery = .h264, render: String? = nil) throws -> String {
    making.lock()
    defer { making.unlock() }
    let clean = folder.appendingPathComponent("\(render ?? name)-clean.mp4").path
    let ext = delivery == .hevcMOV ? "mov" : "mp4"
    let out = folder.appendingPathComponent("\(name).\(ext)").path
    let partial = folder.appendingPathComponent("\(name).partial.\(ext)").path
    if FileManager.default.fileExists(atPath: out) { return out }
    if !FileManager.default.fileExists(atPath: clean) {
      let cleanPartial = clean + ".partial.mp4"
      let render = try runFlipbook(["render", Self.scene(scene), "--scale", "1", "-o", cleanPartial] + sets.flatMap { ["--set", $0] })
      guard render.status == 0 else { throw Failure("render failed: \(render.stderr)") }
      try FileManager.default.moveItem(atPath: cleanPartial, toPath: clean)
    }
    let jitter = delivery == .jittered ? "setpts=N/(60*TB)+mod(N*7\\,5)*0.002/TB," : ""
    let filters =
      "tpad=start_duration=1:stop_duration=1:start_mode=clone:stop_mode=clone,scale=886:1920,drawbox=x=0:y=0:w=iw:h=ih*0.05:color=0x336699:t=fill,"
      + jitter + "select='not(eq(n\\,75)+eq(n\\,90)+eq(n\\,91))'"
    let codec: [String]
    switch delivery {
    case .h264, .jittered: codec = ["-c:v", "libx264", "-crf", "38", "-preset", "veryfast"]
    case .hevcMOV: codec = ["-c:v", "libx265", "-crf", "32", "-preset", "ultrafast", "-tag:v", "hvc1", "-x265-params", "log-level=error"]
    }
    // The encoder's clock must be finer than the frame rate, or it rounds the times back onto it.
    let timescale = delivery == .jittered ? ["-enc_time_base:v", "1:90000", "-video_track_timescale", "90000"] : []
    let ffmpeg = try runProcess("ffmpeg", [
      "-v", "error", "-y", "-i", clean, "-vf", filters, "-fps_mode", "vfr",
    ] + codec + ["-pix_fmt", "yuv420p"] + timescale + [partial])
    guard ffmpeg.status == 0 else { throw Failure("ffmpeg failed: \(ffmpeg.stderr)") }
    try FileManager.default.moveItem(atPath: partial, toPath: out)
    return out
  }

  /// `flipbook match` with `arguments` and --json, parsed.
  static func match(_ arguments: [String]) throws -> [String: Any] {
    let r = try runFlipbook(["match", "--json"] + arguments)
    guard r.status == 0 else { throw Failure("match failed (\(r.status)): \(r.stderr)") }
    guard let json = try JSONSerialization.jsonObject(with: Data(r.stdoutBytes)) as? [String: Any] else { throw Failure("not JSON: \(r.stdout)") }
    return json
  }

  struct Failure: Error, CustomStringConvertible { var description: String; init(_ d: String) { description = d } }
}

extension Dictionary where Key == String, Value == Any {
  subscript(path path: String) -> Any? {
    var value: Any? = self
    for key in path.split(separator: ".") { value = (value as? [String: Any])?[String(key)] }
    return value
  }

  func number(_ path: String) -> Double? { self[path: path] as? Double ?? (self[path: path] as? Int).map(Double.init) }
}
