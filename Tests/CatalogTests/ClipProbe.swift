import Foundation
import TestSupport

/// What ffprobe (an independent tool, not Flipbook) says about a clip's video stream.
struct ClipProbe {
  var codec: String
  var profile: String
  var pixelFormat: String
  var width: Int
  var height: Int
  var frameRate: String
  var frameCount: Int
  var duration: Double
  var colorRange: String
  var colorSpace: String
  var colorPrimaries: String
  var colorTransfer: String

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `ffprobe -count_frames` on `path` and reads the first video stream.
  static func read(_ path: String) throws -> ClipProbe {
    let r = try runProcess("ffprobe", [
      "-v", "error", "-select_streams", "v:0", "-count_frames",
      "-show_entries",
      "stream=codec_name,profile,pix_fmt,width,height,avg_frame_rate,nb_read_frames,color_range,color_space,color_primaries,color_transfer:format=duration",
      "-of", "json", path,
    ])
    guard r.status == 0,
      let json = try JSONSerialization.jsonObject(with: Data(r.stdoutBytes)) as? [String: Any],
      let stream = (json["streams"] as? [[String: Any]])?.first,
      let format = json["format"] as? [String: Any]
    else { throw Failure(description: "ffprobe could not read \(path)") }
    func text(_ key: String) -> String { stream[key] as? String ?? "" }
    func int(_ key: String) -> Int { (stream[key] as? Int) ?? Int(text(key)) ?? -1 }
    return ClipProbe(
      codec: text("codec_name"), profile: text("profile"), pixelFormat: text("pix_fmt"),
      width: int("width"), height: int("height"), frameRate: text("avg_frame_rate"),
      frameCount: int("nb_read_frames"), duration: Double(format["duration"] as? String ?? "") ?? -1,
      colorRange: text("color_range"), colorSpace: text("color_space"),
      colorPrimaries: text("color_primaries"), colorTransfer: text("color_transfer"))
  }
}
