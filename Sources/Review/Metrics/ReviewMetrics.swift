import JSONText

/// A review bundle's NAME-metrics.json: the clip's `ClipMetrics` (event times in motion
/// seconds) and what the bundle's MP4 holds (at `speed` S each output second shows S seconds
/// of motion), with the scene settings that made it.
public struct ReviewMetrics: Sendable {
  public var metrics: ClipMetrics
  /// Frames in the MP4.
  public var frameCount: Int
  /// The MP4's frames per second.
  public var fps: Double
  /// Seconds of motion per output second (0.5 is half speed).
  public var speed: Double
  /// The motion's own duration in seconds (the clip's last frame time).
  public var motionDuration: Double
  /// The scene file as given, its variant and its `--set`s (device model first).
  public var scene: String
  public var variant: String?
  public var sets: [String]

  public init(
    metrics: ClipMetrics, frameCount: Int, fps: Double, speed: Double, motionDuration: Double,
    scene: String, variant: String?, sets: [String]
  ) {
    self.metrics = metrics; self.frameCount = frameCount; self.fps = fps; self.speed = speed
    self.motionDuration = motionDuration; self.scene = scene; self.variant = variant; self.sets = sets
  }

  /// The metrics' fields, with frameCount, fps and duration (seconds of the MP4) replaced by the
  /// MP4's and speed, motionDuration (seconds), scene, variant and sets added.
  public var json: JSONValue {
    var fields = metrics.jsonFields
    func rounded(_ v: Double) -> JSONValue { .number((v * 1e6).rounded() / 1e6) }
    fields["frameCount"] = .int(frameCount)
    fields["fps"] = .number(fps)
    fields["speed"] = .number(speed)
    fields["duration"] = rounded(Double(frameCount - 1) / fps)
    fields["motionDuration"] = rounded(motionDuration)
    fields["scene"] = .string(scene)
    fields["variant"] = variant.map { .string($0) } ?? .null
    fields["sets"] = .array(sets.map { .string($0) })
    return .object(fields)
  }
}
