import Raster
import Scene
import Testing
@testable import Stage

/// A scene's label keys reach the layer tree, and letterSpacing moves the glyphs.
@Suite struct LabelStagingTests {
  /// Screen `a` is a white canvas with one left-aligned black label of four "I"s; `b` stays
  /// off screen at frame 0 (the transition starts after `hold.before`).
  static func clip(_ labelKeys: String) throws -> Clip {
    let text = """
      canvas: {size: [300, 60], scale: 1, fps: 10, background: white}
      screens:
        a:
          backgroundColor: white
          subviews:
            - label: {id: word, text: IIII, frame: [20, 10, 260, 40], fontSize: 30\(labelKeys)}
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
    let plain = try #require(Self.label(in: Self.clip("").layerTree(frame: 0)))
    #expect(plain.letterSpacing == 0 && plain.lineHeightMultiple == 1)
    let set = try #require(Self.label(in: Self.clip(", letterSpacing: 2.5, lineHeightMultiple: 1.4").layerTree(frame: 0)))
    #expect(set.letterSpacing == 2.5 && set.lineHeightMultiple == 1.4)
  }

  @Test func letterSpacingWidensTheInkByNMinusOneSpacings() throws {
    let plain = try #require(Self.inkColumns(Self.clip("").bitmap(frame: 0)))
    // Four characters: the last glyph moves right by 3 spacings, the first stays put.
    let spaced = try #require(Self.inkColumns(Self.clip(", letterSpacing: 10").bitmap(frame: 0)))
    #expect(spaced.lowerBound == plain.lowerBound)
    #expect(spaced.upperBound == plain.upperBound + 30)
    let tight = try #require(Self.inkColumns(Self.clip(", letterSpacing: -2").bitmap(frame: 0)))
    #expect(tight.lowerBound == plain.lowerBound)
    #expect(tight.upperBound == plain.upperBound - 6)
  }
}
