import Foundation
import Scene
import Testing
@testable import Stage

/// A view with `clipsToBounds` and a shadow gets a warning at its line (docs/scene-format.md,
/// "Keys every view takes"): CALayer's masksToBounds clips the layer's own shadow, so UIKit
/// draws none; a shadow on an unclipped container around the clipped view is the way.
@Suite struct ClippedShadowTests {
  static func warnings(_ card: String, tracks: String = "[]") throws -> [MotionWarning] {
    let text = """
      scene: shadows
      screens:
        a:
          backgroundColor: white
          subviews:
      \(card)
        b: {backgroundColor: white}
      transition: {kind: push, from: a, to: b, preset: navigation, tracks: \(tracks)}
      """
    let document = try SceneLoader.load(text: text, origin: .file("shadows.yaml"))
    return try MotionCheck.warnings(document: document)
  }

  @Test func aClippedViewWithAShadowWarnsAtItsLine() throws {
    let w = try Self.warnings("      - view: {id: card, frame: [20, 100, 200, 200], backgroundColor: \"#FF0000\", cornerRadius: 20, clipsToBounds: true, shadow: {opacity: 0.2, radius: 8}}")
    try #require(w.count == 1, "\(w)")
    #expect(w[0].kind == .clippedShadow)
    #expect(w[0].location?.line == 6)
    #expect(w[0].message.hasPrefix("view 'a.card' has clipsToBounds and a shadow: UIKit clips the shadow"), "\(w[0].message)")
    #expect(w[0].notes[0].hasPrefix("put the shadow on a container"))
  }

  /// The container way: the shadow on an unclipped parent, the clip on the child. Silent.
  @Test func aShadowCarryingContainerIsSilent() throws {
    let w = try Self.warnings("""
            - view:
                id: card
                frame: [20, 100, 200, 200]
                shadow: {opacity: 0.2, radius: 8}
                subviews: [{view: {id: photo, frame: [0, 0, 200, 200], backgroundColor: "#FF0000", cornerRadius: 20, clipsToBounds: true}}]
      """)
    #expect(w.isEmpty, "\(w)")
  }

  /// A shadow of opacity 0 (CALayer's default) is no shadow; one that a track fades in is.
  @Test func anAnimatedShadowCounts() throws {
    let card = "      - view: {id: card, frame: [20, 100, 200, 200], backgroundColor: \"#FF0000\", clipsToBounds: true, shadow: {opacity: 0}}"
    #expect(try Self.warnings(card).isEmpty)
    let w = try Self.warnings(card, tracks: "[{view: a.card, property: shadowOpacity, from: 0, to: 0.3}]")
    #expect(w.count == 1 && w[0].kind == .clippedShadow, "\(w)")
  }
}
