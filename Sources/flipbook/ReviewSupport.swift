import ArgumentParser
import Foundation
import JSONText
import PNG
import Raster
import Review
import Scene
import Stage

extension SceneDocument {
  /// The parameters a reviewer of this transition cares about, in one line: the release
  /// settles of an interactive transition, else its timing.
  var keyParameters: String {
    if let i = transition.interaction {
      return "complete \(i.complete.summary) · cancel \(i.cancel.summary)"
    }
    return transition.timing.summary
  }
}

extension Settle {
  var summary: String {
    switch self {
    case .timing(let t, _): return t.summary
    case .remaining: return "runs on"
    }
  }
}

extension TimingSpec {
  /// "spring 0.37 s, damping 0.9", "easeIn 0.32 s", ...
  var summary: String {
    func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(format: "%g", v) }
    switch kind {
    case .spring(.uikit(let d, let z, _)): return "spring \(n(d)) s, damping \(n(z))"
    case .spring(.physical(let m, let k, let c, _)): return "spring m \(n(m)), k \(n(k)), c \(n(c))"
    case .spring(.response(let r, let f, _)): return "spring response \(n(r)), damping \(n(f))"
    case .spring(.bounce(let d, let b, _)): return "spring \(n(d)) s, bounce \(n(b))"
    case .curve(let c, let d):
      let name: String
      switch c {
      case .linear: name = "linear"
      case .easeIn: name = "easeIn"
      case .easeOut: name = "easeOut"
      case .easeInEaseOut: name = "easeInEaseOut"
      case .default: name = "default"
      case .controlPoints(let a, let b, let c2, let d2): name = "cubic(\(n(a)), \(n(b)), \(n(c2)), \(n(d2)))"
      }
      return "\(name) \(n(d)) s"
    }
  }
}

/// Writes `bitmap` as a PNG that appears only complete (Stage's `AtomicFile`: a device or FIFO
/// is written in place, never replaced), making its folder first unless `makeFolder` is false.
func writePNG(
  _ bitmap: Bitmap, to path: String, encoder: PNGEncoder = PNGEncoder(level: 9, strategy: .default, filter: .adaptive),
  makeFolder: Bool = true, place: AtomicFile.Place = .named
) throws {
  if makeFolder { try makeParentFolder(of: path) }
  try AtomicFile.write(try encoder.encode(bitmap, name: path), to: path, place: place)
}

/// Writes `value` as canonical JSON that appears only complete.
func writeJSON(_ value: JSONValue, to path: String, place: AtomicFile.Place = .named) throws {
  try makeParentFolder(of: path)
  try AtomicFile.write(Array(value.canonicalText.utf8), to: path, place: place)
}

func makeParentFolder(of path: String) throws {
  let dir = (path as NSString).deletingLastPathComponent
  if !dir.isEmpty { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
}

/// Renders `frameCount` frames of `frame` to an MP4 (`output` ends in .mp4) or to a frame
/// folder with manifest.json, in parallel, through Stage's ClipWriter. With `shard`, only its
/// frames, into the folder `output`, with `shard-K-of-N.json`. `sceneHash` is SceneHash's of
/// the scene and the settings that change pixels (never --jobs, -o or --shard).
func writeFrames(
  output: String, width: Int, height: Int, scale: Double, fps: Double, frameCount: Int,
  events: [ClipEvent], sceneHash: String, shard: ShardOutput? = nil, jobs: Int, quality: ClipQuality = .review,
  mp4Place: AtomicFile.Place = .named, frame: @escaping @Sendable (Int) throws -> Bitmap
) throws {
  let frames = try shard.map { s throws(StageError) in try s.shard.frames(of: frameCount) } ?? 0...(frameCount - 1)
  let manifest = Manifest(
    fps: fps, pixelWidth: width, pixelHeight: height, scale: scale, frameCount: frameCount,
    frames: frames, sceneHash: sceneHash, events: events)
  let isMP4 = shard == nil && output.lowercased().hasSuffix(".mp4")
  if isMP4 { try makeParentFolder(of: output) }
  try ClipWriter.render(
    manifest: manifest, outputs: isMP4 ? ClipOutputs(mp4: output, quality: quality, mp4Place: mp4Place) : ClipOutputs(directory: output),
    pipeline: FramePipeline(jobs: jobs), frame: frame,
    encode: frameEncoder(jobs: jobs), progress: ProgressBar(total: frames.count), shard: shard)
}

/// PNG frames as every command writes them: `PNGEncoder.frames` at zlib `level`, each frame's
/// strips compressed on up to `jobs` threads and reused from the last few frames where their
/// pixels are equal (`PNGStripCache`; the same bytes as without it).
func frameEncoder(level: Int = PNGEncoder.frames.level, jobs: Int) -> @Sendable (Bitmap) throws -> [UInt8] {
  let encoder = PNGEncoder.frames.atLevel(level)
  let cache = PNGStripCache(frames: min(jobs + 1, 3))
  return { try encoder.encode($0, cache: cache, threads: jobs) }
}

/// A script shipped in the repository's scripts/ folder: found through FLIPBOOK_SCRIPTS,
/// next to the executable's checkout (.build/<config>/flipbook -> scripts/), or the source
/// tree this binary was built from.
func shippedScript(_ name: String) throws -> String {
  var candidates: [String] = []
  if let dir = ProcessInfo.processInfo.environment["FLIPBOOK_SCRIPTS"] { candidates.append(dir + "/" + name) }
  let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  var dir = exe.deletingLastPathComponent()
  for _ in 0..<4 {
    candidates.append(dir.appendingPathComponent("scripts/\(name)").path)
    dir = dir.deletingLastPathComponent()
  }
  let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  candidates.append(source.appendingPathComponent("scripts/\(name)").path)
  guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
    throw ValidationError("cannot find scripts/\(name); set FLIPBOOK_SCRIPTS to the folder that holds it")
  }
  return found
}

/// Runs a shipped script, passing its output through; throws if it fails. The script runs as
/// a Stage `ChildProcess`: in a process group of its own that dies with Flipbook (Ctrl-C,
/// SIGTERM and SIGKILL included), so neither it nor the ffmpeg it starts outlives the command.
func runScript(_ name: String, _ arguments: [String]) throws {
  let script = try shippedScript(name)
  let bash = try ExternalTool.require("bash")
  InterruptCleanup.shared.install()
  let ending = try ChildProcess(bash, [script] + arguments, stdin: .null).wait()
  guard ending.succeeded else {
    throw StageError.invalidSetting("scripts/\(name) \(ending.description)")
  }
}

/// Parses "120,60,30" into positive numbers.
func parseNumberList(_ text: String, flag: String) throws -> [Double] {
  let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
  guard !values.isEmpty, values.allSatisfy({ ($0 ?? 0) > 0 && $0!.isFinite }) else {
    throw ValidationError("\(flag) takes positive numbers separated by commas (got '\(text)')")
  }
  return values.map { $0! }
}
