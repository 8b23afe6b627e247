import Testing
@testable import Scene

/// A small valid scene; each test breaks one thing and asserts the whole error text.
let baseScene = """
  canvas: {size: [390, 844]}
  assets:
    photo: assets/coffee.png
  screens:
    a:
      backgroundColor: white
      subviews:
        - image: {id: pic, asset: photo, frame: [0, 0, 100, 100]}
    b:
      backgroundColor: "#F2F2F7"
  transition:
    kind: push
    from: a
    to: b
    timing: {spring: {duration: 0.5, dampingRatio: 1}}
    tracks:
      - {view: b, property: translation.x, from: 390, to: 0}

  """

/// The base scene with `old` replaced by `new` (which must occur).
func scene(_ old: String, _ new: String) -> String {
  if !baseScene.contains(old) { Issue.record("the base scene does not contain \(old)") }
  return baseScene.replacingOccurrences(of: old, with: new)
}

@Suite struct DiagnosticTests {
  @Test func baseSceneLoads() throws {
    let doc = try #require(load(baseScene).document)
    #expect(doc.screens.count == 2 && doc.viewCount == 3)
    #expect(doc.transition.above == "b")
  }

  @Test func unknownKeySuggestsTheClosest() {
    #expect(errors(scene("backgroundColor: white", "backgroundColour: white")) == """
      scene.yaml:6:5: error: unknown key 'backgroundColour' in screen
          backgroundColour: white
          ^
      note: did you mean 'backgroundColor'?

      """)
  }

  @Test func wrongType() {
    #expect(errors(scene("size: [390, 844]", "size: big")) == """
      scene.yaml:1:16: error: 'canvas size' must be [width, height] (got big)
      canvas: {size: big}
                     ^

      """)
  }

  @Test func outOfRange() {
    #expect(errors(scene("dampingRatio: 1}", "dampingRatio: -0.2}")) == """
      scene.yaml:15:50: error: dampingRatio must be in 0.01...100 (got -0.2)
        timing: {spring: {duration: 0.5, dampingRatio: -0.2}}
                                                       ^

      """)
  }

  @Test func notFinite() {
    #expect(errors(scene("from: 390, to: 0}", "from: .nan, to: .inf}")) == """
      scene.yaml:17:48: error: translation.x must be a finite number (got .nan)
          - {view: b, property: translation.x, from: .nan, to: .inf}
                                                     ^
      scene.yaml:17:58: error: translation.x must be a finite number (got .inf)
          - {view: b, property: translation.x, from: .nan, to: .inf}
                                                               ^

      """)
  }

  @Test func danglingReferences() {
    #expect(errors(scene("asset: photo,", "asset: phot,")) == """
      scene.yaml:8:33: error: unknown asset 'phot'
            - image: {id: pic, asset: phot, frame: [0, 0, 100, 100]}
                                      ^
      note: did you mean 'photo'?
      note: known assets: photo

      """)
    #expect(errors(scene("from: a", "from: aa")) == """
      scene.yaml:13:9: error: unknown screen 'aa'
        from: aa
              ^
      note: did you mean 'a'?
      note: known screens: a, b

      """)
    #expect(errors(scene("view: b,", "view: a.pik,")) == """
      scene.yaml:17:14: error: unknown view 'a.pik'
          - {view: a.pik, property: translation.x, from: 390, to: 0}
                   ^
      note: did you mean 'a.pic'?
      note: known views: a.pic

      """)
  }

  @Test func assets() {
    #expect(errors(scene("coffee.png", "missing.png")) == """
      scene.yaml:3:10: error: asset 'photo' (assets/missing.png): file not found
        photo: assets/missing.png
               ^

      """)
    #expect(errors(scene("coffee.png", "not-a-png.png")) == """
      scene.yaml:3:10: error: asset 'photo' (assets/not-a-png.png): not a PNG file (it does not start with the PNG signature)
        photo: assets/not-a-png.png
               ^

      """)
    #expect(errors(scene("coffee.png", "truncated.png")) == """
      scene.yaml:3:10: error: asset 'photo' (assets/truncated.png): corrupt PNG (the header chunk is missing or truncated)
        photo: assets/truncated.png
               ^

      """)
    #expect(errors(scene("coffee.png", "empty.png")) == """
      scene.yaml:3:10: error: asset 'photo' (assets/empty.png): the file is empty
        photo: assets/empty.png
               ^

      """)
  }

  @Test func limits() {
    #expect(errors(scene("size: [390, 844]}", "size: [390, 844], scale: 30, fps: 0}")) == """
      scene.yaml:1:35: error: scale must be in 0.25...4 (got 30)
      canvas: {size: [390, 844], scale: 30, fps: 0}
                                        ^
      scene.yaml:1:44: error: fps must be in 1...240 (got 0)
      canvas: {size: [390, 844], scale: 30, fps: 0}
                                                 ^

      """)
    #expect(errors(scene("size: [390, 844]}", "size: [4000, 4000], scale: 3}")) == """
      scene.yaml:1:16: error: the output's longer side is 12000 px, more than Flipbook's limit of 8192 px
      canvas: {size: [4000, 4000], scale: 3}
                     ^

      """)
    #expect(errors(scene("canvas:", "duration: 1000\ncanvas:")) == """
      scene.yaml:1:11: error: duration must be > 0 and <= 120 (got 1000)
      duration: 1000
                ^

      """)
  }

  @Test func duplicateIds() {
    let text = scene("      - image: {id: pic, asset: photo, frame: [0, 0, 100, 100]}\n",
      "      - image: {id: pic, asset: photo, frame: [0, 0, 100, 100]}\n      - view: {id: pic, frame: [0, 0, 1, 1]}\n")
    #expect(errors(text) == """
      scene.yaml:9:15: error: view id 'pic' is defined twice
            - view: {id: pic, frame: [0, 0, 1, 1]}
                    ^
      note: first defined at scene.yaml:8:16

      """)
  }

  @Test func tabsAndSyntax() {
    #expect(errors(scene("  b:\n    backgroundColor", "  b:\n\tbackgroundColor")) == """
      scene.yaml:10:1: error: YAML syntax: while scanning for the next token (line 10): found character that cannot start any token (a tab; YAML indents with spaces only)
       backgroundColor: "#F2F2F7"
      ^

      """)
  }

  @Test func everyProblemAtOnceSortedByLocation() {
    var text = scene("kind: push", "kind: pusj")
    text = text.replacingOccurrences(of: "backgroundColor: white", with: "backgroundColor: whit")
    text = text.replacingOccurrences(of: "frame: [0, 0, 100, 100]", with: "frame: [0, 0, -100, 100]")
    #expect(errors(text) == """
      scene.yaml:6:22: error: 'whit' is not a valid backgroundColor; use one of black, clear, label, opaqueSeparator, quaternaryLabel, quaternarySystemFill, secondaryLabel, secondarySystemBackground, secondarySystemFill, secondarySystemGroupedBackground, separator, systemBackground, systemBlue, systemFill, systemGray, systemGray2, systemGray3, systemGray4, systemGray5, systemGray6, systemGreen, systemGroupedBackground, systemIndigo, systemOrange, systemPink, systemPurple, systemRed, systemTeal, systemYellow, tertiaryLabel, tertiarySystemBackground, tertiarySystemFill, tertiarySystemGroupedBackground, white, #RRGGBB, #RRGGBBAA
          backgroundColor: whit
                           ^
      note: did you mean 'white'?
      scene.yaml:8:54: error: frame width must be in 0...100000 (got -100)
            - image: {id: pic, asset: photo, frame: [0, 0, -100, 100]}
                                                           ^
      scene.yaml:12:9: error: 'pusj' is not a valid transition kind; use one of push, pop, present, dismiss, tabSwitch, custom
        kind: pusj
              ^
      note: did you mean 'push'?

      """)
  }

  @Test func gestureTimesAndOrder() {
    let text = scene("  tracks:", """
        interactive:
          gesture:
            - {at: 0.3, touch: down, point: [10, 10]}
            - {at: 0.2, point: [10, 20]}
            - {at: 0.4, touch: down, point: [10, 30]}
          progress: {direction: right, distance: 390}
        tracks:
      """)
    #expect(errors(text) == """
      scene.yaml:19:14: error: gesture time goes back in time: 0.2 comes after 0.3
            - {at: 0.2, point: [10, 20]}
                   ^
      scene.yaml:20:9: error: gesture 'down' at 0.4 s comes while the finger is already down (lift it with 'touch: up' first)
            - {at: 0.4, touch: down, point: [10, 30]}
              ^
      scene.yaml:20:9: error: gesture 'down' at 0.4 s is the last point and the finger never lifts (end with 'touch: up')
            - {at: 0.4, touch: down, point: [10, 30]}
              ^

      """)
  }

  @Test func missingKeys() {
    #expect(errors(scene("  to: b\n", "")) == """
      scene.yaml:12:3: error: transition needs 'to'
        kind: push
        ^

      """)
  }

  @Test func setOptionErrorsNameTheOption() {
    #expect(errors(baseScene, sets: ["transition.timing.spring.dampingRatio=-1"]) == """
      --set transition.timing.spring.dampingRatio=-1: error: dampingRatio must be in 0.01...100 (got -1)
      -1
      ^

      """)
    #expect(errors(baseScene, sets: ["transition.tracks[4].to=0"]) == """
      --set transition.tracks[4].to=0: error: cannot override 'transition.tracks[4].to': 'transition.tracks' has 1 item (indices 0...0)

      """)
    #expect(errors(baseScene, sets: ["canvas.fps"]) == """
      --set canvas.fps: error: cannot override 'canvas.fps': write it as PATH=VALUE, e.g. transition.timing.spring.duration=0.5

      """)
  }

  @Test func unknownVariant() {
    #expect(errors(baseScene + "variants:\n  slow: {transition.timing.spring.duration: 1}\n", variant: "fast") == """
      error: unknown variant 'fast'
      note: known variants: base, slow

      """)
  }

  @Test func variantValuesPointIntoTheFile() {
    let text = baseScene + "variants:\n  bouncy: {transition.timing.spring.dampingRatio: 0}\n"
    #expect(errors(text, variant: "bouncy") == """
      scene.yaml:19:51: error: dampingRatio must be in 0.01...100 (got 0)
        bouncy: {transition.timing.spring.dampingRatio: 0}
                                                        ^

      """)
  }

  @Test func componentCycle() {
    let text = scene("screens:", """
      components:
        loop:
          view: {again: {}}
        again:
          view: {loop: {}}
      screens:
      """).replacingOccurrences(of: "      - image: {id: pic", with: "      - loop: {}\n      - image: {id: pic")
    #expect(errors(text) == """
      scene.yaml:8:12: error: component 'loop' expands into itself: loop -> again -> loop
          view: {loop: {}}
                 ^

      """)
  }
}
