import Geometry
import Testing
import Text
@testable import Raster

/// Damage tracking (`LayerDamage`, `FrameHistory`): the rectangle two trees can differ in,
/// computed by hand for simple moves, and a second implementation check: drawing a tree whole
/// and drawing it over another tree's pixels within the damage give the same bytes, for
/// random trees and random changes.
@Suite struct LayerDamageTests {
  func canvas(_ w: Int, _ h: Int) -> PixelRect { PixelRect(x: 0, y: 0, width: w, height: h) }

  func square(at x: Double, color: Color = Color(red: 1, green: 0, blue: 0)) -> Layer {
    var root = Layer(frame: Rect(x: 0, y: 0, width: 100, height: 100), backgroundColor: .white)
    root.sublayers = [Layer(frame: Rect(x: x, y: 20, width: 30, height: 40), backgroundColor: color)]
    return root
  }

  /// A 30 x 40 pt square moved from x 10 to x 50 pt: its extent is its frame grown by a pixel,
  /// (9, 19)-(41, 61) before and (49, 19)-(81, 61) after; the union is (9, 19, 72 x 42). At
  /// scale 2 the frames are (20, 40)-(80, 120) and (100, 40)-(160, 120): (19, 39, 142 x 82).
  @Test func aMovedSquareDamagesWhereItWasAndWhereItIs() {
    #expect(LayerDamage.region(from: square(at: 10), to: square(at: 50), scale: 1, canvas: canvas(100, 100))
      == PixelRect(x: 9, y: 19, width: 72, height: 42))
    #expect(LayerDamage.region(from: square(at: 10), to: square(at: 50), scale: 2, canvas: canvas(200, 200))
      == PixelRect(x: 19, y: 39, width: 142, height: 82))
    // A colour change damages the square alone; equal trees nothing.
    #expect(LayerDamage.region(from: square(at: 10), to: square(at: 10, color: .black), scale: 1, canvas: canvas(100, 100))
      == PixelRect(x: 9, y: 19, width: 32, height: 42))
    #expect(LayerDamage.region(from: square(at: 10), to: square(at: 10), scale: 1, canvas: canvas(100, 100)).isEmpty)
    // Clamped to the canvas.
    #expect(LayerDamage.region(from: square(at: 10), to: square(at: 90), scale: 1, canvas: canvas(100, 100))
      == PixelRect(x: 9, y: 19, width: 91, height: 42))
  }

  /// A backdrop (σ 2 pt at scale 1) that the damage reaches (its bounds grown by its blur's
  /// reach) makes the damage the whole canvas; one the damage does not reach adds nothing.
  @Test func aBackdropOverTheChangeIsDamagedWithWhatItReads() {
    func tree(_ x: Double, bar: Rect) -> Layer {
      var root = square(at: x)
      var b = Layer(frame: bar)
      b.backdrop = Backdrop(blurRadius: 2)
      root.sublayers.append(b)
      return root
    }
    let far = Rect(x: 0, y: 90, width: 100, height: 10)
    #expect(LayerDamage.region(from: tree(10, bar: far), to: tree(12, bar: far), scale: 1, canvas: canvas(100, 100))
      == PixelRect(x: 9, y: 19, width: 34, height: 42))
    let over = Rect(x: 0, y: 0, width: 100, height: 30)
    // The bar grown by its reach (rows up to 30 + reach + 1) meets the square's damage: the
    // whole canvas is drawn again.
    let d = LayerDamage.region(from: tree(10, bar: over), to: tree(12, bar: over), scale: 1, canvas: canvas(100, 100))
    #expect(d == canvas(100, 100))
    // A bar whose reach ends just above the square (row 19) is not reached.
    let reach = BackdropBlur.reach(sigma: 2) + 1
    let above = Rect(x: 0, y: 0, width: 100, height: Double(19 - reach - 1))
    #expect(LayerDamage.region(from: tree(10, bar: above), to: tree(12, bar: above), scale: 1, canvas: canvas(100, 100))
      == PixelRect(x: 9, y: 19, width: 34, height: 42))
  }

  // MARK: Second implementation: whole redraw against damaged redraw

  /// A deterministic generator (64-bit LCG).
  struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    mutating func unit() -> Double { Double(next() % 10_000) / 10_000 }
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func color(alpha: Bool) -> Color {
      Color(red: unit(), green: unit(), blue: unit(), alpha: alpha ? range(0.3, 1) : 1)
    }
  }

  static let photo = Image(Bitmap.noise(width: 40, height: 30, seed: 7))

  func randomLayer(_ r: inout Random, depth: Int) -> Layer {
    var l = Layer(
      frame: Rect(x: r.range(-10, 70), y: r.range(-10, 90), width: r.range(4, 50), height: r.range(4, 50)),
      backgroundColor: r.int(4) == 0 ? nil : r.color(alpha: r.int(3) == 0))
    if r.int(6) == 0 { l.opacity = r.range(0.2, 1) }
    if r.int(3) == 0 { l.cornerRadii = CornerRadii(all: r.range(0, 12)) }
    if r.int(6) == 0 { l.masksToBounds = true }
    if r.int(5) == 0 { l.transform = AffineTransform(rotationAngle: r.range(-0.4, 0.4)) }
    if r.int(8) == 0 { l.shadow = Shadow(opacity: r.range(0.2, 0.6), radius: r.range(1, 6), offset: Point(r.range(-3, 3), r.range(0, 5))) }
    if r.int(6) == 0 { l.border = Border(width: r.range(0.5, 3), color: r.color(alpha: false)) }
    switch r.int(6) {
    case 0: l.contents = .image(Self.photo, .aspectFill)
    case 1: l.contents = .text(Label("Ag", fontSize: r.range(8, 20), color: r.color(alpha: false)))
    case 2 where r.int(3) == 0: l.backdrop = Backdrop(blurRadius: r.range(1, 4), saturation: 1.5, tint: Color(white: 1, alpha: 0.4))
    default: break
    }
    if depth > 0 {
      l.sublayers = (0..<r.int(3)).map { _ in randomLayer(&r, depth: depth - 1) }
    }
    return l
  }

  func randomTree(_ r: inout Random) -> Layer {
    var root = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 80), backgroundColor: .white)
    root.sublayers = (0..<(2 + r.int(4))).map { _ in randomLayer(&r, depth: 2) }
    return root
  }

  /// One random change somewhere in the tree: a move, a colour, the opacity, hidden, a layer
  /// added or removed.
  func mutate(_ layer: inout Layer, _ r: inout Random) {
    if !layer.sublayers.isEmpty, r.int(3) != 0 {
      let i = r.int(layer.sublayers.count)
      mutate(&layer.sublayers[i], &r)
      return
    }
    switch r.int(6) {
    case 0: layer.position = Point(layer.position.x + r.range(-8, 8), layer.position.y + r.range(-8, 8))
    case 1: layer.backgroundColor = r.color(alpha: r.int(2) == 0)
    case 2: layer.opacity = r.range(0, 1)
    case 3: layer.isHidden.toggle()
    case 4: layer.sublayers.append(randomLayer(&r, depth: 1))
    default: if !layer.sublayers.isEmpty { layer.sublayers.removeLast() } else { layer.transform = AffineTransform(scaleX: 1.1, y: 0.9) }
    }
  }

  static func features(_ l: Layer, depth: Int = 0) -> String {
    var f: [String] = []
    if l.opacity < 1 { f.append("o\(l.opacity)") }
    if l.isHidden { f.append("hidden") }
    if !l.cornerRadii.isZero { f.append("round") }
    if l.masksToBounds { f.append("mtb") }
    if l.transform != .identity { f.append("tf") }
    if l.shadow != nil { f.append("shadow") }
    if l.border != nil { f.append("border") }
    if l.backdrop != nil { f.append("backdrop") }
    if let c = l.contents { f.append("\(c)".prefix(5).description) }
    let e = LayerRenderer(scale: 2, sampleCache: nil, caches: false).extent(l, AffineTransform(scaleX: 2, y: 2), parent: .identity).map { PixelRect(enclosing: $0) }
    var out = String(repeating: " ", count: depth) + "[\(f.joined(separator: ","))] \(e.map { "\($0)" } ?? "-")\n"
    for s in l.sublayers { out += features(s, depth: depth + 1) }
    return out
  }

  @Test(arguments: [1.0, 2.0])
  func damagedRedrawEqualsWholeRedraw(scale: Double) {
    var r = Random(state: UInt64(scale * 1000))
    let w = Int(60 * scale), h = Int(80 * scale)
    var nonEmpty = 0, partial = 0
    for _ in 0..<200 {
      let old = randomTree(&r)
      var new = old
      for _ in 0..<(1 + r.int(2)) { mutate(&new, &r) }
      var before = Bitmap(width: w, height: h)
      LayerRenderer(scale: scale, sampleCache: nil, caches: false).render(old, into: &before)
      var whole = Bitmap(width: w, height: h)
      LayerRenderer(scale: scale, sampleCache: nil, caches: false).render(new, into: &whole)
      let damage = LayerDamage.region(from: old, to: new, scale: scale, canvas: canvas(w, h))
      var damaged = before
      LayerRenderer(scale: scale, sampleCache: nil, caches: false).render(new, into: &damaged, within: damage)
      if !damage.isEmpty { nonEmpty += 1 }
      if !damage.isEmpty && damage.area < w * h { partial += 1 }
      // Compared as Bools (a failed expectation would print every byte).
      let equal = damaged == whole, unchanged = before == whole
      #expect(equal, "damage \(damage) \(Self.features(new))")
      // Outside the damage nothing changed at all.
      if damage.isEmpty { #expect(unchanged) }
    }
    // The check means something: most changes damage something, many a part of the canvas.
    #expect(nonEmpty > 60 && partial >= 20, "\(nonEmpty) damaged, \(partial) in part")
  }

  /// The frame loop's path: a history of one frame feeds the next, with the render caches on.
  @Test func framesFromTheHistoryEqualFramesDrawnWhole() {
    var r = Random(state: 99)
    let history = FrameHistory(frames: 2)
    var tree = randomTree(&r)
    for _ in 0..<40 {
      mutate(&tree, &r)
      let fromHistory = Bitmap(width: 120, height: 160, rendering: tree, scale: 2, frames: nil, history: history)
      let whole = Bitmap(width: 120, height: 160, rendering: tree, scale: 2, frames: nil, history: nil)
      let equal = fromHistory == whole
      #expect(equal)
    }
    #expect(history.counts.damaged > 20)
  }
}
