import Foundation
import Geometry
import Testing
@testable import Raster

/// Joins go between the segments of the path, on the outer side of the turn only; the
/// chords of a flattened curve meet without a join of the style. Expected values are
/// closed-form areas and hand-placed pixels.
@Suite struct StrokeJoinTests {
  let canvas = PixelRect(x: 0, y: 0, width: 200, height: 200)

  /// Total coverage in pixels (px²).
  func area(_ m: Mask) -> Double { m.bytes.reduce(0.0) { $0 + Double($1) } / 255 }

  /// `M 40 150 A 60 60 0 0 1 160 150`, 16 wide, round joins, butt caps: a half annulus of
  /// radii 52 and 68 about (100, 150), area π/2·(68² − 52²) = 960π, cut square at y = 150.
  @Test func openArcWithButtCapsEndsSquare() throws {
    let arc = try Path(svgPathData: "M 40 150 A 60 60 0 0 1 160 150")
    let m = Mask(stroking: arc, style: StrokeStyle(width: 16, cap: .butt, join: .round), limit: canvas)
    // Below each butt end: a round end would cover rows 150...157 fully. The first chord
    // (about 1.9 px long, tilted 0.016 rad from the tangent) dips its end 0.13 px into
    // row 150, so that row holds at most 0.13 of a pixel; row 151 and below nothing.
    for x in [33, 40, 46, 154, 160, 166] {
      #expect(m.coverage(x: x, y: 150) < 34, "x = \(x), below the end")
      #expect(m.coverage(x: x, y: 151) == 0 && m.coverage(x: x, y: 154) == 0, "x = \(x)")
    }
    #expect(m.coverage(x: 40, y: 148) == 255 && m.coverage(x: 160, y: 148) == 255)
    // Area: a round end would add 2 · π · 8² / 2 = 201 px². What is left over (about 9 px²) is
    // where neighbouring chords' quadrilaterals overlap on the inner side, which the
    // rasterizer counts twice in the inner edge's pixels.
    #expect(abs(area(m) - 960 * Double.pi) < 12, "area \(area(m)) vs \(960 * Double.pi)")
    // The same for every join: a curve has no corners between its chords (only where its
    // cubics meet, tangent to each other, so the joins there differ by slivers).
    for join in StrokeStyle.Join.allCases {
      let j = Mask(stroking: arc, style: StrokeStyle(width: 16, join: join), limit: canvas)
      #expect(abs(area(j) - area(m)) < 0.5, "\(join): area \(area(j))")
      #expect(j.coverage(x: 40, y: 151) == 0 && j.coverage(x: 160, y: 151) == 0, "\(join)")
    }
  }

  /// `M 30 100 L 150 100 L 153 104`, 30 wide, round join: the last segment is 5 long, so a
  /// disc of radius 15 at the corner would reach 10 past its butt end. The join is the
  /// sector between the outer normals (0, −1) and (0.8, −0.6) only.
  @Test func roundJoinStaysOnTheOuterSide() throws {
    let p = try Path(svgPathData: "M 30 100 L 150 100 L 153 104")
    let m = Mask(stroking: p, style: StrokeStyle(width: 30, join: .round), limit: canvas)
    // Pixel (157, 110): centre 4.5, 6.5 from the end (153, 104), 7.9 past it along (0.6, 0.8).
    #expect(m.coverage(x: 157, y: 110) == 0)
    #expect(m.coverage(x: 152, y: 112) == 0)  // 1.3 past the end
    // Pixel (155, 89): every corner within 12.6 of (150, 100), at angles between −90° and
    // −36.9°: inside the sector only (x > 150 and behind the last segment's start).
    #expect(m.coverage(x: 155, y: 89) == 255)
    // Outside the sector's radius: (150, 100) + 15.5 · (0.45, −0.89) and beyond.
    #expect(m.coverage(x: 158, y: 85) == 0)
    // Area: 120·30 + 5·30 + the sector (53.13° of radius 15) − the quadrilaterals' overlap
    // on the inner side. The second quadrilateral has corners (162, 91), (138, 109),
    // (141, 113), (165, 95); its part with x ≤ 150 (all inside the first's rows 85...115) is
    // (150, 100), (138, 109), (141, 113), (150, 106.25), of area 65.625 (shoelace).
    let theta = atan2(0.8, 0.6)
    let expected = 3600 + 150 + 0.5 * theta * 225 - 65.625
    #expect(abs(area(m) - expected) < 1, "area \(area(m)) vs \(expected)")
  }

