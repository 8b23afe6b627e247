/// Something that happened during the clip, for `manifest.json`: a touch down or up, a
/// release decision, a settle. `frame` is the first frame at or after `time`.
public struct ClipEvent: Hashable, Sendable {
  /// `touchDown`, `touchUp`, `decision`, `settle`, ...
  public var kind: String
  /// Seconds from the start of the clip.
  public var time: Double
  /// The first frame whose time is `>= time`.
  public var frame: Int
  /// Extra facts (velocity in pt/s, progress, decision), printed as JSON fields.
  public var details: [String: JSONValue]

  public init(kind: String, time: Double, frame: Int, details: [String: JSONValue] = [:]) {
    self.kind = kind; self.time = time; self.frame = frame; self.details = details
  }

  /// The event as printed: numbers rounded by `ClipEvent.rounded` (no `2.7e-12` noise).
  var json: JSONValue {
    var fields = details
    fields["kind"] = .string(kind)
    fields["time"] = .number(time)
    fields["frame"] = .int(frame)
    return Self.rounded(.object(fields), key: "")
  }

  /// Keys whose values are fractions (progress, a damping ratio, an initial velocity in
  /// distances per second) or seconds: printed to 9 decimals. Every other number (points, pt/s,
  /// stiffness, damping, rad/s) is printed to 6 decimals, a millionth of a point: far below
  /// what a frame can show, and enough to remove floating-point noise such as a 2.7e-12 pt/s
  /// horizontal velocity of a vertical drag (it prints as 0). Rounding never changes a decision:
  /// the frames and decisions are computed from the unrounded values.
  static let nineDecimalKeys: Set<String> = ["progress", "dampingRatio", "initialVelocity", "time", "duration"]

  static func rounded(_ value: JSONValue, key: String) -> JSONValue {
    switch value {
    case .number(let x):
      guard x.isFinite else { return value }
      let scale = nineDecimalKeys.contains(key) ? 1e9 : 1e6
      let r = (x * scale).rounded() / scale
      return .number(r == 0 ? 0 : r)  // never "-0"
    case .array(let items): return .array(items.map { rounded($0, key: key) })
    case .object(let fields):
      return .object(Dictionary(uniqueKeysWithValues: fields.map { ($0.key, rounded($0.value, key: $0.key)) }))
    default: return value
    }
  }
}

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
