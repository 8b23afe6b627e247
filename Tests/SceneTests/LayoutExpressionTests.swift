import Geometry
import Testing
@testable import Scene

/// Layout expressions (`width - 32`): arithmetic by hand, names from the device table in
/// docs/scene-format.md, errors at the offending character's line and column.
@Suite struct LayoutExpressionTests {
  let names = ["width": 390.0, "height": 844, "safeTop": 47]

  func value(_ text: String) -> Double? {
    if case .success(let v) = LayoutExpression.evaluate(text, names: names) { return v }
    return nil
  }

  func failure(_ text: String) -> LayoutExpression.Failure? {
    if case .failure(let f) = LayoutExpression.evaluate(text, names: names) { return f }
    return nil
  }

  @Test func arithmetic() {
    #expect(value("width - 32") == 358)
    #expect(value("(width - 48) / 3") == 114)
    #expect(value("2 + 3 * 4") == 14)                 // * binds tighter
    #expect(value("10 - 4 - 3") == 3)                 // left to right
    #expect(value("-safeTop + 100") == 53)
    #expect(value("height/2-safeTop") == 375)
    #expect(value(".5 * width") == 195)
    #expect(value("1e2 + 1") == 101)
    #expect(value("- - 3") == 3)
    #expect(value("sqrt(9) + max(1, 2, 3) - min(4, 5)") == 2)
    #expect(value("sqrt(width * width / 4 + 600 * 600)") == (195.0 * 195 + 360_000).squareRoot())
  }

  @Test func failuresPointAtTheCharacter() {
    #expect(failure("width - ") == .init(offset: 8, problem: "expected a number, a name or '(' at the end"))
    let unknown = failure("widht - 32")
    #expect(unknown?.offset == 0 && unknown?.suggestion == "width")
    #expect(failure("width / (safeTop - 47)")?.offset == 6)
    #expect(failure("(width - 2")?.problem == "expected ')' to close the '(' at character 1")
    #expect(failure("width 32")?.offset == 6)
    #expect(failure("1 + sqrt(-1)")?.offset == 4)
    #expect(failure("min(1)")?.problem == "min takes two or more arguments (got 1)")
    #expect(failure(String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100))?.problem.contains("nested") == true)
  }

  /// Each device's names, from the table in docs/scene-format.md ("Devices": screen sizes and
  /// safe areas; 44 pt navigation bar, 96 pt with a large title, 49 pt tab bar above the safe area).
  @Test func deviceNames() throws {
    let expected: [(String, [String: Double])] = [
      ("iphone-se", ["width": 375, "height": 667, "safeTop": 20, "safeBottom": 0, "statusBarHeight": 20,
                     "navigationBarBottom": 64, "largeTitleBottom": 116, "tabBarHeight": 49, "tabBarTop": 618]),
      ("iphone-14", ["width": 390, "height": 844, "safeTop": 47, "safeBottom": 34, "statusBarHeight": 47,
                     "navigationBarBottom": 91, "largeTitleBottom": 143, "tabBarHeight": 83, "tabBarTop": 761]),
      ("iphone-15", ["width": 393, "height": 852, "safeTop": 59, "safeBottom": 34, "statusBarHeight": 54,
                     "navigationBarBottom": 103, "largeTitleBottom": 155, "tabBarHeight": 83, "tabBarTop": 769]),
      ("iphone-15-pro-max", ["width": 430, "height": 932, "safeTop": 59, "safeBottom": 34, "statusBarHeight": 54,
                             "navigationBarBottom": 103, "largeTitleBottom": 155, "tabBarHeight": 83, "tabBarTop": 849]),
    ]
    for (model, values) in expected {
      #expect(Canvas(device: try #require(Device.named(model))).layoutNames == values, "\(model)")
    }
    #expect(Set(LayoutExpression.names) == Set(expected[0].1.keys))
  }

  func scene(_ frame: String, device: String = "iphone-15") -> String {
    """
    device: \(device)
    screens:
      a:
        subviews:
          - view: {id: card, frame: \(frame)}
      b: {}
    transition: {kind: push, from: a, to: b, preset: navigation}
    """
  }

  @Test func framesFollowTheDevice() throws {
    let text = scene("[16, navigationBarBottom + 8, width - 32, (height - safeTop) / 2]")
    for (model, w, h, top) in [("iphone-15", 393.0, 852.0, 59.0), ("iphone-se", 375, 667, 20)] {
      let doc = try #require(load(scene("[16, navigationBarBottom + 8, width - 32, (height - safeTop) / 2]", device: model)).document)
      let card = try #require(doc.screen(named: "a")?.view.subviews.first)
      #expect(isClose(card.frame, Rect(16, top + 44 + 8, w - 32, (h - top) / 2)), "\(model)")
    }
    // --device-model is an override of `device`: the same text on another phone.
    let doc = try #require(load(text, sets: ["device=iphone-15-pro-max"]).document)
    #expect(isClose(try #require(doc.screen(named: "a")?.view.subviews.first).frame, Rect(16, 111, 398, 436.5)))
  }

  @Test func errorsCarryLineAndColumn() {
    // Line 5 is `      - view: {id: card, frame: [...]}`; the frame list starts at column 33.
    let unknown = errors(scene("[16, 100, widht - 32, 50]"))
    #expect(unknown.contains("scene.yaml:5:43: error: bad expression for 'frame width': unknown name 'widht'"), "\(unknown)")
    #expect(unknown.contains("note: did you mean 'width'?"))
    let dangling = errors(scene("[16, 100, width -, 50]"))
    #expect(dangling.contains("scene.yaml:5:50: error: bad expression for 'frame width'"), "\(dangling)")
    let range = errors(scene("[16, 100, width - 500, 50]"))
    #expect(range.contains("scene.yaml:5:43: error: frame width must be"), "\(range)")
    // A quoted expression is one too; the column counts the quote (the "/" is at column 50).
    let quoted = errors(scene("[16, 100, \"width / (safeTop - 59)\", 50]"))
    #expect(quoted.contains("scene.yaml:5:50: error: bad expression for 'frame width': division by zero"), "\(quoted)")
    // A word that is no name and no expression is still "not a number".
    #expect(errors(scene("[16, 100, wide, 50]")).contains("'frame width' must be a number (got wide)"))
    // Whole numbers stay whole.
    let columns = errors(scene("[0, 0, 100, 100]").replacingOccurrences(of: "- view: {id: card, frame: [0, 0, 100, 100]}", with: "- photoGrid: {frame: [0, 0, width, 100], columns: width / 100, images: []}"))
    #expect(columns.contains("must be a whole number"), "\(columns)")
  }

  /// `progress.distance` and `rubberBand` take expressions too (besides the words `width` and `height`).
  @Test func progressDistance() throws {
    let text = """
      device: iphone-se
      screens:
        a: {}
        b: {}
      transition:
        kind: push
        from: a
        to: b
        preset: navigation
        interactive:
          gesture:
            - {at: 0, touch: down, point: [10, 300]}
            - {at: 0.2, touch: up, point: [width / 2, 300]}
          progress: {direction: right, distance: width - 75, rubberBand: height / 10}
      """
    let doc = try #require(load(text).document)
    let progress = try #require(doc.transition.interaction?.progress)
    #expect(progress.distance == 300 && progress.rubberBand == 66.7)
    #expect(doc.transition.interaction?.gesture.last?.point == Point(187.5, 300))
    let bad = errors(text.replacingOccurrences(of: "distance: width - 75", with: "distance: widht / 2"))
    #expect(bad.contains("bad expression for 'distance': unknown name 'widht'"), "\(bad)")
  }
}
