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
  /// Seconds ffprobe may take to read a clip's header before it is killed.
  static let probeTimeout: Double = 30

  /// What ffprobe is asked for, of `input` (a `file:` URL, or `pipe:0`).
  private static func arguments(_ input: String) -> [String] {
    [
      "-v", "error", "-select_streams", "v:0",
      "-show_entries",
      "stream=codec_name,profile,pix_fmt,width,height,color_range,color_space,color_transfer,color_primaries,r_frame_rate,nb_frames",
      "-of", "default=noprint_wrappers=1", input,
    ]
  }

  /// What ffprobe says about the clip at `path`.
  public static func probe(_ path: String) throws(StageError) -> MP4StreamInfo {
    let ffprobe = try ExternalTool.require("ffprobe")
    return try read(path) { () throws(ToolRun.Failure) in try ToolRun(ffprobe, arguments(ExternalTool.fileURL(path))) }
  }

  /// ffprobe started now, waiting for a clip on its standard input: `verify(_:...:probe:)`
  /// feeds it the finished file. Started while ffmpeg still encodes the last frames, its
  /// start-up (loading its libraries) is then over when the clip is done.
  public static func startProbe() throws(StageError) -> ToolRun {
    let ffprobe = try ExternalTool.require("ffprobe")
    do { return try ToolRun(ffprobe, arguments("pipe:0"), takesInput: true) } catch {
      throw .mp4(error.description)
    }
  }

  /// The fields `run` (an ffprobe reading `path` or, when it takes input, fed `path`) prints.
  private static func read(_ path: String, _ start: () throws(ToolRun.Failure) -> ToolRun) throws(StageError) -> MP4StreamInfo {
    let result: ToolRun.Output
    do {
      let run = try start()
      run.feed(file: path)
      result = try run.finish(timeout: probeTimeout, maxOutput: 1 << 20)
    } catch { throw .mp4("ffprobe cannot read \(path): \(error.description)") }
    guard !result.timedOut else { throw .mp4("ffprobe did not finish reading \(path) within \(Int(probeTimeout)) s") }
    guard result.status.succeeded else {
      let why = result.err.trimmingCharacters(in: .whitespacesAndNewlines)
      throw .mp4("ffprobe cannot read \(path): \(why.isEmpty ? "it \(result.status.description)" : why)")
    }
    var fields: [String: String] = [:]
    for line in String(decoding: result.out, as: UTF8.self).split(separator: "\n") {
      guard let eq = line.firstIndex(of: "=") else { continue }
      fields[String(line[..<eq])] = String(line[line.index(after: eq)...])
    }
    return MP4StreamInfo(fields: fields)
  }

  /// Throws `.mp4` listing every way the clip at `path` differs from what was asked for.
  /// With `probe` (from `startProbe()`), that ffprobe is fed the file; else one is started.
  public static func verify(
    _ path: String, width: Int, height: Int, fps: Double, frameCount: Int, quality: ClipQuality = .review,
    probe started: ToolRun? = nil
  ) throws(StageError) {
    let info: MP4StreamInfo
    if let started { info = try read(path) { started } } else { info = try probe(path) }
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
