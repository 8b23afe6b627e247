import Foundation
import Testing
@testable import Scene

#if canImport(Glibc)
  import Glibc
#endif

/// Inputs that used to crash, hang or mislead (issue 13): each ends at once in a clear error
/// with its line and column.
@Suite struct InputTrustTests {
  /// A fresh empty folder, removed by the caller.
  static func folder() throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-trust-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
  }

  /// The PNG signature and an IHDR claiming `width` x `height` (all the asset check reads).
  static func pngHeader(width: Int, height: Int) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    for v in [width, height] { bytes += [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
    bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
    return Data(bytes)
  }

  /// The full error text of loading the scene file at `path`.
  static func fileErrors(_ path: String, variant: String? = nil, sets: [String] = []) -> String {
    do {
      _ = try SceneLoader.load(path: path, variant: variant, sets: sets)
      return "loaded"
    } catch {
      return error.description
    }
  }

  /// A 3 GB sparse scene file is refused from its size; it used to be read whole (SIGABRT).
  @Test func oversizedSceneFileIsRefusedBeforeReading() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/huge.yaml"
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 3 << 30)
    try handle.close()
    #expect(Self.fileErrors(path) == "\(path):1:1: error: the file is 3221225472 bytes, more than Flipbook's limit of 4194304 bytes\n")
    #expect(SceneLoader.variantNames(path: path) == [])
  }

  /// Two assets of 10000 x 10000 px (100 Mpx each, each within the per-asset limit) are more
  /// than the 100 Mpx budget: the second is reported, before anything is decoded (two such
  /// assets took `still` to 0.82-1.05 GB; one peaks at 427 MB drawn 390 pt wide at scale 1).
  @Test func decodedAssetsHaveABudget() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for i in 1...2 { _ = FileManager.default.createFile(atPath: "\(dir)/big\(i).png", contents: Self.pngHeader(width: 10_000, height: 10_000)) }
    let text = scene("  photo: assets/coffee.png", "  photo: big1.png\n  big2: big2.png")
    let report = errorsIn(text, directory: dir)
    #expect(report == """
      scene.yaml:4:9: error: the decoded size of the assets up to 'big2' (800 MB as RGBA) is 200000000 px, more than Flipbook's limit of 100000000 px
        big2: big2.png
              ^

      """)
    // The same file named twice is decoded once, so counts once.
    let shared = scene("  photo: assets/coffee.png", "  photo: big1.png\n  again: big1.png")
    #expect(errorsIn(shared, directory: dir) == "loaded")
  }

  /// An asset beyond 100 Mpx in one file is refused even if each side is within 16384 px.
  @Test func oneAssetHasAPixelLimit() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    _ = FileManager.default.createFile(atPath: "\(dir)/wide.png", contents: Self.pngHeader(width: 16_000, height: 16_000))
    #expect(errorsIn(scene("assets/coffee.png", "wide.png"), directory: dir) == """
      scene.yaml:3:10: error: asset 'photo' (wide.png): the image is 16000 x 16000 px (256000000 px), more than Flipbook's limit of 100000000 px in one asset
        photo: wide.png
               ^

      """)
  }

  /// A FIFO as an asset used to block `check` until killed; a device would never end.
  @Test func nonRegularAssetsAreRefused() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(mkfifo(dir + "/pipe.png", 0o600) == 0)
    #expect(errorsIn(scene("assets/coffee.png", "pipe.png"), directory: dir) == """
      scene.yaml:3:10: error: asset 'photo' (pipe.png): is a FIFO (named pipe), not a regular file (it could block or never end)
        photo: pipe.png
               ^

      """)
    #expect(errorsIn(scene("assets/coffee.png", "/dev/zero"), directory: dir) == """
      scene.yaml:3:10: error: asset 'photo' (/dev/zero): is a character device, not a regular file (it could block or never end)
        photo: /dev/zero
               ^

      """)
  }

  /// A symbolic-link loop says so (it used to read "file not found"), for assets and scenes.
  @Test func symlinkLoopsAreNamed() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createSymbolicLink(atPath: dir + "/a.png", withDestinationPath: dir + "/b.png")
    try FileManager.default.createSymbolicLink(atPath: dir + "/b.png", withDestinationPath: dir + "/a.png")
    #expect(errorsIn(scene("assets/coffee.png", "a.png"), directory: dir) == """
      scene.yaml:3:10: error: asset 'photo' (a.png): is a symbolic link loop (too many levels of symbolic links)
        photo: a.png
               ^

      """)
    #expect(Self.fileErrors(dir + "/a.png") == "error: cannot read the scene file '\(dir)/a.png': is a symbolic link loop (too many levels of symbolic links)\n")
  }

  /// Every bad asset is reported, not only the first.
  @Test func everyBadAssetIsReported() {
    let text = scene("  photo: assets/coffee.png", "  photo: assets/missing.png\n  other: assets/not-a-png.png\n  third: assets/empty.png")
    #expect(errors(text) == """
      scene.yaml:3:10: error: asset 'photo' (assets/missing.png): file not found
        photo: assets/missing.png
               ^
      scene.yaml:4:10: error: asset 'other' (assets/not-a-png.png): not a PNG file (it does not start with the PNG signature)
        other: assets/not-a-png.png
               ^
      scene.yaml:5:10: error: asset 'third' (assets/empty.png): the file is empty
        third: assets/empty.png
               ^

      """)
  }

  /// A byte that is not UTF-8 is reported at its line and column (it used to have neither).
  @Test func badUTF8HasALineAndColumn() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/bad.yaml"
    _ = FileManager.default.createFile(atPath: path, contents: Data("scene: x\ncanvas: é".utf8) + Data([0xC3, 0x28, 0x0A]))
    #expect(Self.fileErrors(path) == """
      \(path):2:10: error: cannot read the scene file '\(path)': it is not UTF-8 text (byte 0xC3 at offset 19)
      canvas: é\u{FFFD}(
               ^

      """)
  }

  /// Binary garbage (valid UTF-8 control characters) points at the first one.
  @Test func binaryGarbageHasALineAndColumn() {
    #expect(errors("scene: x\nab\u{01}\u{02}: 1\n") == """
      scene.yaml:2:3: error: YAML syntax: control characters are not allowed
      ab\u{2401}\u{2402}: 1
        ^

      """)
  }

  /// Control characters in scene text reach the terminal as visible symbols, never raw (an
  /// escape sequence in a key could clear the screen or retitle the window).
  @Test func controlCharactersAreNotEchoed() {
    let report = errors("\"\\e[2Jkey\\a\": 1\nscreens: {a: {}}\n")
    #expect(!report.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(report.hasPrefix("scene.yaml:1:1: error: unknown key '\u{241B}[2Jkey\u{2407}' in the scene\n\"\\e[2Jkey\\a\": 1\n^\n"))
    #expect("a\u{1B}]0;x\u{07}\u{7F}\u{9B}b".visibleControls == "a\u{241B}]0;x\u{2407}\u{2421}\u{FFFD}b")
  }

  /// Bidirectional controls (UAX #9's LRM, RLM, embeddings, overrides and isolates) in scene
  /// text would reorder the terminal line they are printed on; they are shown as "�".
  @Test func bidiControlsAreNotEchoed() {
    let bidi: [UInt32] = [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
    for v in bidi {
      let s = "a" + String(Unicode.Scalar(v)!) + "b"
      #expect(s.visibleControls == "a\u{FFFD}b", "U+\(String(v, radix: 16, uppercase: true))")
    }
    #expect("a\u{200D}\u{2028}b".visibleControls == "a\u{200D}\u{2028}b")  // ZWJ and LINE SEPARATOR are not bidi controls
    let report = errors("\"key\u{202E}gnp.exe\": 1\nscreens: {a: {}}\n")
    #expect(!report.unicodeScalars.contains { $0.isBidi })
    #expect(report.hasPrefix("scene.yaml:1:1: error: unknown key 'key\u{FFFD}gnp.exe' in the scene\n\"key\u{FFFD}gnp.exe\": 1\n"))
  }

  /// A duplicate key is reported where it is written the second time (it pointed at the
  /// first, which is line 1 for a top-level key).
  @Test func duplicateKeyPointsAtTheDuplicate() {
    #expect(errors("scene: one\ncanvas: {fps: 30}\nscene: two\n") == """
      scene.yaml:3:1: error: YAML syntax: duplicate key 'scene' (first at line 1, column 1)
      scene: two
      ^

      """)
    #expect(errors("canvas:\n  fps: 30\n  size: [1, 2]\n  # fps: 1\n  fps: 60\n") == """
      scene.yaml:5:3: error: YAML syntax: duplicate key 'fps' (first at line 2, column 3)
        fps: 60
        ^

      """)
    #expect(errors("canvas: {fps: 30, size: [1, 2], fps: 60}\n") == """
      scene.yaml:1:33: error: YAML syntax: duplicate key 'fps' (first at line 1, column 10)
      canvas: {fps: 30, size: [1, 2], fps: 60}
                                      ^

      """)
  }

  /// 10,000 duplicate ids print 100 errors in full and one line for the rest (they printed
  /// 4.3 MB, in time quadratic in the count).
  @Test func errorListIsCapped() {
    var lines = ["screens:", "  a:", "    subviews:"]
    for _ in 0..<1_001 { lines.append("      - {view: {id: same, frame: [0, 0, 1, 1]}}") }
    lines.append("transition: {kind: push, from: a, to: a}")
    let report: DiagnosticReport
    do {
      _ = try SceneLoader.load(text: lines.joined(separator: "\n"))
      Issue.record("expected errors")
      return
    } catch {
      report = error
    }
    // 1,000 duplicates, 'to' equal to 'from', and no 'timing' (the transition has no preset;
    // reported since the rest of an invalid transition is read too).
    #expect(report.diagnostics.count == 1_002)
    let text = report.description
    #expect(text.components(separatedBy: ": error: ").count - 1 == DiagnosticReport.maxShown)
    #expect(text.hasSuffix("\n... and 902 more errors\n"))
  }

  /// A 1,000-step override path (cubic before: 35-39 s) builds 1,000 nested mappings; a path
  /// one step longer than the limit is refused.
  @Test func longOverridePaths() {
    let keys = Array(repeating: "k", count: SceneLimits.maxOverrideSteps).joined(separator: ".")
    var root = SourceNode.mapping([], SourceLocation(origin: .file("x"), line: 1, column: 1))
    let value = SourceNode.scalar(.init("1"), SourceLocation(origin: .file("x"), line: 1, column: 1))
    let at = SourceLocation(origin: .setOption(keys), line: 0, column: 0)
    #expect(OverridePath.apply(Override(path: keys, value: value, location: at), to: &root) == nil)
    var depth = 0
    var node = root
    while case .mapping(let entries, _) = node, entries.count == 1, entries[0].key == "k" {
      depth += 1
      node = entries[0].value
    }
    #expect(depth == SceneLimits.maxOverrideSteps)
    // Applying it again walks the same keys (no second chain).
    #expect(OverridePath.apply(Override(path: keys, value: value, location: at), to: &root) == nil)
    if case .mapping(let entries, _) = root { #expect(entries.count == 1) }
    let tooLong = keys + ".k"
    #expect(errors(baseScene, sets: [tooLong + "=1"]) == "--set \(tooLong)=1: error: the override path's number of steps is 1001, more than Flipbook's limit of 1000\n")
    // Keys with dots still win over shorter splits.
    var dotted = SourceNode.mapping([.init(key: "velocity.y", keyLocation: at, value: value)], at)
    let two = SourceNode.scalar(.init("2"), at)
    #expect(OverridePath.apply(Override(path: "velocity.y", value: two, location: at), to: &dotted) == nil)
    if case .mapping(let entries, _) = dotted { #expect(entries.count == 1 && entries[0].key == "velocity.y") }
  }

  /// A label's text and the scene's title are at most 10,000 characters (a 300,000-character
  /// label passed `check` and then took 51 s a frame; a 3 MB title took 1 GB as a caption).
  @Test func textLengthIsBounded() {
    let long = String(repeating: "W", count: SceneLimits.maxTextLength + 1)
    let text = scene("  b:\n", "  b:\n    subviews:\n      - label: {text: \(long), frame: [0, 0, 100, 20]}\n")
    #expect(errors(text) == """
      scene.yaml:11:23: error: the length of 'text' is 10001 characters, more than Flipbook's limit of 10000 characters
            - label: {text: \(String(repeating: "W", count: 138))
                            ^

      """)
    #expect(errors("scene: \(long)\n" + baseScene).hasPrefix("scene.yaml:1:8: error: the length of 'scene' is 10001 characters, more than Flipbook's limit of 10000 characters\n"))
    let fits = String(repeating: "W", count: SceneLimits.maxTextLength)
    #expect(errors("scene: \(fits)\n" + scene("  b:\n", "  b:\n    subviews:\n      - label: {text: \(fits), frame: [0, 0, 100, 20]}\n")) == "loaded")
  }

  /// The documented 10,000 gesture points fit under the YAML node limit (they did not: 50,000
  /// nodes held about 8,000 points).
  @Test func tenThousandGesturePointsAreReachable() throws {
    var points = ["      - {at: 0.0, touch: down, point: [0, 400]}"]
    for i in 1..<(SceneLimits.maxGesturePoints - 1) {
      points.append("      - {at: \(Double(i) * 0.001), point: [\(Double(i) * 0.01), 400]}")
    }
    points.append("      - {at: \(Double(SceneLimits.maxGesturePoints) * 0.001), touch: up, point: [100, 400]}")
    let text = """
      screens: {a: {}, b: {}}
      transition:
        kind: pop
        from: a
        to: b
        timing: {curve: linear, duration: 0.3}
        interactive:
          progress: {direction: right, distance: 390}
          gesture:

      """ + points.joined(separator: "\n") + "\n"
    let document = try #require(load(text).document)
    #expect(document.transition.interaction?.gesture.count == SceneLimits.maxGesturePoints)
  }
}

/// The full error text of `text` with assets from `directory` ("loaded" if it is valid).
func errorsIn(_ text: String, directory: String) -> String {
  do {
    _ = try SceneLoader.load(text: text, origin: .file("scene.yaml"), directory: directory)
    return "loaded"
  } catch {
    return error.description
  }
}

extension Unicode.Scalar {
  /// The bidirectional controls of UAX #9, listed by hand (an independent list from the one
  /// `visibleControls` uses).
  fileprivate var isBidi: Bool { [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069].contains(value) }
}
