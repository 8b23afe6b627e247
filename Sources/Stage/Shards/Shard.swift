/// One share of a clip's frames, `--shard K/N`: shard `index` (counted from 0, as a Kubernetes
/// Indexed Job's completion index is) of `count`.
///
/// The frames are split into `count` contiguous ranges whose sizes differ by at most one
/// frame: shard K holds frames `K * F / N ..< (K + 1) * F / N` (integer division) of a clip of F
/// frames. Contiguous, not strided, so that a shard is an ordinary frame range (the same
/// folder lock, frame names and `--frames` guarantees), its frames play as one piece of the
/// clip, and a shard's frames concatenate with its neighbours' in order.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
  /// 0 ..< `count`.
  public let index: Int
  /// How many shards the clip is split into, >= 1.
  public let count: Int

  public init(index: Int, count: Int) throws(StageError) {
    guard count >= 1 else { throw .badShard("\(index)/\(count)", reason: "the count N must be at least 1") }
    guard index >= 0 else {
      throw .badShard("\(index)/\(count)", reason: "shards are numbered from 0: \(Self.names(count))")
    }
    guard index < count else {
      throw .badShard(
        "\(index)/\(count)", reason: "shards are numbered from 0 (as a Kubernetes completion index), so \(count) shards are \(Self.names(count))")
    }
    self.index = index
    self.count = count
  }

  /// Parses `K/N` (`--shard 0/3`).
  public static func parse(_ text: String) throws(StageError) -> Shard {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
      throw .badShard(text, reason: "write K/N: the shard's index from 0 and the number of shards, e.g. 0/3, 1/3 and 2/3")
    }
    return try Shard(index: k, count: n)
  }

  /// This shard's frames of a clip of `frameCount` frames. More shards than frames is an error
  /// (a shard with nothing to render is more likely a mistake than a plan).
  public func frames(of frameCount: Int) throws(StageError) -> ClosedRange<Int> {
    guard count <= frameCount else {
      throw .badShard("\(index)/\(count)", reason: "the clip has \(frameCount) frames; split it into at most \(frameCount) shards")
    }
    return index * frameCount / count...((index + 1) * frameCount / count - 1)
  }

  /// `shard-K-of-N.json`: the shard's manifest, written last, beside its frames.
  public var manifestName: String { "shard-\(index)-of-\(count).json" }

  /// The shard whose manifest has this file name, or nil.
  public static func fromManifestName(_ name: String) -> Shard? {
    guard name.hasPrefix("shard-"), name.hasSuffix(".json") else { return nil }
    let middle = name.dropFirst(6).dropLast(5)
    guard let of = middle.range(of: "-of-"),
      let k = Int(middle[..<of.lowerBound]), let n = Int(middle[of.upperBound...]),
      String(k) == middle[..<of.lowerBound], String(n) == middle[of.upperBound...]
    else { return nil }
    return try? Shard(index: k, count: n)
  }

  /// `shard 1/3`.
  public var description: String { "shard \(index)/\(count)" }

  private static func names(_ count: Int) -> String {
    count <= 4
      ? (0..<count).map { "\($0)/\(count)" }.joined(separator: ", ")
      : "0/\(count), 1/\(count), ... \(count - 1)/\(count)"
  }
}