  /// A dash that spans a corner keeps the corner's join: one dash longer than the path
  /// draws what the undashed path does.
  @Test func dashesKeepTheirCorners() {
    var p = Path()
    p.move(to: Point(10, 30)); p.line(to: Point(30, 30)); p.line(to: Point(30, 50))
    for join in StrokeStyle.Join.allCases {
      let solid = Mask(stroking: p, style: StrokeStyle(width: 4, join: join), limit: canvas)
      let dashed = Mask(stroking: p, style: StrokeStyle(width: 4, join: join, dash: [100, 1]), limit: canvas)
      #expect(solid.bytes == dashed.bytes, "\(join)")
    }
  }

  /// An odd-length pattern repeats (SVG, CoreGraphics): [4] is 4 on, 4 off; [1, 2, 3] is
  /// 1 on 2 off 3 on 1 off 2 on 3 off.
  @Test func oddDashPatternsRepeat() {
    var p = Path()
    p.move(to: Point(0, 10.5)); p.line(to: Point(40, 10.5))
    let four = Mask(stroking: p, style: StrokeStyle(width: 1, dash: [4]), limit: canvas)
    #expect(four.coverage(x: 2, y: 10) == 255 && four.coverage(x: 6, y: 10) == 0 && four.coverage(x: 9, y: 10) == 255)
    let three = Mask(stroking: p, style: StrokeStyle(width: 2, dash: [1, 2, 3]), limit: canvas)
    let row = (0..<12).map { three.coverage(x: $0, y: 10) == 255 }
    #expect(row == [true, false, false, true, true, true, false, true, true, false, false, false])
    // The phase shifts the pattern back: phase 1 of [4] starts 3 on.
    let phased = Mask(stroking: p, style: StrokeStyle(width: 1, dash: [4], dashPhase: 1), limit: canvas)
    #expect(phased.coverage(x: 2, y: 10) == 255 && phased.coverage(x: 3, y: 10) == 0 && phased.coverage(x: 7, y: 10) == 255)
  }

  /// A pattern that would give more than `Path.maxDashCount` dashes is drawn solid, at once
  /// (a line to x = 1e300 with [1, 1] would otherwise walk 1e300 dashes).
  @Test func tooManyDashesDrawSolid() {
    var p = Path()
    p.move(to: Point(0, 10)); p.line(to: Point(1e300, 10))
    let m = Mask(stroking: p, style: StrokeStyle(width: 2, dash: [1, 1]), limit: canvas)
    let solid = Mask(stroking: p, style: StrokeStyle(width: 2), limit: canvas)
    #expect(m.bytes == solid.bytes)
    // 200 px of [0.001, 0.001]: 200,000 dashes, over the limit, so solid; [0.01, 0.01]: 20,000, drawn.
    var q = Path()
    q.move(to: Point(0, 10)); q.line(to: Point(200, 10))
    #expect(q.dashCountBound(pattern: [0.001, 0.001]) > Double(Path.maxDashCount))
    let over = Mask(stroking: q, style: StrokeStyle(width: 2, dash: [0.001, 0.001]), limit: canvas)
    #expect(over.coverage(x: 100, y: 9) == 255)
    #expect(q.dashCountBound(pattern: [0.01, 0.01]) <= Double(Path.maxDashCount))
    let fine = Mask(stroking: q, style: StrokeStyle(width: 2, dash: [0.01, 0.01]), limit: canvas)
    // Half of every pixel is dashed: 128 ± the overlap of dash ends.
    #expect(abs(Int(fine.coverage(x: 100, y: 9)) - 128) <= 2)
  }
}
