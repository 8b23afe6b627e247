import Foundation

/// Finds ffmpeg and ffprobe, and says how a file path is given to them (`ToolRun` runs them).
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
  public static func fileURL(_ path: String) -> String { "file:" + absolute(path) }

  public static func require(_ name: String) throws(StageError) -> String {
    guard let path = find(name) else {
      throw .mp4("\(name) is not installed or not on PATH (run scripts/setup to install it)")
    }
    return path
  }
}
