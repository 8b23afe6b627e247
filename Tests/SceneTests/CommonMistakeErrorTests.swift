import Foundation
import Testing
@testable import Scene

/// Errors for common mistakes: each mistake here used to get an error that was
/// true but unhelpful (in the wrong place, suggesting the wrong name, not saying what is
/// accepted, or hidden behind another error).
@Suite struct CommonMistakeErrorTests {
  /// The catalog's T2 scene with `old` replaced by `new` (which must occur), loaded with its
  /// assets; the full error text.
  func catalogErrors(_ replacements: [(String, String)]) throws -> String {
    var text = try String(contentsOfFile: Fixture.repository + "/Scenes/t2-photos-drag-to-dismiss.yaml", encoding: .utf8)
    for (old, new) in replacements {
      #expect(text.contains(old), "T2 does not contain \(old)")
      text = text.replacingOccurrences(of: old, with: new)
    }
    do {
      _ = try SceneLoader.load(text: text, origin: .file("t2.yaml"), directory: Fixture.repository + "/Scenes")
      return "loaded"
    } catch {
      return error.description
    }
  }

  // MARK: An unquoted colour

  /// `backgroundColor: #FF2D55` in a block mapping: YAML reads the rest of the line as a
  /// comment, so the value is empty. The error points at the `#` (column 22: four spaces,
  /// 15 letters, a colon and a space come before it) and says to quote it.
  @Test func unquotedColourInABlockMapping() {
    #expect(errors(scene("    backgroundColor: white", "    backgroundColor: #FF2D55")) == """
      scene.yaml:6:22: error: 'backgroundColor' is empty: YAML reads a space then '#' as the start of a comment, so #FF2D55 was dropped
          backgroundColor: #FF2D55
                           ^
      note: quote it: backgroundColor: "#FF2D55"

      """)
  }

  /// `{..., color: #FF2D55, ...}` in a flow mapping: the comment takes the closing `}` with
  /// it and libyaml fails on the next line (`  b:`, line 9 of this scene). The error
  /// is reported at the `#` on line 8 instead, with libyaml's complaint and the fix.
  @Test func unquotedColourInAFlowMapping() {
    let line = "      - label: {id: t, text: Hi, color: #FF2D55, frame: [0, 0, 100, 20]}"
    let text = errors(scene("      - image: {id: pic, asset: photo, frame: [0, 0, 100, 100]}", line))
    // The '#' is scalar 41 of the line (1-based): 6 spaces and `- label: {id: t, text: Hi, color: ` (34) before it.
    let column = line.distance(from: line.startIndex, to: line.firstIndex(of: "#")!) + 1
    #expect(column == 41)
    let first = text.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix("scene.yaml:8:41: error: YAML syntax: "), "\(text)")
    #expect(first.hasSuffix("so #FF2D55 and the rest of the line were dropped"), "\(text)")
    #expect(text.contains("note: quote it: color: \"#FF2D55\"\n"), "\(text)")
  }

  /// The same mistake in a `--set` value (`canvas.background=#FF2D55`: the shell passes the
  /// `#`, YAML drops it).
  @Test func unquotedColourInASetOption() {
    let text = errors(baseScene, sets: ["canvas.background=#FF2D55"])
    #expect(text.contains("error: 'background' is empty: YAML reads a space then '#' as the start of a comment, so #FF2D55 was dropped"), "\(text)")
    #expect(text.contains("note: quote it: background: \"#FF2D55\""), "\(text)")
  }

  /// A real comment after a colour that is there is not mistaken for a lost colour, and an
  /// empty colour with a comment that is not a colour keeps the plain message.
  @Test func realCommentsAreLeftAlone() {
    #expect(errors(scene("    backgroundColor: white", "    backgroundColor: white # #FF2D55 later")) == "loaded")
    #expect(errors(scene("    backgroundColor: white", "    backgroundColor: # to do")).contains(
      "error: 'backgroundColor' must be a colour (\"#RRGGBB\", \"#RRGGBBAA\" or a name) (got nothing)"))
  }

  // MARK: Suggestions

  /// Misspellings whose intended name is clear to a person, each among plausible
  /// distractors: the suggestion must be that name.
  @Test func suggestionsRankTheWholePath() {
    let views = ["general.label", "general.navigationBar", "general.tabBar", "general.title", "detail.navigationBar"]
    #expect(closestMatch(to: "general.navBar", in: views) == "general.navigationBar")  // abbreviation
    #expect(closestMatch(to: "general.navigatonBar", in: views) == "general.navigationBar")  // one letter missing
    #expect(closestMatch(to: "genral.navigationBar", in: views) == "general.navigationBar")  // typo in the screen
    #expect(closestMatch(to: "detial.navBar", in: views) == "detail.navigationBar")  // both steps
    #expect(closestMatch(to: "general.lable", in: views) == "general.label")  // swapped letters
    let keys = ["backgroundColor", "borderColor", "cornerRadius", "cornerCurve", "shadowOpacity"]
    #expect(closestMatch(to: "bgColor", in: keys) == "backgroundColor")
    #expect(closestMatch(to: "cornerRad", in: keys) == "cornerRadius")
    #expect(closestMatch(to: "shadowOpac", in: keys) == "shadowOpacity")
    #expect(closestMatch(to: "screenWidth", in: ["width", "height"]) == "width")
    // Nothing plausible: no suggestion.
    #expect(closestMatch(to: "zzz", in: keys) == nil)
    #expect(closestMatch(to: "general.zzzzzz", in: views) == nil)
  }

  /// The issue's case end to end: a screen with views `label` and `navigationBar`, and a
  /// track on `general.navBar`.
  @Test func navBarSuggestsNavigationBar() {
    let text = errors(
      scene("a:\n    backgroundColor: white\n", "general:\n    backgroundColor: white\n")
        .replacingOccurrences(of: "- image: {id: pic, asset: photo, frame: [0, 0, 100, 100]}",
          with: "- label: {id: label, text: Hi, frame: [0, 0, 100, 20]}\n      - view: {id: navigationBar, frame: [0, 0, 390, 44]}")
        .replacingOccurrences(of: "from: a", with: "from: general")
        .replacingOccurrences(of: "view: b,", with: "view: general.navBar,"))
    #expect(text.contains("error: unknown view 'general.navBar'"), "\(text)")
    #expect(text.contains("note: did you mean 'general.navigationBar'?"), "\(text)")
  }

  // MARK: Words a number may be

  /// `distance: screenWidth`: the error lists the words `distance` accepts (at the line of T2
  /// that holds `distance: 200`, column 43).
  @Test func distanceListsTheWordsItAccepts() throws {
    let text = try catalogErrors([("distance: 200", "distance: screenWidth")])
    let source = try String(contentsOfFile: Fixture.repository + "/Scenes/t2-photos-drag-to-dismiss.yaml", encoding: .utf8)
    let line = try #require(source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("distance: 200") }) + 1
    #expect(text.contains("""
      t2.yaml:\(line):43: error: 'distance' must be a number (points) or 'width' or 'height' (the canvas's) (got screenWidth)
          progress: {direction: down, distance: screenWidth}
                                                ^
      note: did you mean 'width'?
      """), "\(text)")
  }

  // MARK: Every error in a transition

  /// An invalid `kind` used to end the reading of the transition: the bad direction, distance
  /// and damping ratio further down went unreported until the kind was fixed.
  @Test func invalidKindHidesNothing() throws {
    let text = try catalogErrors([
      ("  kind: pop", "  kind: popp"), ("direction: down", "direction: dwn"), ("distance: 200", "distance: -5"),
      ("dampingRatio: 0.75}}", "dampingRatio: -0.75}}"),
    ])
    #expect(text.contains("error: 'popp' is not a valid transition kind"), "\(text)")
    #expect(text.contains("error: 'dwn' is not a valid direction"), "\(text)")
    #expect(text.contains("error: distance must be in 0.01...100000 (got -5)"), "\(text)")
    #expect(text.contains("error: dampingRatio must be in 0.01...100 (got -0.75)"), "\(text)")
    #expect(text.components(separatedBy: "error: ").count - 1 == 4, "\(text)")
  }

  /// The same with an unknown `from` screen: the rest of the transition is still read.
  @Test func unknownScreenHidesNothing() throws {
    let text = try catalogErrors([("  from: detail", "  from: detial"), ("dampingRatio: 0.75}}", "dampingRatio: -0.75}}")])
    #expect(text.contains("error: unknown screen 'detial'"), "\(text)")
    #expect(text.contains("error: dampingRatio must be in 0.01...100 (got -0.75)"), "\(text)")
  }
}
