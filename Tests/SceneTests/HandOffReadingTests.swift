import Testing
@testable import Scene

/// `handOffVelocity: true | false | perAxis` on a settle, and its errors at the value.
@Suite struct HandOffReadingTests {
  func scene(_ settle: String) -> String {
    """
    screens:
      a: {subviews: [{view: {id: card, frame: [0, 0, 100, 100]}}]}
      b: {}
    transition:
      kind: dismiss
      from: a
      to: b
      timing: {curve: linear, duration: 0.4}
      interactive:
        gesture:
          - {at: 0.1, touch: down, point: [50, 50]}
          - {at: 0.2, touch: up, point: [50, 90]}
        progress: {direction: down, distance: 200}
        follow: {view: a.card}
        complete: \(settle)
    """
  }

  @Test func readsTheThreeForms() throws {
    let cases: [(String, VelocityHandOff)] = [
      ("{spring: {duration: 0.4, dampingRatio: 1}}", .none),
      ("{spring: {duration: 0.4, dampingRatio: 1}, handOffVelocity: false}", .none),
      ("{spring: {duration: 0.4, dampingRatio: 1}, handOffVelocity: true}", .progress),
      ("{spring: {duration: 0.4, dampingRatio: 1}, handOffVelocity: perAxis}", .perAxis),
    ]
    for (settle, expected) in cases {
      let doc = try #require(load(scene(settle)).document)
      #expect(doc.transition.interaction?.complete == .timing(.spring(duration: 0.4, dampingRatio: 1), handOffVelocity: expected))
    }
  }

  @Test func errorsAtTheValue() {
    // Line 15 is `complete: ...` (4 spaces, `complete: `, then the mapping at column 15); the
    // errors point at `perAxis` (column 64) and `sideways` (column 75), counted by hand.
    let curve = errors(scene("{curve: easeOut, duration: 0.3, handOffVelocity: perAxis}"))
    #expect(curve.contains("scene.yaml:15:64: error:") && curve.contains("a spring for perAxis"), "\(curve)")
    let word = errors(scene("{spring: {duration: 0.4, dampingRatio: 1}, handOffVelocity: sideways}"))
    #expect(word.contains("scene.yaml:15:75: error:") && word.contains("true, false or perAxis"), "\(word)")
  }
}
