import Foundation
import Geometry
import Raster
import Scene

/// The chrome the device's window draws above every screen, transition and window-level
/// view: the home indicator (where it has no home button). The Dynamic Island is hardware,
/// not in a screen recording or screenshot: only the `--device` outline draws it (Review's
/// `DeviceFrame`). Rules and sources: docs/scene-format.md, "Window chrome" and "Devices".
struct WindowChrome: Sendable {
  let device: Device
  /// Whether each screen (by name) shows the home indicator.
  let showsHomeIndicator: [String: Bool]
  let from: String
  let to: String

  /// How far around the home indicator its colour is decided from (points, each side).
  static let sampleMargin = 4.0

  init(canvas: Canvas, screens: [Screen], transition: Transition) {
    device = canvas.device
    showsHomeIndicator = Dictionary(screens.map { ($0.name, $0.showsHomeIndicator) }, uniquingKeysWith: { a, _ in a })
    from = transition.from
    to = transition.to
  }

  /// The home indicator's opacity at progress `p`: 1 where both screens show it, 0 where
  /// neither does, and a fade with `p` from the `from` screen's to the `to` screen's (as UIKit
  /// animates a home indicator preference change inside the transition).
  func homeIndicatorOpacity(progress p: Double) -> Double {
    let a = showsHomeIndicator[from] ?? true ? 1.0 : 0, b = showsHomeIndicator[to] ?? true ? 1.0 : 0
    return a + (b - a) * min(max(p, 0), 1)
  }

  /// Where the home indicator's colour is decided: its capsule grown by `sampleMargin`.
  var sampleRect: Rect? {
    device.homeIndicator.map { $0.insetBy(dx: -Self.sampleMargin, dy: -Self.sampleMargin) }
  }

  /// Whether the indicator is drawn light (white) over `content`, the frame drawn so far:
  /// the ink with the higher contrast ratio (WCAG 2) against the mean relative luminance of
  /// the pixels under `sampleRect`, composited at 1x. White wins when Y < 0.1791
  /// ((Y + 0.05)^2 < 1.05 x 0.05).
  func homeIndicatorIsLight(over content: Layer) -> Bool {
    guard let r = sampleRect else { return false }
    let x0 = Int(r.minX.rounded(.down)), y0 = Int(r.minY.rounded(.down))
    let w = Int(r.maxX.rounded(.up)) - x0, h = Int(r.maxY.rounded(.up)) - y0
    var probe = content
    probe.position = Point(probe.position.x - Double(x0), probe.position.y - Double(y0))
    var bitmap = Bitmap(width: w, height: h)
    bitmap.render(probe, scale: 1)
    return Self.prefersLightInk(meanLuminance: Self.meanLuminance(bitmap))
  }

  static func prefersLightInk(meanLuminance y: Double) -> Bool { (y + 0.05) * (y + 0.05) < 1.05 * 0.05 }

  /// The mean relative luminance (sRGB decoded to linear, Rec. 709 weights) of a bitmap's pixels.
  static func meanLuminance(_ b: Bitmap) -> Double {
    func linear(_ c: UInt8) -> Double {
      let v = Double(c) / 255
      return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    var sum = 0.0
    for y in 0..<b.height {
      for x in 0..<b.width {
        let p = b.pixel(x: x, y: y)
        sum += 0.2126 * linear(p.r) + 0.7152 * linear(p.g) + 0.0722 * linear(p.b)
      }
    }
    return sum / Double(max(b.width * b.height, 1))
  }

  /// The home indicator as a layer to draw over the rest of the frame, its ink between
  /// black (0) and white (1) by `homeIndicatorLightness`.
  func layers(progress: Double, homeIndicatorLightness light: Double) -> [Layer] {
    var out: [Layer] = []
    let opacity = homeIndicatorOpacity(progress: progress)
    if let bar = device.homeIndicator, opacity > 0 {
      var l = Layer(frame: bar)
      let v = min(max(light, 0), 1)
      l.backgroundColor = Color(red: v, green: v, blue: v)
      l.cornerRadii = CornerRadii(all: Device.homeIndicatorCornerRadius)
      l.opacity = opacity
      l.name = "window:homeIndicator"
      out.append(l)
    }
    return out
  }
}
