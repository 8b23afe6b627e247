import Foundation

/// The package's root folder, found from this file's path (never the working directory).
public let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// What a finished process left behind: its exit status and everything it printed.
public struct ProcessResult: Sendable {
  public var status: Int32
  /// Standard output, byte for byte (raw video from ffmpeg, PNG bytes, ...).
  public var stdoutBytes: [UInt8]
  public var stderr: String
  /// Standard output as UTF-8 text.
  public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
}

/// The built `flipbook` executable: beside the test bundle (`swift build --build-tests`
/// puts both in the build folder), else `.build/debug/flipbook` under the repository.
public let flipbookBinary: String = {
  let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flipbook").path
  if FileManager.default.isExecutableFile(atPath: beside) { return beside }
  return repositoryRoot.appendingPathComponent(".build/debug/flipbook").path
}()

/// Runs `executable` (a path, or a name looked up on PATH) with `arguments` and waits.
/// Output is captured in temporary files, so a chatty child never blocks on a full pipe.
/// `environment` replaces the child's environment when given.
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-proc-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: dir) }
  let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
  FileManager.default.createFile(atPath: out.path, contents: nil)
  FileManager.default.createFile(atPath: err.path, contents: nil)
  let p = Process()
  if executable.contains("/") {
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
  } else {
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = [executable] + arguments
  }
  if let environment { p.environment = environment }
  p.standardOutput = try FileHandle(forWritingTo: out)
  p.standardError = try FileHandle(forWritingTo: err)
  try p.run()
  p.waitUntilExit()
  return ProcessResult(
    status: p.terminationStatus,
    stdoutBytes: [UInt8]((try? Data(contentsOf: out)) ?? Data()),
    stderr: String(decoding: (try? Data(contentsOf: err)) ?? Data(), as: UTF8.self))
}

/// Runs the built `flipbook` with `arguments` and waits.
public func runFlipbook(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
  try runProcess(flipbookBinary, arguments, environment: environment)
}
