import Testing
@testable import Scene

/// A valid scene that uses every numeric key the reader accepts, so each can be broken alone.
let everyNumberScene = """
  canvas: {size: [390, 844], scale: 3, fps: 60}
  hold: {before: 0.3, after: 0.4}
  duration: 2
  assets:
    photo: assets/coffee.png
  screens:
    a:
      subviews:
        - image: {id: pic, asset: photo, frame: [0, 0, 100, 100], anchorPoint: [0.5, 0.5]}
        - view: {id: box, position: [50, 60], bounds: [0, 0, 20, 30], contentOffset: [0, 5]}
        - view: {id: sized, position: [51, 61], bounds: [21, 31], opacity: 0.5, dimming: 0.1, cornerRadius: 4}
        - view: {id: fx, frame: [0, 0, 10, 10], transform: {scale: 2, rotation: 45, translation: [3, 4]}}
        - view: {id: fx2, frame: [0, 0, 11, 11], transform: {scale: [2, 3]}, border: {width: 1}}
        - view: {id: shade, frame: [0, 0, 12, 12], shadow: {opacity: 0.3, radius: 3, offset: [0, 2], path: {rect: [0, 0, 12, 12], cornerRadius: 2}}}
        - view: {id: round, frame: [0, 0, 13, 13], mask: {circle: {center: [5, 5], radius: 5}}}
        - label: {id: title, text: Hi, frame: [0, 0, 100, 20], fontSize: 17, numberOfLines: 1, letterSpacing: 0.5, lineHeightMultiple: 1.2}
        - gradient: {id: fade, frame: [0, 0, 14, 14], colors: [black, white], locations: [0, 1], start: [0.5, 0], end: [0.5, 1]}
        - navigationBar: {title: A, top: 47}
        - tabBar: {items: [One, Two], selected: 1}
        - photoGrid: {id: grid, frame: [0, 100, 390, 400], images: [photo], columns: 3, spacing: 2}
    b: {}
  transition:
    kind: push
    from: a
    to: b
    timing: {spring: {duration: 0.5, dampingRatio: 1, initialVelocity: 0}, delay: 0}
    tracks:
      - {view: b, property: translation.x, from: 390, to: 0}
      - {view: a.fx, property: scale, from: 1, to: 0.9}
      - {view: a.fx, property: rotation, from: 0, to: 10}
      - {view: a.fx, property: cornerRadius, to: 10}
      - {view: a.fx, property: shadowRadius, to: 11}
      - {view: a.fx, property: translation, to: [10, 10]}
      - {view: a.fx, property: size, to: [20, 20]}
      - {view: a.fx, property: frame, to: [0, 0, 20, 20]}
      - {view: a.fx, property: opacity, keyframes: [{at: 0, value: 1}, {at: 0.5, value: 0}]}
      - {view: a.fx, property: opacity, to: 0, timing: {curve: [0.25, 0.1, 0.25, 1], duration: 0.3}}
      - {view: a.fx, property: opacity, to: 0, timing: {spring: {mass: 1, stiffness: 100, damping: 10}}}
      - {view: a.fx, property: opacity, to: 0, timing: {spring: {response: 0.5, dampingFraction: 0.8}}}
      - {view: a.fx, property: opacity, to: 0, timing: {spring: {duration: 0.6, bounce: 0.2}}}
    interactive:
      gesture:
        - {at: 0.3, touch: down, point: [10, 400]}
        - {at: 0.5, touch: up, point: [200, 401]}
      progress: {direction: right, distance: 390, clamp: [0, 1], rubberBand: 844}
      slop: 10
      follow: {view: a.pic, scale: {from: 1, to: 0.5}}
      release: {completeIf: {progress: "> 0.5", velocity.x: "> 300", translation.x: "> 100"}, decelerationRate: 0.998}

  """

