import Foundation
import TestSupport
import XCTest

/// `flipbook spec` describes `transition.trigger`: T11's tap on the Today card with a press
/// highlight, and the same card long-pressed with a cell highlight (through `--set`). The
/// expected code is written out here by hand from the scene's numbers (tap at 0.3 s for 0.3 s;
/// press scale 0.96 on a 0.3 s, dampingRatio 0.8 spring), docs/scene-format.md's "Trigger"
/// (the cell colour #D1D1D6 = 209, 209, 214 / 255 = 0.819608, 0.819608, 0.839216; its fade back
/// 0.3 s ease in-out) and UIKit's documented defaults (the 70 pt touch-outside margin, a long
/// press's 0.5 s and 10 pt). The spring's ω line (UIKit's fit) is checked elsewhere
/// (PlatformSpringTests) and only matched by its start here.
final class TriggerSpecTests: XCTestCase {
  static let scene = repositoryRoot.appendingPathComponent("Scenes/t11-today-card-open.yaml").path

  /// The lines from "/// The trigger:" to the first line that is exactly "}" (UIKit) or the
  /// last comment of the SwiftUI helper.
  func block(_ text: String, to end: (String) -> Bool) -> [String] {
    let lines = text.components(separatedBy: "\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("/// The trigger:") }) else { return [] }
    var out: [String] = []
    for line in lines[start...] {
      out.append(line)
      if end(line) { break }
    }
    return out
  }

  func assertLines(_ got: [String], _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(got.count, expected.count, "\(got.joined(separator: "\n"))", file: file, line: line)
    for (g, e) in zip(got, expected) {
      if e.hasSuffix("…") { XCTAssertTrue(g.hasPrefix(String(e.dropLast())), "\(g)", file: file, line: line) } else { XCTAssertEqual(g, e, file: file, line: line) }
    }
  }

  func testATapWithAPressHighlight() throws {
    let uikit = try runFlipbook(["spec", Self.scene, "--format", "uikit"])
    XCTAssertEqual(uikit.status, 0, uikit.stderr)
    assertLines(block(uikit.stdout) { $0 == "}" }, [
      "/// The trigger: a tap on today.card starts the transition on touch-up inside (UIControl's .touchUpInside: a lift",
      "/// within the view's bounds grown by 70 pt on every side; past that margin the highlight goes off and nothing starts).",
      "/// This scene's finger: down at 0.3 s on the view's centre, up at 0.6 s; the transition starts at the lift.",
      "func installTrigger(on todayCard: UIControl, startTransition: @escaping () -> Void) {",
      "  // Highlight (press): the scale goes to 0.96 at the touch down and back to 1 at the lift, on this timing both ways",
      "  // (UIKit adds the second animation to the first, so a lift mid-way carries on smoothly).",
      "  func highlight(_ pressed: Bool) {",
      "    // ω0 …",
      "    let timing = UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: CGVector(dx: 0, dy: 0))",
      "    let animator = UIViewPropertyAnimator(duration: 0.3, timingParameters: timing)",
      "    animator.addAnimations { todayCard.transform = pressed ? CGAffineTransform(scaleX: 0.96, y: 0.96) : .identity }",
      "    animator.startAnimation()",
      "  }",
      "  todayCard.addAction(UIAction { _ in highlight(true) }, for: .touchDown)",
      "  todayCard.addAction(UIAction { _ in highlight(false) }, for: [.touchUpInside, .touchUpOutside, .touchCancel, .touchDragExit])",
      "  todayCard.addAction(UIAction { _ in startTransition() }, for: .touchUpInside)",
      "}",
    ])
    let swiftUI = try runFlipbook(["spec", Self.scene, "--format", "swiftui"])
    XCTAssertEqual(swiftUI.status, 0, swiftUI.stderr)
    assertLines(block(swiftUI.stdout) { $0.hasPrefix("//   .buttonStyle") }, [
      "/// The trigger: a tap on today.card starts the transition on touch-up inside (UIControl's .touchUpInside: a lift",
      "/// within the view's bounds grown by 70 pt on every side; past that margin the highlight goes off and nothing starts).",
      "/// This scene's finger: down at 0.3 s on the view's centre, up at 0.6 s; the transition starts at the lift.",
      "struct TodayCardPressStyle: ButtonStyle {",
      "  func makeBody(configuration: Configuration) -> some View {",
      "    configuration.label",
      "      .scaleEffect(configuration.isPressed ? 0.96 : 1)",
      "      .animation(.spring(response: …",
      "  }",
      "}",
      "// Button { withAnimation(transitionAnimation) { p = 1 } } label: { todayCard }",
      "//   .buttonStyle(TodayCardPressStyle())  // the action runs on touch-up inside",
    ])
  }

  func testALongPressWithACellHighlight() throws {
    let set = ["--set", "transition.trigger={longPress: {view: today.card, at: 0.2, duration: 0.9, highlight: cell}}"]
    let uikit = try runFlipbook(["spec", Self.scene, "--format", "uikit"] + set)
    XCTAssertEqual(uikit.status, 0, uikit.stderr)
    assertLines(fullBlock(uikit.stdout), [
      "/// The trigger: a long press on today.card starts the transition when UILongPressGestureRecognizer begins: 0.5 s after",
      "/// the touch down, if the finger is still down and has moved at most 10 pt (its defaults).",
      "/// This scene's finger: down at 0.2 s on the view's centre, up at 1.1 s; recognised at 0.7 s.",
      "final class LongPressTrigger: NSObject {",
      "  let startTransition: () -> Void",
      "  init(startTransition: @escaping () -> Void) { self.startTransition = startTransition }",
      "  @objc func handle(_ press: UILongPressGestureRecognizer) {",
      "    if press.state == .began { startTransition() }",
      "  }",
      "}",
      "",
      "func installTrigger(on todayCard: UIControl, startTransition: @escaping () -> Void) -> LongPressTrigger {",
      "  // Highlight (cell): #D1D1D6 over the view's background at once at the touch down, fading out after the lift on this timing",
      "  // (a UITableViewCell's selected background, UIColor.systemGray4 by default).",
      "  let selection = UIView(frame: todayCard.bounds)",
      "  selection.backgroundColor = UIColor(red: 0.819608, green: 0.819608, blue: 0.839216, alpha: 1)",
      "  selection.alpha = 0",
      "  selection.isUserInteractionEnabled = false",
      "  todayCard.insertSubview(selection, at: 0)",
      "  func highlight(_ pressed: Bool) {",
      "    if pressed { selection.alpha = 1; return }",
      "    let timing = UICubicTimingParameters(animationCurve: .easeInOut)",
      "    let animator = UIViewPropertyAnimator(duration: 0.3, timingParameters: timing)",
      "    animator.addAnimations { selection.alpha = 0 }",
      "    animator.startAnimation()",
      "  }",
      "  todayCard.addAction(UIAction { _ in highlight(true) }, for: .touchDown)",
      "  todayCard.addAction(UIAction { _ in highlight(false) }, for: [.touchUpInside, .touchUpOutside, .touchCancel])",
      "  let trigger = LongPressTrigger(startTransition: startTransition)",
      "  let press = UILongPressGestureRecognizer(target: trigger, action: #selector(LongPressTrigger.handle(_:)))",
      "  press.minimumPressDuration = 0.5  // UIKit's default",
      "  press.allowableMovement = 10  // UIKit's default, points",
      "  press.cancelsTouchesInView = false  // the control still sees the lift (the highlight goes off)",
      "  todayCard.addGestureRecognizer(press)",
      "  return trigger",
      "}",
    ])
  }

  /// The long press's block: through the second line that is exactly "}" (the class, then the function).
  func fullBlock(_ text: String) -> [String] {
    var closings = 0
    return block(text) { line in
      if line == "}" { closings += 1 }
      return closings == 2
    }
  }
}
