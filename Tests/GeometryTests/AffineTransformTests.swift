import Testing
import Foundation
@testable import Geometry

@Suite struct AffineTransformTests {
  @Test func scaledThenTranslatedMovesByScaledTranslation() {
    // CGAffineTransform.identity.scaledBy(0.5, 0.5).translatedBy(10, 20) maps (0,0) to (5, 10).
    let t = AffineTransform.identity.scaledBy(x: 0.5, y: 0.5).translatedBy(x: 10, y: 20)
    #expect(t.apply(Point(0, 0)) == Point(5, 10))
    #expect(t.apply(Point(2, 2)) == Point(6, 11))
  }

  @Test func inverseUndoesTransform() throws {
    let t = AffineTransform(rotationAngle: 0.3).scaledBy(x: 2, y: 3).translatedBy(x: 7, y: -4)
    let inv = try #require(t.inverted())
    let p = Point(12.5, -3.25)
    let q = inv.apply(t.apply(p))
    #expect(abs(q.x - p.x) < 1e-12 && abs(q.y - p.y) < 1e-12)
  }

  @Test func singularTransformHasNoInverse() {
    #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
  }

  @Test func rotationIsClockwiseOnAYDownScreen() {
    // A quarter turn maps +x to +y (down), as UIKit's CGAffineTransform(rotationAngle: .pi/2).
    let p = AffineTransform(rotationAngle: .pi / 2).apply(Point(1, 0))
    #expect(abs(p.x) < 1e-15 && abs(p.y - 1) < 1e-15)
  }
}

@Suite struct ColorTests {
  @Test func parsesHexForms() {
    #expect(Color(hex: "#FFF") == Color(red: 1, green: 1, blue: 1))
    #expect(Color(hex: "#00000066") == Color(red: 0, green: 0, blue: 0, alpha: 0x66 / 255.0))
    #expect(Color(hex: "#12345") == nil)
    #expect(Color(hex: "123456") == nil)
    #expect(Color(hex: "#GG0000") == nil)
  }

  @Test func describesAsHex() {
    #expect(Color(red: 1, green: 0, blue: 0).description == "#FF0000")
    #expect(Color(red: 0, green: 0, blue: 0, alpha: 0.4).description == "#00000066")
  }
}

@Suite struct RectTests {
  @Test func intersectionAndUnion() {
    let a = Rect(0, 0, 10, 10), b = Rect(5, 5, 10, 10)
    #expect(a.intersection(b) == Rect(5, 5, 5, 5))
    #expect(a.union(b) == Rect(0, 0, 15, 15))
    #expect(a.intersection(Rect(20, 20, 1, 1)) == nil)
  }
}
