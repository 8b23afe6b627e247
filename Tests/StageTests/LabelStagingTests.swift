import Raster
import Scene
import Testing
import Text
@testable import Stage

/// A scene's label keys reach the layer tree, and letterSpacing moves the glyphs.
@Suite struct LabelStagingTests {
  /// Screen `a` is a white canvas with one left-aligned black label of four "I"s; `b` stays
  /// off screen at frame 0 (the transition starts after `hold.before`).
  static func clip(_ labelKeys: String, fontSize: Double = 30) throws -> Clip {
    let text = """
      canvas: {size: [300, 60], scale: 1, fps: 10, background: white}
      screens:
        a:
          backgroundColor: white
          subviews:
            - label: {id: word, text: IIII, frame: [20, 10, 260, 40], fontSize: \(fontSize)\(labelKeys)}
        b: {backgroundColor: white}
      transition:
        kind: push
        from: a
        to: b
        timing: {curve: linear, duration: 0.1}
        tracks: [{view: b, property: translation.x, from: 300, to: 300}]
      hold: {before: 0.3, after: 0}
      """
    let document: SceneDocument
    do {
      document = try SceneLoader.load(text: text, origin: .file("label.yaml"))
    } catch {
      throw FixtureError(text: error.description)
    }
    return try Clip(document: document)
  }

  /// The letter spacing and line height multiple of the first label in a layer tree.
  static func label(in layer: Layer) -> (letterSpacing: Double, lineHeightMultiple: Double)? {
    if case .text(let label)? = layer.contents { return (label.letterSpacing, label.lineHeightMultiple) }
    return layer.sublayers.lazy.compactMap { Self.label(in: $0) }.first
  }

  /// Leftmost and rightmost columns holding any non-white pixel.
  static func inkColumns(_ bitmap: Bitmap) -> ClosedRange<Int>? {
    var columns: [Int] = []
    for x in 0..<bitmap.width where (0..<bitmap.height).contains(where: { bitmap.pixel(x: x, y: $0).r < 255 }) {
      columns.append(x)
    }
    guard let first = columns.first, let last = columns.last else { return nil }
    return first...last
  }

  @Test func labelKeysReachTheLayerTree() throws {
    // No letterSpacing: SF Pro's tracking at 30 pt, +14/1000 em (Apple HIG's table) = 0.42 pt.
    let plain = try #require(Self.label(in: Self.clip("").layerTree(frame: 0)))
    #expect(abs(plain.letterSpacing - 0.42) < 1e-12 && plain.lineHeightMultiple == 1)
    let zero = try #require(Self.label(in: Self.clip(", letterSpacing: 0").layerTree(frame: 0)))
    #expect(zero.letterSpacing == 0)
    let set = try #require(Self.label(in: Self.clip(", letterSpacing: 2.5, lineHeightMultiple: 1.4").layerTree(frame: 0)))
    #expect(set.letterSpacing == 2.5 && set.lineHeightMultiple == 1.4)
  }

  @Test func letterSpacingWidensTheInkByNMinusOneSpacings() throws {
    let plain = try #require(Self.inkColumns(Self.clip(", letterSpacing: 0").bitmap(frame: 0)))
    // Four characters: the last glyph moves right by 3 spacings, the first stays put.
    let spaced = try #require(Self.inkColumns(Self.clip(", letterSpacing: 10").bitmap(frame: 0)))
    #expect(spaced.lowerBound == plain.lowerBound)
    #expect(spaced.upperBound == plain.upperBound + 30)
    let tight = try #require(Self.inkColumns(Self.clip(", letterSpacing: -2").bitmap(frame: 0)))
    #expect(tight.lowerBound == plain.lowerBound)
    #expect(tight.upperBound == plain.upperBound - 6)
  }
}

/// Labels without `letterSpacing` get SF Pro's tracking for their size and, from 20 pt,
/// Inter's Display cut (docs/text.md, "System tracking and optical size").
@Suite struct SystemTypographyStagingTests {
  static func label(_ keys: String = "", fontSize: Double) throws -> Label? {
    func first(_ l: Layer) -> Label? {
      if case .text(let label)? = l.contents { return label }
      return l.sublayers.lazy.compactMap(first).first
    }
    return first(try LabelStagingTests.clip(keys, fontSize: fontSize).layerTree(frame: 0))
  }

  /// Hand values from the HIG table (1/1000 em x size): 17 pt -26 -> -0.442 pt;
  /// 11 pt +6 -> 0.066; 34 pt +12 -> 0.408; 19.5 pt halfway between -24 and -23 -> -0.458.
  @Test(arguments: [(17.0, -0.442), (11, 0.066), (34, 0.408), (19.5, -0.45825)])
  func trackingBySize(_ size: Double, _ points: Double) throws {
    let label = try #require(try Self.label(fontSize: size))
    #expect(abs(label.letterSpacing - points) < 1e-12)
  }

  @Test func displayCutFromTwentyPoints() throws {
    #expect(try #require(try Self.label(fontSize: 19.99)).opticalSize == .text)
    #expect(try #require(try Self.label(fontSize: 20)).opticalSize == .display)
    #expect(try #require(try Self.label(", letterSpacing: 0", fontSize: 20)).opticalSize == .display)
  }
}
