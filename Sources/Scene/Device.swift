import Geometry

/// An iPhone model: the screen a scene is drawn on and the chrome its window owns. Every
/// length is in points (portrait). Sources of each number: docs/scene-format.md, "Devices".
public struct Device: Hashable, Sendable {
  /// The name scenes and `--device-model` use (`iphone-15`).
  public var model: String
  /// The marketing name(s) (`iPhone 15 / 16`).
  public var name: String
  public var size: Size
  /// Pixels per point (UIScreen.scale).
  public var scale: Double
  /// The window's safe-area insets in portrait.
  public var safeArea: Insets
  /// The display's corner radius (0: square corners).
  public var displayCornerRadius: Double
  /// The status bar's height (what UIKit reports as the status bar frame's height).
  public var statusBarHeight: Double
  /// The status bar's arrangement of time and icons.
  public var statusBarLayout: StatusBarLayout
  /// The Dynamic Island's capsule in window coordinates, or nil (notch or no cut-out).
  public var dynamicIsland: Rect?
  /// The home indicator's capsule in window coordinates, or nil (a home button instead).
  public var homeIndicator: Rect?

  public struct Insets: Hashable, Sendable {
    public var top, left, bottom, right: Double
    public init(top: Double, left: Double = 0, bottom: Double, right: Double = 0) {
      self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
  }

  /// Where the status bar puts its time and icons.
  public enum StatusBarLayout: String, Hashable, Sendable {
    /// Face ID phones: the time centred in the left ear, cellular, Wi-Fi and battery in the right.
    case ears
    /// Home-button phones: cellular and Wi-Fi at the left, the time centred, the battery at the right.
    case classic
  }

  /// The home indicator, `w` x 5 pt, centred, 8 pt above the bottom edge (Apple's design
  /// templates: w = 134 on the 390- and 393-wide phones).
  static func homeIndicator(_ w: Double, screen: Size) -> Rect {
    Rect(x: (screen.width - w) / 2, y: screen.height - 8 - 5, width: w, height: 5)
  }

  /// The Dynamic Island: 126 x 37.33 pt, centred, 11 pt from the top (measured on screenshots
  /// of an iPhone 14 Pro / 15: 378 x 112 px at 3x, top at 33 px).
  static func dynamicIsland(width W: Double) -> Rect {
    Rect(x: (W - 126) / 2, y: 11, width: 126, height: 112.0 / 3)
  }

  /// The home indicator's corner radius (half its height: a capsule).
  public static let homeIndicatorCornerRadius = 2.5
}

extension Device {
  /// The models Flipbook knows, smallest first.
  public static let all: [Device] = [
    Device(
      model: "iphone-se", name: "iPhone SE (2nd and 3rd generation)", size: Size(375, 667), scale: 2,
      safeArea: Insets(top: 20, bottom: 0), displayCornerRadius: 0, statusBarHeight: 20, statusBarLayout: .classic,
      dynamicIsland: nil, homeIndicator: nil),
    Device(
      model: "iphone-14", name: "iPhone 13 / 14", size: Size(390, 844), scale: 3,
      safeArea: Insets(top: 47, bottom: 34), displayCornerRadius: 47.33, statusBarHeight: 47, statusBarLayout: .ears,
      dynamicIsland: nil, homeIndicator: homeIndicator(134, screen: Size(390, 844))),
    Device(
      model: "iphone-15", name: "iPhone 15 / 16 (and 14 Pro, 15 Pro)", size: Size(393, 852), scale: 3,
      safeArea: Insets(top: 59, bottom: 34), displayCornerRadius: 55, statusBarHeight: 54, statusBarLayout: .ears,
      dynamicIsland: dynamicIsland(width: 393), homeIndicator: homeIndicator(134, screen: Size(393, 852))),
    Device(
      model: "iphone-15-pro-max", name: "iPhone 15 Pro Max / 15 Plus / 16 Plus (and 14 Pro Max)", size: Size(430, 932), scale: 3,
      safeArea: Insets(top: 59, bottom: 34), displayCornerRadius: 55, statusBarHeight: 54, statusBarLayout: .ears,
      // The indicator's width scaled with the screen: 134 x 430 / 390 = 147.7 (an approximation).
      dynamicIsland: dynamicIsland(width: 430), homeIndicator: homeIndicator(148, screen: Size(430, 932))),
  ]

  /// Other names a model answers to (the phones that share its screen).
  static let aliases: [String: String] = [
    "iphone-se-3": "iphone-se", "iphone-13": "iphone-14", "iphone-16": "iphone-15",
    "iphone-14-pro": "iphone-15", "iphone-15-pro": "iphone-15",
    "iphone-15-plus": "iphone-15-pro-max", "iphone-16-plus": "iphone-15-pro-max", "iphone-14-pro-max": "iphone-15-pro-max",
  ]

  /// The device a scene without `device:` or `canvas.size` gets: an iPhone 13 / 14.
  public static let standard = named("iphone-14")!

  /// The model called `name` (or one of its aliases), nil if unknown.
  public static func named(_ name: String) -> Device? {
    let key = aliases[name] ?? name
    return all.first { $0.model == key }
  }

  /// Every accepted name, for error messages.
  public static var names: [String] { all.map(\.model) + aliases.keys.sorted() }

  /// The chrome metrics of a canvas that is not a device (`canvas.size` without `device:`):
  /// an iPhone 13 / 14's bars at the canvas's width, with no home indicator or island (a
  /// custom canvas is not a phone's screen).
  public static func custom(size: Size, scale: Double) -> Device {
    var d = standard
    d.model = "custom"
    d.name = "custom canvas"
    d.size = size
    d.scale = scale
    d.displayCornerRadius = 0
    d.homeIndicator = nil
    return d
  }
}
