import Foundation

/// Loads a scene file: parse, apply a variant and `--set` overrides, read, resolve and
/// validate. Every problem found is reported at once, in a `DiagnosticReport`.
public enum SceneLoader {
  /// - Parameters:
  ///   - path: the scene file.
  ///   - variant: a name from the scene's `variants:`, applied first (`base`: none, the scene
  ///     as written, unless the scene declares its own `base`).
  ///   - sets: `PATH=VALUE` overrides (VALUE is YAML), applied after the variant.
  ///   - varied: more overrides, from `--vary` (a comparison cell's values), applied last and
  ///     reported as `--vary PATH=VALUE`.
  public static func load(path: String, variant: String? = nil, sets: [String] = [], varied: [String] = []) throws(DiagnosticReport) -> SceneDocument {
    let origin = SourceLocation.Origin.file(path)
    let text: String
    switch sceneText(path: path) {
    case .success(let t): text = t
    case .failure(let report): throw report
    }
    let directory = (path as NSString).deletingLastPathComponent
    return try load(text: text, origin: origin, directory: directory.isEmpty ? "." : directory, variant: variant, sets: sets, varied: varied)
  }

  /// Loads a scene from text (tests, stdin). `directory` is where asset paths start.
  public static func load(
    text: String, origin: SourceLocation.Origin = .file("scene.yaml"), directory: String = ".",
    variant: String? = nil, sets: [String] = [], varied: [String] = []
  ) throws(DiagnosticReport) -> SceneDocument {
    var sources: [SourceLocation.Origin: String] = [origin: text]
    let reader = SceneReader()
    func fail() -> DiagnosticReport { DiagnosticReport(reader.diagnostics, sources: sources) }

    var root: SourceNode
    switch SourceParser.parse(text, origin: origin) {
    case .failure(let d): reader.report(d); throw fail()
    case .success(nil): reader.report(.emptyDocument, at: SourceLocation(origin: origin, line: 1, column: 1)); throw fail()
    case .success(let node?): root = node
    }

    // The variant's overrides, then each --set, then each --vary value. `base` is the scene
    // as written, unless the scene names a variant `base` itself.
    var overrides: [Override] = []
    let variant = variant == baseVariant && !declaresVariant(root, baseVariant) ? nil : variant
    if let variant {
      overrides += variantOverrides(root, name: variant, reader: reader)
    }
    let variantCount = overrides.count
    let original = root
    let options = sets.map { ($0, SourceLocation.Origin.setOption($0)) } + varied.map { ($0, SourceLocation.Origin.varyOption($0)) }
    for (set, setOrigin) in options {
      let start = SourceLocation(origin: setOrigin, line: 1, column: 1)
      guard let eq = set.firstIndex(of: "=") else {
        reader.report(.badOverride(path: set, problem: "write it as PATH=VALUE, e.g. transition.timing.spring.duration=0.5"), at: SourceLocation(origin: setOrigin, line: 0, column: 0))
        continue
      }
      let path = String(set[..<eq]).trimmingCharacters(in: .whitespaces)
      let valueText = String(set[set.index(after: eq)...])
      sources[setOrigin] = valueText
      switch SourceParser.parse(valueText, origin: setOrigin) {
      case .failure(let d): reader.report(d)
      case .success(let node):
        // Path problems point at the option as a whole (no line of it to underline).
        let whole = SourceLocation(origin: setOrigin, line: 0, column: 0)
        overrides.append(Override(path: path, value: node ?? .scalar(.init(""), start), location: whole))
      }
    }
    for o in overrides {
      if let d = OverridePath.apply(o, to: &root) { reader.report(d) }
    }
    guard reader.diagnostics.isEmpty else { throw fail() }
    reader.sources = sources

    let file: String
    if case .file(let p) = origin { file = p } else { file = origin.displayName }
    guard let document = SceneDocument.read(root, file: file, directory: directory, variant: variant, in: reader), reader.diagnostics.isEmpty else {
      let sourced = overrides.enumerated().map { i, o in
        (o, i < variantCount ? "variant '\(variant ?? "")'" : o.location.origin.isOption ? o.location.origin.displayName : "the override")
      }
      throw DiagnosticReport(ReplacedBlock.explain(reader.diagnostics, overrides: sourced, original: original), sources: sources)
    }
    return document
  }

  /// The text of a scene file: a regular file of at most `SourceParser.maxBytes` bytes (its
  /// size checked before anything is read), in UTF-8 (a bad byte is reported at its line and
  /// column).
  static func sceneText(path: String) -> Result<String, DiagnosticReport> {
    let origin = SourceLocation.Origin.file(path)
    let bytes: [UInt8]
    switch InputFile.read(path, maxBytes: SourceParser.maxBytes) {
    case .success(let b): bytes = b
    case .failure(.tooLarge(let size)):
      let d = SceneDiagnostic(
        .limit(what: "the file", value: Double(size), limit: Double(SourceParser.maxBytes), unit: " bytes"),
        at: SourceLocation(origin: origin, line: 1, column: 1))
      return .failure(DiagnosticReport([d], sources: [:]))
    case .failure(let problem):
      return .failure(DiagnosticReport([SceneDiagnostic(.unreadableFile(path: path, problem: problem.text), at: nil)], sources: [:]))
    }
    if let bad = UTF8Position.firstInvalid(bytes) {
      let d = SceneDiagnostic(.unreadableFile(path: path, problem: "it is not UTF-8 text (byte \(bad.description))"), at: bad.location(origin))
      return .failure(DiagnosticReport([d], sources: [origin: String(decoding: bytes, as: UTF8.self)]))
    }
    return .success(String(decoding: bytes, as: UTF8.self))
  }

  /// The variant name that means the scene as written (`--variant base`), everywhere a variant
  /// is named, unless the scene declares a variant of that name.
  public static let baseVariant = "base"

  private static func declaresVariant(_ root: SourceNode, _ name: String) -> Bool {
    guard case .mapping(let entries, _)? = root["variants"] else { return false }
    return entries.contains { $0.key == name }
  }

  /// The names in a scene file's `variants:`, in order (for `check` to try each).
  public static func variantNames(path: String) -> [String] {
    guard case .success(let text) = sceneText(path: path),
      case .success(let root?) = SourceParser.parse(text, origin: .file(path)),
      case .mapping(let entries, _)? = root["variants"]
    else { return [] }
    return entries.map(\.key)
  }

  private static func variantOverrides(_ root: SourceNode, name: String, reader: Reader) -> [Override] {
    guard case .mapping(let variants, _)? = root["variants"] else {
      reader.report(.unknownReference(kind: "variant", name: name, known: [baseVariant]), at: nil)
      return []
    }
    guard let entry = variants.last(where: { $0.key == name }) else {
      let known = variants.map(\.key)
      reader.report(.unknownReference(kind: "variant", name: name, known: (known.contains(baseVariant) ? [] : [baseVariant]) + known), at: nil)
      return []
    }
    guard case .mapping(let changes, _) = entry.value else {
      reader.report(.wrongType(key: "variant '\(name)'", expected: "a mapping of paths to values", got: entry.value.summary), at: entry.value.location)
      return []
    }
    return changes.map { Override(path: $0.key, value: $0.value, location: $0.keyLocation) }
  }
}
