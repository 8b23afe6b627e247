import Geometry

extension Reader {
  static var transitionKeys: [String] { SceneFormat.transition.keyNames }
  static var trackKeys: [String] { SceneFormat.track.keyNames }

  /// Reads `transition:`; presets may adjust the screens (a sheet's frame and corners).
  func transition(_ node: SourceNode, screens: inout [Screen], canvas: Canvas) -> Transition? {
    guard let f = fields(node, "transition", allowed: Self.transitionKeys) else { return nil }
    let kind: Transition.Kind? = require(f, "kind").flatMap { word($0, "transition kind") }
    func screenName(_ key: String) -> String? {
      guard let n = require(f, key), let name = string(n, key) else { return nil }
      guard screens.contains(where: { $0.name == name }) else {
        report(.unknownReference(kind: "screen", name: name, known: screens.map(\.name)), at: n.location)
        return nil
      }
      return name
    }
    let from = screenName("from"), to = screenName("to")
    if let from, let to, from == to, let n = f["to"] {
      report(.malformed(key: "to", expected: "a screen other than 'from'", got: "'\(to)'"), at: n.location)
    }
    guard let kind, let from, let to, from != to else {
      // Read the rest anyway, so every problem in the transition is reported at once (an
      // invalid kind used to hide them all). Presets and layering need kind, from and to.
      if let n = f["above"] { _ = string(n, "above") }
      if let n = f["preset"], let name = string(n, "preset"), name != "system", Preset(rawValue: name) == nil {
        report(.notOneOf(key: "preset", value: name, allowed: ["system"] + Preset.allCases.map(\.rawValue)), at: n.location)
      }
      if let n = f["timing"] {
        _ = self.timing(n, "timing")
      } else if f["preset"] == nil {
        report(.missingKey("timing", context: "a transition without a preset"), at: f.location)
      }
      let matched = ownTracks(f, screens: screens).matched
      if let n = f["interactive"] { _ = interaction(n, screens: screens, canvas: canvas, matchedCount: matched.count) }
      if let n = f["trigger"] { _ = trigger(n, screens: screens) }
      return nil
    }

    // Layering.
    var above = kind.newScreenIsAbove ? to : from
    if let n = f["above"], let s = string(n, "above") {
      switch s {
      case "from", from: above = from
      case "to", to: above = to
      default: report(.notOneOf(key: "above", value: s, allowed: ["from", "to", from, to]), at: n.location)
      }
    }

    // Preset: its tracks and timing.
    var tracks: [Track] = []
    var timing: TimingSpec?
    var preset: Preset?
    if let n = f["preset"], let name = string(n, "preset") {
      if name == "system" {
        switch kind {
        case .push, .pop: preset = .navigation
        case .present, .dismiss: preset = .sheet
        case .tabSwitch: preset = .crossfade
        case .custom: report(.malformed(key: "preset", expected: "a named preset for a custom transition (system has none)", got: "'system'"), at: n.location)
        }
      } else if let p = Preset(rawValue: name) {
        preset = p
      } else {
        report(.notOneOf(key: "preset", value: name, allowed: ["system"] + Preset.allCases.map(\.rawValue)), at: n.location)
      }
      if let preset {
        let expansion = PresetExpansion(preset: preset, kind: kind, from: from, to: to, canvas: canvas, screens: &screens, location: n.location)
        tracks = expansion.tracks
        timing = expansion.timing
        if f["above"] == nil { above = expansion.above }
      }
    }
    // A sheet with detents: its tracks, timing and resting points.
    var sheet: SheetPresentation?
    var sheetStatusBar: [Track] = []
    if let n = f["sheetPresentation"] {
      for other in ["preset", "restingPoints"] where f.has(other) {
        report(.conflictingKeys(["sheetPresentation", other], context: "transition"), at: f.keyLocation(other))
      }
      if kind != .present {
        report(.malformed(key: "sheetPresentation", expected: "a 'present' transition (the sheet is 'to', presented over 'from')", got: "kind '\(kind.rawValue)'"), at: f.keyLocation("sheetPresentation"))
      } else if let s = sheetPresentation(n, device: canvas.device) {
        sheet = s
        let expansion = SheetExpansion(s, presenting: from, sheet: to, canvas: canvas, appearance: appearance, screens: &screens, location: n.location)
        tracks = expansion.tracks
        sheetStatusBar = expansion.statusBarTracks
        timing = timing ?? (s.presentedFrom != nil
          ? SheetPresentation.presentationTiming(location: n.location)
          : TimingSpec(.spring(.uikit(duration: 0.5, dampingRatio: 1, initialVelocity: 0)), location: n.location))
        if f["above"] == nil { above = to }
      }
    }
    if let n = f["timing"] { timing = self.timing(n, "timing") ?? timing }
    if timing == nil && f["timing"] == nil && !f.has("sheetPresentation") {
      report(.missingKey("timing", context: "a transition without a preset"), at: f.location)
    }

    let (own, matched) = ownTracks(f, screens: screens)
    tracks += own
    var interaction: InteractionSpec?
    if let n = f["interactive"] {
      interaction = self.interaction(n, screens: screens, canvas: canvas, matchedCount: matched.count,
        // A sheet presentation gives the progress; an invalid one (reported) stands in with any.
        defaultProgress: sheet?.progressSpec ?? (f.has("sheetPresentation") ? ProgressSpec(direction: .up, distance: 1) : nil))
    }
    // The navigation bar's own push/pop animation (bars, titles, back button).
    // A scene's own track on a view and property, in `tracks` or in the interaction's
    // `background` tracks, replaces the generated one (a scene that hides its chrome in its
    // own way, as Photos' drag to dismiss does).
    let declared = Set((own + sheetStatusBar + (interaction?.background?.tracks ?? [])).map { TrackSlot(target: $0.target, property: $0.property) })
    func undeclared(_ generated: [Track]) -> [Track] {
      generated.filter { !declared.contains(TrackSlot(target: $0.target, property: $0.property)) }
    }
    var titleSlide: NavigationTitleSlide?
    if let bar = NavigationBarTransition(kind: kind, from: from, to: to, screens: &screens, screenTracks: tracks, location: f.location) {
      tracks += undeclared(bar.tracks)
      titleSlide = bar.titleSlide
      if let t = titleSlide?.title, declared.contains(TrackSlot(target: t, property: .translationX)) { titleSlide?.title = nil }
      if let b = titleSlide?.backLabel, declared.contains(TrackSlot(target: b, property: .translationX)) { titleSlide?.backLabel = nil }
    }
    tracks += undeclared(StatusBarTransition(from: from, to: to, screens: screens, location: f.location).tracks)

    guard let timing else { return nil }
    var transition = Transition(
      kind: kind, from: from, to: to, above: above, timing: timing, tracks: tracks, matched: matched,
      preset: preset, interaction: interaction, location: node.location)
    transition.titleSlide = titleSlide
    if let n = f["restingPoints"], sheet == nil {
      transition.restingPoints = restingPoints(n, interaction: interaction, interactionNode: f["interactive"])
    }
    if let sheet, let n = f["sheetPresentation"] {
      transition.sheetPresentation = sheet
      do {
        transition.restingPoints = try sheet.restingPoints(device: canvas.device, location: n.location)
        // Presented, the timing carries the sheet up to the selected detent and no further.
        if sheet.presentedFrom != nil { transition.restingPoints?.end = sheet.selected }
      } catch {
        report(.malformed(key: "sheetPresentation", expected: "valid detents", got: "\(error)"), at: n.location)
      }
      if let interaction {
        checkSettles(interaction, positions: sheet.detents.indices.map { sheet.top($0, device: canvas.device) }, node: f["interactive"], at: n.location)
      }
    }
    if let n = f["trigger"] {
      if f["interactive"] != nil {
        report(.conflictingKeys(["interactive", "trigger"], context: "a transition"),
               at: f.keyLocation("trigger"))
      }
      transition.trigger = trigger(n, screens: screens)
    }
    return transition
  }

