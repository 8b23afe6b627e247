import Geometry

// Tab bar and toolbar symbols of the App Store (Today, Games, Apps, Arcade), Maps (location,
// map, pin), Music (Listen Now, Browse, Radio) and common ones (mic, briefcase): outline forms
// and the .fill forms iOS shows for a selected tab. Design units as in SymbolCatalog+Controls
// (baseline y = 0, cap height y = −100); the shapes and proportions are described in
// docs/symbols.md.
extension Symbols {
  static let appGlyphs: [String: SymbolGlyph] = [
    // App Store's Today: a page with a picture and two lines of text.
    "doc.text.image": SymbolGlyph([
      .stroke(roundedRectData(x: 16, y: -104, w: 88, h: 110, r: 16)),
      .stroke(roundedRectData(x: 34, y: -86, w: 52, h: 36, r: 6), 0.8),
      .stroke("M36 -30 H84 M36 -12 H68", 0.8),
    ]),
    "doc.text.image.fill": SymbolGlyph([
      .fill(roundedRectData(x: 14, y: -106, w: 92, h: 114, r: 17) + roundedRectData(x: 30, y: -90, w: 60, h: 44, r: 8)
            + roundedRectData(x: 30, y: -35, w: 60, h: 10, r: 5) + roundedRectData(x: 30, y: -17, w: 44, h: 10, r: 5),
            rule: .evenOdd, round: 0),
      .fill(roundedRectData(x: 36, y: -84, w: 48, h: 32, r: 4), round: 0),
    ]),
    // App Store's Games: a controller with grips, a d-pad and two buttons.
    "gamecontroller": SymbolGlyph([
      .stroke(controllerData),
      .stroke("M26 -54 H46 M36 -64 V-44", 0.8),
      .fill(circleData(cx: 82, cy: -48, r: 5), round: 0.6), .fill(circleData(cx: 94, cy: -60, r: 5), round: 0.6),
    ]),
    "gamecontroller.fill": SymbolGlyph([
      .fill(controllerData + " M33 -66 H39 V-57 H48 V-51 H39 V-42 H33 V-51 H24 V-57 H33 Z"
            + circleData(cx: 82, cy: -48, r: 6) + circleData(cx: 94, cy: -60, r: 6), rule: .evenOdd, round: 0.5),
    ]),
    // App Store's Apps: three stacked squares seen in perspective.
    "square.stack.3d.up": SymbolGlyph([
      .stroke("M60 -108 L110 -82 L60 -56 L10 -82 Z"),
      .stroke("M10 -56 L60 -30 L110 -56 M10 -30 L60 -4 L110 -30", 0.9),
    ]),
    "square.stack.3d.up.fill": SymbolGlyph([
      .fill("M60 -110 L112 -83 L60 -56 L8 -83 Z", round: 0.8),
      .stroke("M10 -56 L60 -30 L110 -56 M10 -30 L60 -4 L110 -30", 1.1),
    ]),
    // App Store's Arcade: a joystick on a base, a second base behind it.
    "arcade.stack": SymbolGlyph([
      .stroke(circleData(cx: 60, cy: -88, r: 15)),
      .stroke("M60 -73 V-46", 0.9),
      .stroke(roundedRectData(x: 12, y: -46, w: 96, h: 34, r: 10)),
      .stroke("M26 4 H94", 0.9),
    ]),
    "arcade.stack.fill": SymbolGlyph([
      .fill(circleData(cx: 60, cy: -88, r: 18), round: 0),
      .stroke("M60 -72 V-46", 1.1),
      .fill(roundedRectData(x: 10, y: -48, w: 100, h: 38, r: 11), round: 0),
      .stroke("M26 5 H94", 1.1),
    ]),
    // Maps' location arrow: a navigation arrow pointing up and right, notched at its tail.
    "location": SymbolGlyph([.stroke(locationData)]),
    "location.fill": SymbolGlyph([.fill(locationData, round: 1)]),
    // Maps' map: a map folded in three panels.
    "map": SymbolGlyph([
      .stroke("M8 -84 L42 -100 L78 -84 L112 -100 V-16 L78 0 L42 -16 L8 0 Z"),
      .stroke("M42 -100 V-16 M78 -84 V0", 0.9),
    ]),
    "map.fill": SymbolGlyph([
      .fill("M6 -85 L37 -99 V-15 L6 -1 Z", round: 0.6),
      .fill("M47 -99 L73 -87 V-3 L47 -15 Z", round: 0.6),
      .fill("M83 -87 L114 -101 V-17 L83 -3 Z", round: 0.6),
    ]),
    // Maps' pin: a round head on a needle.
    "mappin": SymbolGlyph([
      .fill(circleData(cx: 60, cy: -78, r: 24), round: 0),
      .stroke("M60 -56 V4"),
    ]),
    // Music's Listen Now (iOS 16-17): a play button in a circle.
    "play.circle": SymbolGlyph([
      .stroke(circleData(cx: 60, cy: -50, r: 56)),
      .fill("M47 -75 L85 -50 L47 -25 Z", round: 0.8),
    ]),
    "play.circle.fill": SymbolGlyph([
      .fill(circleData(cx: 60, cy: -50, r: 62) + " M46 -78 L88 -50 L46 -22 Z", rule: .evenOdd, round: 0),
    ]),
    // Music's Browse (New in iOS 18): four rounded squares.
    "square.grid.2x2": SymbolGlyph([
      .stroke(roundedRectData(x: 10, y: -100, w: 38, h: 38, r: 10) + roundedRectData(x: 72, y: -100, w: 38, h: 38, r: 10)
              + roundedRectData(x: 10, y: -38, w: 38, h: 38, r: 10) + roundedRectData(x: 72, y: -38, w: 38, h: 38, r: 10)),
    ]),
    "square.grid.2x2.fill": SymbolGlyph([
      .fill(roundedRectData(x: 4, y: -106, w: 50, h: 50, r: 13) + roundedRectData(x: 66, y: -106, w: 50, h: 50, r: 13)
            + roundedRectData(x: 4, y: -44, w: 50, h: 50, r: 13) + roundedRectData(x: 66, y: -44, w: 50, h: 50, r: 13), round: 0),
    ]),
    // Music's Radio: a dot with two waves on each side.
    "dot.radiowaves.left.and.right": SymbolGlyph([
      .fill(circleData(cx: 60, cy: -50, r: 11), round: 0),
      .stroke("M38.8 -71.2 A30 30 0 0 0 38.8 -28.8 M81.2 -71.2 A30 30 0 0 1 81.2 -28.8"),
      .stroke("M21.8 -88.2 A54 54 0 0 0 21.8 -11.8 M98.2 -88.2 A54 54 0 0 1 98.2 -11.8"),
    ]),
    // A microphone: a capsule in a cradle on a stem.
    "mic": SymbolGlyph([
      .stroke("M42 -88 A18 18 0 0 1 78 -88 V-58 A18 18 0 0 1 42 -58 Z"),
      .stroke("M22 -62 C22 -38 38 -22 60 -22 C82 -22 98 -38 98 -62"),
      .stroke("M60 -22 V2"),
    ]),
    "mic.fill": SymbolGlyph([
      .fill("M39 -88 A21 21 0 0 1 81 -88 V-58 A21 21 0 0 1 39 -58 Z", round: 0),
      .stroke("M22 -62 C22 -38 38 -22 60 -22 C82 -22 98 -38 98 -62"),
      .stroke("M60 -22 V2"),
    ]),
    // A briefcase: a body with a band across it and a handle on top.
    "briefcase": SymbolGlyph([
      .stroke(roundedRectData(x: 6, y: -78, w: 108, h: 82, r: 12)),
      .stroke("M40 -78 V-90 C40 -97 44 -101 51 -101 H69 C76 -101 80 -97 80 -90 V-78", 0.9),
      .stroke("M6 -42 H114", 0.8),
    ]),
    "briefcase.fill": SymbolGlyph([
      .fill(roundedRectData(x: 3, y: -81, w: 114, h: 88, r: 14) + " M3 -45 H117 V-39 H3 Z", rule: .evenOdd, round: 0),
      .stroke("M40 -80 V-90 C40 -97 44 -101 51 -101 H69 C76 -101 80 -97 80 -90 V-80", 1.0),
    ]),
  ]

  /// The game controller's outline: a wide body whose grips hang down on both sides.
  static let controllerData =
    "M32 -82 H88 C106 -82 114 -70 117 -50 C120 -28 120 -10 108 -8 C98 -6 92 -16 84 -26 H36 C28 -16 22 -6 12 -8 C0 -10 0 -28 3 -50 C6 -70 14 -82 32 -82 Z"

  /// The location arrow: its tip up and right, its tail notched towards the tip.
  static let locationData = "M110 -104 L8 -58 L58 -52 L64 0 Z"

  /// A rounded rectangle as path data (circular corners of `r`, drawn as arcs), clockwise.
  static func roundedRectData(x: Double, y: Double, w: Double, h: Double, r: Double) -> String {
    let k = min(r, min(w, h) / 2)
    return "M\(x + k) \(y) H\(x + w - k) A\(k) \(k) 0 0 1 \(x + w) \(y + k) V\(y + h - k) A\(k) \(k) 0 0 1 \(x + w - k) \(y + h)"
      + " H\(x + k) A\(k) \(k) 0 0 1 \(x) \(y + h - k) V\(y + k) A\(k) \(k) 0 0 1 \(x + k) \(y) Z"
  }
}
