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

/// Runs a shipped script (`shippedScript`), passing its output through; throws if it fails
/// (`ChildProcess.runScript`: it dies with Flipbook).
func runScript(_ name: String, _ arguments: [String]) throws {
  try ChildProcess.runScript(try shippedScript(name), name: name, arguments)
}

/// Parses "120,60,30" into positive numbers.
func parseNumberList(_ text: String, flag: String) throws -> [Double] {
  let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
  guard !values.isEmpty, values.allSatisfy({ ($0 ?? 0) > 0 && $0!.isFinite }) else {
    throw ValidationError("\(flag) takes positive numbers separated by commas (got '\(text)')")
  }
  return values.map { $0! }
}
