import ArgumentParser
import Stage

/// `--shard K/N`, for the commands whose frames can be split across machines (render, compare,
/// review): render only shard K (from 0) of N contiguous shares of the frames, into a folder,
/// with `shard-K-of-N.json`; `flipbook assemble` makes the clip from the shards.
struct ShardOption: ParsableArguments {
  @Option(help: ArgumentHelp(
    "Render only shard K of N (K from 0, e.g. a Kubernetes completion index): a contiguous share of the frames, written with shard-K-of-N.json; join the shards with 'flipbook assemble'.",
    valueName: "K/N"))
  var shard: String?

  func validate() throws {
    if let shard {
      do { _ = try Shard.parse(shard) } catch { throw ValidationError(error.description) }
    }
  }

  /// The parsed shard (already validated).
  var parsed: Shard? { shard.flatMap { try? Shard.parse($0) } }
}
