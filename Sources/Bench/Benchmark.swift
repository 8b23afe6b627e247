import PNG
import Raster

/// Times the canonical frame: the whole layer tree, each part of it, and PNG encoding with
/// each encoder setting, interleaved round by round (a slow spell on the shared machine then
/// hits every measurement alike).
public struct Benchmark: Sendable {
  public let frame: CanonicalFrame
  /// Device pixels per point (2 or 3).
  public let scale: Int
  /// Timed rounds (after one untimed warm-up round).
  public let runs: Int
  public let settings: [EncoderSetting]

  public init(frame: CanonicalFrame, scale: Int, runs: Int, settings: [EncoderSetting]) {
    precondition(runs > 0, "Benchmark needs at least one run")
    self.frame = frame
    self.scale = scale
    self.runs = runs
    self.settings = settings
  }

  /// One encoder setting's result: time in milliseconds and the file size in bytes.
  public struct Encoding: Sendable, Codable {
    /// The setting's name (see `EncoderSetting.standard`).
    public let setting: String
    public let milliseconds: Quantiles
    public let bytes: Int
    /// The PNG decoded back to exactly the rendered frame.
    public let roundTrips: Bool
  }

  /// One part of the frame rendered on its own.
  public struct Part: Sendable, Codable {
    public let name: String
    public let milliseconds: Quantiles
  }

  public struct Report: Sendable, Codable {
    public let scale: Int
    public let width: Int
    public let height: Int
    /// Rendering the whole tree into a reused bitmap, milliseconds.
    public let render: Quantiles
    /// The background and each part rendered on its own, milliseconds, in paint order.
    public let parts: [Part]
    public let encodings: [Encoding]
  }

  /// Runs every measurement; `progress` receives a line per round.
  public func run(progress: (String) -> Void = { _ in }) throws(PNGError) -> (Report, Bitmap) {
    let (width, height) = CanonicalFrame.pixelSize(scale: scale)
    let root = frame.root
    let parts = [("background", CanonicalFrame.background)] + frame.parts
    var canvas = Bitmap(width: width, height: height)
    var partsCanvas = Bitmap(width: width, height: height)
    var renderTimes: [Double] = []
    var partTimes = [[Double]](repeating: [], count: parts.count)
    var encodeTimes = [[Double]](repeating: [], count: settings.count)
    var sizes = [Int](repeating: 0, count: settings.count)
    var roundTrips = [Bool](repeating: false, count: settings.count)

    for round in 0...runs {
      let timed = round > 0
      let renderTime = Self.milliseconds { LayerRenderer.render(root, into: &canvas, scale: Double(scale), sampleCache: nil, caches: false) }
      var partTime: [Double] = []
      for (_, layer) in parts {
        partTime.append(Self.milliseconds { LayerRenderer.render(layer, into: &partsCanvas, scale: Double(scale), sampleCache: nil, caches: false) })
      }
      let order = settings.indices.map { (round + $0) % Swift.max(settings.count, 1) }
      for i in round % 2 == 0 ? order : order.reversed() {
        var result: Result<[UInt8], PNGError> = .success([])
        let t = Self.milliseconds {
          result = Result { () throws(PNGError) in try settings[i].encoder.encode(canvas, name: settings[i].name) }
        }
        let bytes = try result.get()
        if timed { encodeTimes[i].append(t) }
        if round == 0 {
          sizes[i] = bytes.count
          roundTrips[i] = (try? PNGDecoder().decode(bytes, name: settings[i].name)) == canvas
        }
      }
      if timed {
        renderTimes.append(renderTime)
        for (i, t) in partTime.enumerated() { partTimes[i].append(t) }
        progress("round \(round)/\(runs): render \(Self.format(renderTime)) ms")
      }
    }
    let report = Report(
      scale: scale, width: width, height: height, render: Quantiles(renderTimes),
      parts: zip(parts, partTimes).map { Part(name: $0.0.0, milliseconds: Quantiles($0.1)) },
      encodings: settings.indices.map {
        Encoding(setting: settings[$0].name, milliseconds: Quantiles(encodeTimes[$0]), bytes: sizes[$0], roundTrips: roundTrips[$0])
      })
    return (report, canvas)
  }

  /// Wall time of `body` in milliseconds (a monotonic clock).
  public static func milliseconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let d = clock.measure(body)
    return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15
  }

  static func format(_ ms: Double) -> String {
    let tenths = Int((ms * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}

extension CanonicalFrame {
  /// Renders `root` into a new bitmap of the canvas size at `scale`.
  public static func render(_ root: Layer, scale: Int) -> Bitmap {
    let (width, height) = pixelSize(scale: scale)
    var bitmap = Bitmap(width: width, height: height)
    LayerRenderer.render(root, into: &bitmap, scale: Double(scale), sampleCache: nil, caches: false)
    return bitmap
  }

  /// The canonical frame rendered at `scale` (2 or 3).
  public func render(scale: Int) -> Bitmap {
    Self.render(root, scale: scale)
  }
}
