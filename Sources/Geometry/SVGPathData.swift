/// A problem in SVG path data, at `offset`: the index of the offending character, counted
/// in Unicode scalars from the start of the string (so a caller that knows where the string
/// starts can report a line and column).
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// The data does not start with a moveto (`M` or `m`).
    case mustStartWithMove
    /// Something other than a command letter where a command was expected.
    case expectedCommand(found: String)
    /// A command's argument is missing or not a number (`found` is the text there, or
    /// "the end" of the string).
    case expectedNumber(command: Character, found: String)
    /// An arc's large-arc or sweep flag is not `0` or `1`.
    case expectedFlag(command: Character, found: String)
    /// A number that does not fit a Double (e.g. `1e999`).
    case numberOutOfRange(String)
  }

  public var kind: Kind
  public var offset: Int

  public init(_ kind: Kind, at offset: Int) { self.kind = kind; self.offset = offset }

  public var description: String {
    switch kind {
    case .mustStartWithMove: "path data must start with a moveto ('M' or 'm')"
    case .expectedCommand(let found): "expected a path command (one of MLHVCSQTAZ, or lowercase), found \(found)"
    case .expectedNumber(let c, let found): "expected a number for '\(c)', found \(found)"
    case .expectedFlag(let c, let found): "expected an arc flag (0 or 1) for '\(c)', found \(found)"
    case .numberOutOfRange(let text): "number \(text) is out of range"
    }
  }
}

extension Path {
  /// Parses SVG path data (the `d` attribute, SVG 1.1 §8.3 and its grammar in §8.3.9):
  /// M, L, H, V, C, S, Q, T, A and Z with their relative (lowercase) forms, implicit
  /// repeated commands (extra coordinate pairs after a moveto are linetos), numbers with
  /// signs, fractions and exponents written without separators where the grammar allows
  /// ("M0.5.5-1e2" is M 0.5 0.5 -100), and arc flags without separators ("a1 1 0 01 1 1").
  /// Arcs become cubic Béziers (see `EllipticalArc`); quadratic segments stay quadratic.
  /// The empty string (or only whitespace) is the empty path. Throws at the first error,
  /// with its offset in Unicode scalars.
  public init(svgPathData text: String) throws(SVGPathError) {
    var parser = SVGPathParser(Array(text.unicodeScalars))
    self = try parser.parse()
  }
}

/// The parser behind `Path(svgPathData:)`: one pass over the scalars, keeping SVG's
/// current point, subpath start and last control point.
private struct SVGPathParser {
  let s: [Unicode.Scalar]
  var i = 0
  var path = Path()
  var current = Point.zero
  var subpathStart = Point.zero
  /// The last cubic's second control point or quadratic's control point, for S and T.
  var lastCubicControl: Point?
  var lastQuadControl: Point?
  /// After a closepath, a drawing command starts a new subpath at the closed one's start.
  var needsMove = false

  init(_ s: [Unicode.Scalar]) { self.s = s }

  static func isSpace(_ c: Unicode.Scalar) -> Bool {
    c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
  }

