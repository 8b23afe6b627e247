import Foundation
import Testing
@testable import Scene

/// `transition.restingPoints` and `interactive.commit` as the reader takes them.
@Suite struct RestingPointsReadingTests {
  /// An iPhone 14 sheet (844 pt tall, safeTop 47); `rest` and `interactive` are spliced in.
  func scene(rest: String, interactive: String = Self.interactive) -> String {
    """
    scene: sheet
    device: iphone-14
    screens:
      map: {backgroundColor: white}
      sheet:
        subviews:
          - view: {id: panel, frame: [0, 57, width, 787]}
    transition:
      kind: custom
      from: map
      to: sheet
      timing: {spring: {duration: 0.5, dampingRatio: 1}}
      tracks:
        - {view: sheet.panel, property: translation.y, from: 667, to: 0}
      restingPoints:
    \(rest.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
    \(interactive)
    """
  }

  static let interactive = """
      interactive:
        gesture:
          - {at: 0.1, touch: down, point: [195, 740]}
          - {at: 0.3, touch: up, point: [195, 620]}
        progress: {direction: up, distance: 667}
        complete: {spring: {duration: 0.5, dampingRatio: 1}, handOffVelocity: true}
    """

  // Positions in layout expressions become progress: p = (724 − c)/667.
  @Test func positionsBecomeProgress() throws {
    let d = try #require(load(scene(rest: "positions: {small: height - 120, medium: height / 2, large: safeTop + 10}\nstart: medium")).document)
    let rest = try #require(d.transition.restingPoints)
    #expect(rest.points.points.map(\.name) == ["small", "medium", "large"])
    #expect(rest.points.points.map(\.progress) == [0, 302.0 / 667, 1])
    #expect(rest.start == 1 && rest.end == 2)
    #expect(rest.points.decelerationRate == 0.998)
    let p = try #require(load(scene(rest: "progress: {closed: 0, half: 0.4, open: 1}\ndecelerationRate: 0.99")).document)
    #expect(p.transition.restingPoints?.points.points.map(\.progress) == [0, 0.4, 1])
    #expect(p.transition.restingPoints?.points.decelerationRate == 0.99)
  }

  @Test func mistakesAreNamed() {
    let order = errors(scene(rest: "positions: {small: height - 120, large: safeTop + 10, medium: height / 2}"))
    #expect(order.contains("scene.yaml:16:") && order.contains("resting point 'medium'") && order.contains("points listed in order along the axis"), "\(order)")
    let name = errors(scene(rest: "progress: {small: 0, large: 1}\nstart: lage"))
    #expect(name.contains("resting point") && name.contains("lage") && name.contains("large"), "\(name)")
    let remaining = errors(scene(rest: "progress: {small: 0, large: 1}", interactive: Self.interactive.replacingOccurrences(of: "\n    complete: {spring: {duration: 0.5, dampingRatio: 1}, handOffVelocity: true}", with: "")))
    #expect(remaining.contains("complete must be a timing with resting points"), "\(remaining)")
    let direction = errors(scene(rest: "positions: {small: height - 120, large: safeTop + 10}", interactive: Self.interactive.replacingOccurrences(of: "direction: up", with: "direction: down")))
    #expect(direction.contains("progress.direction") && direction.contains("up or left"), "\(direction)")
    let end = errors(scene(rest: "progress: {small: 0, large: 1}\nend: small"))
    #expect(end.contains("no 'end' with 'interactive'"), "\(end)")
    let one = errors(scene(rest: "progress: {only: 0.5}"))
    #expect(one.contains("at least two resting points"), "\(one)")
    let both = errors(scene(rest: "progress: {a: 0, b: 1}\npositions: {a: 0, b: 1}"))
    #expect(both.contains("progress") && both.contains("positions"), "\(both)")
  }

  @Test func commitReads() throws {
    let text = scene(rest: "progress: {small: 0, large: 1}", interactive: Self.interactive + "\n    commit: {progress: \">= 0.4\", velocity.y: \"< 0\"}")
    let d = try #require(load(text).document)
    let commit = try #require(d.transition.interaction?.commit)
    #expect(commit == [[.init(.progress, .greaterOrEqual, 0.4), .init(.velocityY, .less, 0)]])
    let bad = errors(scene(rest: "progress: {small: 0, large: 1}", interactive: Self.interactive + "\n    commit: {progres: \">= 0.4\"}"))
    #expect(bad.contains("progres") && bad.contains("commit"), "\(bad)")
  }

  @Test func trackPhaseReads() throws {
    let text = scene(rest: "progress: {small: 0, large: 1}").replacingOccurrences(
      of: "property: translation.y, from: 667, to: 0}", with: "property: translation.y, from: 667, to: 0, phase: settle}")
    let d = try #require(load(text).document)
    #expect(d.transition.tracks.first { $0.property == .translationY }?.phase == .settle)
    let both = errors(text.replacingOccurrences(of: "phase: settle}", with: "phase: drag, timing: {curve: linear, duration: 1}}"))
    #expect(both.contains("phase") && both.contains("timing"), "\(both)")
    let word = errors(text.replacingOccurrences(of: "phase: settle}", with: "phase: settling}"))
    #expect(word.contains("settling") && word.contains("drag"), "\(word)")
  }
}