  /// The transition's own `tracks` and `matched` views, swapped when `reverse` is true.
  private func ownTracks(_ f: Fields, screens: [Screen]) -> (own: [Track], matched: [MatchedView]) {
    let reverse = f["reverse"].flatMap { bool($0, "reverse") } ?? false
    var own: [Track] = []
    if let n = f["tracks"], let items = list(n, "tracks") {
      own = items.compactMap { track($0, screens: screens) }
    }
    var matched: [MatchedView] = []
    if let n = f["matched"] {
      let items: [SourceNode]
      if case .sequence(let list, _) = n { items = list } else { items = [n] }
      matched = items.compactMap { matchedView($0, screens: screens) }
    }
    if reverse {
      own = own.map(\.reversed)
      matched = matched.map(\.reversed)
    }
    return (own, matched)
  }

  func track(_ node: SourceNode, screens: [Screen]) -> Track? {
    guard let f = fields(node, "track", allowed: Self.trackKeys) else { return nil }
    let target = require(f, "view").flatMap { viewPath($0, "view", screens: screens) }
    let property: AnimatedProperty? = require(f, "property").flatMap { word($0, "property") }
    let timing = f["timing"].flatMap { self.timing($0, "timing") }
    let phase: TrackPhase? = f["phase"].map { word($0, "phase") } ?? .progress
    if f.has("phase"), f.has("timing") {
      report(.conflictingKeys(["phase", "timing"], context: "a track"), at: f.keyLocation("phase"))
    }
    guard let target, let property, let phase else { return nil }
    guard let view = view(at: target, in: screens) else { return nil }
    let current = property.value(in: view)
    if property == .maskRadius, view.mask == nil {
      report(.malformed(key: "maskRadius", expected: "a view with a 'mask'", got: "'\(target.text)', which has none"), at: f.keyLocation("property"))
    }
    if [.shadowOffset, .shadowOffsetX, .shadowOffsetY].contains(property), view.shadow == nil {
      report(.malformed(key: property.rawValue, expected: "a view with a 'shadow'", got: "'\(target.text)', which has none"), at: f.keyLocation("property"))
    }
    if property == .blurRadius, view.material == nil {
      report(.malformed(key: "blurRadius", expected: "a view with a 'material'", got: "'\(target.text)', which has none"), at: f.keyLocation("property"))
    }
    var keyframes: [Keyframe] = []
    if let kn = f["keyframes"] {
      if f.has("from") || f.has("to") {
        report(.conflictingKeys(["keyframes", f.has("from") ? "from" : "to"], context: "a track"), at: f.keyLocation("keyframes"))
      }
      guard let items = list(kn, "keyframes") else { return nil }
      var previous: Double?
      for item in items {
        guard let k = fields(item, "keyframe", allowed: SceneFormat.keyframe.keyNames) else { continue }
        let at = require(k, "at").flatMap { number($0, "keyframe at", SceneFormat.keyframe.range("at")) }
        let value = require(k, "value").flatMap { propertyValue($0, property) }
        guard let at, let value else { continue }
        if let previous, at < previous {
          report(.timeGoesBackwards(key: "keyframe at", time: at, previous: previous), at: k["at"]!.location)
          continue
        }
        previous = at
        keyframes.append(Keyframe(at: at, value: value))
      }
      guard !keyframes.isEmpty else {
        report(.malformed(key: "keyframes", expected: "at least one keyframe", got: "none"), at: kn.location)
        return nil
      }
      if keyframes[0].at > 0 { keyframes.insert(Keyframe(at: 0, value: keyframes[0].value), at: 0) }
      if keyframes[keyframes.count - 1].at < 1 { keyframes.append(Keyframe(at: 1, value: keyframes[keyframes.count - 1].value)) }
    } else {
      if !f.has("from") && !f.has("to") {
        report(.missingKey("from' or 'to", context: "a track"), at: f.location)
        return nil
      }
      let from = f["from"].map { propertyValue($0, property) } ?? current
      let to = f["to"].map { propertyValue($0, property) } ?? current
      guard let from, let to else { return nil }
      keyframes = [Keyframe(at: 0, value: from), Keyframe(at: 1, value: to)]
    }
    var track = Track(target: target, property: property, keyframes: keyframes, timing: timing, location: node.location)
    track.phase = phase
    return track
  }

