import Geometry

/// What `sheetPresentation` adds to a scene: the sheet screen's frame, corners and grabber,
/// and the tracks p drives (p = 0 at the smallest detent, 1 at the largest).
struct SheetExpansion {
  var tracks: [Track] = []
  /// The status bar's crossfade over the receding range; they replace the window's own fade.
  var statusBarTracks: [Track] = []

  /// - Parameters: `a` the presenting screen, `b` the sheet's.
  init(_ sheet: SheetPresentation, presenting a: String, sheet b: String, canvas: Canvas, appearance: Appearance = .light, screens: inout [Screen], location: SourceLocation?) {
    let device = canvas.device
    let W = canvas.size.width
    let top = SheetPresentation.largeTop(device)
    let last = sheet.detents.count - 1
    func root(_ name: String) -> ViewPath { ViewPath(text: name, screen: name, indices: [], location: location) }
    // Keyframes at the detents' progress, held flat to p = 0 and p = 1 (a track's first and
    // last keyframes are at 0 and 1; outside them it extends its end segments).
    func track(_ target: ViewPath, _ property: AnimatedProperty, _ keyframes: [(Double, Double)]) -> Track {
      var k = keyframes.map { Keyframe(at: $0.0, value: .number($0.1)) }
      if k[0].at > 0 { k.insert(Keyframe(at: 0, value: k[0].value), at: 0) }
      if k[k.count - 1].at < 1 { k.append(Keyframe(at: 1, value: k[k.count - 1].value)) }
      return Track(target: target, property: property, keyframes: k, location: location)
    }
    func edit(_ name: String, _ change: (inout SceneView) -> Void) {
      if let i = screens.firstIndex(where: { $0.name == name }) { change(&screens[i].view) }
    }

    // The sheet is laid out at its largest height and moved down to the detent it rests at.
    edit(b) { v in
      PresetExpansion.shapeSheet(&v, top: top, canvas: canvas, cornerRadius: sheet.cornerRadius)
      if sheet.grabber {
        let size = SheetPresentation.grabberSize
        var grabber = SceneView(id: "grabber", frame: Rect((W - size.width) / 2, SheetPresentation.grabberTopInset, size.width, size.height))
        grabber.backgroundColor = SheetPresentation.grabberColor(appearance)
        grabber.cornerRadius = size.height / 2
        if let location { grabber.setLocation(location) }
        v.subviews.append(grabber)
      }
    }
    let large = sheet.top(last, device: device) - top
    tracks.append(track(root(b), .translationY, [(0, sheet.top(0, device: device) - top), (1, large)]))

    // Dimming: none up to the largest undimmed detent, full from the next one up, linear between.
    let dim = SheetPresentation.dimming
    if let u = sheet.largestUndimmed {
      if u < last {
        tracks.append(track(root(a), .dimming, [(sheet.progress(u), 0), (sheet.progress(u + 1), dim)]))
      }
    } else if let from = sheet.presentedFrom {
      // Presented: the dimming fades in as the sheet rises from below the screen to its
      // smallest detent.
      var dimming = track(root(a), .dimming, [(0, dim), (1, dim)])
      dimming.keyframes.insert(Keyframe(at: from, value: .number(0)), at: 0)
      tracks.append(dimming)
    } else {
      tracks.append(track(root(a), .dimming, [(0, dim), (1, dim)]))
    }

    // Receding at `.large`, from the detent below it: the `sheet` preset's scale, drop and corners.
    guard sheet.recedes else { return }
    edit(a) { PresetExpansion.prepareToRecede(&$0) }
    let below = sheet.progress(last - 1)
    let (s, ty) = PresetExpansion.receded(canvas)
    tracks += [
      track(root(a), .scale, [(below, 1), (1, s)]),
      track(root(a), .translationY, [(below, 0), (1, ty)]),
      track(root(a), .cornerRadius, [(below, 0), (1, PresetExpansion.sheetCornerRadius)]),
    ]
    // Over the black around the receded screen the status bar turns light, as the `sheet`
    // preset's does: the sheet brings a light one (unless it has its own), crossfaded over
    // the same range.
    guard let presenting = screens.first(where: { $0.name == a }), let aPath = StatusBarTransition.content(in: presenting.view),
          let sheetScreen = screens.first(where: { $0.name == b }) else { return }
    if let content = PresetExpansion.lightStatusBar(presenting: presenting.view, sheet: sheetScreen.view, device: device, location: location) {
      edit(b) { $0.subviews.append(content) }
    }
    guard let b2 = screens.first(where: { $0.name == b }), let bPath = StatusBarTransition.content(in: b2.view) else { return }
    func content(_ screen: String, _ path: [Int]) -> ViewPath {
      ViewPath(text: "\(screen).statusBar.content", screen: screen, indices: path, location: location)
    }
    statusBarTracks = [
      track(content(a, aPath), .opacity, [(below, 1), (1, 0)]),
      track(content(b, bPath), .opacity, [(below, 0), (1, 1)]),
    ]
    tracks += statusBarTracks
  }
}
