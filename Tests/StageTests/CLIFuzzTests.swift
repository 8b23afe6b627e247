import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A seeded mutation fuzzer of the catalog scenes, through the built `flipbook` as a user runs
/// it: every mutant must end within a time bound proportional to its size, never by a signal
/// (a crash) and never with an unexpected exit status; mutants that pass `check` must render
/// one frame at scale 0.25. `FLIPBOOK_FUZZ_COUNT` sets the number of mutants (default 32,
/// under a minute on 2 cores); `FLIPBOOK_FUZZ_SEED` the seed. A longer run:
/// `FLIPBOOK_FUZZ_COUNT=2000 FLIPBOOK_FUZZ_SEED=7 swift test --skip-build --filter CLIFuzzTests`.
/// `FLIPBOOK_FUZZ_ONLY=1506` (with the seed and a count above it) generates every mutant as the
/// full run does but runs only that one, and `FLIPBOOK_FUZZ_KEEP=DIR` copies each mutant it runs
/// to DIR, to reproduce one failure of a long run; `FLIPBOOK_FUZZ_FROM=N` generates them all but
/// runs only mutants N and later (to resume a long run).
@Suite struct CLIFuzzTests {
  static let count = ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_COUNT"].flatMap { Int($0) } ?? 32
  static let seed = ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x13
  static let only = ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_ONLY"].flatMap { Int($0) }
  static let keep = ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_KEEP"]
  static let from = ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_FROM"].flatMap { Int($0) } ?? 0

  /// Seconds a command may take on a mutant of `bytes` bytes: a fixed start-up allowance (the
  /// debug build on a loaded machine) plus 1 s per 10 kB, far above the linear cost of any
  /// valid scene and far below what the quadratic and cubic cases of issue 13 took.
  static func bound(bytes: Int, base: Double) -> Double { base + Double(bytes) / 10_000 }

  /// The catalog's scenes.
  static let seeds: [(name: String, text: String)] = {
    let dir = repositoryRoot.appendingPathComponent("Scenes").path
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
    return names.compactMap { name in (try? String(contentsOfFile: dir + "/" + name, encoding: .utf8)).map { (name, $0) } }
  }()

  static let nasty = [
    "-1", "0", "1e308", "-1e308", ".nan", ".inf", "[]", "{}", "~", "\"\"", "99999999999999999999", "[1, [2, [3]]]",
    "true", "\"#GGG\"", "[0, 0, 1e300, 1e300]", "*undefined", "&a [1, *a]", "!!binary aGk=", "{spring: {}}",
    "\"\\e[31mred\\e[0m\"", "'\u{202E}evil'", "\"" + String(repeating: "W", count: 12_000) + "\"",
    "/dev/zero", "/dev/stdin", "fifo.png", "loop.png", "assets", "assets/../assets/coffee.png", "20000", "0.0001", "240",
  ]

  /// One random mutation of a scene's bytes (kept as bytes: a mutant may not be UTF-8).
  static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
    var lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
    func pick() -> Int { Int(rng.next() % UInt64(max(lines.count, 1))) }
    switch rng.next() % 12 {
    case 0:  // truncated anywhere, even inside a character
      return Array(bytes[..<Int(rng.next() % UInt64(bytes.count + 1))])
    case 1, 2:  // a value after a colon replaced by something nasty
      let i = pick()
      if let colon = lines[i].firstIndex(of: ":") {
        lines[i] = String(lines[i][...colon]) + " " + nasty[Int(rng.next() % UInt64(nasty.count))]
      }
    case 3:  // a line deleted
      if !lines.isEmpty { lines.remove(at: pick()) }
    case 4:  // a line repeated up to 3,000 times (duplicate keys, ids, gesture points, errors)
      let i = pick()
      lines.insert(contentsOf: Array(repeating: lines[i], count: Int(1 + rng.next() % 3_000)), at: i)
    case 5:  // random bytes inserted: invalid UTF-8 and control characters included
      var junk: [UInt8] = []
      for _ in 0..<(1 + rng.next() % 16) { junk.append(UInt8(rng.next() % 256)) }
      let at = Int(rng.next() % UInt64(bytes.count + 1))
      return Array(bytes[..<at]) + junk + Array(bytes[at...])
    case 6:  // a number scaled by a large power of ten
      let i = pick()
      lines[i] = lines[i].replacingOccurrences(of: "0", with: ["0e9", "0e-9", "000000", "0.000001"][Int(rng.next() % 4)])
    case 7:  // aliases expanding
      lines.append("x-a: &a [x, x, x, x, x, x, x, x]")
      lines.append("x-b: &b [*a, *a, *a, *a, *a, *a, *a, *a]")
      lines.append("x-c: [*b, *b, *b, *b, *b, *b, *b, *b]")
    case 8:  // a long variant or --set path
      lines.append("variants:\n  deep:\n    ? " + Array(repeating: "k", count: Int(1 + rng.next() % 1_200)).joined(separator: "."))
      lines.append("    : 1")
    case 9:  // deep nesting
      let depth = Int(10 + rng.next() % 1_500)
      lines.append("deep: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    case 10:  // two lines swapped
      let i = pick(), j = pick()
      lines.swapAt(i, j)
    default:  // indentation changed
      let i = pick()
      lines[i] = (rng.next() % 2 == 0 ? "  " : "") + lines[i].drop { rng.next() % 2 == 0 && $0 == " " }
    }
    return Array(lines.joined(separator: "\n").utf8)
  }

