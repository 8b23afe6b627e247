import ArgumentParser
import Bench
import Foundation
import PNG
import Stage

/// `flipbook bench`: times the canonical frame (bench/FRAME.md) and its PNG encodings.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Time rendering and PNG-encoding the canonical benchmark frame (bench/FRAME.md).",
    discussion: """
      Renders the 390 x 844 pt canonical frame (photo grid, dim, rounded hero, bar with \
      shadow) through the layer-tree renderer, then encodes it with each PNG encoder setting. \
      Rounds are interleaved; the report gives medians with the 25th-75th percentiles, \
      per-part render times, and each encoding's size. Build with -c release to measure.

      The photos (coffee.png, chelsea.png, rocket.png) come from --assets; without it, \
      bench/assets relative to the current directory is used when it exists \
      (the benchmark anchor in the repository, for a run from the repository's root).
      """)

  @Option(help: "Device pixels per point: 3 (1170 x 2532 px) or 2 (780 x 1688 px).")
  var scale = 3

  @Option(help: "Timed rounds (after one warm-up round); medians are reported.")
  var runs = 9

  @Option(name: .customLong("frame-out"), help: "Also write the rendered frame to this PNG file.")
  var frameOut: String?

  @Option(help: "Folder holding coffee.png, chelsea.png and rocket.png (default: bench/assets).")
  var assets: String?

  @Option(help: "Also write every sample (milliseconds, bytes) to this JSON file.")
  var json: String?

  @Option(help: "Encoder settings to time: standard (17 settings), frames (the frame default only) or none.")
  var encoders: EncoderChoice = .standard

  enum EncoderChoice: String, ExpressibleByArgument, CaseIterable {
    case standard, frames, none
    var settings: [EncoderSetting] {
      switch self {
      case .standard: EncoderSetting.standard
      case .frames: [EncoderSetting.standard[0]]
      case .none: []
      }
    }
  }

  @Option(help: ArgumentHelp(
    "Time a scene's staged frames instead of the canonical frame: building each frame's layer tree and rasterizing it, one thread, no encoding.",
    valueName: "scene.yaml"))
  var scene: String?

  @Option(help: "With --scene: the scene's named variant.")
  var variant: String?

  @OptionGroup var device: DeviceModelOption

  @Option(help: "With --scene: only these frames (A..B, inclusive).")
  var frames: String?

  @Flag(help: "Time a full-width bar material (chrome, 390 x 100 pt at the top, over the canonical grid) instead of the canonical frame.")
  var material = false

  @Flag(help: "Time converting the canonical frame to yuv420p (the MP4 encoder's input) instead of rendering it; FLIPBOOK_PORTABLE_KERNELS=1 times the portable loops instead of the AVX2 ones.")
  var yuv = false

  @Option(name: .customLong("backdrop-out"), help: "With --material: also write the pixels under the bar (the input) to this PNG file.")
  var backdropOut: String?

  static let defaultAssets = "bench/assets"

  func validate() throws {
    guard scale == 2 || scale == 3 else { throw ValidationError("--scale must be 2 or 3, got \(scale)") }
    guard runs >= 1 else { throw ValidationError("--runs must be at least 1, got \(runs)") }
    if scene == nil {
      guard variant == nil, frames == nil else { throw ValidationError("--variant and --frames need --scene") }
      guard device.model == nil else { throw ValidationError("--device-model needs --scene") }
    }
    if material && scene != nil { throw ValidationError("--material and --scene are separate benchmarks; give one") }
    if yuv && (material || scene != nil) { throw ValidationError("--yuv, --material and --scene are separate benchmarks; give one") }
    if yuv && frameOut != nil { throw ValidationError("--frame-out does not apply to --yuv") }
    if backdropOut != nil && !material { throw ValidationError("--backdrop-out needs --material") }
  }

  func run() throws {
    if let scene {
      try runScene(scene)
      return
    }
    let folder = assets ?? Self.defaultAssets
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      throw BenchError(
        message: assets == nil
          ? "no --assets given and \(Self.defaultAssets) does not exist here; pass --assets DIR (the bench photos folder)"
          : "--assets \(folder): no such folder")
    }
    let frame = try CanonicalFrame.load(assets: folder)
    if material {
      try runMaterial(frame)
      return
    }
    if yuv {
      try runYUV(frame)
      return
    }
    let bench = Benchmark(frame: frame, scale: scale, runs: runs, settings: encoders.settings)
    let (report, bitmap) = try bench.run { line in
      FileHandle.standardError.write(Data("bench: \(line)\n".utf8))
    }
    if let frameOut {
      try writePNG(bitmap, to: frameOut, encoder: PNGEncoder.frames, makeFolder: false)
    }
    if let json { try writeJSON(report, to: json) }
    print(Self.text(report, scale: scale, runs: runs, frameOut: frameOut))
  }

  static func text(_ report: Benchmark.Report, scale: Int, runs: Int, frameOut: String?) -> String {
    func ms(_ q: Quantiles) -> String {
      "\(pad(fixed(q.median), 8)) ms  [\(fixed(q.p25))–\(fixed(q.p75))]"
    }
    var lines = [
      "flipbook bench: canonical frame \(report.width) x \(report.height) px (scale \(scale)), \(runs) runs, median [p25–p75]",
      "",
      "\(pad("render (layer tree)", 34, left: true)) \(ms(report.render))",
    ]
    for part in report.parts {
      lines.append("\(pad("  " + part.name, 34, left: true)) \(ms(part.milliseconds))")
    }
    if !report.encodings.isEmpty {
      lines += ["", "\(pad("PNG encode", 34, left: true)) \(pad("median", 11))  [p25–p75]          bytes"]
      for e in report.encodings {
        let check = e.roundTrips ? "" : "  DECODE MISMATCH"
        lines.append(
          "\(pad(e.setting, 34, left: true)) \(ms(e.milliseconds)) \(pad(grouped(e.bytes), 12))\(check)")
      }
    }
    if let frameOut { lines += ["", "frame written to \(frameOut)"] }
    return lines.joined(separator: "\n")
  }

  static func fixed(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  static func grouped(_ n: Int) -> String {
    let digits = Array(String(n))
    var out = ""
    for (i, d) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
      out.append(d)
    }
    return out
  }

  static func pad(_ s: String, _ width: Int, left: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - s.count))
    return left ? s + fill : fill + s
  }
}

/// A failure of `flipbook bench` after its arguments parsed (printed as "Error: <message>", exit 1).
struct BenchError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// Writes a bench report as pretty-printed JSON with sorted keys, atomically, to `path`.
func writeJSON(_ report: some Encodable, to path: String) throws {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  do {
    try AtomicFile.write([UInt8](encoder.encode(report)), to: path)
  } catch {
    throw BenchError(message: "--json \(path): cannot write (\(error.localizedDescription))")
  }
}
