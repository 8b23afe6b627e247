import Foundation
import Geometry
import PNG
import Raster
import Scene

/// A scene ready to render: its assets decoded (once, shared by every frame), its transition
/// simulated, its frames numbered. `bitmap(frame:)` is a pure function of the frame number,
/// safe to call from many threads at once.
public struct Clip: Sendable {
  public let document: SceneDocument
  /// The scene's canvas with `--fps` / `--scale` applied.
  public let canvas: Canvas
  public let timeline: Timeline
  public let stager: Stager
  /// The home indicator's colour over clip time (decisions memoized across frames).
  let homeIndicator: HomeIndicatorBlend

  /// - Parameters:
  ///   - fps: overrides the scene's frames per second.
  ///   - scale: overrides the scene's pixels per point.
  ///   - assets: decoded assets kept from earlier loads (the preview's); nil decodes every one.
  public init(document: SceneDocument, fps: Double? = nil, scale: Double? = nil, assets: AssetCache? = nil) throws(StageError) {
    var canvas = document.canvas
    if let fps {
      guard SceneLimits.fpsRange.contains(fps) else {
        throw .invalidSetting("--fps must be in \(SceneLimits.fpsRange) (got \(fps))")
      }
      canvas.fps = fps
    }
    if let scale {
      guard SceneLimits.scaleRange.contains(scale) else {
        throw .invalidSetting("--scale must be in \(SceneLimits.scaleRange) (got \(scale))")
      }
      canvas.scale = scale
    }
    guard Double(canvas.pixelWidth * canvas.pixelHeight) <= SceneLimits.maxPixels, canvas.pixelWidth > 0, canvas.pixelHeight > 0 else {
      throw .invalidSetting("a \(canvas.pixelWidth)x\(canvas.pixelHeight) px frame is outside the limits (at most \(Int(SceneLimits.maxPixels)) pixels)")
    }
    // The scene checks the longer side at its own scale; --scale can still push it past.
    guard Double(max(canvas.pixelWidth, canvas.pixelHeight)) <= SceneLimits.maxPixelSide else {
      throw .invalidSetting(
        "a \(canvas.pixelWidth)x\(canvas.pixelHeight) px frame is outside the limits (at most \(Int(SceneLimits.maxPixelSide)) px per side)")
    }
    var doc = document
    doc.canvas = canvas
    self.canvas = canvas
    let images = try AssetLoader.decode(document.assets, cache: assets)
    let stager: Stager, timeline: Timeline
    (self.document, stager, timeline) = try Self.motion(of: doc, images: images)
    self.stager = stager
    self.timeline = timeline
    homeIndicator = HomeIndicatorBlend { t in stager.homeIndicatorIsLight(for: timeline.state(at: t)) }
  }

  /// The document with the navigation title's slide turned into tracks, its stager and its
  /// timeline: everything but the pixels (`images` may be empty where only geometry counts).
  static func motion(of document: SceneDocument, images: [String: Image]) throws(StageError) -> (SceneDocument, Stager, Timeline) {
    var doc = document
    // The navigation title's slide onto the back button, from the title's measured width.
    if let slide = doc.transition.titleSlide {
      doc.transition.tracks += slide.tracks(titleWidth: slide.text.measuredWidth)
      doc.transition.titleSlide = nil
    }
    let stager = try Stager(document: doc, images: images)
    let scrollOffset = doc.transition.interaction?.scrollView.flatMap { doc.view(at: $0)?.bounds.origin.y }
    let simulation = try Simulation(
      transition: doc.transition, hold: doc.hold, matchedEnds: stager.matchedEnds(transition: doc.transition),
      scrollOffset: scrollOffset, pressTarget: stager.pressTarget(transition: doc.transition))
    let timeline = try Timeline(simulation: simulation, fps: doc.canvas.fps, hold: doc.hold, fixedDuration: doc.duration)
    return (doc, stager, timeline)
  }

  public var frameCount: Int { timeline.frameCount }

  public func layerTree(frame n: Int) -> Layer {
    stager.layerTree(for: timeline.state(frame: n), homeIndicatorLightness: homeIndicator.lightness(at: timeline.time(ofFrame: n)))
  }

  public func layerTree(at time: Double) -> Layer {
    stager.layerTree(for: timeline.state(at: time), homeIndicatorLightness: homeIndicator.lightness(at: time))
  }

  /// Frame `n`, rasterized.
  public func bitmap(frame n: Int) -> Bitmap { rasterize(layerTree(frame: n)) }

  /// The picture at any time (seconds).
  public func bitmap(at time: Double) -> Bitmap { rasterize(layerTree(at: time)) }

  func rasterize(_ tree: Layer) -> Bitmap {
    Bitmap(width: canvas.pixelWidth, height: canvas.pixelHeight, rendering: tree, scale: canvas.scale)
  }

  /// The manifest for frames `frames` of this clip.
  public func manifest(frames: ClosedRange<Int>, sceneHash: String) -> Manifest {
    Manifest(
      fps: canvas.fps, pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, scale: canvas.scale,
      frameCount: frameCount, frames: frames, sceneHash: sceneHash, events: timeline.events)
  }
}

/// Decodes a scene's PNG assets through the PNG module, once per clip.
public enum AssetLoader {
  /// Every asset decoded, or the failure of each one that does not decode (`.asset`, or
  /// `.assets` when there are several), in the scene's order. Distinct files are decoded on
  /// all cores at once (inflating them is most of a scene's start-up); the result does not
  /// depend on the order they finish in. With a `cache`, a file that has not changed since it
  /// was kept is not decoded again.
  public static func decode(_ assets: [Asset], cache: AssetCache? = nil) throws(StageError) -> [String: Image] {
    // Each distinct file once, numbered in the scene's order.
    var slot: [String: Int] = [:]
    var unique: [String] = []
    for asset in assets where slot[asset.resolvedPath] == nil {
      slot[asset.resolvedPath] = unique.count
      unique.append(asset.resolvedPath)
    }
    let paths = unique
    let decoded = DecodedFiles(count: paths.count)
    DispatchQueue.concurrentPerform(iterations: paths.count) { i in
      decoded.set(i, Result { () throws(PNGError) -> Image in
        if let cache { return try cache.image(contentsOf: paths[i]) }
        return Image(try PNGDecoder().decode(contentsOf: paths[i]))
      })
    }
    var images: [String: Image] = [:]
    var failures: [StageError] = []
    for asset in assets {
      switch decoded.result(slot[asset.resolvedPath]!) {
      case .success(let image):
        images[asset.name] = image
      case .failure(let error):
        failures.append(.asset(name: asset.name, path: asset.path, location: asset.location.map { "\($0)" }, reason: "\(error.reason)"))
      }
    }
    if failures.count == 1 { throw failures[0] }
    if failures.count > 1 { throw .assets(failures) }
    return images
  }

  /// One slot per file, filled by the decoding threads.
  private final class DecodedFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Image, PNGError>?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ r: Result<Image, PNGError>) { lock.withLock { slots[i] = r } }
    func result(_ i: Int) -> Result<Image, PNGError> { lock.withLock { slots[i]! } }
  }
}