  func view(at path: ViewPath, in screens: [Screen]) -> SceneView? {
    guard var v = screens.first(where: { $0.name == path.screen })?.view else { return nil }
    for i in path.indices { v = v.subviews[i] }
    return v
  }

  private func propertyValue(_ node: SourceNode, _ property: AnimatedProperty) -> PropertyValue? {
    let key = property.rawValue
    switch property.valueKind {
    case .number:
      return number(node, key, property.requirement).map { .number($0) }
    case .point: return point(node, key).map { .point($0) }
    case .size: return size(node, key).map { .size($0) }
    case .rect: return rect(node, key).map { .rect($0) }
    case .color: return color(node, key).map { .color($0) }
    }
  }

  private func matchedView(_ node: SourceNode, screens: [Screen]) -> MatchedView? {
    guard let f = fields(node, "matched", allowed: SceneFormat.matched.keyNames) else { return nil }
    let source = require(f, "from").flatMap { viewPath($0, "from", screens: screens) }
    let destination = require(f, "to").flatMap { viewPath($0, "to", screens: screens) }
    let timing = f["timing"].flatMap { self.timing($0, "timing") }
    let subviews = f["subviews"].flatMap { word($0, "subviews", as: MatchedView.Subviews.self) } ?? .snapshot
    let hidesSource = f["hidesSource"].flatMap { bool($0, "hidesSource") } ?? true
    guard let source, let destination else { return nil }
    if source.screen == destination.screen {
      report(.malformed(key: "matched 'to'", expected: "a view on the other screen", got: "'\(destination.text)'"), at: destination.location)
      return nil
    }
    if subviews == .relayout,
      let from = screen(named: source.screen, in: screens)?.view.descendant(at: source.indices),
      let to = screen(named: destination.screen, in: screens)?.view.descendant(at: destination.indices)
    {
      reportPairing(SubviewPairing.problems(source: from, destination: to), f: f, source: source, destination: destination)
    }
    return MatchedView(
      source: source, destination: destination, timing: timing, subviews: subviews, hidesSource: hidesSource,
      location: node.location)
  }

