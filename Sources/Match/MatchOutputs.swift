import Foundation
import PNG
import Stage

/// What `flipbook match -o DIR` writes: match.json, match.txt (the report), chart.png,
/// onion-skin.png and side-by-side.mp4.
public enum MatchOutputs {
  public static func write(_ analysis: MatchAnalysis, to directory: String) throws(MatchError) {
    try makeFolder(directory)
    try writeText(MatchReport.json(analysis), to: directory + "/match.json")
    try writeText(MatchReport.text(analysis), to: directory + "/match.txt")
    try MatchPictures.writePNG(try MatchPictures.chart(analysis), to: directory + "/chart.png")
    try MatchPictures.writePNG(MatchPictures.strip(analysis), to: directory + "/onion-skin.png")
    try MatchPictures.writeClip(analysis, to: directory + "/side-by-side.mp4")
  }

  /// chart.png's bytes: the progress chart of the spec and the recording (MatchPictures).
  public static func chartPNG(_ analysis: MatchAnalysis) throws(MatchError) -> [UInt8] {
    let bitmap = try MatchPictures.chart(analysis)
    do { return try PNGEncoder(level: 6).encode(bitmap) } catch { throw .output("cannot encode the chart: \(error)") }
  }

  /// side-by-side.mp4 (spec | recording | difference) at `path`, placed as `place` says
  /// (a review bundle's folder: `.inOutputFolder`).
  public static func writeClip(_ analysis: MatchAnalysis, to path: String, place: AtomicFile.Place) throws(MatchError) {
    try MatchPictures.writeClip(analysis, to: path, place: place)
  }

  static func makeFolder(_ path: String) throws(MatchError) {
    do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
      throw .output("cannot create \(path): \(error.localizedDescription)")
    }
  }

  static func writeText(_ text: String, to path: String) throws(MatchError) {
    do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
      throw .output("cannot write \(path): \(error.localizedDescription)")
    }
  }
}
