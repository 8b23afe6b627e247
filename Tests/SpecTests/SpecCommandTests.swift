import Foundation
import TestSupport
import XCTest

/// `flipbook spec` over the catalog: every scene and variant prints all four code targets and
/// the table, and the UIKit and SwiftUI code of each passes `swiftc -parse`.
final class SpecCommandTests: XCTestCase {
  /// (scene file, variant) for every catalog scene and each of its variants.
  static func catalog() throws -> [(URL, String?)] {
    let scenes = repositoryRoot.appendingPathComponent("Scenes")
    let files = try FileManager.default.contentsOfDirectory(atPath: scenes.path).filter { $0.hasSuffix(".yaml") }.sorted()
    var out: [(URL, String?)] = []
    for f in files {
      let url = scenes.appendingPathComponent(f)
      out.append((url, nil))
      let text = try String(contentsOf: url, encoding: .utf8)
      guard let r = text.range(of: "\nvariants:\n") else { continue }
      for line in text[r.upperBound...].split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("   ") && line.hasSuffix(":") {
        out.append((url, String(line.dropFirst(2).dropLast())))
      }
    }
    return out
  }

  func testEveryCatalogSceneAndVariantPrintsAllTargetsAndTheSwiftParses() throws {
    let all = try Self.catalog()
    XCTAssertGreaterThanOrEqual(all.count, 25)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-spec-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var swiftFiles: [String] = []
    for (scene, variant) in all {
      let r = try runFlipbook(["spec", scene.path] + (variant.map { ["--variant", $0] } ?? []))
      let what = scene.lastPathComponent + (variant.map { " --variant \($0)" } ?? "")
      XCTAssertEqual(r.status, 0, "\(what): \(r.stderr)")
      XCTAssertEqual(r.stderr, "", what)
      for heading in ["==== uikit ====", "==== swiftui ====", "==== compose ====", "==== css ====", "==== table ===="] {
        XCTAssertTrue(r.stdout.contains(heading), "\(what) lacks \(heading)")
      }
      XCTAssertTrue(r.stdout.contains("UIViewPropertyAnimator(duration:"), what)
      XCTAssertTrue(r.stdout.contains(": Animation = ."), what)
      XCTAssertTrue(r.stdout.contains("spring(dampingRatio = ") || r.stdout.contains("tween(durationMillis = "), what)
      XCTAssertTrue(r.stdout.contains("-easing: linear(") || r.stdout.contains("-easing: cubic-bezier("), what)
      XCTAssertFalse(r.stdout.contains("nan") || r.stdout.contains("inf,") || r.stdout.contains("inf)"), "\(what) prints a non-finite number")
      for format in ["uikit", "swiftui"] {
        let section = r.stdout.components(separatedBy: "==== \(format) ====\n")[1].components(separatedBy: "\n==== ")[0]
        let file = dir.appendingPathComponent("\(scene.deletingPathExtension().lastPathComponent)-\(variant ?? "base")-\(format).swift")
        try section.write(to: file, atomically: true, encoding: .utf8)
        swiftFiles.append(file.path)
      }
    }
    guard (try? runProcess("swiftc", ["--version"]))?.status == 0 else { throw XCTSkip("SKIPPED the swiftc -parse check: no swiftc on PATH") }
    // One compiler run for all files (-parse checks each file's syntax, not names across files).
    let parse = try runProcess("swiftc", ["-parse"] + swiftFiles)
    XCTAssertEqual(parse.status, 0, parse.stderr)
    // It does reject a broken file.
    let broken = dir.appendingPathComponent("broken.swift")
    try "let x = (\n".write(to: broken, atomically: true, encoding: .utf8)
    XCTAssertNotEqual(try runProcess("swiftc", ["-parse", broken.path]).status, 0)
  }

  func testTheTableCarriesTheHandOffAsTheReleaseVelocityOverTheDistanceLeft() throws {
    // T3: the finger's velocity over the distance left is the settle spring's initialVelocity.
    let scene = repositoryRoot.appendingPathComponent("Scenes/t3-tags-sheet.yaml")
    let r = try runFlipbook(["spec", scene.path, "--format", "table", "--variant", "cancelling"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let row = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.contains("release 1") }, r.stdout)
    let cells = row.split(separator: " ").map(String.init)
    let velocity = try XCTUnwrap(Double(cells[cells.count - 2])), handOff = try XCTUnwrap(Double(cells[cells.count - 1]))
    let uikit = try runFlipbook(["spec", scene.path, "--format", "uikit", "--variant", "cancelling"])
    // "… at p = 0.1234: cancel; 67.1 pt left, initialVelocity …" in the release comment.
    let comment = try XCTUnwrap(uikit.stdout.split(separator: "\n").first { $0.contains("// Release 1") })
    let p = try XCTUnwrap(Double(comment.components(separatedBy: "at p = ")[1].prefix { "0123456789.".contains($0) }))
    let completes = comment.contains(": complete;")
    let distanceLeft = (completes ? 1 - p : p) * 544
    XCTAssertEqual(handOff, (completes ? velocity : -velocity) / distanceLeft, accuracy: 1e-3 * max(1, abs(handOff)))
    XCTAssertNotEqual(handOff, 0)
  }

  func testAnUnknownFormatOrVariantIsRefused() throws {
    let scene = repositoryRoot.appendingPathComponent("Scenes/t1-modal-card.yaml")
    let bad = try runFlipbook(["spec", scene.path, "--format", "kotlin"])
    XCTAssertNotEqual(bad.status, 0)
    XCTAssertTrue(bad.stderr.contains("--format must be one of uikit, swiftui, compose, css, table, all"), bad.stderr)
    let missing = try runFlipbook(["spec", scene.path, "--variant", "nope"])
    XCTAssertEqual(missing.status, 65)
    XCTAssertTrue(missing.stderr.contains("nope"), missing.stderr)
  }
}
