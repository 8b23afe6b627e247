import Foundation
import Motion
import Scene

/// The trigger (`transition.trigger`) as code: the gesture that starts the transition (a
/// control's `.touchUpInside`, a `UILongPressGestureRecognizer` with UIKit's defaults; a SwiftUI
/// `Button` or `onLongPressGesture`), the highlight with its numbers and timing, and the
/// scene's scripted finger as a comment. The rules are Motion's (docs/motion.md, "Taps and long
/// presses"); the highlight styles are docs/scene-format.md's ("Trigger").
enum TriggerCode {
  /// UIKit: `installTrigger(on:startTransition:)`.
  static func uikit(_ trigger: MotionPlan.Trigger) -> [String] {
    let t = trigger.spec
    let view = t.view.map(CodeNames.identifier) ?? "pressedView"
    var out: [String] = []
    out += about(t).map { "/// " + $0 }
    if t.gesture == .longPress {
      out.append("final class LongPressTrigger: NSObject {")
      out.append("  let startTransition: () -> Void")
      out.append("  init(startTransition: @escaping () -> Void) { self.startTransition = startTransition }")
      out.append("  @objc func handle(_ press: UILongPressGestureRecognizer) {")
      out.append("    if press.state == .began { startTransition() }")
      out.append("  }")
      out.append("}")
      out.append("")
    }
    let returns = t.gesture == .longPress ? " -> LongPressTrigger" : ""
    out.append("func installTrigger(on \(view): UIControl, startTransition: @escaping () -> Void)\(returns) {")
    let ends = t.gesture == .tap ? "[.touchUpInside, .touchUpOutside, .touchCancel, .touchDragExit]" : "[.touchUpInside, .touchUpOutside, .touchCancel]"
    if let h = t.highlight, let a = trigger.highlight {
      out += highlight(h, a, view: view).map { "  " + $0 }
      out.append("  \(view).addAction(UIAction { _ in highlight(true) }, for: .touchDown)")
      out.append("  \(view).addAction(UIAction { _ in highlight(false) }, for: \(ends))")
    }
    switch t.gesture {
    case .tap:
      out.append("  \(view).addAction(UIAction { _ in startTransition() }, for: .touchUpInside)")
    case .longPress:
      out.append("  let trigger = LongPressTrigger(startTransition: startTransition)")
      out.append("  let press = UILongPressGestureRecognizer(target: trigger, action: #selector(LongPressTrigger.handle(_:)))")
      out.append("  press.minimumPressDuration = \(decimal(PressRecognizer.minimumPressDuration))  // UIKit's default")
      out.append("  press.allowableMovement = \(decimal(PressRecognizer.allowableMovement))  // UIKit's default, points")
      out.append("  press.cancelsTouchesInView = false  // the control still sees the lift (the highlight goes off)")
      out.append("  \(view).addGestureRecognizer(press)")
      out.append("  return trigger")
    }
    out.append("}")
    return out
  }

  /// UIKit: the nested `highlight(_ pressed:)` function.
  static func highlight(_ h: HighlightSpec, _ a: MotionPlan.Animation, view: String) -> [String] {
    var out: [String] = []
    let (timingLines, animator) = UIKitCode.animator(a)
    switch h {
    case .press(let scale, _):
      out.append("// Highlight (press): the scale goes to \(decimal(scale)) at the touch down and back to 1 at the lift, on this timing both ways")
      out.append("// (UIKit adds the second animation to the first, so a lift mid-way carries on smoothly).")
      out.append("func highlight(_ pressed: Bool) {")
      out += timingLines.map { "  " + $0 }
      out.append("  let animator = \(animator)")
      out.append("  animator.addAnimations { \(view).transform = pressed ? CGAffineTransform(scaleX: \(decimal(scale)), y: \(decimal(scale))) : .identity }")
      out.append("  animator.startAnimation()")
      out.append("}")
    case .dim(let opacity, _):
      out.append("// Highlight (dim): the alpha drops to \(decimal(opacity)) at once at the touch down and comes back to 1 after the lift on this timing")
      out.append("// (a UIButton(type: .system) dims its title so by itself).")
      out.append("func highlight(_ pressed: Bool) {")
      out.append("  if pressed { \(view).alpha = \(decimal(opacity)); return }")
      out += timingLines.map { "  " + $0 }
      out.append("  let animator = \(animator)")
      out.append("  animator.addAnimations { \(view).alpha = 1 }")
      out.append("  animator.startAnimation()")
      out.append("}")
    case .cell(let color, _):
      let c = "UIColor(red: \(decimal(color.red)), green: \(decimal(color.green)), blue: \(decimal(color.blue)), alpha: \(decimal(color.alpha)))"
      out.append("// Highlight (cell): \(color.description) over the view's background at once at the touch down, fading out after the lift on this timing")
      out.append("// (a UITableViewCell's selected background, UIColor.systemGray4 by default).")
      out.append("let selection = UIView(frame: \(view).bounds)")
      out.append("selection.backgroundColor = \(c)")
      out.append("selection.alpha = 0")
      out.append("selection.isUserInteractionEnabled = false")
      out.append("\(view).insertSubview(selection, at: 0)")
      out.append("func highlight(_ pressed: Bool) {")
      out.append("  if pressed { selection.alpha = 1; return }")
      out += timingLines.map { "  " + $0 }
      out.append("  let animator = \(animator)")
      out.append("  animator.addAnimations { selection.alpha = 0 }")
      out.append("  animator.startAnimation()")
      out.append("}")
    }
    return out
  }

