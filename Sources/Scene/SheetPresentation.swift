import Geometry
import Motion

/// `transition.sheetPresentation`: UIKit's `UISheetPresentationController` with detents. The
/// sheet rests at its detents (resting points: p = 0 at the smallest, 1 at the largest), dims
/// the presenting screen above `largestUndimmedDetent` and makes it recede at `.large`.
/// Every number and its source: docs/scene-format.md, "Sheet presentation".
public struct SheetPresentation: Hashable, Sendable {
  /// One detent: a name, what the scene wrote, and the height UIKit resolves it to.
  public struct Detent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
      /// `.medium()`: half the largest height (`maximumDetentValue / 2`).
      case medium
      /// `.large()`: the full height, `maximumDetentValue`.
      case large
      /// `.custom`: a height in points.
      case custom(Double)
    }
    public var name: String
    public var kind: Kind
    /// Points above the bottom safe area (UIKit's detent value: "a height within the safe
    /// area of the sheet").
    public var height: Double
  }

  /// In increasing height, at least two.
  public var detents: [Detent]
  /// Where p starts (UIKit's `selectedDetentIdentifier`); an index into `detents`.
  public var selected: Int
  /// The largest detent that leaves the presenting screen undimmed; nil: every detent dims.
  public var largestUndimmed: Int?
  public var grabber: Bool
  /// The sheet's top corners, points.
  public var cornerRadius: Double
  /// With `presents: true`: the progress the sheet is presented from, its top at the screen's
  /// bottom (below 0); the transition's timing carries p from there to `selected`, from
  /// `hold.before`. nil: the clip starts with the sheet at rest at `selected`.
  public var presentedFrom: Double?

  /// The sheet's top edge at its largest possible height: the safe area's top + 10 (the
  /// `sheet` preset's card, iOS 13+).
  public static func largeTop(_ device: Device) -> Double { PresetExpansion.sheetTop(device) }
  /// UIKit's `maximumDetentValue`: the full height within the safe area, H − bottom inset −
  /// (top inset + 10); 753 pt on an iPhone 14.
  public static func maximumDetentValue(_ device: Device) -> Double {
    device.size.height - device.safeArea.bottom - largeTop(device)
  }
  /// `preferredCornerRadius`'s default (nil in UIKit: the system's 10 pt, as the `sheet` preset).
  public static let defaultCornerRadius = PresetExpansion.sheetCornerRadius
  /// The grabber: 36 x 5 pt, a capsule, 5 pt below the sheet's top, centred.
  public static let grabberSize = Size(36, 5)
  public static let grabberTopInset = 5.0
  /// The grabber's colour: tertiaryLabel in `appearance` (#3C3C43 at 30 % light, #EBEBF5 at
  /// 30 % dark), so it adapts as UIKit's does.
  public static func grabberColor(_ appearance: Appearance) -> Color { SystemColor.tertiaryLabel.color(appearance) }
  /// The black overlay on the presenting screen at a dimmed detent (the `sheet` preset's 0.1).
  public static let dimming = PresetExpansion.coveredDimming

  /// The sheet's top edge (canvas points) when it rests at detent `i`.
  public func top(_ i: Int, device: Device) -> Double {
    device.size.height - device.safeArea.bottom - detents[i].height
  }

  /// Progress of detent `i`: p = 0 at the smallest, 1 at the largest, linear in the height.
  public func progress(_ i: Int) -> Double {
    let first = detents[0].height, last = detents[detents.count - 1].height
    return (detents[i].height - first) / (last - first)
  }

  /// The progress at which the sheet's top is at the screen's bottom (the sheet fully below
  /// it): the height −safeBottom, below p = 0 (linear in the height as between the detents).
  public func offscreenProgress(device: Device) -> Double {
    (-device.safeArea.bottom - detents[0].height) / span
  }

  /// UIKit's presentation spring as this format reads it (docs/scene-format.md, "Sheet
  /// presentation"): the system spring, mass 3, stiffness 1000, damping 500 (curve 7).
  public static func presentationTiming(location: SourceLocation?) -> TimingSpec {
    TimingSpec(.spring(.physical(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0)), location: location)
  }

  /// The points between the smallest and the largest detent: the progress mapping's distance.
  public var span: Double { detents[detents.count - 1].height - detents[0].height }

  /// True when the largest detent is `.large` and dims: the presenting screen recedes
  /// (scales back, moves down, rounds its corners) on the way from the detent below it.
  public var recedes: Bool {
    guard case .large = detents[detents.count - 1].kind else { return false }
    return largestUndimmed.map { $0 < detents.count - 1 } ?? true
  }

  /// The resting points: the sheet's top edge at each detent.
  public func restingPoints(device: Device, location: SourceLocation?) throws(MotionError) -> RestingPointsSpec {
    let points = try RestingPoints(detents.indices.map { RestingPoints.Point(name: detents[$0].name, progress: progress($0)) })
    return RestingPointsSpec(points: points, start: selected, end: detents.count - 1, location: location)
  }

  /// The interaction's progress when the scene gives none: up, over the span.
  public var progressSpec: ProgressSpec {
    ProgressSpec(direction: .up, distance: span, clamp: 0...1, negative: .clamp, rubberBand: nil)
  }
}
