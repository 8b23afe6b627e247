import Geometry

/// A view with the properties UIView and CALayer give it. Geometry follows CALayer (and
/// Raster's `Layer`): `bounds` is the view's own space (its origin is a scroll view's
/// content offset), `position` is where `anchorPoint` (unit coordinates of bounds) sits in
/// the parent, and `transform` applies about the anchor point. All lengths in points.
public struct SceneView: Hashable, Sendable {
  /// The id transitions use to address the view; unique among its siblings.
  public var id: String?
  public var bounds: Rect
  public var position: Point
  public var anchorPoint: Point
  public var transform: ViewTransform
  /// 0...1; a view with subviews at opacity < 1 composites as one group.
  public var opacity: Double
  public var isHidden: Bool
  public var backgroundColor: Color?
  /// CALayer.cornerRadius, applied to `maskedCorners`.
  public var cornerRadius: Double
  public var maskedCorners: Corners
  public var cornerCurve: CornerCurve
  /// clipsToBounds / masksToBounds: clip content and subviews to the rounded bounds.
  public var clipsToBounds: Bool
  public var border: Border?
  public var shadow: Shadow?
  /// A blur material of what is behind the view, drawn under its background.
  public var material: Material?
  /// The material's blur σ in points while a `blurRadius` track drives it; nil: the
  /// material's own (`Material.blurRadius`).
  public var blurRadius: Double?
  public var content: Content?
  /// An extra clip in bounds space (a circular reveal).
  public var mask: Mask?
  /// A black overlay drawn above the view's content and subviews, 0...1 (a dimming view,
  /// as UIKit puts over a presenting screen). 0 draws nothing.
  public var dimming: Double
  /// Back to front.
  public var subviews: [SceneView]
  /// Set on views that belong to the window rather than to their screen (the status bar's
  /// content always; a navigation bar's title and back button during a push or pop): Stage
  /// draws them above the transition at their declared place in the canvas, ignoring their
  /// ancestors' animation, transforms, opacity and clipping. Their own tracks still apply.
  public var windowLevel: WindowLevel?
  /// What part of a built-in component this view is (nil for plain views).
  public var role: ChromeRole?
  public var location: SourceLocation?
  /// A built-in bar with `appearance: auto` whose siblings have not been looked at yet
  /// (resolved when its parent's subviews are read; see BarAppearance).
  var automaticBarAppearance = false

  public init(id: String? = nil, frame: Rect = .zero) {
    self.id = id
    self.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
    self.position = frame.center
    self.anchorPoint = Point(0.5, 0.5)
    self.transform = .identity
    self.opacity = 1
    self.isHidden = false
    self.backgroundColor = nil
    self.cornerRadius = 0
    self.maskedCorners = .all
    self.cornerCurve = .circular
    self.clipsToBounds = false
    self.border = nil
    self.shadow = nil
    self.material = nil
    self.blurRadius = nil
    self.content = nil
    self.mask = nil
    self.dimming = 0
    self.subviews = []
    self.windowLevel = nil
    self.role = nil
    self.location = nil
  }

  /// The frame in the parent's space, ignoring `transform` (as UIView.frame). Setting it
  /// moves `position` and resizes `bounds`, keeping `bounds.origin`.
  public var frame: Rect {
    get {
      Rect(
        x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
        width: bounds.width, height: bounds.height)
    }
    set {
      bounds.size = Size(newValue.width, newValue.height)
      position = Point(newValue.minX + anchorPoint.x * newValue.width, newValue.minY + anchorPoint.y * newValue.height)
    }
  }

  /// The view and all its descendants.
  public var treeCount: Int { 1 + subviews.reduce(0) { $0 + $1.treeCount } }
}

extension SceneView {
  /// Where a window-level view is drawn, back to front: navigation items above every
  /// screen and lifted view, the status bar's content above everything.
  public enum WindowLevel: Int, Hashable, Sendable, Comparable, CaseIterable {
    case navigationBar = 0, navigationItems = 1, statusBar = 2
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
  }

  /// The parts of built-in chrome that transitions animate.
  public enum ChromeRole: String, Hashable, Sendable, CaseIterable {
    case statusBar, statusBarContent, navigationBar, navigationTitle, largeTitle, backButton, backChevron, backLabel
    /// A navigation bar's custom bar button views (its `items`).
    case barButtonItems
  }

  /// A transform as designers write one. Applied to a point in this order: scale, then
  /// rotate, then translate (translation is in the parent's points, not scaled), i.e.
  /// `CGAffineTransform.identity.translatedBy(tx, ty).rotated(by: r).scaledBy(sx, sy)`.
  public struct ViewTransform: Hashable, Sendable {
    public var scale: Point
    /// Degrees, clockwise on screen.
    public var rotation: Double
    /// Points.
    public var translation: Point

    public init(scale: Point = Point(1, 1), rotation: Double = 0, translation: Point = .zero) {
      self.scale = scale; self.rotation = rotation; self.translation = translation
    }

    public static let identity = ViewTransform()

    /// The same transform as an affine matrix, to apply about the anchor point.
    public var affine: AffineTransform {
      AffineTransform.identity
        .translatedBy(x: translation.x, y: translation.y)
        .rotated(by: rotation * .pi / 180)
        .scaledBy(x: scale.x, y: scale.y)
    }
  }

