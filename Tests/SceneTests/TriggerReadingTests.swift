import Testing
@testable import Scene

/// `transition.trigger` as the reader takes it: defaults, and each bad value's whole message
/// with its file:line:column.
@Suite struct TriggerReadingTests {
  static func scene(_ trigger: String) -> String {
    """
    scene: t
    device: iphone-14
    screens:
      a:
        subviews:
          - view: {id: card, frame: [20, 200, 350, 400], backgroundColor: white}
      b: {backgroundColor: black}
    transition:
      kind: push
      from: a
      to: b
      timing: {curve: linear, duration: 0.3}
      trigger:
    \(trigger)
    """
  }

  @Test func defaults() throws {
    let tap = try #require(load(Self.scene("    tap: {view: a.card, at: 0.2, highlight: press}")).document?.transition.trigger)
    #expect(tap.gesture == .tap && tap.at == 0.2 && tap.duration == 0.1 && tap.point == nil && tap.view?.text == "a.card")
    #expect(tap.highlight == .press(scale: 0.96, timing: .spring(duration: 0.3, dampingRatio: 0.8)))
    let long = try #require(load(Self.scene("    longPress: {view: a.card, at: 0.2, highlight: {cell: {color: \"#FF0000\"}}}")).document?.transition.trigger)
    #expect(long.gesture == .longPress && long.duration == 0.8)
    guard case .cell(let color, let off)? = long.highlight else { Issue.record("not a cell highlight"); return }
    #expect(color.red == 1 && color.green == 0 && off == HighlightSpec.cellOff)
    let dim = try #require(load(Self.scene("    tap: {view: a.card, at: 0.2, highlight: dim}")).document?.transition.trigger)
    #expect(dim.highlight == .dim(opacity: 0.2, off: .curve(.easeOut, duration: 0.2)))
  }

  @Test func badValuesSayWhereAndWhy() {
    func first(_ trigger: String) -> String { String(errors(Self.scene(trigger)).split(separator: "\n").first ?? "") }
    #expect(first("    tap: {view: a.card, at: 0.2, highlight: glow}")
      == "scene.yaml:14:45: error: 'glow' is not a valid highlight; use one of none, dim, cell, press")
    #expect(first("    tap: {view: a.card, at: -1}") == "scene.yaml:14:29: error: at must be in 0...120 (got -1)")
    #expect(first("    tap: {at: 0.2}") == "scene.yaml:14:10: error: tap needs 'view' or 'point'")
    #expect(first("    tap: {view: a.card, at: 0.2}\n    longPress: {view: a.card, at: 0.2}")
      == "scene.yaml:15:5: error: trigger cannot have both 'tap' and 'longPress'")
    #expect(first("    tap: {point: [10, 10], at: 0.2, highlight: dim}")
      == "scene.yaml:14:37: error: tap with a highlight (the highlighted view) needs 'view'")
    #expect(first("    tap: {view: a.card, at: 0.2, highlight: {press: {scale: 0}}}")
      == "scene.yaml:14:61: error: scale must be in 0.001...1000 (got 0)")
    #expect(first("    tap: {view: a.card, at: 0.2, highlight: {dim: {}, cell: {}}}")
      == "scene.yaml:14:55: error: highlight cannot have both 'dim' and 'cell'")
    #expect(first("    tap: {view: a.card, at: 0.2, duration: 0}") == "scene.yaml:14:44: error: duration must be in 0.001...120 (got 0)")
    #expect(first("    tap: {view: a.crd, at: 0.2}") == "scene.yaml:14:17: error: unknown view 'a.crd'")
    #expect(first("    swipe: {view: a.card, at: 0.2}").hasPrefix("scene.yaml:14:5: error: unknown key 'swipe'"))
  }
}
