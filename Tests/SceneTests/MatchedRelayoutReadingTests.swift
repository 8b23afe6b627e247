import Testing
@testable import Scene

/// `subviews: snapshot | relayout` and `hidesSource` on a matched view, and the pairing errors
/// at the subview they concern.
@Suite struct MatchedRelayoutReadingTests {
  /// Line numbers below are counted by hand from this text: line 1 is `screens:`; with
  /// one-line `from` and `to`, `to` is line 15 and `matched` line 21.
  func scene(from: String, to: String, matched: String = "subviews: relayout") -> String {
    """
    screens:
      a:
        subviews:
          - view:
              id: tile
              frame: [20, 100, 100, 140]
              subviews:
    \(from)
      b:
        subviews:
          - view:
              id: page
              frame: [0, 0, 300, 600]
              subviews:
    \(to)
    transition:
      kind: push
      from: a
      to: b
      timing: {curve: linear, duration: 1}
      matched: {from: a.tile, to: b.page, \(matched)}
    """
  }
  let box = "            - view: {id: box, frame: [0, 0, 100, 100]}"
  let name = "            - label: {id: name, frame: [0, 108, 100, 20], text: Hi}"

  @Test func readsTheKeysAndTheirDefaults() throws {
    let plain = try #require(load(scene(from: box, to: box, matched: "timing: {curve: linear, duration: 1}")).document)
    #expect(plain.transition.matched[0].subviews == .snapshot)
    #expect(plain.transition.matched[0].hidesSource)
    let written = try #require(load(scene(from: box, to: box, matched: "subviews: relayout, hidesSource: false")).document)
    #expect(written.transition.matched[0].subviews == .relayout)
    #expect(!written.transition.matched[0].hidesSource)
  }

  @Test func reverseKeepsTheKeys() throws {
    let doc = try #require(load(scene(from: box, to: box, matched: "subviews: relayout, hidesSource: false"), sets: ["transition.reverse=true"]).document)
    let m = doc.transition.matched[0]
    #expect(m.source.text == "b.page" && m.destination.text == "a.tile")
    #expect(m.subviews == .relayout && !m.hidesSource)
  }

  @Test func aBadWordIsNamedWithTheChoices() {
    // Line 21, `  matched: {from: a.tile, to: b.page, subviews: sideways}`: the value at column 49.
    let text = errors(scene(from: box, to: box, matched: "subviews: sideways"))
    #expect(text.contains("scene.yaml:21:49: error:") && text.contains("snapshot, relayout"), "\(text)")
  }

  @Test func pairedViewsOfDifferentKindsAreAnError() {
    // The page's `box` is a label: line 15, its mapping at column 22.
    let text = errors(scene(from: box, to: "            - label: {id: box, frame: [0, 0, 10, 10], text: Hi}"))
    #expect(text.contains("scene.yaml:15:22: error: matched subview 'box' must be the same kind of view"), "\(text)")
    #expect(text.contains("(got view and label)"), "\(text)")
  }

  @Test func nothingPairedIsAnErrorAtTheKey() {
    // `subviews: relayout` on line 21: the value at column 49.
    let text = errors(scene(from: box, to: name))
    #expect(text.contains("scene.yaml:21:49: error:") && text.contains("that share an id (got no id in common)"), "\(text)")
  }

  @Test func aSnapshotDoesNotCheckThePairing() throws {
    _ = try #require(load(scene(from: box, to: name, matched: "subviews: snapshot")).document)
  }

  @Test func pairingIsByIdPerLevel() throws {
    let doc = try #require(load(scene(from: box + "\n" + name + "\n            - view: {id: only, frame: [0, 0, 1, 1]}", to: name + "\n            - view: {id: extra, frame: [0, 0, 1, 1]}\n" + box)).document)
    let screens = doc.screens
    let from = try #require(screens[0].view.descendant(at: [0])), to = try #require(screens[1].view.descendant(at: [0]))
    let pairing = SubviewPairing(source: from, destination: to)
    #expect(pairing.pairs.map { [$0.source, $0.destination] } == [[0, 2], [1, 0]])
    #expect(pairing.sourceOnly == [2])
    #expect(pairing.destinationOnly == [1])
  }
}
