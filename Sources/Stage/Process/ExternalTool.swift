import Foundation

/// Finds and runs ffmpeg/ffprobe.
public enum ExternalTool {
  /// The absolute path of `name` on `PATH`, or nil.
  public static func find(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for dir in path.split(separator: ":") {
      let candidate = "\(dir)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// `path` made absolute against the working directory.
  static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }

  /// How a file path is given to ffmpeg and ffprobe: `file:` plus the absolute path, so no name
  /// is read as an option (`-y.mp4`) or a protocol (`pipe:1`, `http:...`).
  static func fileURL(_ path: String) -> String { "file:" + absolute(path) }

  public static func require(_ name: String) throws(StageError) -> String {
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
