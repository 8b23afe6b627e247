extension TimingSpec {
  /// Parses a timing written on its own, such as a command-line argument:
  /// `spring: {duration: 0.44, dampingRatio: 0.82}`, `curve: easeIn, duration: 0.32`
  /// (the outer braces of a one-line mapping may be left out).
  ///
  /// - Parameter name: how diagnostics name the text (e.g. `"argument 1"`).
  /// - Throws: a `DiagnosticReport` whose description is ready to print.
  public static func parse(_ text: String, name: String = "timing") throws(DiagnosticReport) -> TimingSpec {
    let origin = SourceLocation.Origin.snippet(name)
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    // A one-line `key: value, key: value` is a flow mapping without its braces.
    let wrap = !trimmed.hasPrefix("{") && !text.contains("\n")
    let yaml = wrap ? "{" + text + "}" : text
    let reader = Reader()
    switch SourceParser.parse(yaml, origin: origin) {
    case .failure(let d):
      // Report the text as written when it does not parse either way.
      if wrap, case .failure(let plain) = SourceParser.parse(text, origin: origin) {
        throw DiagnosticReport([plain], sources: [origin: text])
      }
      reader.report(d)
    case .success(nil):
      reader.report(.emptyDocument, at: SourceLocation(origin: origin, line: 1, column: 1))
    case .success(let node?):
      if let spec = read(node, "timing", in: reader), reader.diagnostics.isEmpty { return spec }
    }
    var diagnostics = reader.diagnostics
    if wrap {
      // Point at the text as written, without the brace added in front.
      diagnostics = diagnostics.map { d in
        var d = d
        if var l = d.location, l.line == 1 { l.column = max(1, l.column - 1); d.location = l }
        return d
      }
    }
    throw DiagnosticReport(diagnostics, sources: [origin: text])
  }
}

extension TimingSpec {
  static var keys: [String] { SceneFormat.timing.keyNames }
  static var springKeys: [String] { SceneFormat.spring.keyNames }

  /// Reads a timing mapping (`spring: {...}` or `curve: ..., duration: ...`, plus `delay`).
  static func read(_ node: SourceNode, _ key: String, in reader: Reader) -> TimingSpec? {
    guard let f = reader.fields(node, key, allowed: Self.keys) else { return nil }
    var delay = 0.0
    if let n = f["delay"] { delay = reader.number(n, "delay", SceneFormat.timing.range("delay")) ?? 0 }
    switch (f["spring"], f["curve"]) {
    case (nil, nil):
      reader.report(.missingKey("spring' or 'curve", context: key), at: f.location)
      return nil
    case (.some, .some):
      reader.report(.conflictingKeys(["spring", "curve"], context: key), at: f.keyLocation("curve"))
      return nil
    case (let s?, nil):
      if f.has("duration") {
        reader.report(.unknownKey("duration", context: "\(key) (a spring's duration goes inside 'spring')", known: []), at: f.keyLocation("duration"))
      }
      guard let spring = readSpring(s, in: reader) else { return nil }
      return TimingSpec(.spring(spring), delay: delay, location: node.location)
    case (nil, let c?):
      let curve = readCurve(c, in: reader)
      let duration: Double?
      if let d = reader.require(f, "duration") { duration = reader.number(d, "duration", SceneFormat.timing.range("duration")) } else { duration = nil }
      guard let curve, let duration else { return nil }
      return TimingSpec(.curve(curve, duration: duration), delay: delay, location: node.location)
    }
  }

  private static func readCurve(_ node: SourceNode, in reader: Reader) -> TimingSpec.Curve? {
    if case .sequence = node {
      let points = SceneFormat.curvePoints.map { ("curve \($0.name)", $0.requirement) }
      guard let v = reader.numbers(node, "curve", shape: "[x1, y1, x2, y2]", points) else { return nil }
      return .controlPoints(v[0], v[1], v[2], v[3])
    }
    guard let name = reader.string(node, "curve") else { return nil }
    if let c = TimingSpec.Curve.names[name] { return c }
    reader.report(.notOneOf(key: "curve", value: name, allowed: ["linear", "easeIn", "easeOut", "easeInEaseOut", "default", "[x1, y1, x2, y2]"]), at: node.location)
    return nil
  }

  private static func readSpring(_ node: SourceNode, in reader: Reader) -> TimingSpec.Spring? {
    guard let f = reader.fields(node, "spring", allowed: Self.springKeys) else { return nil }
    var velocity = 0.0
    if let n = f["initialVelocity"] { velocity = reader.number(n, "initialVelocity", SceneFormat.spring.range("initialVelocity")) ?? 0 }
    let forms: [(keys: [String], name: String)] = [
      (["mass", "stiffness", "damping"], "mass/stiffness/damping"),
      (["response", "dampingFraction"], "response/dampingFraction"),
      (["dampingRatio"], "duration/dampingRatio"),
      (["bounce"], "duration/bounce"),
    ]
    let used = forms.filter { form in form.keys.contains(where: f.has) }
    if used.count > 1 {
      let keys = used.map { $0.keys.first(where: f.has)! }
        .sorted { f.keyLocation($0) < f.keyLocation($1) }
      reader.report(.conflictingKeys([keys[0], keys[1]], context: "spring"), at: f.keyLocation(keys[1]))
      return nil
    }
    func need(_ key: String) -> Double? {
      guard let n = reader.require(f, key) else { return nil }
      return reader.number(n, key, SceneFormat.spring.range(key))
    }
    switch used.first?.name {
    case "mass/stiffness/damping":
      if f.has("duration") {
        reader.report(.conflictingKeys([["mass", "stiffness", "damping"].first(where: f.has)!, "duration"], context: "spring"), at: f.keyLocation("duration"))
        return nil
      }
      let m = need("mass"), k = need("stiffness"), c = need("damping")
      guard let m, let k, let c else { return nil }
      return .physical(mass: m, stiffness: k, damping: c, initialVelocity: velocity)
    case "response/dampingFraction":
      if f.has("duration") {
        reader.report(.conflictingKeys([["response", "dampingFraction"].first(where: f.has)!, "duration"], context: "spring"), at: f.keyLocation("duration"))
        return nil
      }
      let r = need("response"), z = need("dampingFraction")
      guard let r, let z else { return nil }
      return .response(response: r, dampingFraction: z, initialVelocity: velocity)
    case "duration/bounce":
      let d = need("duration"), b = need("bounce")  // 1 would be undamped
      guard let d, let b else { return nil }
      return .bounce(duration: d, bounce: b, initialVelocity: velocity)
    default:
      let d = need("duration"), z = need("dampingRatio")
      guard let d, let z else { return nil }
      return .uikit(duration: d, dampingRatio: z, initialVelocity: velocity)
    }
  }
}
