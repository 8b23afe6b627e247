import Geometry
import Raster
import Scene
import Testing
@testable import Stage

/// The `shadowOffset` and `blurRadius` tracks: a value mid-track is the linear interpolation
/// of its ends (docs/scene-format.md, "Tracks"), in the layer tree and in pixels.
@Suite struct ShadowBlurTrackTests {
  /// A red square with a crisp black shadow (radius 0) and a material panel; the transition
  /// runs 1 s linear from t = 0, so p = t.
  static func clip(_ tracks: String) throws -> Clip {
    let text = """
      canvas: {size: [200, 200], scale: 1, fps: 10, background: white}
      screens:
        a:
          backgroundColor: white
          subviews:
            - view: {id: square, frame: [50, 50, 40, 40], backgroundColor: "#FF0000", shadow: {opacity: 1, radius: 0, offset: [0, 0]}}
            - view: {id: panel, frame: [120, 120, 60, 60], material: regular}
        b: {backgroundColor: white}
      transition:
        kind: push
        from: a
        to: b
        timing: {curve: linear, duration: 1}
        tracks:
          - {view: b, property: translation.x, from: 200, to: 200}
      \(tracks)
      hold: {before: 0, after: 0}
      """
    let document: SceneDocument
    do {
      document = try SceneLoader.load(text: text, origin: .file("tracks.yaml"))
    } catch {
      throw FixtureError(text: error.description)
    }
    return try Clip(document: document)
  }

  static func layer(named name: String, in l: Layer) -> Layer? {
    if l.name == name { return l }
    return l.sublayers.lazy.compactMap { layer(named: name, in: $0) }.first
  }

  @Test func shadowOffsetMidTrack() throws {
    let clip = try Self.clip("    - {view: a.square, property: shadowOffset, from: [0, 0], to: [10, 20]}")
    let square = try #require(Self.layer(named: "square", in: clip.layerTree(at: 0.5)))
    // Half way: (0 + 10) / 2, (0 + 20) / 2.
    #expect(square.shadow?.offset == Point(5, 10))
  }

  @Test func shadowOffsetYMidTrackInPixels() throws {
    let clip = try Self.clip("    - {view: a.square, property: shadowOffset.y, from: 0, to: 20}")
    let b = clip.bitmap(at: 0.5)
    // The shadow is the square moved down 10 pt: black from y = 90 to 100 under it, white below.
    let inShadow = b.pixel(x: 70, y: 95), below = b.pixel(x: 70, y: 102), square = b.pixel(x: 70, y: 70)
    #expect([inShadow.r, inShadow.g, inShadow.b] == [0, 0, 0])
    #expect([below.r, below.g, below.b] == [255, 255, 255])
    #expect([square.r, square.g, square.b] == [255, 0, 0])
  }

  @Test func blurRadiusMidTrack() throws {
    let clip = try Self.clip("    - {view: a.panel, property: blurRadius, to: 0}")
    let start = try #require(Self.layer(named: "panel", in: clip.layerTree(at: 0)))
    let mid = try #require(Self.layer(named: "panel", in: clip.layerTree(at: 0.5)))
    // From the material's own σ, 20 pt (docs/raster.md), to 0: half way is 10.
    #expect(start.backdrop?.blurRadius == 20 && Raster.Material.blurRadius == 20)
    #expect(mid.backdrop?.blurRadius == 10)
    #expect(mid.backdrop?.tint == Raster.Material(.regular).tint)
  }

  @Test func tracksNeedAShadowOrAMaterial() {
    for (view, property, value) in [("a.panel", "shadowOffset.x", "3"), ("a.square", "blurRadius", "3")] {
      do {
        _ = try Self.clip("    - {view: \(view), property: \(property), to: \(value)}")
        Issue.record("\(property) on \(view) was accepted")
      } catch {
        let text = "\(error)"
        #expect(text.contains("tracks.yaml:16:") && text.contains(property == "blurRadius" ? "'material'" : "'shadow'"), "\(text)")
      }
    }
  }
}
