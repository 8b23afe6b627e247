import Geometry
import Symbols

/// The status bar's time, cellular bars, Wi-Fi and battery for one device, in black (the
/// dark style, over light content) or white (light). Window-level: drawn at the top of the
/// window above every screen. The layout rules (points) are in docs/scene-format.md,
/// "Window chrome": on Face ID phones the time is centred in the left ear and the icons in
/// the right one, each ear being the width beside the cut-out (the island's 126 pt, the
/// notch's 162 pt); on home-button phones the signal sits left, the time in the middle and
/// the battery right, in a 20 pt bar.
struct StatusBarContent {
  static let defaultTime = "9:41"
  static let defaultBattery = 1.0
  /// The notch's width on an iPhone 13 / 14 (points).
  static let notchWidth = 162.0
  /// Icon sizes (points) as in Apple's iOS design kit: cellular 17 x 10.67, Wi-Fi 15.33 x 11,
  /// battery 27.33 x 13 (body 25 x 13 and a 1.33 x 4 cap); the small bar's are 0.9 of these.
  static let cellular = Size(17, 32.0 / 3), wifi = Size(46.0 / 3, 11), battery = Size(82.0 / 3, 13)
  /// The gap between icons.
  static let iconGap = 5.0
  /// At or below this battery level the fill turns red (iOS's low battery).
  static let lowBattery = 0.2
  /// The home-button phones' carrier name (the simulator's), its width at 12 pt regular
  /// (`flipbook label Carrier --font-size 12`: 39 pt) and the gap on each side of it.
  static let carrier = "Carrier", carrierWidth = 39.0, carrierGap = 4.0

  var device: Device
  var light: Bool
  var time: String
  /// 0...1.
  var battery: Double

  var ink: Color { light ? .white : .black }

  /// The content view: `time`, `cellular`, `wifi` and `battery` in a window-wide box as tall
  /// as the status bar.
  var view: SceneView {
    let W = device.size.width, h = device.statusBarHeight
    var content = SceneView(id: "content", frame: Rect(0, 0, W, h))
    content.role = .statusBarContent
    content.windowLevel = .statusBar
    switch device.statusBarLayout {
    case .ears:
      let cutout = device.dynamicIsland?.width ?? Self.notchWidth
      let ear = (W - cutout) / 2
      // The island's centre line, or the notched bar's (24 pt on an iPhone 14, where the
      // time's cap height centres).
      let mid = device.dynamicIsland.map { $0.midY } ?? 24
      content.subviews.append(clock(centre: Point(ear / 2, mid), fontSize: 17))
      let icons = [Self.cellular, Self.wifi, Self.battery]
      let total = icons.reduce(0) { $0 + $1.width } + 2 * Self.iconGap
      var x = W - ear / 2 - total / 2
      content.subviews.append(cellular(Rect(x, mid - Self.cellular.height / 2, Self.cellular.width, Self.cellular.height)))
      x += Self.cellular.width + Self.iconGap
      content.subviews.append(wifi(Rect(x, mid - Self.wifi.height / 2, Self.wifi.width, Self.wifi.height)))
      x += Self.wifi.width + Self.iconGap
      content.subviews.append(batteryView(Rect(x, mid - Self.battery.height / 2, Self.battery.width, Self.battery.height)))
    case .classic:
      let k = 0.9, mid = h / 2, margin = 6.0
      let c = Size(Self.cellular.width * k, Self.cellular.height * k), w = Size(Self.wifi.width * k, Self.wifi.height * k)
      let b = Size(Self.battery.width * k, Self.battery.height * k)
      // Signal, the carrier's name (12 pt regular, 39 pt wide as Inter sets "Carrier"), Wi-Fi;
      // the time with AM or PM in the middle, as the SE's bar reads (en_US).
      let lineHeight = (12.0 * 22 / 17).rounded()
      content.subviews.append(cellular(Rect(margin, mid - c.height / 2, c.width, c.height)))
      var name = SceneView(id: "carrier", frame: Rect(margin + c.width + Self.carrierGap, mid - lineHeight / 2, Self.carrierWidth, lineHeight))
      name.content = .text(SceneView.Text(Self.carrier, fontSize: 12, weight: .regular, color: ink, alignment: .left))
      content.subviews.append(name)
      let wifiX = margin + c.width + 2 * Self.carrierGap + Self.carrierWidth
      content.subviews.append(wifi(Rect(wifiX, mid - w.height / 2, w.width, w.height)))
      content.subviews.append(clock(centre: Point(W / 2, mid), fontSize: 12, text: Self.twelveHour(time)))
      content.subviews.append(batteryView(Rect(W - margin - b.width, mid - b.height / 2, b.width, b.height)))
    }
    return content
  }

