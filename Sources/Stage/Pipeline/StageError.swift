/// Why rendering stopped. Every case names what failed (a frame, a file, a tool) and why.
public enum StageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Frame `frame` could not be rendered, encoded or written.
  case frame(Int, reason: String)
  /// A file could not be written (or renamed into place).
  case write(path: String, reason: String)
  /// A frame range outside the clip, or malformed.
  case badFrameRange(String, reason: String)
  /// A `--shard K/N` that is malformed or does not fit the clip.
  case badShard(String, reason: String)
  /// Shards that cannot be assembled into one clip: each problem names the shard (its
  /// manifest's path and K/N) and the frames concerned.
  case assembly([String])
  /// ffmpeg or ffprobe failed, is missing, or produced something that fails verification.
  case mp4(String)
  /// A setting that cannot be rendered (size, fps, jobs).
  case invalidSetting(String)
  /// A scene asset that could not be decoded: its name, its path as the scene writes it,
  /// where the scene names it (`file:line:column`, when known) and why.
  case asset(name: String, path: String, location: String?, reason: String)
  /// Several scene assets that could not be decoded, each an `.asset`, in the scene's order.
  case assets([StageError])

  /// An asset error with a `file:line:column`: a fault of the scene (exit 65), not of the run.
  public var isAssetInScene: Bool {
    switch self {
    case .asset(_, _, .some, _): return true
    case .assets(let each): return each.allSatisfy(\.isAssetInScene)
    default: return false
    }
  }

  public var description: String {
    switch self {
    case .frame(let n, let reason): return "frame \(n): \(reason)"
    case .write(let path, let reason): return "cannot write \(path): \(reason)"
    case .badFrameRange(let text, let reason): return "bad frame range '\(text)': \(reason)"
    case .badShard(let text, let reason): return "bad --shard '\(text)': \(reason)"
    case .assembly(let problems):
      return problems.count == 1
        ? "cannot assemble the shards: \(problems[0])"
        : "cannot assemble the shards (\(problems.count) problems):\n" + problems.map { "  " + $0 }.joined(separator: "\n")
    case .mp4(let message): return "mp4: \(message)"
    case .invalidSetting(let message): return message
    case .asset(let name, let path, let location, let reason):
      return (location.map { "\($0): error: " } ?? "") + "asset '\(name)' (\(path)): \(reason)"
    case .assets(let each):
      return each.map(\.description).joined(separator: "\n")
    }
  }
}
