import JSONText

/// What a shard leaves beside its frames, last, as `shard-K-of-N.json`: which shard it is, the
/// SHA-256 of each frame file it wrote, and the manifest the whole clip's render writes (frames
/// `0 ..< frameCount`), from which `flipbook assemble` writes `manifest.json`.
///
/// ```json
/// {
///   "flipbookShard": 1,
///   "frames": [{"file": "frame_00030.png", "frame": 30, "sha256": "…"}, …],
///   "manifest": { …the whole clip's manifest.json… },
///   "manifestSHA256": "…",
///   "scene": "Scenes/t2-photos-drag-to-dismiss.yaml",
///   "settings": ["variant=", "fps=", "scale=1.0", "png-level=1"],
///   "shard": {"count": 3, "index": 1}
/// }
/// ```
public struct ShardManifest: Sendable {
  /// The format's version, `flipbookShard` in the file.
  public static let version = 1
  /// The largest shard manifest `assemble` reads, in bytes (16 MiB): checked from the file's
  /// size before it is read (a 256 MB one took 790 MB to refuse). A manifest of all 20,000
  /// frames a clip may have is about 2 MB.
  public static let maxBytes = 16 << 20

  public var shard: Shard
  /// The whole clip's manifest, as `manifest.json` of one render holds it.
  public var clip: JSONValue
  /// This shard's frames, first to last, with the lower-case hex SHA-256 of each file.
  public var frames: [(number: Int, sha256: String)]
  /// The scene file, as the command line named it (for messages).
  public var scene: String
  /// The settings that change pixels (variant, `--set`s, fps, scale, PNG level, overlays),
  /// already part of the scene hash; listed so a mismatch can say which one differs.
  public var settings: [String]

  public init(shard: Shard, clip: JSONValue, frames: [(number: Int, sha256: String)], scene: String, settings: [String]) {
    self.shard = shard; self.clip = clip; self.frames = frames; self.scene = scene; self.settings = settings
  }

  /// The clip's scene hash (from its manifest).
  public var sceneHash: String { clip["sceneHash"]?.stringValue ?? "" }

  /// The clip's frame count (from its manifest).
  public var frameCount: Int { clip["frameCount"]?.intValue ?? 0 }

  /// The bytes `manifest.json` of the assembled clip gets.
  public var clipBytes: [UInt8] { Array(clip.canonicalText.utf8) }

  public var json: JSONValue {
    .object([
      "flipbookShard": .int(Self.version),
      "shard": .object(["index": .int(shard.index), "count": .int(shard.count)]),
      "frames": .array(
        frames.map {
          .object(["frame": .int($0.number), "file": .string(FrameDirectory.fileName(frame: $0.number)), "sha256": .string($0.sha256)])
        }),
      "manifest": clip,
      "manifestSHA256": .string(ContentHash.hex(clipBytes)),
      "scene": .string(scene),
      "settings": .array(settings.map { .string($0) }),
    ])
  }

  /// The file's bytes: canonical JSON, sorted keys, trailing newline.
  public var bytes: [UInt8] { Array(json.canonicalText.utf8) }

  /// Reads a shard manifest; `path` is for messages. Throws a one-line reason.
  public init(bytes: [UInt8], path: String) throws(StageError) {
    func bad(_ why: String) -> StageError { .assembly(["\(path): \(why)"]) }
    guard let json = JSONValue.parse(bytes) else { throw bad("not JSON (a shard manifest is written last and whole; is this one?)") }
    guard json["flipbookShard"]?.intValue == Self.version else {
      throw bad("not a Flipbook shard manifest of format \(Self.version) (no \"flipbookShard\": \(Self.version))")
    }
    guard let k = json["shard"]?["index"]?.intValue, let n = json["shard"]?["count"]?.intValue,
      let shard = try? Shard(index: k, count: n)
    else { throw bad("its \"shard\" is not {index: K, count: N} with 0 <= K < N") }
    guard let clip = json["manifest"], clip["sceneHash"]?.stringValue != nil, clip["frameCount"]?.intValue != nil else {
      throw bad("its \"manifest\" lacks sceneHash or frameCount")
    }
    guard json["manifestSHA256"]?.stringValue == ContentHash.hex(Array(clip.canonicalText.utf8)) else {
      throw bad("its \"manifest\" does not match its manifestSHA256 (the file was edited)")
    }
    var frames: [(number: Int, sha256: String)] = []
    for item in json["frames"]?.arrayValue ?? [] {
      guard let n = item["frame"]?.intValue, let h = item["sha256"]?.stringValue, h.count == 64 else {
        throw bad("a \"frames\" entry is not {frame: N, sha256: HEX}")
      }
      frames.append((n, h))
    }
    self.init(
      shard: shard, clip: clip, frames: frames, scene: json["scene"]?.stringValue ?? "",
      settings: (json["settings"]?.arrayValue ?? []).compactMap(\.stringValue))
  }
}
