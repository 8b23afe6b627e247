import Foundation
import Scene
import TestSupport
import Testing
@testable import Stage

/// `check` warns about labels whose text does not fit their frame (docs/motion.md,
/// "Warnings"): Fixtures/clipped-labels.yaml. Inter's line height is its hhea ascender −
/// descender + lineGap, (2728 + 680 + 0) / 2816 em: 20.5739 pt at 17 pt (docs/text.md), so
/// two lines need 41.15 pt, printed rounded up to 42.
@Suite struct LabelFitCheckTests {
  static let lineHeight = 3408.0 / 2816 * 17

  @Test func aTwoLineLabelInAOneLineFrameWarnsWithTheHeightItNeeds() throws {
    let clip = try Fixtures.clip("clipped-labels.yaml")
    let warnings = MotionCheck.warnings(clip).filter { $0.kind == .clippedText }
    let short = try #require(warnings.first { $0.message.contains("'a.short'") })
    #expect(short.message == "label 'a.short' is clipped: it needs 42 pt of height for 2 lines at 17 pt, and its frame is 30 pt tall, so it shows 1 line")
    #expect(abs(2 * Self.lineHeight - 41.1477) < 1e-4)
    #expect(short.location?.line == 9)
    #expect(!warnings.contains { $0.message.contains("'a.tall'") })
  }

  @Test func aTruncationWarnsUnlessLineBreakSaysSo() throws {
    let clip = try Fixtures.clip("clipped-labels.yaml")
    let warnings = MotionCheck.warnings(clip).filter { $0.kind == .clippedText }
    let narrow = try #require(warnings.first { $0.message.contains("'a.narrow'") })
    #expect(narrow.message.hasPrefix("label 'a.narrow' is truncated: its text is "))
    #expect(narrow.message.hasSuffix(" pt wide on one line at 17 pt, and its frame is 80 pt wide"))
    #expect(narrow.notes == [narrow.notes[0]] && narrow.notes[0].hasSuffix("or write lineBreak: truncateTail if the ellipsis is meant"))
    #expect(!warnings.contains { $0.message.contains("'a.meant'") })
    #expect(warnings.count == 2)
  }

  /// `check` prints them as file:line:column: warning, and exits 0 (65 with --strict).
  @Test func checkPrintsThem() throws {
    let r = try runFlipbook(["check", Fixtures.path("clipped-labels.yaml")])
    #expect(r.status == 0)
    #expect(r.stdout.contains(": ok (2 warnings): "))
    #expect(r.stderr.contains("clipped-labels.yaml:9:"))
    #expect(r.stderr.contains("warning: label 'a.short' is clipped: it needs 42 pt of height for 2 lines at 17 pt"))
  }
}
