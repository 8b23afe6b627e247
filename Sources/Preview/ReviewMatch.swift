import Foundation
import JSONText
import Stage

/// A screen recording held against the reviewed scene (`flipbook review --recording`;
/// docs/match.md): the files it adds to the bundle and what the page shows of it. Made by the
/// command line from Match's analysis, so the bundle needs no knowledge of how it was measured.
public struct ReviewMatch {
  /// match.json's value.
  public var json: JSONValue
  /// The verdict line (`matches within 2 pt / 8 ms` or `differs: ...`).
  public var verdict: String
  /// Whether the recording matches the spec.
  public var matches: Bool
  /// The report's other lines (alignment, each view, the fit), as `flipbook match` prints them.
  public var lines: [String]
  /// The progress chart of the spec and the recording, as a PNG.
  public var chartPNG: [UInt8]
  /// Writes spec | recording | difference as an MP4 at the path given (inside the bundle's
  /// folder, appearing only complete).
  public var writeClip: (String) throws -> Void

  public init(json: JSONValue, verdict: String, matches: Bool, lines: [String], chartPNG: [UInt8], writeClip: @escaping (String) throws -> Void) {
    self.json = json; self.verdict = verdict; self.matches = matches; self.lines = lines; self.chartPNG = chartPNG
    self.writeClip = writeClip
  }

  /// The files it adds, by suffix after NAME.
  public static let suffixes = ["-match.json", "-match.png", "-match.mp4"]

  /// Writes NAME-match.json, NAME-match.png (the chart) and NAME-match.mp4 (the clip) at
  /// `base` and returns the page's `match` field: the verdict, the lines, the chart and the
  /// clip as data URLs.
  func write(base: String) throws -> JSONValue {
    try AtomicFile.write(Array(json.canonicalText.utf8), to: base + "-match.json", place: .inOutputFolder)
    try AtomicFile.write(chartPNG, to: base + "-match.png", place: .inOutputFolder)
    try writeClip(base + "-match.mp4")
    let clip = try Data(contentsOf: URL(fileURLWithPath: base + "-match.mp4"))
    return [
      "verdict": .string(verdict), "matches": .bool(matches), "lines": .array(lines.map(JSONValue.string)),
      "chart": .string(ReviewPage.dataURL(chartPNG)), "clip": .string("data:video/mp4;base64," + clip.base64EncodedString()),
      "files": .array(Self.suffixes.map { .string((base as NSString).lastPathComponent + $0) }),
    ]
  }
}