  /// Runs the built flipbook, killing it after `seconds`.
  static func run(_ arguments: [String], seconds: Double) throws -> (status: Int32, signalled: Bool, timedOut: Bool, stderr: String) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-fuzz-proc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: flipbookBinary)
    p.arguments = arguments
    p.standardInput = FileHandle.nullDevice
    p.standardOutput = try FileHandle(forWritingTo: out)
    p.standardError = try FileHandle(forWritingTo: err)
    let done = DispatchSemaphore(value: 0)
    p.terminationHandler = { _ in done.signal() }
    try p.run()
    var timedOut = false
    if done.wait(timeout: .now() + seconds) == .timedOut {
      timedOut = true
      kill(p.processIdentifier, SIGKILL)
      done.wait()
    }
    let stderr = String(decoding: ((try? Data(contentsOf: err)) ?? Data()).prefix(2_000), as: UTF8.self)
    return (p.terminationStatus, p.terminationReason == .uncaughtSignal && !timedOut, timedOut, stderr)
  }

  @Test func mutantsEndInTimeWithoutCrashing() throws {
    #expect(!Self.seeds.isEmpty)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-fuzz-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // The catalog's assets, a FIFO and a symbolic-link loop beside every mutant.
    try FileManager.default.createSymbolicLink(atPath: dir + "/assets", withDestinationPath: repositoryRoot.appendingPathComponent("Scenes/assets").path)
    #expect(mkfifo(dir + "/fifo.png", 0o600) == 0)
    try FileManager.default.createSymbolicLink(atPath: dir + "/loop.png", withDestinationPath: dir + "/loop2.png")
    try FileManager.default.createSymbolicLink(atPath: dir + "/loop2.png", withDestinationPath: dir + "/loop.png")

    var rng = SplitMix64(seed: Self.seed)
    var valid = 0, rendered = 0
    for i in 0..<Self.count {
      let seed = Self.seeds[i % Self.seeds.count]
      var bytes = Array(seed.text.utf8)
      for _ in 0...(rng.next() % 3) { bytes = Self.mutate(bytes, &rng) }
      if let only = Self.only, i != only { continue }
      if i < Self.from { continue }
      let path = dir + "/mutant-\(i).yaml"
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      if let keep = Self.keep { try Data(bytes).write(to: URL(fileURLWithPath: keep + "/mutant-\(i)-of-seed-\(Self.seed).yaml")) }
      let size = bytes.count
      let check = try Self.run(["check", path], seconds: Self.bound(bytes: size, base: 20))
      let what = "mutant \(i) of \(seed.name) (seed \(Self.seed), \(size) bytes; kept at \(path) until the test ends)"
      #expect(!check.timedOut, "check took longer than \(Self.bound(bytes: size, base: 20)) s: \(what)")
      #expect(!check.signalled, "check crashed (signal \(check.status)): \(what)\n\(check.stderr)")
      #expect([0, 1, 65].contains(check.status) || check.signalled || check.timedOut, "check exited \(check.status): \(what)\n\(check.stderr)")
      if check.status == 65 { #expect(check.stderr.contains("error: "), "no diagnostic: \(what)") }
      guard check.status == 0 else { continue }
      valid += 1
      let still = try Self.run(["still", path, "--frame", "1", "--scale", "0.25", "-o", dir + "/still.png"], seconds: Self.bound(bytes: size, base: 60))
      #expect(!still.timedOut, "still took longer than \(Self.bound(bytes: size, base: 60)) s: \(what)")
      #expect(!still.signalled, "still crashed (signal \(still.status)): \(what)\n\(still.stderr)")
      #expect([0, 1].contains(still.status) || still.signalled || still.timedOut, "still exited \(still.status): \(what)\n\(still.stderr)")
      if still.status == 0 { rendered += 1 }
    }
    print("CLIFuzzTests: \(Self.count) mutants (seed \(Self.seed)), \(valid) passed check, \(rendered) rendered")
  }
}
