import Geometry
import Raster
import Text

/// A caption: the scene's name over the parameters that matter.
public struct Caption: Hashable, Sendable {
  public var title: String
  public var detail: String
  public init(title: String, detail: String) { self.title = title; self.detail = detail }
}

/// Which overlays to draw on each frame (each one a command-line flag).
public struct OverlaySet: Hashable, Sendable {
  /// A translucent dot following the scripted finger, fading after it lifts (`--touches`).
  public var touches: Bool
  /// Time and frame number (`--timecode`).
  public var timecode: Bool
  /// The scene's name and the parameters that matter (`--caption`).
  public var caption: Caption?
  /// A phone outline with rounded screen corners around the frame (`--device`).
  public var device: Bool
  /// The phone's Dynamic Island (screen points), drawn only in the outline; nil for none.
  public var dynamicIsland: Rect?

  public init(touches: Bool = false, timecode: Bool = false, caption: Caption? = nil, device: Bool = false, dynamicIsland: Rect? = nil) {
    self.touches = touches; self.timecode = timecode; self.caption = caption; self.device = device
    self.dynamicIsland = dynamicIsland
  }

  public var isEmpty: Bool { !touches && !timecode && caption == nil && !device }

  /// The size of a decorated frame for a `width` x `height` px frame at `scale` px/pt.
  public func decoratedSize(width: Int, height: Int, scale: Double) -> (width: Int, height: Int) {
    device ? DeviceFrame(scale: scale).framedSize(width: width, height: height) : (width, height)
  }

  /// `frame` with the overlays drawn: touch dot, then caption/timecode, then the device
  /// outline around it all. `time` is the instant shown, `frameNumber` the output frame.
  public func decorate(
    _ frame: Bitmap, scale: Double, time: Double, frameNumber: Int, touch: TouchState
  ) throws(TextError) -> Bitmap {
    var f = frame
    if touches { TouchIndicator(scale: scale).draw(touch, on: &f) }
    if timecode || caption != nil {
      try InfoOverlay(scale: scale).draw(
        caption: caption.map { ($0.title, $0.detail) },
        timecode: timecode ? InfoOverlay.timecode(seconds: time, frame: frameNumber) : nil, on: &f)
    }
    return device ? DeviceFrame(scale: scale, dynamicIsland: dynamicIsland).wrap(f) : f
  }
}

extension Reviewable {
  /// The picture at `time` seconds with `overlays` drawn on it: the finger at that instant,
  /// `frameNumber` in the timecode, the device outline around it. Without overlays this is
  /// exactly `bitmap(at: time)`.
  public func picture(at time: Double, frameNumber: Int, overlays: OverlaySet) throws -> Bitmap {
    let plain = try bitmap(at: time)
    guard !overlays.isEmpty else { return plain }
    return try overlays.decorate(plain, scale: scale, time: time, frameNumber: frameNumber, touch: touch(at: time))
  }
}
