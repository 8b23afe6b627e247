import Geometry

extension Transition {
  static var keys: [String] { SceneFormat.transition.keyNames }

  /// Reads `transition:`; presets may adjust the screens (a sheet's frame and corners).
  static func read(_ node: SourceNode, screens: inout [Screen], canvas: Canvas, in reader: SceneReader) -> Transition? {
    guard let f = reader.fields(node, "transition", allowed: Self.keys) else { return nil }
    let kind: Transition.Kind? = reader.require(f, "kind").flatMap { reader.word($0, "transition kind") }
    func screenName(_ key: String) -> String? {
      guard let n = reader.require(f, key), let name = reader.string(n, key) else { return nil }
      guard screens.contains(where: { $0.name == name }) else {
        reader.report(.unknownReference(kind: "screen", name: name, known: screens.map(\.name)), at: n.location)
        return nil
      }
      return name
    }
    let from = screenName("from"), to = screenName("to")
    if let from, let to, from == to, let n = f["to"] {
      reader.report(.malformed(key: "to", expected: "a screen other than 'from'", got: "'\(to)'"), at: n.location)
    }
    guard let kind, let from, let to, from != to else {
      // Read the rest anyway, so every problem in the transition is reported at once (an
      // invalid kind used to hide them all). Presets and layering need kind, from and to.
      if let n = f["above"] { _ = reader.string(n, "above") }
      if let n = f["preset"], let name = reader.string(n, "preset"), name != "system", Preset(rawValue: name) == nil {
        reader.report(.notOneOf(key: "preset", value: name, allowed: ["system"] + Preset.allCases.map(\.rawValue)), at: n.location)
      }
      if let n = f["timing"] {
        _ = TimingSpec.read(n, "timing", in: reader)
      } else if f["preset"] == nil {
        reader.report(.missingKey("timing", context: "a transition without a preset"), at: f.location)
      }
      let matched = ownTracks(f, screens: screens, in: reader).matched
      if let n = f["interactive"] { _ = InteractionSpec.read(n, screens: screens, canvas: canvas, matchedCount: matched.count, in: reader) }
      if let n = f["trigger"] { _ = TriggerSpec.read(n, screens: screens, in: reader) }
      return nil
    }

    // Layering.
    var above = kind.newScreenIsAbove ? to : from
    if let n = f["above"], let s = reader.string(n, "above") {
      switch s {
      case "from", from: above = from
      case "to", to: above = to
      default: reader.report(.notOneOf(key: "above", value: s, allowed: ["from", "to", from, to]), at: n.location)
      }
    }

    // Preset: its tracks and timing.
    var tracks: [Track] = []
    var timing: TimingSpec?
    var preset: Preset?
    if let n = f["preset"], let name = reader.string(n, "preset") {
      if name == "system" {
        switch kind {
        case .push, .pop: preset = .navigation
        case .present, .dismiss: preset = .sheet
        case .tabSwitch: preset = .crossfade
        case .custom: reader.report(.malformed(key: "preset", expected: "a named preset for a custom transition (system has none)", got: "'system'"), at: n.location)
        }
      } else if let p = Preset(rawValue: name) {
        preset = p
      } else {
        reader.report(.notOneOf(key: "preset", value: name, allowed: ["system"] + Preset.allCases.map(\.rawValue)), at: n.location)
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
        reader.report(.conflictingKeys(["sheetPresentation", other], context: "transition"), at: f.keyLocation(other))
      }
      if kind != .present {
        reader.report(.malformed(key: "sheetPresentation", expected: "a 'present' transition (the sheet is 'to', presented over 'from')", got: "kind '\(kind.rawValue)'"), at: f.keyLocation("sheetPresentation"))
      } else if let s = SheetPresentation.read(n, device: canvas.device, in: reader) {
        sheet = s
        let expansion = SheetExpansion(s, presenting: from, sheet: to, canvas: canvas, appearance: reader.appearance, screens: &screens, location: n.location)
        tracks = expansion.tracks
        sheetStatusBar = expansion.statusBarTracks
        timing = timing ?? (s.presentedFrom != nil
          ? SheetPresentation.presentationTiming(location: n.location)
          : TimingSpec(.spring(.uikit(duration: 0.5, dampingRatio: 1, initialVelocity: 0)), location: n.location))
        if f["above"] == nil { above = to }
      }
    }
    if let n = f["timing"] { timing = TimingSpec.read(n, "timing", in: reader) ?? timing }
    if timing == nil && f["timing"] == nil && !f.has("sheetPresentation") {
      reader.report(.missingKey("timing", context: "a transition without a preset"), at: f.location)
    }

    let (own, matched) = ownTracks(f, screens: screens, in: reader)
    tracks += own
    var interaction: InteractionSpec?
    if let n = f["interactive"] {
      interaction = InteractionSpec.read(n, screens: screens, canvas: canvas, matchedCount: matched.count,
        // A sheet presentation gives the progress; an invalid one (reported) stands in with any.
        defaultProgress: sheet?.progressSpec ?? (f.has("sheetPresentation") ? ProgressSpec(direction: .up, distance: 1) : nil), in: reader)
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
      transition.restingPoints = RestingPointsSpec.read(n, interaction: interaction, interactionNode: f["interactive"], in: reader)
    }
    if let sheet, let n = f["sheetPresentation"] {
      transition.sheetPresentation = sheet
      do {
        transition.restingPoints = try sheet.restingPoints(device: canvas.device, location: n.location)
        // Presented, the timing carries the sheet up to the selected detent and no further.
        if sheet.presentedFrom != nil { transition.restingPoints?.end = sheet.selected }
      } catch {
        reader.report(.malformed(key: "sheetPresentation", expected: "valid detents", got: "\(error)"), at: n.location)
      }
      if let interaction {
        RestingPointsSpec.checkSettles(interaction, positions: sheet.detents.indices.map { sheet.top($0, device: canvas.device) }, node: f["interactive"], at: n.location, in: reader)
      }
    }
    if let n = f["trigger"] {
      if f["interactive"] != nil {
        reader.report(.conflictingKeys(["interactive", "trigger"], context: "a transition"),
               at: f.keyLocation("trigger"))
      }
      transition.trigger = TriggerSpec.read(n, screens: screens, in: reader)
    }
    return transition
  }

  /// The transition's own `tracks` and `matched` views, swapped when `reverse` is true.
  private static func ownTracks(_ f: Fields, screens: [Screen], in reader: SceneReader) -> (own: [Track], matched: [MatchedView]) {
    let reverse = f["reverse"].flatMap { reader.bool($0, "reverse") } ?? false
    var own: [Track] = []
    if let n = f["tracks"], let items = reader.list(n, "tracks") {
      own = items.compactMap { Track.read($0, screens: screens, in: reader) }
    }
    var matched: [MatchedView] = []
    if let n = f["matched"] {
      let items: [SourceNode]
      if case .sequence(let list, _) = n { items = list } else { items = [n] }
      matched = items.compactMap { MatchedView.read($0, screens: screens, in: reader) }
    }
    if reverse {
      own = own.map(\.reversed)
      matched = matched.map(\.reversed)
    }
    return (own, matched)
  }
}

/// A view and one of its properties: where a track writes.
private struct TrackSlot: Hashable {
  var target: ViewPath
  var property: AnimatedProperty
}
