import Foundation
import TestSupport

/// Builds test recordings the way a phone would hand them over: a catalog scene rendered by
/// Flipbook (with other parameters than the spec's), then through ffmpeg: a second of still
/// screen before and after, scaled to 886 x 1920 (a 1170 x 2532 screen as recorded), three
/// frames dropped (variable frame rate, real timestamps), a different status bar, and heavy
/// H.264 compression (CRF 38).
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

  /// The recording of `scene` with `sets`; `name` names the files.
  static func make(_ name: String, scene: String, sets: [String] = []) throws -> String {
    making.lock()
    defer { making.unlock() }
    let clean = folder.appendingPathComponent("\(name)-clean.mp4").path
    let out = folder.appendingPathComponent("\(name).mp4").path
    let partial = folder.appendingPathComponent("\(name).partial.mp4").path
    if FileManager.default.fileExists(atPath: out) { return out }
    let render = try runFlipbook(["render", Self.scene(scene), "--scale", "1", "-o", clean] + sets.flatMap { ["--set", $0] })
    guard render.status == 0 else { throw Failure("render failed: \(render.stderr)") }
    let ffmpeg = try runProcess("ffmpeg", [
      "-v", "error", "-y", "-i", clean, "-vf",
      "tpad=start_duration=1:stop_duration=1:start_mode=clone:stop_mode=clone,scale=886:1920,drawbox=x=0:y=0:w=iw:h=ih*0.05:color=0x336699:t=fill,select='not(eq(n\\,75)+eq(n\\,90)+eq(n\\,91))'",
      "-fps_mode", "vfr", "-c:v", "libx264", "-crf", "38", "-preset", "veryfast", "-pix_fmt", "yuv420p", partial,
    ])
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