  private func box(_ id: String?, _ frame: Rect, _ color: Color?, radius: Double = 0) -> SceneView {
    var v = SceneView(id: id, frame: frame)
    v.backgroundColor = color
    v.cornerRadius = radius
    return v
  }

  /// The time, semibold, its line box centred on `centre`.
  private func clock(centre: Point, fontSize: Double, text: String? = nil) -> SceneView {
    let lineHeight = (fontSize * 22 / 17).rounded()
    var v = SceneView(id: "time", frame: Rect(centre.x - 48, centre.y - lineHeight / 2, 96, lineHeight))
    v.content = .text(SceneView.Text(text ?? time, fontSize: fontSize, weight: .semibold, color: ink, alignment: .center))
    return v
  }

  /// "H:MM" (0...23) as the 12-hour clock with AM or PM ("9:41" -> "9:41 AM", "13:05" ->
  /// "1:05 PM", "0:30" -> "12:30 AM"); any other text as it is.
  static func twelveHour(_ time: String) -> String {
    let parts = time.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let h = Int(parts[0]), (0...23).contains(h), parts[1].count == 2, Int(parts[1]) != nil else { return time }
    let hour = h % 12 == 0 ? 12 : h % 12
    return "\(hour):\(parts[1]) \(h < 12 ? "AM" : "PM")"
  }

  /// Four rounded bars rising left to right, full ink (full signal).
  private func cellular(_ frame: Rect) -> SceneView {
    var v = box("cellular", frame, nil)
    let barWidth = frame.width * 3 / 17, step = (frame.width - barWidth) / 3
    for i in 0..<4 {
      let height = frame.height * (0.375 + 0.625 * Double(i) / 3)
      v.subviews.append(box(nil, Rect(Double(i) * step, frame.height - height, barWidth, height), ink, radius: barWidth / 3))
    }
    return v
  }

  /// Wi-Fi: the `wifi` symbol at full signal, sized so its 11.3 pt height at 17 pt fits
  /// the slot's height (docs/symbols.md), centred in the slot.
  private func wifi(_ frame: Rect) -> SceneView {
    var v = box("wifi", frame, nil)
    let configuration = SymbolConfiguration(pointSize: 17 * frame.height / 11.3, weight: .semibold)
    if let image = Symbols.image(named: "wifi", configuration: configuration) {
      v.subviews = SceneView.symbolParts(image, color: ink, centeredIn: v.bounds)
    }
    return v
  }

  /// The battery: an outlined body at 35 % ink, a fill `battery` of the way across (red at
  /// 20 % and below), and a cap at 40 % ink.
  private func batteryView(_ frame: Rect) -> SceneView {
    let k = frame.height / 13
    let body = Size(25 * k, frame.height)
    var v = box("battery", frame, nil)
    var outline = box("body", Rect(0, 0, body.width, body.height), nil, radius: 4.3 * k)
    outline.border = SceneView.Border(width: k, color: ink.withAlpha(0.35))
    v.subviews.append(outline)
    let inset = 2 * k, full = body.width - 2 * inset
    let fill = battery <= Self.lowBattery ? Color(red: 1, green: 59.0 / 255, blue: 48.0 / 255) : ink
    if battery > 0 {
      v.subviews.append(box("level", Rect(inset, inset, full * battery, body.height - 2 * inset), fill, radius: 2.5 * k))
    }
    v.subviews.append(box("cap", Rect(body.width + k, (body.height - 4 * k) / 2, 4.0 / 3 * k, 4 * k), ink.withAlpha(0.4), radius: 0.75 * k))
    return v
  }
}