/// One broken value: `old` (unique in the scene) becomes `new`, in which `bad` is the value
/// the caret must point at.
struct BrokenValue: CustomTestStringConvertible, Sendable {
  let old: String, new: String, bad: String, message: String
  var testDescription: String { new }

  init(_ old: String, _ new: String, _ bad: String, _ message: String) {
    self.old = old; self.new = new; self.bad = bad; self.message = message
  }

  /// The whole diagnostic, written out by hand from the line the value is on.
  func expected(in text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let index = lines.firstIndex { $0.contains(new) }!
    let line = String(lines[index])
    let column = line.distance(from: line.startIndex, to: line.range(of: new)!.lowerBound)
      + new.distance(from: new.startIndex, to: new.range(of: bad)!.lowerBound) + 1
    return "scene.yaml:\(index + 1):\(column): error: \(message)\n\(line)\n" + String(repeating: " ", count: column - 1) + "^\n"
  }
}

@Suite struct ValueLimitTests {
  @Test func everyNumberSceneLoads() throws {
    let doc = try #require(load(everyNumberScene).document)
    #expect(doc.transition.tracks.count == 13)
    #expect(doc.transition.interaction?.gesture.count == 2)
    #expect(doc.transition.interaction?.slop == 10 && doc.transition.interaction?.progress.rubberBand == 844)
    // Defaults: UIKit's 10 pt slop, no rubber band.
    let plain = try #require(load(everyNumberScene.replacingOccurrences(of: "      slop: 10\n", with: "")
      .replacingOccurrences(of: ", rubberBand: 844", with: "")).document)
    #expect(plain.transition.interaction?.slop == 10 && plain.transition.interaction?.progress.rubberBand == nil)
    let canvasHeight = try #require(load(everyNumberScene.replacingOccurrences(of: "rubberBand: 844", with: "rubberBand: height")).document)
    #expect(canvasHeight.transition.interaction?.progress.rubberBand == canvasHeight.canvas.size.height)
  }

  static let cases: [BrokenValue] = [
    // Canvas, hold, duration.
    .init("scale: 3,", "scale: 1e300,", "1e300", "scale must be in 0.25...4 (got 1e+300)"),
    .init("fps: 60}", "fps: 1e-300}", "1e-300", "fps must be in 1...240 (got 1e-300)"),
    .init("size: [390, 844]", "size: [1e-300, 844]", "1e-300", "canvas size width must be in 4...4096 (got 1e-300)"),
    .init("size: [390, 844]", "size: [390, 1e300]", "1e300", "canvas size height must be in 4...4096 (got 1e+300)"),
    .init("hold: {before: 0.3", "hold: {before: 1e300", "1e300", "hold before must be in 0...120 (got 1e+300)"),
    .init("after: 0.4}", "after: 121}", "121", "hold after must be in 0...120 (got 121)"),
    .init("duration: 2", "duration: 1e300", "1e300", "duration must be > 0 and <= 120 (got 1e+300)"),
    // View geometry.
    .init("frame: [0, 0, 100, 100]", "frame: [1e300, 0, 100, 100]", "1e300", "frame x must be in -100000...100000 (got 1e+300)"),
    .init("frame: [0, 0, 10, 10]", "frame: [0, -100001, 10, 10]", "-100001", "frame y must be in -100000...100000 (got -100001)"),
    .init("frame: [0, 0, 11, 11]", "frame: [0, 0, 1e300, 11]", "1e300", "frame width must be in 0...100000 (got 1e+300)"),
    .init("frame: [0, 0, 12, 12]", "frame: [0, 0, 12, 100001]", "100001", "frame height must be in 0...100000 (got 100001)"),
    .init("anchorPoint: [0.5, 0.5]", "anchorPoint: [0.5, 1e300]", "1e300", "anchorPoint must be in -100...100 (got 1e+300)"),
    .init("position: [50, 60]", "position: [50, -1e300]", "-1e300", "position must be in -100000...100000 (got -1e+300)"),
    .init("bounds: [0, 0, 20, 30]", "bounds: [0, 0, 20, 1e300]", "1e300", "bounds height must be in 0...100000 (got 1e+300)"),
    .init("bounds: [21, 31]", "bounds: [1e300, 31]", "1e300", "bounds width must be in 0...100000 (got 1e+300)"),
    .init("contentOffset: [0, 5]", "contentOffset: [0, 1e300]", "1e300", "contentOffset must be in -100000...100000 (got 1e+300)"),
    .init("transform: {scale: 2,", "transform: {scale: 1e300,", "1e300", "scale must be in -1000...1000 (got 1e+300)"),
    .init("scale: [2, 3]", "scale: [2, -1001]", "-1001", "scale must be in -1000...1000 (got -1001)"),
    .init("rotation: 45", "rotation: 1e300", "1e300", "rotation must be in -36000...36000 (got 1e+300)"),
    .init("translation: [3, 4]", "translation: [1e300, 4]", "1e300", "translation must be in -100000...100000 (got 1e+300)"),
    // Appearance.
    .init("opacity: 0.5,", "opacity: 1e300,", "1e300", "opacity must be in 0...1 (got 1e+300)"),
    .init("dimming: 0.1,", "dimming: -1e-300,", "-1e-300", "dimming must be in 0...1 (got -1e-300)"),
    .init("opacity: 0.3,", "opacity: 1.5,", "1.5", "shadow opacity must be in 0...1 (got 1.5)"),
    .init("cornerRadius: 4", "cornerRadius: 1e300", "1e300", "cornerRadius must be in 0...100000 (got 1e+300)"),
    .init("border: {width: 1}", "border: {width: 1e300}", "1e300", "border width must be in 0...100000 (got 1e+300)"),
    .init("radius: 3,", "radius: 1e300,", "1e300", "shadow radius must be in 0...1000 (got 1e+300)"),
    .init("offset: [0, 2]", "offset: [0, 1e300]", "1e300", "shadow offset must be in -100000...100000 (got 1e+300)"),
    .init("rect: [0, 0, 12, 12]", "rect: [0, 0, 1e300, 12]", "1e300", "shadow path rect width must be in 0...100000 (got 1e+300)"),
    .init("cornerRadius: 2}", "cornerRadius: 1e300}", "1e300", "cornerRadius must be in 0...100000 (got 1e+300)"),
    .init("center: [5, 5]", "center: [1e300, 5]", "1e300", "center must be in -100000...100000 (got 1e+300)"),
    .init("radius: 5}", "radius: 1e300}", "1e300", "radius must be in 0...100000 (got 1e+300)"),
    // Labels and gradients.
    .init("fontSize: 17", "fontSize: 1e300", "1e300", "fontSize must be > 0 and <= 1000 (got 1e+300)"),
    .init("numberOfLines: 1,", "numberOfLines: 1e300,", "1e300", "numberOfLines must be in 0...1000 (got 1e+300)"),
    .init("letterSpacing: 0.5", "letterSpacing: 1e300", "1e300", "letterSpacing must be in -1000...1000 (got 1e+300)"),
    .init("lineHeightMultiple: 1.2", "lineHeightMultiple: 0", "0", "lineHeightMultiple must be > 0 and <= 100 (got 0)"),
    .init("locations: [0, 1]", "locations: [0, 1e300]", "1e300", "locations must be in 0...1 (got 1e+300)"),
    .init("start: [0.5, 0]", "start: [0.5, 1e300]", "1e300", "start must be in -100...100 (got 1e+300)"),
    .init("end: [0.5, 1]", "end: [-101, 1]", "-101", "end must be in -100...100 (got -101)"),
    // Built-in components.
    .init("top: 47", "top: 1e300", "1e300", "top must be in 0...100000 (got 1e+300)"),
    .init("selected: 1", "selected: 1e300", "1e300", "selected must be in 0...1000 (got 1e+300)"),
    .init("frame: [0, 100, 390, 400]", "frame: [0, 100, 390, 1e300]", "1e300", "frame height must be in 0...100000 (got 1e+300)"),
    .init("columns: 3", "columns: 1e300", "1e300", "columns must be in 1...50 (got 1e+300)"),
    .init("spacing: 2}", "spacing: 1e300}", "1e300", "spacing must be in 0...100 (got 1e+300)"),
    // Tracks.
    .init("from: 390, to: 0}", "from: 1e300, to: 0}", "1e300", "translation.x must be in -100000...100000 (got 1e+300)"),
    .init("to: 0.9}", "to: 1e300}", "1e300", "scale must be in -1000...1000 (got 1e+300)"),
    .init("from: 0, to: 10}", "from: 0, to: 1e300}", "1e300", "rotation must be in -36000...36000 (got 1e+300)"),
    .init("cornerRadius, to: 10}", "cornerRadius, to: 1e300}", "1e300", "cornerRadius must be in 0...100000 (got 1e+300)"),
    .init("shadowRadius, to: 11}", "shadowRadius, to: 1001}", "1001", "shadowRadius must be in 0...1000 (got 1001)"),
    .init("translation, to: [10, 10]}", "translation, to: [10, 1e300]}", "1e300", "translation must be in -100000...100000 (got 1e+300)"),
    .init("size, to: [20, 20]}", "size, to: [1e300, 20]}", "1e300", "size width must be in 0...100000 (got 1e+300)"),
    .init("frame, to: [0, 0, 20, 20]}", "frame, to: [-1e300, 0, 20, 20]}", "-1e300", "frame x must be in -100000...100000 (got -1e+300)"),
    .init("{at: 0.5, value: 0}", "{at: 1e300, value: 0}", "1e300", "keyframe at must be in 0...1 (got 1e+300)"),
    // Timings.
    .init("dampingRatio: 1,", "dampingRatio: 1e300,", "1e300", "dampingRatio must be in 0.01...100 (got 1e+300)"),
    .init("initialVelocity: 0}", "initialVelocity: 1e300}", "1e300", "initialVelocity must be in -1000...1000 (got 1e+300)"),
    .init("delay: 0}", "delay: 1e300}", "1e300", "delay must be in 0...120 (got 1e+300)"),
    .init("duration: 0.5, dampingRatio", "duration: 1e-300, dampingRatio", "1e-300", "duration must be in 0.001...120 (got 1e-300)"),
    .init("[0.25, 0.1, 0.25, 1]", "[0.25, 1e300, 0.25, 1]", "1e300", "curve y1 must be in -100...100 (got 1e+300)"),
    .init("[0.25, 0.1, 0.25, 1]", "[0.25, 0.1, 1e300, 1]", "1e300", "curve x2 must be in 0...1 (got 1e+300)"),
    .init("duration: 0.3}", "duration: 1e300}", "1e300", "duration must be in 0.001...120 (got 1e+300)"),
    .init("mass: 1,", "mass: 1e-300,", "1e-300", "mass must be in 0.001...1000 (got 1e-300)"),
    .init("stiffness: 100,", "stiffness: 1e300,", "1e300", "stiffness must be in 0.001...1000000 (got 1e+300)"),
    .init("damping: 10}", "damping: 1e300}", "1e300", "damping must be > 0 and <= 1000000 (got 1e+300)"),
    .init("response: 0.5,", "response: 1e-300,", "1e-300", "response must be in 0.001...120 (got 1e-300)"),
    .init("dampingFraction: 0.8}", "dampingFraction: 1e300}", "1e300", "dampingFraction must be in 0.01...100 (got 1e+300)"),
    .init("duration: 0.6, bounce", "duration: 1e300, bounce", "1e300", "duration must be in 0.001...120 (got 1e+300)"),
    .init("bounce: 0.2}", "bounce: 1e300}", "1e300", "bounce must be > -1 and < 1 (got 1e+300)"),
    .init("damping: 10}", "damping: 0}", "0", "damping must be > 0 and <= 1000000 (got 0)"),
    .init("bounce: 0.2}", "bounce: -1}", "-1", "bounce must be > -1 and < 1 (got -1)"),
    .init("bounce: 0.2}", "bounce: 1}", "1}", "bounce must be > -1 and < 1 (got 1)"),
    // Interaction.
    .init("{at: 0.5, touch: up", "{at: 1e300, touch: up", "1e300", "at must be in 0...120 (got 1e+300)"),
    .init("point: [10, 400]", "point: [1e300, 400]", "1e300", "point must be in -100000...100000 (got 1e+300)"),
    .init("distance: 390", "distance: 1e-300", "1e-300", "distance must be in 0.01...100000 (got 1e-300)"),
    .init("clamp: [0, 1]", "clamp: [0, 1e300]", "1e300", "clamp must be in -100...100 (got 1e+300)"),
    .init("rubberBand: 844", "rubberBand: 0", "0", "rubberBand must be in 0.01...100000 (got 0)"),
    .init("slop: 10", "slop: -1", "-1", "slop must be in 0...100000 (got -1)"),
    .init("from: 1, to: 0.5}", "from: 1, to: 1e300}", "1e300", "scale to must be in 0.001...1000 (got 1e+300)"),
    .init("{from: 1, to", "{from: 0, to", "0", "scale from must be in 0.001...1000 (got 0)"),
    .init("progress: \"> 0.5\"", "progress: \"> 1e300\"", "\"", "the progress threshold must be in -100...100 (got 1e+300)"),
    .init("velocity.x: \"> 300\"", "velocity.x: \"> 1e300\"", "\"", "the velocity.x threshold must be in -100000...100000 (got 1e+300)"),
    .init("translation.x: \"> 100\"", "translation.x: \"< -1e300\"", "\"", "the translation.x threshold must be in -100000...100000 (got -1e+300)"),
    .init("decelerationRate: 0.998", "decelerationRate: 1e300", "1e300", "decelerationRate must be > 0 and <= 0.9999 (got 1e+300)"),
  ]

  @Test(arguments: cases) func absurdValueIsAnError(_ broken: BrokenValue) {
    let occurrences = everyNumberScene.components(separatedBy: broken.old).count - 1
    #expect(occurrences == 1, "'\(broken.old)' must occur exactly once")
    let text = everyNumberScene.replacingOccurrences(of: broken.old, with: broken.new)
    #expect(errors(text) == broken.expected(in: text))
  }

  @Test func canvasSidesAreReportedOncePerSideAtTheirColumns() {
    #expect(errors(scene("size: [390, 844]", "size: [100000, 100000]")) == """
      scene.yaml:1:17: error: canvas size width must be in 4...4096 (got 100000)
      canvas: {size: [100000, 100000]}
                      ^
      scene.yaml:1:25: error: canvas size height must be in 4...4096 (got 100000)
      canvas: {size: [100000, 100000]}
                              ^

      """)
  }

  @Test func canvasLimitsFromSetPointAtTheOption() {
    #expect(errors(baseScene, sets: ["canvas.size=[5000, 844]"]) == """
      --set canvas.size=[5000, 844]: error: canvas size width must be in 4...4096 (got 5000)
      [5000, 844]
       ^

      """)
    // Within the side limit in points, past it in pixels at the default scale 3.
    #expect(errors(baseScene, sets: ["canvas.size=[3000, 844]"]) == """
      --set canvas.size=[3000, 844]: error: the output's longer side is 9000 px, more than Flipbook's limit of 8192 px
      [3000, 844]
      ^

      """)
    #expect(errors(baseScene, sets: ["canvas.scale=4", "canvas.size=[2100, 844]"]) == """
      --set canvas.size=[2100, 844]: error: the output's longer side is 8400 px, more than Flipbook's limit of 8192 px
      [2100, 844]
      ^

      """)
  }
}
