import Geometry

/// The tracks and timing a preset stands for, written for the forward direction (the new
/// screen B arrives over the old screen A) and reversed for pop and dismiss.
struct PresetExpansion {
  var tracks: [Track] = []
  var timing: TimingSpec
  /// The screen drawn on top: always B, the arriving (or, reversed, leaving) screen.
  var above: String

  /// Gap between the top of the canvas and a sheet, in points: the safe area's top + 10.
  static func sheetTop(_ device: Device) -> Double { device.safeArea.top + 10 }
  static let sheetCornerRadius = 10.0
  /// The presenting screen's side margin when a sheet is up: it scales to (W - 32) / W.
  static let sheetPresentingInset = 16.0
  /// The presenting screen's dimming while a sheet or navigation push covers it.
  static let coveredDimming = 0.1
  /// How far the old screen moves left under a push, as a fraction of the width.
  static let navigationParallax = 0.3

  init(preset: Preset, kind: Transition.Kind, from: String, to: String, canvas: Canvas, screens: inout [Screen], location: SourceLocation) {
    let reversed = kind == .pop || kind == .dismiss
    let a = reversed ? to : from, b = reversed ? from : to
    let W = canvas.size.width, H = canvas.size.height
    above = b
    func root(_ name: String) -> ViewPath { ViewPath(text: name, screen: name, indices: [], location: location) }
    func track(_ screen: String, _ property: AnimatedProperty, _ from: PropertyValue, _ to: PropertyValue) -> Track {
      Track(target: root(screen), property: property, keyframes: [Keyframe(at: 0, value: from), Keyframe(at: 1, value: to)], location: location)
    }
    func edit(_ name: String, _ change: (inout SceneView) -> Void) {
      if let i = screens.firstIndex(where: { $0.name == name }) { change(&screens[i].view) }
    }

    switch preset {
    case .navigation:
      // UINavigationController's push spring (CASpringAnimation mass 3, stiffness 1000, damping 500).
      timing = TimingSpec(.spring(.physical(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0)), location: location)
      tracks = [
        track(b, .translationX, .number(W), .number(0)),
        track(a, .translationX, .number(0), .number(-W * Self.navigationParallax)),
        track(a, .dimming, .number(0), .number(Self.coveredDimming)),
      ]
    case .sheet:
      timing = TimingSpec(.spring(.uikit(duration: 0.5, dampingRatio: 1, initialVelocity: 0)), location: location)
      let top = Self.sheetTop(canvas.device)
      edit(b) { Self.shapeSheet(&$0, top: top, canvas: canvas, cornerRadius: Self.sheetCornerRadius) }
      edit(a) { Self.prepareToRecede(&$0) }
      // Over the black behind the shrunken presenting screen the status bar turns light,
      // as UIKit's sheet makes it: the sheet brings a light one unless it has its own.
      if let presenting = screens.first(where: { $0.name == a }), let sheet = screens.first(where: { $0.name == b }),
         let content = Self.lightStatusBar(presenting: presenting.view, sheet: sheet.view, device: canvas.device, location: location) {
        edit(b) { $0.subviews.append(content) }
      }
      let (s, ty) = Self.receded(canvas)
      tracks = [
        track(b, .translationY, .number(H - top), .number(0)),
        track(a, .scale, .number(1), .number(s)),
        track(a, .translationY, .number(0), .number(ty)),
        track(a, .cornerRadius, .number(0), .number(Self.sheetCornerRadius)),
        track(a, .dimming, .number(0), .number(Self.coveredDimming)),
      ]
    case .cover:
      timing = TimingSpec(.spring(.uikit(duration: 0.5, dampingRatio: 1, initialVelocity: 0)), location: location)
      tracks = [track(b, .translationY, .number(H), .number(0))]
    case .crossfade:
      timing = TimingSpec(.curve(.easeInEaseOut, duration: 0.4), location: location)
      tracks = [track(b, .opacity, .number(0), .number(1))]
    }
    if reversed { tracks = tracks.map(\.reversed) }
  }

  /// The time a screen's status bar shows ("9:41" when it has none).
  static func statusBarTime(in view: SceneView) -> String {
    guard let path = StatusBarTransition.content(in: view), let content = view.descendant(at: path) else { return StatusBarContent.defaultTime }
    for v in content.subviews where v.id == "time" {
      if case .text(let t)? = v.content { return t.string }
    }
    return StatusBarContent.defaultTime
  }

  /// The battery level a screen's status bar shows (full when it has none).
  static func statusBarBattery(in view: SceneView) -> Double {
    guard let path = StatusBarTransition.content(in: view), let content = view.descendant(at: path),
          let battery = content.subviews.first(where: { $0.id == "battery" }), let body = battery.subviews.first(where: { $0.id == "body" })
    else { return StatusBarContent.defaultBattery }
    guard let level = battery.subviews.first(where: { $0.id == "level" }) else { return 0 }
    let k = body.bounds.height / 13
    return level.bounds.width / (body.bounds.width - 4 * k)
  }
}
