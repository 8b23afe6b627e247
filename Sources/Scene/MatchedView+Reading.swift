extension MatchedView {
  /// One of `transition.matched`: a view on each screen, flown between them.
  static func read(_ node: SourceNode, screens: [Screen], in reader: SceneReader) -> MatchedView? {
    guard let f = reader.fields(node, "matched", allowed: SceneFormat.matched.keyNames) else { return nil }
    let source = reader.require(f, "from").flatMap { ViewPath.read($0, "from", screens: screens, in: reader) }
    let destination = reader.require(f, "to").flatMap { ViewPath.read($0, "to", screens: screens, in: reader) }
    let timing = f["timing"].flatMap { TimingSpec.read($0, "timing", in: reader) }
    let subviews = f["subviews"].flatMap { reader.word($0, "subviews", as: MatchedView.Subviews.self) } ?? .snapshot
    let hidesSource = f["hidesSource"].flatMap { reader.bool($0, "hidesSource") } ?? true
    guard let source, let destination else { return nil }
    if source.screen == destination.screen {
      reader.report(.malformed(key: "matched 'to'", expected: "a view on the other screen", got: "'\(destination.text)'"), at: destination.location)
      return nil
    }
    if subviews == .relayout,
      let from = reader.screen(named: source.screen, in: screens)?.view.descendant(at: source.indices),
      let to = reader.screen(named: destination.screen, in: screens)?.view.descendant(at: destination.indices)
    {
      reportPairing(SubviewPairing.problems(source: from, destination: to), f: f, source: source, destination: destination, in: reader)
    }
    return MatchedView(
      source: source, destination: destination, timing: timing, subviews: subviews, hidesSource: hidesSource,
      location: node.location)
  }

  /// Each problem of a `subviews: relayout` pairing, at the subview it concerns (the
  /// `subviews` key when no subview pairs).
  private static func reportPairing(_ problems: [SubviewPairing.Problem], f: Fields, source: ViewPath, destination: ViewPath, in reader: Reader) {
    for problem in problems {
      switch problem {
      case .mismatchedContent(let id, let a, let b, let at):
        reader.report(.malformed(
          key: "matched subview '\(id)'", expected: "the same kind of view under '\(source.text)' and '\(destination.text)'",
          got: "\(a) and \(b)"), at: at)
      case .nothingPaired:
        reader.report(.malformed(
          key: "matched 'subviews: relayout'", expected: "subviews of '\(source.text)' and '\(destination.text)' that share an id",
          got: "no id in common"), at: f["subviews"]?.location ?? f.location)
      }
    }
  }
}
