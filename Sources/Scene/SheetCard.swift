import Geometry

/// The iOS 13+ card sheet and the screen behind it, as the `sheet` preset and
/// `sheetPresentation` both build them: the sheet from `top` to the bottom with its top
/// corners rounded; the presenting screen clipped to continuous corners, receding to
/// (W − 32) / W about its centre with its top at the safe area's top; and the light status bar
/// the sheet brings over the black around it.
extension PresetExpansion {
  /// Makes `view` the sheet: from `top` (points) to the canvas's bottom, full width, top
  /// corners rounded `cornerRadius` points, continuous, clipped.
  static func shapeSheet(_ view: inout SceneView, top: Double, canvas: Canvas, cornerRadius: Double) {
    view.frame = Rect(0, top, canvas.size.width, canvas.size.height - top)
    view.cornerRadius = cornerRadius
    view.maskedCorners = .top
    view.cornerCurve = .continuous
    view.clipsToBounds = true
  }

  /// Lets the presenting screen's corners round as it recedes.
  static func prepareToRecede(_ view: inout SceneView) {
    view.clipsToBounds = true
    view.cornerCurve = .continuous
  }

  /// The presenting screen fully receded: its scale, and the y translation (points) that puts
  /// its top at the safe area's top once scaled about its centre ((1 − s) H / 2 lower).
  static func receded(_ canvas: Canvas) -> (scale: Double, translationY: Double) {
    let W = canvas.size.width, H = canvas.size.height
    let s = (W - 2 * sheetPresentingInset) / W
    return (s, canvas.device.safeArea.top - (1 - s) * H / 2)
  }

  /// The light status bar the sheet brings over the black around the receded screen (with
  /// the presenting screen's time and battery); nil when the presenting screen shows none or
  /// the sheet has its own.
  static func lightStatusBar(presenting: SceneView, sheet: SceneView, device: Device, location: SourceLocation?) -> SceneView? {
    guard StatusBarTransition.content(in: presenting) != nil, StatusBarTransition.content(in: sheet) == nil else { return nil }
    var content = StatusBarContent(
      device: device, light: true, time: statusBarTime(in: presenting), battery: statusBarBattery(in: presenting)
    ).view
    if let location { content.setLocation(location) }
    return content
  }
}
