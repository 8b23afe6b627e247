/// A colour as a scene names it: sRGB-encoded components and straight (not premultiplied)
/// alpha, each in [0, 1]. Blending happens on the encoded values, as Core Animation does.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  public var red: Double, green: Double, blue: Double, alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
  }

  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  public static let black = Color(red: 0, green: 0, blue: 0)
  public static let white = Color(red: 1, green: 1, blue: 1)

  /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (case-insensitive); `nil` if malformed.
  public init?(hex: String) {
    var s = Substring(hex)
    guard s.first == "#" else { return nil }
    s = s.dropFirst()
    guard s.allSatisfy(\.isHexDigit) else { return nil }
    func byte(_ part: Substring) -> Double { Double(UInt8(part, radix: 16)!) / 255 }
    let chars = Array(s)
    switch chars.count {
    case 3:
      let v = chars.map { byte(Substring(String([$0, $0]))) }
      self.init(red: v[0], green: v[1], blue: v[2])
    case 6, 8:
      let v = stride(from: 0, to: chars.count, by: 2).map { byte(Substring(String(chars[$0..<$0 + 2]))) }
      self.init(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 1)
    default:
      return nil
    }
  }

  /// The same colour with alpha `a`.
  public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

  /// Component-wise linear interpolation in sRGB-encoded, straight-alpha space, as
  /// Core Animation interpolates a `backgroundColor`.
  public static func lerp(_ a: Color, _ b: Color, _ t: Double) -> Color {
    Color(
      red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
      blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
  }

  public var description: String {
    func h(_ v: Double) -> String {
      let s = String(Int((min(max(v, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
      return s.count == 1 ? "0" + s : s
    }
    return "#" + h(red) + h(green) + h(blue) + (alpha < 1 ? h(alpha) : "")
  }
}
