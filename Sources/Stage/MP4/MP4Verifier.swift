import Foundation

/// What ffprobe says about a clip's video stream.
public struct MP4StreamInfo: Hashable, Sendable {
  public var fields: [String: String]

  public var codec: String? { fields["codec_name"] }
  public var profile: String? { fields["profile"] }
  public var pixelFormat: String? { fields["pix_fmt"] }
  public var width: Int? { fields["width"].flatMap { Int($0) } }
  public var height: Int? { fields["height"].flatMap { Int($0) } }
  public var frameCount: Int? { fields["nb_frames"].flatMap { Int($0) } }
  /// `r_frame_rate` as a number (frames per second).
  public var frameRate: Double? {
    guard let r = fields["r_frame_rate"] else { return nil }
    let parts = r.split(separator: "/").compactMap { Double($0) }
    guard parts.count == 2, parts[1] != 0 else { return Double(r) }
    return parts[0] / parts[1]
  }
  /// The colour tags: primaries, transfer, matrix, range.
  public var colorTags: [String: String] {
    fields.filter { ["color_primaries", "color_transfer", "color_space", "color_range"].contains($0.key) }
  }
}

/// Checks a finished clip with ffprobe against the promises of `MP4Settings`.
public enum MP4Verifier {
  public static func probe(_ path: String) throws(StageError) -> MP4StreamInfo {
    let ffprobe = try ExternalTool.require("ffprobe")
    let result = try ExternalTool.run(ffprobe, [
      "-v", "error", "-select_streams", "v:0",
      "-show_entries",
      "stream=codec_name,profile,pix_fmt,width,height,color_range,color_space,color_transfer,color_primaries,r_frame_rate,nb_frames",
      "-of", "default=noprint_wrappers=1", ExternalTool.fileURL(path),
    ])
    guard result.status == 0 else {
      throw .mp4("ffprobe cannot read \(path): \(result.err.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
    var fields: [String: String] = [:]
    for line in result.out.split(separator: "\n") {
      guard let eq = line.firstIndex(of: "=") else { continue }
      fields[String(line[..<eq])] = String(line[line.index(after: eq)...])
    }
    return MP4StreamInfo(fields: fields)
  }

  /// Throws `.mp4` listing every way the clip differs from what was asked for.
  public static func verify(
    _ path: String, width: Int, height: Int, fps: Double, frameCount: Int, quality: ClipQuality = .review
  ) throws(StageError) {
    let info = try probe(path)
    let padded = MP4Settings.paddedSize(width: width, height: height)
    var problems: [String] = []
    func expect(_ key: String, _ actual: String?, _ wanted: String) {
      if actual != wanted { problems.append("\(key) is \(actual ?? "missing"), expected \(wanted)") }
    }
    expect("codec", info.codec, "h264")
    expect("profile", info.profile, quality.profile)
    expect("pixel format", info.pixelFormat, "yuv420p")
    expect("colour primaries", info.fields["color_primaries"], "bt709")
    expect("transfer", info.fields["color_transfer"], "bt709")
    expect("matrix", info.fields["color_space"], "bt709")
    expect("range", info.fields["color_range"], "tv")
    expect("width", info.width.map(String.init), String(padded.width))
    expect("height", info.height.map(String.init), String(padded.height))
    expect("frame count", info.frameCount.map(String.init), String(frameCount))
    if let r = info.frameRate {
      if abs(r - fps) > 1e-6 * fps {
        problems.append("frame rate is \(info.fields["r_frame_rate"] ?? "?"), expected \(MP4Settings.rational(fps))")
      }
    } else {
      problems.append("frame rate is missing, expected \(MP4Settings.rational(fps))")
    }
    guard problems.isEmpty else {
      throw .mp4("\(path) failed verification: " + problems.joined(separator: "; "))
    }
  }
}
