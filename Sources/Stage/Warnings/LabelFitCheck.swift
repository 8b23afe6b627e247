import Foundation
import Geometry
import Scene
import Text

/// Looks for labels whose text does not fit their frame (docs/motion.md, "Warnings"), laid out
/// as they are drawn (Text's `layout`, as UILabel: wrapping at the frame's width, at most
/// `numberOfLines` lines and no more than fit in its height):
/// - *height*: the text needs more lines (up to `numberOfLines`) than the frame's height holds,
///   so lines are dropped; the warning says the height that holds them;
/// - *width*: the text is cut short (an ellipsis, or words dropped) although the scene did not
///   write `lineBreak` (`lineBreak: truncateTail` says a truncation is meant).
/// Each label at its frame as written, hidden ones included (a track may show them).
public enum LabelFitCheck {
  public static func warnings(_ document: SceneDocument) -> [MotionWarning] {
    var out: [MotionWarning] = []
    for screen in document.screens {
      visit(screen.view, name: screen.name, location: screen.location, into: &out)
    }
    return out
  }

  static func visit(_ view: SceneView, name: String, location: SourceLocation?, into out: inout [MotionWarning]) {
    let here = view.location ?? location
    if case .text(let text)? = view.content, let w = warning(text, frame: view.frame, name: name, location: here) {
      out.append(w)
    }
    for (i, child) in view.subviews.enumerated() {
      visit(child, name: name + (child.id.map { ".\($0)" } ?? "[\(i)]"), location: here, into: &out)
    }
  }

  /// The warning for one label, nil when its text fits.
  static func warning(_ text: SceneView.Text, frame: Rect, name: String, location: SourceLocation?) -> MotionWarning? {
    let label = text.label
    guard !text.string.isEmpty, frame.width > 0, frame.height > 0,
      let shown = try? layout(label, in: frame.size), shown.lineHeight > 0,
      let wanted = try? measure(label, maxWidth: frame.width)
    else { return nil }
    let lineHeight = shown.lineHeight
    let needed = Int((wanted.height / lineHeight).rounded())
    let size = MotionCheck.number(text.fontSize) + " pt"
    if needed > shown.lines.count {
      let height = Double(needed) * lineHeight
      let message = "label '\(name)' is clipped: it needs \(MotionCheck.number(height.rounded(.up))) pt of height for \(needed) lines at \(size), "
        + "and its frame is \(MotionCheck.number(frame.height)) pt tall, so it shows \(lines(shown.lines.count))"
      let note = "make the frame at least \(MotionCheck.number(height.rounded(.up))) pt tall (one line is \(MotionCheck.number(lineHeight)) pt at \(size)), "
        + "or give it fewer lines (numberOfLines)"
      return MotionWarning(kind: .clippedText, location: location, message: message, notes: [note], time: 0, jump: 0)
    }
    guard shown.isTruncated, !text.lineBreakIsWritten else { return nil }
    var all = label
    all.numberOfLines = 0
    let message: String, note: String
    if text.numberOfLines == 1 {
      let width = MotionCheck.number(text.measuredWidth.rounded(.up))
      message = "label '\(name)' is truncated: its text is \(width) pt wide on one line at \(size), and its frame is \(MotionCheck.number(frame.width)) pt wide"
      note = "make the frame at least \(width) pt wide, or write lineBreak: truncateTail if the ellipsis is meant"
    } else {
      let full = (try? measure(all, maxWidth: frame.width)).map { Int(($0.height / lineHeight).rounded()) } ?? needed
      message = "label '\(name)' is cut short: at \(MotionCheck.number(frame.width)) pt wide its text needs \(lines(full)) at \(size), and numberOfLines is \(text.numberOfLines)"
      note = "allow \(full) lines (numberOfLines: \(full), and \(MotionCheck.number((Double(full) * lineHeight).rounded(.up))) pt of height), or write lineBreak: truncateTail if the cut is meant"
    }
    return MotionWarning(kind: .clippedText, location: location, message: message, notes: [note], time: 0, jump: 0)
  }

  static func lines(_ n: Int) -> String { n == 1 ? "1 line" : "\(n) lines" }
}
