import Geometry

// Tab bar symbols (Photos, Music, a generic app): outline forms for unselected items and
// the .fill forms iOS shows for the selected one. Design units as in SymbolCatalog+Controls.
extension Symbols {
  static let tabGlyphs: [String: SymbolGlyph] = [
    "house": SymbolGlyph([
      .stroke("M6 -50 L60 -98 L114 -50"),
      .stroke("M20 -62 V-6 C20 1 24 4 30 4 H90 C96 4 100 1 100 -6 V-62"),
      .stroke("M48 4 V-26 C48 -31 51 -34 56 -34 H64 C69 -34 72 -31 72 -26 V4", 0.9),
    ]),
    "house.fill": SymbolGlyph([
      .fill("M60 -104 L120 -52 L112 -44 L100 -54 V-4 C100 4 96 8 88 8 H32 C24 8 20 4 20 -4 V-54 L8 -44 L0 -52 Z M50 8 V-26 C50 -31 53 -34 57 -34 H63 C67 -34 70 -31 70 -26 V8 Z",
            rule: .evenOdd, round: 0),
    ]),
    "person": SymbolGlyph([
      .stroke(circleData(cx: 60, cy: -76, r: 24)),
      .stroke("M18 4 C18 -24 36 -40 60 -40 C84 -40 102 -24 102 4 Z"),
    ]),
    "person.fill": SymbolGlyph([
      .fill(circleData(cx: 60, cy: -76, r: 26), round: 0.6),
      .fill("M16 6 C16 -24 34 -42 60 -42 C86 -42 104 -24 104 6 Z", round: 0.6),
    ]),
    "music.note": SymbolGlyph([
      .fill("M52 -16 C52 -2 40 8 26 8 C14 8 8 2 8 -8 C8 -22 20 -32 36 -32 C42 -32 47 -30 50 -28 Z", round: 0.6),
      .stroke("M50 -20 V-104", 1.1),
      .fill("M50 -106 L92 -116 V-94 L50 -84 Z", round: 0.6),
    ]),
    "photo.on.rectangle": SymbolGlyph([
      .stroke("M26 -94 H102 C110 -94 114 -90 114 -82 V-26"),
      .stroke("M18 -78 H86 C94 -78 98 -74 98 -66 V-6 C98 2 94 6 86 6 H18 C10 6 6 2 6 -6 V-66 C6 -74 10 -78 18 -78 Z"),
      .stroke("M8 -14 L36 -42 L58 -20 L70 -32 L96 -8", 0.8),
      .fill(circleData(cx: 72, cy: -56, r: 5), round: 0.8),
    ]),
    "photo.fill.on.rectangle.fill": SymbolGlyph([
      .stroke("M26 -94 H102 C110 -94 114 -90 114 -82 V-26", 1.2),
      .fill("M18 -80 H86 C95 -80 100 -75 100 -66 V-6 C100 3 95 8 86 8 H18 C9 8 4 3 4 -6 V-66 C4 -75 9 -80 18 -80 Z"
            + " M12 -6 L36 -32 L56 -12 L68 -24 L92 -6 Z" + circleData(cx: 72, cy: -54, r: 8),
            rule: .evenOdd, round: 0),
    ]),
    "rectangle.stack": SymbolGlyph([
      .stroke("M20 -66 H100 C108 -66 112 -62 112 -54 V-6 C112 2 108 6 100 6 H20 C12 6 8 2 8 -6 V-54 C8 -62 12 -66 20 -66 Z"),
      .stroke("M20 -84 H100", 0.9), .stroke("M32 -102 H88", 0.9),
    ]),
    "rectangle.stack.fill": SymbolGlyph([
      .fill("M20 -70 H100 C109 -70 114 -65 114 -56 V-6 C114 3 109 8 100 8 H20 C11 8 6 3 6 -6 V-56 C6 -65 11 -70 20 -70 Z", round: 0),
      .stroke("M20 -86 H100", 1.1), .stroke("M32 -104 H88", 1.1),
    ]),
    "square.stack": SymbolGlyph([
      .stroke("M26 -76 H94 C102 -76 106 -72 106 -64 V-6 C106 2 102 6 94 6 H26 C18 6 14 2 14 -6 V-64 C14 -72 18 -76 26 -76 Z"),
      .stroke("M26 -94 H94", 0.9), .stroke("M38 -112 H82", 0.9),
    ]),
    "square.stack.fill": SymbolGlyph([
      .fill("M26 -80 H94 C103 -80 108 -75 108 -66 V-6 C108 3 103 8 94 8 H26 C17 8 12 3 12 -6 V-66 C12 -75 17 -80 26 -80 Z", round: 0),
      .stroke("M26 -96 H94", 1.1), .stroke("M38 -114 H82", 1.1),
    ]),
    "heart.text.square": SymbolGlyph([
      .stroke("M28 -104 H92 C106 -104 112 -98 112 -84 V-12 C112 2 106 8 92 8 H28 C14 8 8 2 8 -12 V-84 C8 -98 14 -104 28 -104 Z"),
      .stroke("M60 -46 C46 -56 36 -64 36 -74 C36 -81 41 -86 48 -86 C53 -86 57 -83 60 -79 C63 -83 67 -86 72 -86 C79 -86 84 -81 84 -74 C84 -64 74 -56 60 -46 Z", 0.8),
      .stroke("M32 -26 H88 M32 -8 H70", 0.8),
    ]),
    "heart.text.square.fill": SymbolGlyph([
      .fill("M28 -106 H92 C107 -106 114 -99 114 -84 V-12 C114 3 107 10 92 10 H28 C13 10 6 3 6 -12 V-84 C6 -99 13 -106 28 -106 Z"
            + " M60 -44 C46 -54 34 -63 34 -74 C34 -82 40 -88 48 -88 C53 -88 57 -85 60 -81 C63 -85 67 -88 72 -88 C80 -88 86 -82 86 -74 C86 -63 74 -54 60 -44 Z"
            + " M34 -31 H86 C89 -31 91 -29 91 -26 C91 -23 89 -21 86 -21 H34 C31 -21 29 -23 29 -26 C29 -29 31 -31 34 -31 Z"
            + " M34 -13 H68 C71 -13 73 -11 73 -8 C73 -5 71 -3 68 -3 H34 C31 -3 29 -5 29 -8 C29 -11 31 -13 34 -13 Z",
            rule: .evenOdd, round: 0),
    ]),
  ]
}
