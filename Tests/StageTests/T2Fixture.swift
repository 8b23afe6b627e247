import Geometry
import Motion
import Raster
@testable import Stage

/// A hand-built T2 (photos drag-to-dismiss) plan, independent of the scene format: a grid screen
/// with one cell, a detail screen with the photo (aspect fit), the sketch's gesture.
enum T2Fixture {
  /// A 4:3 photo (the pixels do not matter for geometry).
  static let photo = Image(Bitmap(width: 40, height: 30, pixels: [UInt8](repeating: 255, count: 40 * 30 * 4)))
  static let cellFrame = Rect(x: 0, y: 230, width: 128, height: 128)
  static let photoFrame = Rect(x: 0, y: 227, width: 390, height: 390)
  /// aspect fit of 4:3 in 390 x 390: 390 x 292.5, centred vertically.
  static let fittedPhoto = Rect(x: 0, y: 227 + (390 - 292.5) / 2, width: 390, height: 292.5)

  static func plan() -> StagePlan {
    var grid = Layer(frame: Rect(x: 0, y: 0, width: 390, height: 844), backgroundColor: .white)
    var cell = Layer(frame: cellFrame, name: "cell3")
    cell.contents = .image(photo, .aspectFill)
    cell.masksToBounds = true
    var tabs = Layer(frame: Rect(x: 0, y: 761, width: 390, height: 83), backgroundColor: Color(white: 0.97), name: "tabs")
    tabs.opacity = 1
    grid.sublayers = [cell, tabs]
    var detail = Layer(frame: Rect(x: 0, y: 0, width: 390, height: 844), backgroundColor: .white)
    var image = Layer(frame: photoFrame, name: "photo")
    image.contents = .image(photo, .aspectFit)
    detail.sublayers = [image]
    return StagePlan(
      canvas: StageCanvas(size: Size(390, 844), scale: 1, fps: 60),
      screens: ["grid": grid, "detail": detail], stack: ["grid", "detail"],
      tracks: [
        Track(target: ViewRef(screen: "detail"), property: .backgroundOpacity, keyframes: Keyframes(from: .number(1), to: .number(0))),
        Track(target: ViewRef(screen: "grid", view: "tabs"), property: .translationY, keyframes: Keyframes(from: .number(83), to: .number(0))),
      ],
      matched: MatchedView(source: ViewRef(screen: "detail", view: "photo"), destination: ViewRef(screen: "grid", view: "cell3")))
  }

  /// The sketch's gesture; `upPoint` (218, 600) completes, (214, 520) cancels.
  static func interaction(upPoint: Point = Point(218, 600)) -> InteractionPlan {
    InteractionPlan(
      script: PanScript(points: [
        .init(time: 0.30, kind: .down, location: Point(195, 420)),
        .init(time: 0.42, kind: .move, location: Point(200, 480)),
        .init(time: 0.55, kind: .move, location: Point(212, 560)),
        .init(time: 0.62, kind: .up, location: upPoint),
      ]),
      mapping: ProgressMapping(axis: .y, distance: 200),
      rule: .movingForward(progressAbove: 0.1),
      // The background animator (1 s, ζ 1) continued with durationFactor = foreground / 1 s.
      complete: .spring(.uikit(duration: 0.37, dampingRatio: 1), carriesVelocity: false),
      cancel: .spring(.uikit(duration: 0.45, dampingRatio: 1), carriesVelocity: false),
      matchedComplete: .spring(.uikit(duration: 0.37, dampingRatio: 0.90), carriesVelocity: false),
      matchedCancel: .spring(.uikit(duration: 0.45, dampingRatio: 0.75), carriesVelocity: false),
      follow: FingerFollow(scaleFrom: 1, scaleTo: 0.68))
  }

  static func timeline(upPoint: Point = Point(218, 600)) throws -> (Timeline, Stager) {
    let plan = plan()
    let stager = try Stager(plan: plan)
    let sim = try Simulation(drive: .interactive(interaction(upPoint: upPoint)), matchedFrames: stager.matchedFrames)
    return (try Timeline(simulation: sim, tracks: plan.tracks, fps: 60, holdAfter: 0.4), stager)
  }
}
