import Foundation

/// The repository root, found from this file's path (never the working directory).
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

struct ProcessResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs `executable` with `arguments` and waits; output is captured in files so a chatty
/// child never blocks on a full pipe.
func runProcess(_ executable: String, _ arguments: [String]) throws -> ProcessResult {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-proc-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: dir) }
  let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
  FileManager.default.createFile(atPath: out.path, contents: nil)
  FileManager.default.createFile(atPath: err.path, contents: nil)
  let p = Process()
  p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  p.arguments = [executable] + arguments
  p.standardOutput = try FileHandle(forWritingTo: out)
  p.standardError = try FileHandle(forWritingTo: err)
  try p.run()
  p.waitUntilExit()
  return ProcessResult(
    status: p.terminationStatus,
    stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
    stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
}

/// A fresh temporary folder, removed by the caller.
func makeTemporaryFolder(_ name: String) throws -> URL {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-\(name)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  return dir
}
