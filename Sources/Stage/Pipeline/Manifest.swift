import JSONText

/// What `manifest.json` says about a rendered clip (or a shard of one).
public struct Manifest: Hashable, Sendable {
  /// Frames per second.
  public var fps: Double
  /// Frame size in pixels.
  public var pixelWidth: Int, pixelHeight: Int
  /// Pixels per point.
  public var scale: Double
  /// Frames in the whole clip.
  public var frameCount: Int
  /// The frames this output holds (the whole clip unless rendered with `--frames`).
  public var frames: ClosedRange<Int>
  /// Lower-case hex SHA-256 of the canonicalised scene plus the flags that change pixels.
  public var sceneHash: String
  public var events: [ClipEvent]

  public init(
    fps: Double, pixelWidth: Int, pixelHeight: Int, scale: Double, frameCount: Int,
    frames: ClosedRange<Int>, sceneHash: String, events: [ClipEvent]
  ) {
    self.fps = fps; self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.scale = scale
    self.frameCount = frameCount; self.frames = frames; self.sceneHash = sceneHash; self.events = events
  }

  public var json: JSONValue {
    .object([
      "fps": .number(fps),
      "pixelSize": .object(["width": .int(pixelWidth), "height": .int(pixelHeight)]),
      "scale": .number(scale),
      "frameCount": .int(frameCount),
      "frames": .object(["first": .int(frames.lowerBound), "last": .int(frames.upperBound)]),
      "frameFilePattern": .string("frame_%05d.png"),
      "sceneHash": .string(sceneHash),
      "events": .array(events.map(\.json)),
    ])
  }

  /// The file's bytes: canonical JSON, sorted keys, trailing newline.
  public var bytes: [UInt8] { Array(json.canonicalText.utf8) }
}
