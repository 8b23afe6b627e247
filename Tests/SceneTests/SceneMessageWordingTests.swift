import Testing
@testable import Scene

/// Messages that must name the fix: an ambiguous path names each match by a path that picks
/// it, a variant's missing key says the variant replaces the block, an unquoted colour gets
/// "quote it", `response` with `dampingRatio` points at `dampingFraction`. Each is asserted as
/// the whole text a user sees.
@Suite struct SceneMessageWordingTests {
  /// A screen whose status bar has a battery with a `body` (the status bar's own views have
  /// ids: docs/scene-format.md), and a view of the scene's own called `body`.
  static let twoBodies = """
    canvas: {size: [390, 844]}
    screens:
      story:
        backgroundColor: white
        subviews:
          - statusBar: {}
          - view: {id: body, frame: [0, 100, 390, 300], backgroundColor: systemBlue}
      home:
        backgroundColor: white
    transition:
      kind: push
      from: home
      to: story
      timing: {curve: linear, duration: 0.3}
      tracks:
        - {view: story.body, property: opacity, from: 0, to: 1}

    """

  /// The ambiguous path names every view it matches, each by a path that picks it alone; and
  /// both of those paths load (so the message's advice works).
  @Test func ambiguousPathNamesTheViews() throws {
    #expect(errors(Self.twoBodies) == """
      scene.yaml:16:14: error: 'story.body' matches 2 views: 'story.statusBar.content.battery.body' and 'story[1]'; write the path of the one you mean
          - {view: story.body, property: opacity, from: 0, to: 1}
                   ^

      """)
    for path in ["story.statusBar.content.battery.body", "story[1]"] {
      let doc = try #require(load(Self.twoBodies.replacingOccurrences(of: "view: story.body", with: "view: \"\(path)\"")).document)
      let target = try #require(doc.transition.tracks.first?.target)
      #expect(doc.view(at: target)?.id == "body")
    }
  }

  /// Many matches: the first five are named, then how many more.
  @Test func ambiguousPathWithManyMatches() {
    // Ids are unique among siblings: eight rows, each with its own `cell`.
    let cells = (0..<8).map { "      - view: {frame: [0, \($0 * 10), 10, 10], subviews: [{view: {id: cell, frame: [0, 0, 10, 10]}}]}" }
      .joined(separator: "\n")
    let text = """
      canvas: {size: [390, 844]}
      screens:
        a:
          subviews:
      \(cells)
        b: {}
      transition:
        kind: push
        from: a
        to: b
        timing: {curve: linear, duration: 0.3}
        tracks:
          - {view: a.cell, property: opacity, from: 0, to: 1}

      """
    #expect(errors(text).hasPrefix(
      "scene.yaml:20:14: error: 'a.cell' matches 8 views: 'a[0].cell', 'a[1].cell', 'a[2].cell', 'a[3].cell', 'a[4].cell' and 3 more; write the path of the one you mean\n"))
  }

  static let interactive = """
    canvas: {size: [390, 844]}
    screens:
      a: {backgroundColor: white}
      b: {backgroundColor: systemBlue}
    transition:
      kind: dismiss
      from: b
      to: a
      timing: {spring: {duration: 0.5, dampingRatio: 1}}
      tracks:
        - {view: b, property: translation.y, from: 0, to: 844}
      interactive:
        gesture:
          - {at: 0.3, touch: down, point: [195, 400]}
          - {at: 0.5, touch: up, point: [195, 600]}
        progress: {direction: down, distance: 844}
        release:
          completeIf:
            - {velocity.y: "> 300"}
        complete: {spring: {duration: 0.5, dampingRatio: 1}, handOffVelocity: true}
        cancel: {spring: {duration: 0.5, dampingRatio: 1}, handOffVelocity: true}
    variants:
      slow:
        transition.interactive:
          gesture:
            - {at: 0.3, touch: down, point: [195, 400]}
            - {at: 0.9, touch: up, point: [195, 500]}

    """

  /// A variant that writes the whole `interactive` block to change its gesture: the error at
  /// its gesture line says the block replaced the base's, and which narrower path to write.
  @Test func variantReplacingABlockSaysSo() {
    #expect(errors(Self.interactive, variant: "slow") == """
      scene.yaml:25:7: error: interactive needs 'progress'
            gesture:
            ^
      note: variant 'slow' replaces the whole 'transition.interactive' of the scene as written, which has 'progress': an override sets a value, it does not merge blocks
      note: to change only what differs, override 'transition.interactive.gesture' instead

      """)
    // Written as the note says, it loads.
    let fixed = Self.interactive.replacingOccurrences(of: "    transition.interactive:\n      gesture:", with: "    transition.interactive.gesture:")
      .replacingOccurrences(of: "        - {at: 0.3, touch: down, point: [195, 400]}\n        - {at: 0.9", with: "      - {at: 0.3, touch: down, point: [195, 400]}\n      - {at: 0.9")
    #expect(load(fixed, variant: "slow").document?.transition.interaction?.gesture.count == 2)
  }

  /// A key missing from a block the scene as written lacks too is the plain error (no note
  /// about a replaced block).
  @Test func missingKeyTheBaseLacksTooHasNoReplacedBlockNote() {
    let text = Self.interactive.replacingOccurrences(of: "    progress: {direction: down, distance: 844}\n", with: "")
    #expect(errors(text).contains("error: interactive needs 'progress'"))
    #expect(!errors(text).contains("replaces the whole"))
  }

  /// An unquoted colour in a flow mapping on a list item followed by another `- ` item:
  /// libyaml complains at the next line ("did not find expected node content"); the error
  /// points at the `#` (6 spaces, `- view: {frame: [0, 0, 10, 10], backgroundColor: ` = 49
  /// scalars, so column 56) and says to quote it.
  @Test func unquotedColourBeforeAnotherListItem() {
    let text = """
      canvas: {size: [390, 844]}
      screens:
        a:
          subviews:
            - view: {frame: [0, 0, 10, 10], backgroundColor: #FF2D55}
            - view: {frame: [0, 20, 10, 10]}
        b: {}

      """
    #expect(errors(text) == """
      scene.yaml:5:56: error: YAML syntax: while parsing a flow node (line 6): did not find expected node content; the cause is here: YAML reads a space then '#' as the start of a comment, so #FF2D55 and the rest of the line were dropped
            - view: {frame: [0, 0, 10, 10], backgroundColor: #FF2D55}
                                                             ^
      note: quote it: backgroundColor: "#FF2D55"

      """)
  }

  /// `response` with UIKit's `dampingRatio`: the note names `dampingFraction`. And the
  /// converse, `duration` with SwiftUI's `dampingFraction`, names `dampingRatio` (it used to
  /// be reported as 'response' and 'duration', though no `response` was written).
  @Test func mixedSpringNamesPointToTheRightKey() {
    let forms = "note: a spring is one of {duration, dampingRatio} (UIKit), {duration, bounce} (iOS 17), {response, dampingFraction} (SwiftUI) or {mass, stiffness, damping} (Core Animation), each with an optional initialVelocity\n"
    #expect(errors(scene("timing: {spring: {duration: 0.5, dampingRatio: 1}}", "timing: {spring: {response: 0.5, dampingRatio: 0.8}}")) == """
      scene.yaml:15:36: error: spring cannot have both 'response' and 'dampingRatio'
        timing: {spring: {response: 0.5, dampingRatio: 0.8}}
                                         ^
      note: did you mean 'dampingFraction'? with 'response' (SwiftUI's spring(response:dampingFraction:)) the damping ratio is called dampingFraction; the number is the same

      """.replacingOccurrences(of: "the number is the same\n", with: "the number is the same\n" + forms))
    #expect(errors(scene("timing: {spring: {duration: 0.5, dampingRatio: 1}}", "timing: {spring: {duration: 0.5, dampingFraction: 0.8}}")) == """
      scene.yaml:15:21: error: spring cannot have both 'dampingFraction' and 'duration'
        timing: {spring: {duration: 0.5, dampingFraction: 0.8}}
                          ^
      note: did you mean 'dampingRatio'? with 'duration' (UIKit's spring) the damping fraction is called dampingRatio; the number is the same

      """.replacingOccurrences(of: "the number is the same\n", with: "the number is the same\n" + forms))
  }

  /// `--variant base` is the scene as written, as `preview` and `compare` take it; a scene
  /// that declares its own `base` gets that.
  @Test func variantBaseIsTheSceneAsWritten() throws {
    let doc = try #require(load(Self.interactive, variant: "base").document)
    #expect(doc.transition.interaction?.gesture.count == 2)
    #expect(doc.transition.interaction?.gesture.last?.time == 0.5)
    #expect(doc.variant == nil)
    let own = Self.interactive + "  base:\n    transition.interactive.gesture[1].at: 0.7\n"
    #expect(try #require(load(own, variant: "base").document).transition.interaction?.gesture.last?.time == 0.7)
  }
}