  static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 48 && c.value <= 57 }

  mutating func skipSpace() { while i < s.count, Self.isSpace(s[i]) { i += 1 } }

  /// comma-wsp: whitespace with at most one comma.
  mutating func skipSeparator() {
    skipSpace()
    if i < s.count, s[i] == "," { i += 1; skipSpace() }
  }

  /// A few characters at `at` for an error message.
  func found(at j: Int) -> String {
    guard j < s.count else { return "the end" }
    var text = ""
    var k = j
    while k < s.count, k < j + 12, !Self.isSpace(s[k]) { text.unicodeScalars.append(s[k]); k += 1 }
    if text.isEmpty { text.unicodeScalars.append(s[j]) }
    return "'\(text)'"
  }

  /// True when a number can start at the cursor.
  var atNumber: Bool {
    guard i < s.count else { return false }
    let c = s[i]
    return Self.isDigit(c) || c == "." || c == "-" || c == "+"
  }

  mutating func number(for command: Character) throws(SVGPathError) -> Double {
    let start = i
    var j = i
    if j < s.count, s[j] == "+" || s[j] == "-" { j += 1 }
    var digits = 0
    while j < s.count, Self.isDigit(s[j]) { j += 1; digits += 1 }
    if j < s.count, s[j] == "." {
      j += 1
      while j < s.count, Self.isDigit(s[j]) { j += 1; digits += 1 }
    }
    guard digits > 0 else { throw SVGPathError(.expectedNumber(command: command, found: found(at: start)), at: start) }
    // An exponent only when digits follow ("1e" leaves the 'e' to be reported as a command).
    if j < s.count, s[j] == "e" || s[j] == "E" {
      var k = j + 1
      if k < s.count, s[k] == "+" || s[k] == "-" { k += 1 }
      if k < s.count, Self.isDigit(s[k]) {
        while k < s.count, Self.isDigit(s[k]) { k += 1 }
        j = k
      }
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: s[start..<j])
    guard let value = Double(text), value.isFinite else {
      throw SVGPathError(.numberOutOfRange(text), at: start)
    }
    i = j
    return value
  }

  mutating func flag(for command: Character) throws(SVGPathError) -> Bool {
    guard i < s.count, s[i] == "0" || s[i] == "1" else {
      throw SVGPathError(.expectedFlag(command: command, found: found(at: i)), at: i)
    }
    defer { i += 1 }
    return s[i] == "1"
  }

  /// `count` numbers separated by comma-wsp, for `command`.
  mutating func numbers(_ count: Int, for command: Character) throws(SVGPathError) -> [Double] {
    var values: [Double] = []
    values.reserveCapacity(count)
    for k in 0..<count {
      if k > 0 { skipSeparator() }
      values.append(try number(for: command))
    }
    return values
  }

  mutating func parse() throws(SVGPathError) -> Path {
    skipSpace()
    if i == s.count { return path }
    guard s[i] == "M" || s[i] == "m" else { throw SVGPathError(.mustStartWithMove, at: i) }
    while true {
      skipSpace()
      if i == s.count { return path }
      let at = i
      let letter = Character(s[i])
      guard "MmLlHhVvCcSsQqTtAaZz".contains(letter) else {
        throw SVGPathError(.expectedCommand(found: found(at: at)), at: at)
      }
      i += 1
      try arguments(of: letter)
    }
  }

  /// Reads one command's argument groups (at least one, more while numbers follow).
  mutating func arguments(of letter: Character) throws(SVGPathError) {
    let relative = letter.isLowercase
    let command = Character(letter.uppercased())
    if command == "Z" {
      path.close()
      current = subpathStart
      lastCubicControl = nil; lastQuadControl = nil
      needsMove = true
      return
    }
    var first = true
    var command2 = command
    repeat {
      if !first { skipSeparator() } else { skipSpace() }
      try segment(command2, letter: letter, relative: relative)
      // After a moveto's first pair, further pairs are linetos.
      if command2 == "M" { command2 = "L" }
      first = false
      let mark = i
      skipSeparator()
      let more = atNumber
      i = mark
      if !more {
        // A trailing comma is an error: the grammar needs a number after it.
        skipSpace()
        if i < s.count, s[i] == "," {
          i += 1; skipSpace()
          throw SVGPathError(.expectedNumber(command: letter, found: found(at: i)), at: i)
        }
        i = mark
        break
      }
    } while true
  }

  mutating func segment(_ command: Character, letter: Character, relative: Bool) throws(SVGPathError) {
    let base = relative ? current : .zero
    func at(_ x: Double, _ y: Double) -> Point { Point(base.x + x, base.y + y) }
    var cubicControl: Point?
    var quadControl: Point?
    if needsMove && command != "M" { path.move(to: current) }
    needsMove = false
    switch command {
    case "M":
      let v = try numbers(2, for: letter)
      current = at(v[0], v[1])
      subpathStart = current
      path.move(to: current)
    case "L":
      let v = try numbers(2, for: letter)
      current = at(v[0], v[1])
      path.line(to: current)
    case "H":
      let x = try number(for: letter)
      current = Point(relative ? current.x + x : x, current.y)
      path.line(to: current)
    case "V":
      let y = try number(for: letter)
      current = Point(current.x, relative ? current.y + y : y)
      path.line(to: current)
    case "C":
      let v = try numbers(6, for: letter)
      let c1 = at(v[0], v[1]), c2 = at(v[2], v[3]), p = at(v[4], v[5])
      path.cubic(to: p, control1: c1, control2: c2)
      current = p
      cubicControl = c2
    case "S":
      let v = try numbers(4, for: letter)
      let c1 = lastCubicControl.map { current + (current - $0) } ?? current
      let c2 = at(v[0], v[1]), p = at(v[2], v[3])
      path.cubic(to: p, control1: c1, control2: c2)
      current = p
      cubicControl = c2
    case "Q":
      let v = try numbers(4, for: letter)
      let c = at(v[0], v[1]), p = at(v[2], v[3])
      path.quad(to: p, control: c)
      current = p
      quadControl = c
    case "T":
      let v = try numbers(2, for: letter)
      let c = lastQuadControl.map { current + (current - $0) } ?? current
      let p = at(v[0], v[1])
      path.quad(to: p, control: c)
      current = p
      quadControl = c
    case "A":
      let r = try numbers(3, for: letter)
      skipSeparator()
      let large = try flag(for: letter)
      skipSeparator()
      let sweep = try flag(for: letter)
      skipSeparator()
      let v = try numbers(2, for: letter)
      let p = at(v[0], v[1])
      EllipticalArc(from: current, to: p, radii: Point(r[0], r[1]), rotation: r[2] * .pi / 180, largeArc: large, sweep: sweep)
        .appendSegments(to: &path)
      current = p
    default:
      break
    }
    lastCubicControl = cubicControl
    lastQuadControl = quadControl
  }
}