  /// Each problem of a `subviews: relayout` pairing, at the subview it concerns (the
  /// `subviews` key when no subview pairs).
  private func reportPairing(_ problems: [SubviewPairing.Problem], f: Fields, source: ViewPath, destination: ViewPath) {
    for problem in problems {
      switch problem {
      case .mismatchedContent(let id, let a, let b, let at):
        report(.malformed(
          key: "matched subview '\(id)'", expected: "the same kind of view under '\(source.text)' and '\(destination.text)'",
          got: "\(a) and \(b)"), at: at)
      case .nothingPaired:
        report(.malformed(
          key: "matched 'subviews: relayout'", expected: "subviews of '\(source.text)' and '\(destination.text)' that share an id",
          got: "no id in common"), at: f["subviews"]?.location ?? f.location)
      }
    }
  }
}

extension AnimatedProperty {
  /// The range of a number-valued property's track values.
  var requirement: Requirement {
    switch self {
    case .opacity, .backgroundOpacity, .shadowOpacity, .dimming: .fraction
    case .cornerRadius, .borderWidth, .maskRadius: .length
    case .shadowRadius, .blurRadius: .range(0...SceneLimits.maxShadowRadius)
    case .shadowOffsetX, .shadowOffsetY: .coordinate
    case .scale, .scaleX, .scaleY: .scale
    case .rotation: .rotation
    case .translationX, .translationY, .positionX, .positionY, .contentOffsetY: .coordinate
    // Not numbers: read as points, sizes, rectangles or colours, each with its own ranges.
    case .translation, .position, .contentOffset, .shadowOffset, .frame, .size, .backgroundColor: .coordinate
    }
  }
}

/// A view and one of its properties: where a track writes.
private struct TrackSlot: Hashable {
  var target: ViewPath
  var property: AnimatedProperty
}
