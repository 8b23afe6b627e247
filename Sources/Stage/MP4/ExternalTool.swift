import Foundation

/// Finds and runs ffmpeg/ffprobe.
enum ExternalTool {
  /// The absolute path of `name` on `PATH`, or nil.
  static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for dir in path.split(separator: ":") {
      let candidate = "\(dir)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  static func require(_ name: String) throws(StageError) -> String {
    guard let path = find(name) else {
      throw .mp4("\(name) is not installed or not on PATH (run scripts/setup to install it)")
    }
    return path
  }

  /// Runs a tool to completion and returns its exit status, stdout and stderr.
  static func run(_ executable: String, _ arguments: [String]) throws(StageError) -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    do { try process.run() } catch { throw .mp4("cannot start \(executable): \(error.localizedDescription)") }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
  }
}
