extension ChildProcess {
  /// Runs the bash script at `path` (shown in errors as scripts/`name`) with `arguments`,
  /// its output passed through; throws if it fails. It runs in a process group of its own that
  /// dies with Flipbook (Ctrl-C, SIGTERM and SIGKILL included), so neither it nor the ffmpeg it
  /// starts outlives the command.
  public static func runScript(_ path: String, name: String, _ arguments: [String]) throws {
    let bash = try ExternalTool.require("bash")
    InterruptCleanup.shared.install()
    let ending = try ChildProcess(bash, [path] + arguments, stdin: .null).wait()
    guard ending.succeeded else {
      throw StageError.invalidSetting("scripts/\(name) \(ending.description)")
    }
  }
}
