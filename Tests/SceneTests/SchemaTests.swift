import Foundation
import Testing
import TestSupport
@testable import Scene

/// `flipbook schema` against `check`: the catalog scenes validate against the schema with an
/// independent validator (Python's `jsonschema`, Tests/Reference/scene_schema.py), and values
/// that `check` rejects for their type or range are rejected by the schema too.
@Suite struct SchemaTests {
  static let schemaPath = Fixture.repository + "/docs/scene.schema.json"

  /// The committed schema is what `flipbook schema` prints (scripts/update-schema rewrites it).
  @Test func committedSchemaIsCurrent() throws {
    let committed = try String(contentsOfFile: Self.schemaPath, encoding: .utf8)
    #expect(committed == SceneFormat.jsonSchema(), "docs/scene.schema.json is stale: run scripts/update-schema")
    let printed = try runFlipbook(["schema"])
    #expect(printed.status == 0)
    #expect(printed.stdout == committed)
  }

  /// `schema -o` writes as every output does (AtomicFile): through a symlink the link stays and
  /// its target gets the schema (Foundation's atomic write replaced the link with a file), and
  /// a folder is refused with the reason and a non-zero exit.
  @Test func schemaOutputKeepsALinkAndRefusesAFolder() throws {
    let fm = FileManager.default
    let dir = NSTemporaryDirectory() + "schema-out-" + UUID().uuidString
    try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? fm.removeItem(atPath: dir) }
    try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/real.json"))
    try fm.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: dir + "/real.json")
    let r = try runFlipbook(["schema", "-o", dir + "/link.json"])
    #expect(r.status == 0, "\(r.stderr)")
    let kind = try fm.attributesOfItem(atPath: dir + "/link.json")[.type] as? FileAttributeType
    #expect(kind == .typeSymbolicLink)
    #expect(try String(contentsOfFile: dir + "/real.json", encoding: .utf8) == SceneFormat.jsonSchema())
    let folder = try runFlipbook(["schema", "-o", dir])
    #expect(folder.status != 0)
    #expect(folder.stderr.contains("it is a folder"), "\(folder.stderr)")
    #expect(try fm.contentsOfDirectory(atPath: dir).sorted() == ["link.json", "real.json"])
  }

  /// Facts read off docs/scene-format.md's tables, written here by hand.
  @Test func rangesAndWordsMatchTheDocs() throws {
    let schema = try #require(try JSONSerialization.jsonObject(with: Data(SceneFormat.jsonSchema().utf8)) as? [String: Any])
    #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    let defs = try #require(schema["$defs"] as? [String: Any])
    func property(_ def: String, _ key: String) -> [String: Any] {
      ((defs[def] as? [String: Any])?["properties"] as? [String: Any])?[key] as? [String: Any] ?? [:]
    }
    #expect(property("canvas", "fps")["minimum"] as? Double == 1 && property("canvas", "fps")["maximum"] as? Double == 240)
    #expect(property("canvas", "fps")["default"] as? Double == 60)
    #expect(property("spring", "bounce")["exclusiveMinimum"] as? Double == -1 && property("spring", "bounce")["exclusiveMaximum"] as? Double == 1)
    #expect(property("spring", "damping")["exclusiveMinimum"] as? Double == 0 && property("spring", "damping")["maximum"] as? Double == 1_000_000)
    #expect(property("labelView", "fontSize")["exclusiveMinimum"] as? Double == 0 && property("labelView", "fontSize")["maximum"] as? Double == 1000)
    #expect(property("hold", "before")["default"] as? Double == 0.3 && property("hold", "after")["default"] as? Double == 0.4)
    #expect(property("labelView", "weight")["enum"] as? [String] == ["thin", "light", "regular", "medium", "semibold", "bold", "heavy"])
    #expect(property("transition", "kind")["enum"] as? [String] == ["push", "pop", "present", "dismiss", "tabSwitch", "custom"])
    #expect(property("interactive", "slop")["default"] as? Double == 10)
    #expect((property("symbolView", "name")["enum"] as? [String])?.contains("heart.fill") == true)
    #expect((property("labelView", "fontSize")["description"] as? String)?.contains("pt") == true)
    // Every view kind has every view key and its own; a screen has no id.
    #expect((defs["screen"] as? [String: Any])?["properties"].flatMap { ($0 as? [String: Any])?["id"] } == nil)
    #expect(property("imageView", "cornerRadius")["maximum"] as? Double == 100_000)
  }

  // MARK: The independent validator

  /// Why the Python validator cannot run here, or nil when it can.
  static let validatorMissing: String? = {
    guard let r = try? runProcess("python3", ["-c", "import jsonschema, yaml; jsonschema.Draft202012Validator"]) else {
      return "python3 is not installed"
    }
    return r.status == 0 ? nil : "python3 lacks jsonschema or yaml (scripts/setup installs python3-jsonschema and python3-yaml): \(r.stderr)"
  }()

  /// Runs Tests/Reference/scene_schema.py; one decoded JSON line per verdict.
  static func python(_ arguments: [String]) throws -> [[String: Any]] {
    let script = Fixture.repository + "/Tests/Reference/scene_schema.py"
    let r = try runProcess("python3", [script, schemaPath] + arguments)
    #expect(r.status == 0, "scene_schema.py failed: \(r.stderr)")
    return r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
  }

  /// Every catalog scene (Scenes/, docs/ and the early drafts in Tests/SceneTests/Fixtures/drafts/), and each of its variants.
  static var catalogScenes: [String] {
    ["Scenes", "docs", "Tests/SceneTests/Fixtures/drafts"].flatMap { folder -> [String] in
      let dir = Fixture.repository + "/" + folder
      let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
      return names.filter { $0.hasSuffix(".yaml") }.sorted().map { dir + "/" + $0 }
    }
  }

  @Test(.enabled(if: validatorMissing == nil, "\(validatorMissing ?? "")")) func catalogScenesValidate() throws {
    let scenes = Self.catalogScenes
    #expect(scenes.count >= 20)
    let verdicts = try Self.python(["validate"] + scenes)
    #expect(verdicts.count > scenes.count)  // the scenes and their variants
    for v in verdicts where v["valid"] as? Bool != true {
      Issue.record("\(v["file"] ?? "") variant \(v["variant"] ?? "none") does not validate: \(v["errors"] ?? "")")
    }
    // Each catalog scene names the schema for editors on its first line.
    for path in scenes {
      let first = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first.map(String.init) ?? ""
      #expect(first.hasPrefix("# yaml-language-server: $schema=") && first.hasSuffix("scene.schema.json"), "\(path): \(first)")
      let relative = String(first.dropFirst("# yaml-language-server: $schema=".count))
      let resolved = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(relative).standardized.path
      #expect(resolved == URL(fileURLWithPath: Self.schemaPath).standardized.path, "\(path) points at \(relative)")
    }
  }

  /// Values `check` rejects for their type or range (each written as a `--set` on T2, the
  /// Photos drag-to-dismiss, whose views and interaction reach every table).
  static let rejected: [String] = [
    "canvas.fps=0", "canvas.scale=5", "canvas.background=notacolour", "canvas.size=[2, 844]",
    "hold.before=-1", "hold.after=200", "duration=0", "device=iphone-99", "scene=[a, b]", "variants=5",
    "components.row={parameters: 5, view: {view: {}}}",
    "screens.grid.opacity=1.5", "screens.grid.cornerRadius=-1", "screens.grid.anchorPoint=[0.5, 200]",
    "screens.grid.hidden=maybe", "screens.grid.cornerCurve=round", "screens.grid.maskedCorners=[top, middle]",
    "screens.grid.transform.rotation=40000", "screens.grid.transform.scale=[1, 2000]", "screens.grid.transform.translation=[0]",
    "screens.grid.border.width=-2", "screens.grid.border.color=\"#12345\"", "screens.grid.shadow.radius=2000",
    "screens.grid.shadow.opacity=2", "screens.grid.shadow.path=square", "screens.grid.shadow.path={rect: [0, 0, -1, 1]}",
    "screens.grid.material=frosted", "screens.grid.mask.circle={center: [0, 0], radius: -5}", "screens.grid.dimming=-0.1",
    "screens.grid.contentOffset=[0, 2.0e+5]", "screens.grid.homeIndicator=3",
    "screens.detail.subviews[0].image.contentMode=stretch", "screens.detail.subviews[0].image.frame=[0, 292, -390, 260]",
    "screens.detail.subviews[0].image.frame=[0, 292, 390]", "screens.grid.position=[1, 2.0e+6]",
    "screens.detail.subviews[0].image.frame=[0, 292, widht, 260]", "screens.detail.subviews[0].image.frame=[0, 292, \"20 + x\", 260]",
    "screens.grid.subviews[0].photoGrid.columns=51", "screens.grid.subviews[0].photoGrid.columns=2.5",
    "screens.grid.subviews[0].photoGrid.spacing=101", "screens.grid.subviews[0].photoGrid.contentMode=fill",
    "screens.grid.subviews[3].statusBar.battery=1.5", "screens.grid.subviews[3].statusBar.style=blue",
    "screens.grid.subviews[4].navigationBar.largeTitle=7", "screens.grid.subviews[4].navigationBar.top=-10",
    "screens.grid.subviews[4].navigationBar.material=glass", "screens.grid.subviews[4].navigationBar.tint=reddish",
    "screens.grid.subviews[5].tabBar.selected=-1", "screens.grid.subviews[5].tabBar.items[0].symbol=no.such.symbol",
    // (T2's detail draws Photos' toolbar as its own view, so these put a `toolbar` in its place.)
    "screens.detail.subviews[3]={toolbar: {id: toolbar, items: []}}", "screens.detail.subviews[3]={toolbar: {id: toolbar, items: [no.such.symbol]}}",
    "screens.grid.subviews[6]={label: {text: Hi, frame: [0, 0, 10, 10], fontSize: 0}}",
    "screens.grid.subviews[6]={label: {text: Hi, frame: [0, 0, 10, 10], numberOfLines: -1}}",
    "screens.grid.subviews[6]={label: {text: Hi, frame: [0, 0, 10, 10], weight: black}}",
    "screens.grid.subviews[6]={label: {text: Hi, frame: [0, 0, 10, 10], alignment: justified}}",
    "screens.grid.subviews[6]={label: {text: Hi, frame: [0, 0, 10, 10], lineBreak: charWrap}}",
    "screens.grid.subviews[6]={label: {text: Hi, frame: [0, 0, 10, 10], letterSpacing: 2000}}",
    "screens.grid.subviews[6]={label: {text: Hi, frame: [0, 0, 10, 10], lineHeightMultiple: 0}}",
    "screens.grid.subviews[6]={label: {text: [Hi], frame: [0, 0, 10, 10]}}",
    "screens.grid.subviews[6]={gradient: {colors: [white, \"#12\"], frame: [0, 0, 10, 10]}}",
    "screens.grid.subviews[6]={gradient: {colors: [white, black], locations: [0, 2], frame: [0, 0, 10, 10]}}",
    "screens.grid.subviews[6]={gradient: {colors: [white, black], start: [0, 200], frame: [0, 0, 10, 10]}}",
    "screens.grid.subviews[6]={path: {data: M0 0 L1 1, frame: [0, 0, 10, 10], lineWidth: -1}}",
    "screens.grid.subviews[6]={path: {data: M0 0 L1 1, frame: [0, 0, 10, 10], miterLimit: 0.5}}",
    "screens.grid.subviews[6]={path: {data: M0 0 L1 1, frame: [0, 0, 10, 10], lineDash: [1, -1]}}",
    "screens.grid.subviews[6]={path: {data: M0 0 L1 1, frame: [0, 0, 10, 10], lineDash: []}}",
    "screens.grid.subviews[6]={path: {data: M0 0 L1 1, frame: [0, 0, 10, 10], fillRule: oddEven}}",
    "screens.grid.subviews[6]={path: {data: M0 0 L1 1, frame: [0, 0, 10, 10], lineCap: flat}}",
    "screens.grid.subviews[6]={path: {data: M0 0 L1 1, frame: [0, 0, 10, 10], fill: nothing}}",
    "screens.grid.subviews[6]={symbol: {name: heart, frame: [0, 0, 10, 10], pointSize: 0}}",
    "screens.grid.subviews[6]={symbol: {name: heart, frame: [0, 0, 10, 10], level: 2}}",
    "screens.grid.subviews[6]={symbol: {name: heart, frame: [0, 0, 10, 10], scale: huge}}",
    "screens.grid.subviews[6]={symbol: {name: no.such.symbol, frame: [0, 0, 10, 10]}}",
    "transition.kind=slide", "transition.reverse=sometimes", "transition.preset=zoom",
    "transition.timing.spring.dampingRatio=-0.2", "transition.timing.spring.initialVelocity=2000",
    "transition.timing={spring: {duration: 0.5, bounce: 1}}", "transition.timing={spring: {mass: 0, stiffness: 100, damping: 10}}",
    "transition.timing={spring: {mass: 1, stiffness: 2.0e+6, damping: 10}}", "transition.timing={spring: {mass: 1, stiffness: 100, damping: 0}}",
    "transition.timing={spring: {response: 0.5, dampingFraction: 200}}", "transition.timing={spring: {response: 0, dampingFraction: 1}}",
    "transition.timing={curve: [2, 0, 0.5, 1], duration: 0.3}", "transition.timing={curve: [0.5, 200, 0.5, 1], duration: 0.3}",
    "transition.timing={curve: bouncy, duration: 0.3}", "transition.timing={curve: linear, duration: 0}",
    "transition.timing.delay=-1", "transition.matched.timing={curve: linear, duration: 200}",
    "transition.interactive.slop=-1", "transition.interactive.gesture[0].at=-1", "transition.interactive.gesture[1].touch=hover",
    "transition.interactive.gesture[0].point=[200, 2.0e+5]", "transition.interactive.progress.direction=diagonal",
    "transition.interactive.progress.distance=0", "transition.interactive.progress.distance=screenWidth",
    "transition.interactive.progress.clamp=[0, 200]", "transition.interactive.progress.negative=bounce",
    "transition.interactive.progress.rubberBand=-5", "transition.interactive.follow.scale.to=0",
    "transition.interactive.follow.axes=z", "transition.interactive.follow.translation=absolute",
    "transition.interactive.release.decelerationRate=1", "transition.interactive.release.completeIf={progress: about half}",
    "transition.interactive.complete=eventually", "transition.interactive.complete.handOffVelocity=3",
    "transition.interactive.background.continue=never", "transition.interactive.background.tracks[0].from=2",
    "transition.interactive.background.tracks[1].to=[1, 2]", "transition.interactive.background.tracks[0].property=glow",
    "transition.interactive.background.tracks[0]={view: detail, property: opacity, keyframes: [{at: 1.5, value: 0}]}",
    "transition.interactive.background.tracks[0]={view: detail, property: opacity, keyframes: [{at: 0, value: 3}]}",
    "transition.interactive.background.tracks[0]={view: detail, property: backgroundColor, from: white, to: notacolour}",
    "transition.interactive.background.tracks[0]={view: detail, property: frame, from: [0, 0, 1, -1]}",
    "transition.interactive.background.tracks[0]={view: detail, property: shadowRadius, to: 1001}",
  ]

  static let t2 = Fixture.repository + "/Scenes/t2-photos-drag-to-dismiss.yaml"

  /// The diagnostics `check` gives with `set` applied (empty when the scene is valid).
  static func checkDiagnostics(_ path: String, _ set: String) -> [SceneDiagnostic] {
    do {
      _ = try SceneLoader.load(path: path, sets: [set])
      return []
    } catch {
      return error.diagnostics
    }
  }

  static func isAtSet(_ d: SceneDiagnostic, _ set: String) -> Bool {
    if case .setOption(let s)? = d.location?.origin { return s == set }
    return false
  }

  @Test(.enabled(if: validatorMissing == nil, "\(validatorMissing ?? "")")) func valuesCheckRejectsTheSchemaRejects() throws {
    // `check` rejects each at the value itself (so the list cannot go stale silently) ...
    for set in Self.rejected {
      let diagnostics = Self.checkDiagnostics(Self.t2, set)
      #expect(diagnostics.contains { Self.isAtSet($0, set) }, "check accepts --set \(set) (or blames elsewhere): \(diagnostics.map(\.description))")
    }
    // ... and so does the schema.
    let verdicts = try Self.mutate(Self.rejected.map { (Self.t2, $0) })
    #expect(verdicts.count == Self.rejected.count)
    for v in verdicts where v["valid"] as? Bool != false {
      Issue.record("the schema accepts --set \(v["set"] ?? ""): \(v["errors"] ?? "")")
    }
  }

  /// Seeded mutations of the catalog: number values replaced by hostile ones. Where `check`
  /// rejects the value for its type or range the schema must too; where `check` accepts the
  /// scene, so must the schema.
  @Test(.enabled(if: validatorMissing == nil, "\(validatorMissing ?? "")")) func seededMutationsAgree() throws {
    var rng = SplitMix64(seed: 12)
    let hostile = ["-1.0e+9", "1.0e+9", "\"12\"", "true", "[1, 2, 3]", "{a: 1}", "-0.5", "1.5", "0", "1000.5"]
    let scenes = Self.catalogScenes.filter { !$0.contains("/drafts/") }
    var cases: [(String, String)] = []
    for scene in scenes {
      let text = try String(contentsOfFile: scene, encoding: .utf8)
      guard case .success(let root?) = SourceParser.parse(text, origin: .file(scene)) else { continue }
      let paths = Self.numberPaths(root, "")
      for _ in 0..<min(12, paths.count) {
        let path = paths[Int(rng.next() % UInt64(paths.count))]
        cases.append((scene, path + "=" + hostile[Int(rng.next() % UInt64(hostile.count))]))
      }
    }
    let verdicts = try Self.mutate(cases)
    #expect(verdicts.count == cases.count)
    var typeOrRange = 0, accepted = 0
    for ((scene, set), v) in zip(cases, verdicts) {
      let diagnostics = Self.checkDiagnostics(scene, set)
      let schemaValid = v["valid"] as? Bool
      if diagnostics.isEmpty {
        accepted += 1
        #expect(schemaValid == true, "check accepts \(scene) --set \(set), the schema does not: \(v["errors"] ?? "")")
      } else if diagnostics.contains(where: { Self.isAtSet($0, set) && $0.isTypeOrRange }) {
        typeOrRange += 1
        #expect(schemaValid == false, "check rejects \(scene) --set \(set) (\(diagnostics[0].message)), the schema accepts it")
      }
    }
    // Both kinds of verdict were compared, many times.
    #expect(typeOrRange >= 60 && accepted >= 10, "type/range: \(typeOrRange), accepted: \(accepted) of \(cases.count)")
  }

  static func mutate(_ cases: [(file: String, set: String)]) throws -> [[String: Any]] {
    let list = cases.map { ["file": $0.file, "set": $0.set] }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("schema-cases-\(UUID().uuidString).json")
    try JSONSerialization.data(withJSONObject: list).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try python(["mutate", file.path])
  }

  /// Override paths of the plain numbers in a scene's tree, outside `variants`, `components`
  /// and the arguments of a scene's own components (values checked only where they are
  /// substituted, which no schema can see), and keys with dots.
  static func numberPaths(_ node: SourceNode, _ prefix: String) -> [String] {
    let kinds = Set(SceneFormat.viewKinds.map(\.kind) + BuiltInComponent.kinds)
    switch node {
    case .scalar(let s, _):
      return (Double(s.string) != nil && !prefix.isEmpty) ? [prefix] : []
    case .sequence(let items, _):
      return items.enumerated().flatMap { numberPaths($1, prefix + "[\($0)]") }
    case .mapping(let entries, _):
      return entries.flatMap { e -> [String] in
        if prefix.isEmpty && (e.key == "variants" || e.key == "components") { return [] }
        if e.key.contains(".") || e.key.contains("[") { return [] }
        if prefix.range(of: #"subviews\[[0-9]+\]$"#, options: .regularExpression) != nil, !kinds.contains(e.key) { return [] }
        return numberPaths(e.value, prefix.isEmpty ? e.key : prefix + "." + e.key)
      }
    }
  }
}

extension SceneDiagnostic {
  /// A value of the wrong type, out of its range, or not one of the allowed words.
  var isTypeOrRange: Bool {
    switch kind {
    case .wrongType, .outOfRange, .notFinite, .notOneOf, .notNumberOrWord: true
    default: false
    }
  }
}
