/// Parses `--frames` ranges: `A..B` (inclusive, as in "frames 10 to 19"), `A..<B`
/// (half-open), `A..` (to the last frame), `..B` and `..<B` (from frame 0) or a single
/// frame `N`, against a clip of `frameCount` frames numbered from 0. A negative number is
/// an error that says how to write the first or the last frames.
public enum FrameRangeParser {
  public static func parse(_ text: String, frameCount: Int) throws(StageError) -> ClosedRange<Int> {
    let t = text.trimmingCharacters(in: " ")
    func number(_ s: Substring) throws(StageError) -> Int {
      if s.isEmpty, s.startIndex == t.startIndex, t.hasPrefix("..") { return 0 }  // `..B`: from the first frame
      if s.hasPrefix("-"), let n = Int(s.dropFirst()), n > 0 {
        throw .badFrameRange(
          text, reason: "frame numbers count from 0; write ..\(n) (or 0..\(n)) for frames 0 to \(n), or \(max(frameCount - n, 0)).. for the last \(n)")
      }
      guard let n = Int(s), n >= 0 else {
        throw .badFrameRange(text, reason: "'\(s)' is not a frame number (a whole number >= 0)")
      }
      return n
    }
    let range: ClosedRange<Int>
    if let r = t.range(of: "..<") {
      let a = try number(t[..<r.lowerBound]), b = try number(t[r.upperBound...])
      guard b > a else { throw .badFrameRange(text, reason: "the range is empty") }
      range = a...(b - 1)
    } else if let r = t.range(of: "..") {
      let a = try number(t[..<r.lowerBound])
      let rest = t[r.upperBound...]
      let b = rest.isEmpty ? frameCount - 1 : try number(rest)
      guard b >= a else { throw .badFrameRange(text, reason: "the end \(b) is before the start \(a)") }
      range = a...b
    } else {
      let n = try number(Substring(t))
      range = n...n
    }
    guard range.upperBound < frameCount else {
      throw .badFrameRange(
        text, reason: "the clip has \(frameCount) frames (0..\(frameCount - 1)), frame \(range.upperBound) is past its end")
    }
    return range
  }
}

extension String {
  fileprivate func trimmingCharacters(in c: Character) -> String {
    var s = Substring(self)
    while s.first == c { s = s.dropFirst() }
    while s.last == c { s = s.dropLast() }
    return String(s)
  }
}