  /// CACornerMask, with UIKit-friendly names.
  public struct Corners: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let topLeft = Corners(rawValue: 1)
    public static let topRight = Corners(rawValue: 2)
    public static let bottomLeft = Corners(rawValue: 4)
    public static let bottomRight = Corners(rawValue: 8)
    public static let top: Corners = [.topLeft, .topRight]
    public static let bottom: Corners = [.bottomLeft, .bottomRight]
    public static let all: Corners = [.topLeft, .topRight, .bottomLeft, .bottomRight]
    static let names: [(String, Corners)] = [
      ("topLeft", .topLeft), ("topRight", .topRight), ("bottomLeft", .bottomLeft),
      ("bottomRight", .bottomRight), ("top", .top), ("bottom", .bottom), ("all", .all),
    ]
  }

  /// CALayer.cornerCurve (same raw values as Raster's `CornerCurve`).
  public enum CornerCurve: String, Hashable, Sendable, CaseIterable {
    case circular, continuous
  }

  /// An inner stroke along the rounded bounds (borderWidth, borderColor).
  public struct Border: Hashable, Sendable {
    public var width: Double
    public var color: Color
    public init(width: Double, color: Color) { self.width = width; self.color = color }
  }

  /// CALayer's shadow: `radius` in points (shadowRadius), `offset` in points, `opacity`
  /// 0...1 multiplies the colour's alpha.
  public struct Shadow: Hashable, Sendable {
    public var color: Color
    public var opacity: Double
    public var radius: Double
    public var offset: Point
    public var path: ShadowPath

    public init(color: Color = .black, opacity: Double = 0, radius: Double = 3, offset: Point = Point(0, -3), path: ShadowPath = .bounds) {
      self.color = color; self.opacity = opacity; self.radius = radius; self.offset = offset; self.path = path
    }
  }

  /// The shadow's shape (shadowPath), in the view's bounds space.
  public enum ShadowPath: Hashable, Sendable {
    /// The view's rounded bounds (a shadowPath of UIBezierPath(roundedRect: bounds, ...)).
    case bounds
    /// An ellipse inscribed in the bounds.
    case ellipse
    /// A rectangle with a corner radius, e.g. a 4 pt strip along the left edge.
    case rect(Rect, cornerRadius: Double)
  }

  /// An extra clip in bounds space.
  public enum Mask: Hashable, Sendable {
    /// A circle (a circular reveal); its radius is animatable as `maskRadius`.
    case circle(center: Point, radius: Double)
  }

  /// What a view draws above its background.
  public enum Content: Hashable, Sendable {
    /// A UIImageView's image: the asset's name and its content mode.
    case image(asset: String, contentMode: ContentMode)
    case gradient(Gradient)
    case text(Text)
    /// A filled and/or stroked path (a `path:` view, or a part of a `symbol:`).
    case path(PathShape)
  }

  /// UIView.ContentMode for images (same raw values as Raster's `ContentMode`).
  public enum ContentMode: String, Hashable, Sendable, CaseIterable {
    case scaleToFill, aspectFit, aspectFill, center
  }

  /// An axial CAGradientLayer: colours at `locations` in 0...1, from `start` to `end` in
  /// unit coordinates of the bounds.
  public struct Gradient: Hashable, Sendable {
    public var colors: [Color]
    public var locations: [Double]
    public var start: Point
    public var end: Point
    public init(colors: [Color], locations: [Double], start: Point, end: Point) {
      self.colors = colors; self.locations = locations; self.start = start; self.end = end
    }
  }

  /// A UILabel's text, mirroring Text's `Label` (same raw values for the enums).
  public struct Text: Hashable, Sendable {
    public enum Weight: String, Hashable, Sendable, CaseIterable {
      case thin, light, regular, medium, semibold, bold, heavy
    }
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
      case left, center, right
    }
    public enum LineBreak: String, Hashable, Sendable, CaseIterable {
      case wordWrap, truncateTail
    }
    public var string: String
    /// Points.
    public var fontSize: Double
    public var weight: Weight
    public var color: Color
    public var alignment: Alignment
    public var lineBreak: LineBreak
    /// 0 means no limit.
    public var numberOfLines: Int
    /// Extra space after every character in points (NSAttributedString's kern); 0 is the
    /// font's own spacing, negative tightens. nil (not written) is the system font's tracking
    /// at `fontSize`, as iOS applies it (docs/text.md, "System tracking and optical size").
    public var letterSpacing: Double?
    /// Multiplies the font's line height (NSParagraphStyle.lineHeightMultiple); 1 is the
    /// font's own.
    public var lineHeightMultiple: Double
    /// True when the scene wrote `lineBreak` (so a truncated text is meant: `check` warns about
    /// one that truncates by default). Not part of what the label draws: equality and hashing
    /// leave it out.
    public var lineBreakIsWritten = false

    public static func == (a: Text, b: Text) -> Bool {
      a.string == b.string && a.fontSize == b.fontSize && a.weight == b.weight && a.color == b.color
        && a.alignment == b.alignment && a.lineBreak == b.lineBreak && a.numberOfLines == b.numberOfLines
        && a.letterSpacing == b.letterSpacing && a.lineHeightMultiple == b.lineHeightMultiple
    }

    public func hash(into h: inout Hasher) {
      h.combine(string); h.combine(fontSize); h.combine(weight); h.combine(color); h.combine(alignment)
      h.combine(lineBreak); h.combine(numberOfLines); h.combine(letterSpacing); h.combine(lineHeightMultiple)
    }

    public init(
      _ string: String, fontSize: Double = 17, weight: Weight = .regular, color: Color = .black,
      alignment: Alignment = .left, lineBreak: LineBreak = .truncateTail, numberOfLines: Int = 1,
      letterSpacing: Double? = nil, lineHeightMultiple: Double = 1
    ) {
      self.string = string; self.fontSize = fontSize; self.weight = weight; self.color = color
      self.alignment = alignment; self.lineBreak = lineBreak; self.numberOfLines = numberOfLines
      self.letterSpacing = letterSpacing; self.lineHeightMultiple = lineHeightMultiple
    }
  }
}
