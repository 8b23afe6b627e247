import Geometry

/// A parsed, validated scene: everything Stage needs to simulate and draw a transition.
/// Chrome components and presets are already expanded into plain views and tracks, every
/// reference is resolved (`ViewPath`), and every track has explicit values.
public struct SceneDocument: Sendable {
  /// The scene's title (`scene:`), for manifests and contact sheets.
  public var title: String?
  /// The scene file's path as given by the user.
  public var file: String
  /// The variant applied, if any.
  public var variant: String?
  /// The interface style the scene was read in (`appearance:`, `--appearance`); its system
  /// colours, materials and chrome are already resolved to it.
  public var appearance: Appearance
  public var canvas: Canvas
  public var hold: Hold
  /// A fixed clip length in seconds, when the scene sets one (`duration:`); otherwise the
  /// clip ends `hold.after` seconds after the transition settles.
  public var duration: Double?
  /// In declaration order.
  public var assets: [Asset]
  /// In declaration order.
  public var screens: [Screen]
  public var transition: Transition

  public init(
    title: String?, file: String, variant: String?, appearance: Appearance = .light, canvas: Canvas, hold: Hold, duration: Double?,
    assets: [Asset], screens: [Screen], transition: Transition
  ) {
    self.title = title; self.file = file; self.variant = variant; self.appearance = appearance; self.canvas = canvas; self.hold = hold
    self.duration = duration; self.assets = assets; self.screens = screens; self.transition = transition
  }

  public func asset(named name: String) -> Asset? { assets.first { $0.name == name } }

  public func screen(named name: String) -> Screen? { screens.first { $0.name == name } }

  /// The view a resolved path points at (the screen's root view for a bare screen name).
  public func view(at path: ViewPath) -> SceneView? {
    guard var view = screen(named: path.screen)?.view else { return nil }
    for i in path.indices {
      guard view.subviews.indices.contains(i) else { return nil }
      view = view.subviews[i]
    }
    return view
  }

  /// The number of views in all screens, roots included.
  public var viewCount: Int { screens.reduce(0) { $0 + $1.view.treeCount } }
}

/// The drawing surface: a phone screen.
public struct Canvas: Hashable, Sendable {
  /// Points; default 390 x 844 (iPhone 13 / 14), else the device's or `canvas.size`.
  public var size: Size
  /// Pixels per point; default 3 (the device's).
  public var scale: Double
  /// Frames per second; default 60.
  public var fps: Double
  /// What shows where no screen covers (behind a scaled-down presenting screen); default black.
  public var background: Color
  /// The phone whose window chrome (status bar, home indicator, Dynamic Island) and safe
  /// areas the scene gets; `Device.custom` for a `canvas.size` without `device:`.
  public var device: Device

  public init(device: Device = .standard, fps: Double = 60, background: Color = .black) {
    self.size = device.size; self.scale = device.scale; self.fps = fps; self.background = background
    self.device = device
  }

  /// A custom canvas (not a phone): no home indicator or island.
  public init(size: Size, scale: Double = 3, fps: Double = 60, background: Color = .black) {
    self.size = size; self.scale = scale; self.fps = fps; self.background = background
    self.device = .custom(size: size, scale: scale)
  }

  /// Output width in pixels (points x scale, rounded).
  public var pixelWidth: Int { Int((size.width * scale).rounded()) }
  /// Output height in pixels.
  public var pixelHeight: Int { Int((size.height * scale).rounded()) }
  /// The canvas in points, at the origin.
  public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }
}

/// Still time around the motion, in seconds.
public struct Hold: Hashable, Sendable {
  /// Before a non-interactive transition starts (it starts at this time); default 0.3 s.
  /// Interactive transitions start with the gesture, whose times are from the clip's start.
  public var before: Double
  /// After everything has settled; default 0.4 s.
  public var after: Double

  public init(before: Double = 0.3, after: Double = 0.4) {
    self.before = before; self.after = after
  }
}

/// A named PNG file. Its existence, readability and PNG signature are checked when the
/// scene loads; Stage decodes it.
public struct Asset: Hashable, Sendable {
  public var name: String
  /// The path as written in the scene (relative to the scene file, or absolute).
  public var path: String
  /// The path to open: `path` resolved against the scene file's folder.
  public var resolvedPath: String
  /// Width and height in pixels, from the PNG header.
  public var pixelWidth: Int
  public var pixelHeight: Int
  public var location: SourceLocation?

  public init(name: String, path: String, resolvedPath: String, pixelWidth: Int, pixelHeight: Int, location: SourceLocation?) {
    self.name = name; self.path = path; self.resolvedPath = resolvedPath
    self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.location = location
  }
}

/// One view controller's view. Its root view has the screen's name as id and fills the
/// canvas unless the scene (or a preset) says otherwise.
public struct Screen: Hashable, Sendable {
  public var name: String
  public var view: SceneView
  public var location: SourceLocation?
  /// Whether the window shows the home indicator over this screen (`homeIndicator: false`
  /// hides it, as a full-screen player may); default true.
  public var showsHomeIndicator: Bool

  public init(name: String, view: SceneView, location: SourceLocation?, showsHomeIndicator: Bool = true) {
    self.name = name; self.view = view; self.location = location; self.showsHomeIndicator = showsHomeIndicator
  }
}

/// Flipbook's limits, enforced when a scene loads (and by Stage for computed lengths).
public enum SceneLimits {
  /// Largest canvas side in points.
  public static let maxCanvasSide = 4096.0
  /// Smallest canvas side in points: 1 px at the smallest scale.
  public static let minCanvasSide = 4.0
  /// Largest output side in pixels (points x scale).
  public static let maxPixelSide = 8192.0
  /// Largest output frame in pixels (width x height).
  public static let maxPixels = 40_000_000.0
  public static let scaleRange = 0.25...4.0
  public static let fpsRange = 1.0...240.0
  /// Longest clip in seconds.
  public static let maxDuration = 120.0
  /// Most frames in one clip.
  public static let maxFrames = 20_000.0
  /// Most views in a scene after components expand.
  public static let maxViews = 20_000
}