  /// SwiftUI: a `ButtonStyle` (tap) or a `ViewModifier` with `onLongPressGesture` (long press)
  /// that draws the highlight and starts the transition.
  static func swiftUI(_ trigger: MotionPlan.Trigger, transition: String) -> [String] {
    let t = trigger.spec
    let view = t.view.map(CodeNames.identifier) ?? "pressedView"
    let type = view.prefix(1).uppercased() + view.dropFirst()
    var out: [String] = about(t).map { "/// " + $0 }
    var modifiers: [String] = []
    var pressed = "configuration.isPressed"
    if t.gesture == .longPress { pressed = "isPressed" }
    if let h = t.highlight, let a = trigger.highlight {
      let animation = SwiftUICode.expression(a)
      switch h {
      case .press(let scale, _):
        modifiers.append(".scaleEffect(\(pressed) ? \(decimal(scale)) : 1)")
        modifiers.append(".animation(\(animation), value: \(pressed))")
      case .dim(let opacity, _):
        modifiers.append(".opacity(\(pressed) ? \(decimal(opacity)) : 1)")
        modifiers.append(".animation(\(pressed) ? nil : \(animation), value: \(pressed))  // at once on, animated off")
      case .cell(let color, _):
        modifiers.append(".background(Color(red: \(decimal(color.red)), green: \(decimal(color.green)), blue: \(decimal(color.blue))).opacity(\(pressed) ? \(decimal(color.alpha)) : 0))")
        modifiers.append(".animation(\(pressed) ? nil : \(animation), value: \(pressed))  // at once on, animated off")
      }
    }
    switch t.gesture {
    case .tap:
      out.append("struct \(type)PressStyle: ButtonStyle {")
      out.append("  func makeBody(configuration: Configuration) -> some View {")
      out.append("    configuration.label")
      out += modifiers.map { "      " + $0 }
      out.append("  }")
      out.append("}")
      out.append("// Button { withAnimation(\(transition)) { p = 1 } } label: { \(view) }")
      out.append("//   .buttonStyle(\(type)PressStyle())  // the action runs on touch-up inside")
    case .longPress:
      out.append("struct \(type)LongPress: ViewModifier {")
      out.append("  let action: () -> Void")
      out.append("  @State private var isPressed = false")
      out.append("  func body(content: Content) -> some View {")
      out.append("    content")
      out += modifiers.map { "      " + $0 }
      out.append("      .onLongPressGesture(minimumDuration: \(decimal(PressRecognizer.minimumPressDuration)), maximumDistance: \(decimal(PressRecognizer.allowableMovement)), perform: action, onPressingChanged: { isPressed = $0 })")
      out.append("  }")
      out.append("}")
      out.append("// \(view).modifier(\(type)LongPress { withAnimation(\(transition)) { p = 1 } })")
    }
    return out
  }

  /// What starts the transition and what the scene's finger does, as comment lines.
  static func about(_ t: TriggerSpec) -> [String] {
    let on = t.view.map { " on \($0.text)" } ?? ""
    var out: [String] = []
    let where_ = t.point.map { "at (\(decimal($0.x)), \(decimal($0.y)))" } ?? "on the view's centre"
    let drift = t.drift == .zero ? "" : ", moving (\(decimal(t.drift.x)), \(decimal(t.drift.y))) pt at constant speed"
    let up = t.at + t.duration
    switch t.gesture {
    case .tap:
      out.append("The trigger: a tap\(on) starts the transition on touch-up inside (UIControl's .touchUpInside: a lift")
      out.append("within the view's bounds grown by \(decimal(PressRecognizer.touchOutsideMargin)) pt on every side; past that margin the highlight goes off and nothing starts).")
      out.append("This scene's finger: down at \(decimal(t.at, places: 3)) s \(where_)\(drift), up at \(decimal(up, places: 3)) s; the transition starts at the lift.")
    case .longPress:
      let recognised = t.at + PressRecognizer.minimumPressDuration
      out.append("The trigger: a long press\(on) starts the transition when UILongPressGestureRecognizer begins: \(decimal(PressRecognizer.minimumPressDuration)) s after")
      out.append("the touch down, if the finger is still down and has moved at most \(decimal(PressRecognizer.allowableMovement)) pt (its defaults).")
      out.append("This scene's finger: down at \(decimal(t.at, places: 3)) s \(where_)\(drift), up at \(decimal(up, places: 3)) s; "
        + (t.duration >= PressRecognizer.minimumPressDuration ? "recognised at \(decimal(recognised, places: 3)) s." : "it lifts first: nothing starts."))
    }
    if t.highlight == nil { out.append("No highlight.") }
    return out
  }
}
