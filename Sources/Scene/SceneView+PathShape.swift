import Geometry

extension SceneView {
  /// What a CAShapeLayer draws: `path` in the view's bounds space (points), filled with
  /// `fill` (when set) by `fillRule`, then stroked with `stroke` (when set) `lineWidth`
  /// points wide. Enum raw values match Raster's `StrokeStyle` and `Path.FillRule` names.
  public struct PathShape: Hashable, Sendable {
    public enum LineCap: String, Hashable, Sendable, CaseIterable { case butt, round, square }
    public enum LineJoin: String, Hashable, Sendable, CaseIterable { case miter, round, bevel }
    public enum FillRule: String, Hashable, Sendable, CaseIterable { case nonZero, evenOdd }

    public var path: Path
    public var fill: Color?
    public var fillRule: FillRule
    public var stroke: Color?
    /// Points.
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// CAShapeLayer.miterLimit: a miter join longer than `miterLimit × lineWidth` is bevelled.
    public var miterLimit: Double
    /// CAShapeLayer.lineDashPattern: alternating dash and gap lengths in points; empty for a
    /// solid line.
    public var lineDash: [Double] = []
    /// CAShapeLayer.lineDashPhase: how far into the pattern the stroke starts, points.
    public var lineDashPhase: Double = 0

    /// The most entries a `lineDash` list may have.
    public static let maxDashEntries = 64

    public init(
      path: Path, fill: Color? = .black, fillRule: FillRule = .nonZero, stroke: Color? = nil, lineWidth: Double = 1,
      lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10
    ) {
      self.path = path; self.fill = fill; self.fillRule = fillRule; self.stroke = stroke; self.lineWidth = lineWidth
      self.lineCap = lineCap; self.lineJoin = lineJoin; self.miterLimit = miterLimit
    }
  }
}
