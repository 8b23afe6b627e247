import Symbols

/// The views' tables: the keys every view takes, each kind's own, and the built-in components.
extension SceneFormat {
  static let view = FormatTable("view", "A plain view (UIView / CALayer).", [
    FormatKey("id", .name, "A name for transitions to address the view; unique among siblings."),
    FormatKey("frame", rect, "[x, y, width, height] in points, in the parent's space; required unless `position` and `bounds` are given."),
    FormatKey("position", point(), "[x, y] in points: where the anchor point sits in the parent (with `bounds`, instead of `frame`)."),
    FormatKey("bounds", .either([size, rect]), "[width, height] or [x, y, width, height] in points: the view's own space."),
    FormatKey("anchorPoint", point(.unitCoordinate, unit: "unit"), default: [0.5, 0.5], "[x, y] in unit coordinates of the bounds; transforms apply about it."),
    FormatKey("transform", .table(transform), "Scale, then rotate, then translate."),
    FormatKey("opacity", .number(.fraction, unit: ""), default: 1, "0...1; a view with subviews fades as one group."),
    FormatKey("hidden", .bool, default: false, "Hides the view and its subviews."),
    FormatKey("backgroundColor", .color, "The background colour (none: clear)."),
    FormatKey("cornerRadius", .number(.length, unit: "pt"), default: 0, "Corner radius in points."),
    FormatKey("maskedCorners", .either([corner, .list(corner)]), default: "all", "Which corners are rounded."),
    FormatKey("cornerCurve", words(SceneView.CornerCurve.self), default: "circular", "`continuous` is Apple's squircle."),
    FormatKey("clipsToBounds", .bool, default: false, "Clips content and subviews to the rounded bounds."),
    FormatKey("border", .table(border), "A border inside the bounds."),
    FormatKey("shadow", .table(shadow), "CALayer's shadow."),
    FormatKey("material", material,
      "A blur material of what is drawn behind the view (UIBlurEffect's system materials), under its background; `none` for none."),
    FormatKey("mask", .table(mask), "An extra clip in bounds space; its radius animates as `maskRadius`."),
    FormatKey("dimming", .number(.fraction, unit: ""), default: 0, "0...1: a black overlay above the view's content (UIKit's dimming view)."),
    FormatKey("contentOffset", point(), default: [0, 0], "[x, y] in points: a scroll view's offset (the bounds' origin)."),
    FormatKey("subviews", .list(.reference("subview")), "Subviews, back to front: each `KIND: {properties}`."),
  ], alternatives: [["frame"], ["position", "bounds"]])
  static let corner = FormatType.word(SceneView.Corners.names.map(\.0))

  static let screen = view.adding("screen", "A screen: a view controller's root view; its id is its name and its frame the whole canvas by default.", [
    FormatKey("homeIndicator", .bool, default: true, "Whether the window draws the home indicator over this screen."),
  ], removing: ["id"], alternatives: [])

  static let image = view.adding("image view", "A UIImageView showing an asset.", [
    FormatKey("asset", .text, required: true, "The name of an asset (see `assets`)."),
    FormatKey("contentMode", words(SceneView.ContentMode.self), default: "scaleToFill", "How the image fits the bounds (as UIImageView)."),
  ])

  static let label = view.adding("label view", "A UILabel (Inter, its Display cut from 20 pt).", [
    FormatKey("text", .text, required: true, "The text."),
    FormatKey("fontSize", .number(.halfOpen(lower: 0, upper: SceneLimits.maxFontSize), unit: "pt"), default: .number(SceneView.Text("").fontSize), "Font size in points."),
    FormatKey("weight", words(SceneView.Text.Weight.self), default: .string(SceneView.Text("").weight.rawValue), "Font weight."),
    FormatKey("color", .color, default: "label", "Text colour (`label`: black in light, white in dark)."),
    FormatKey("alignment", words(SceneView.Text.Alignment.self), default: .string(SceneView.Text("").alignment.rawValue), "Horizontal alignment."),
    FormatKey("lineBreak", words(SceneView.Text.LineBreak.self), default: .string(SceneView.Text("").lineBreak.rawValue), "How lines break."),
    FormatKey("numberOfLines", .integer(.range(0...1000)), default: .number(Double(SceneView.Text("").numberOfLines)), "Most lines; 0 is no limit."),
    FormatKey("letterSpacing", .number(.symmetric(SceneLimits.maxLetterSpacing), unit: "pt"),
      "Points added after every character (NSAttributedString's kern); default SF Pro's tracking for the font size; 0 for the font's own spacing."),
    FormatKey("lineHeightMultiple", .number(.halfOpen(lower: 0, upper: SceneLimits.maxLineHeightMultiple), unit: ""), default: 1,
      "Multiplies each line's height (NSParagraphStyle's lineHeightMultiple)."),
  ])

  static let gradient = view.adding("gradient view", "A CAGradientLayer (axial).", [
    FormatKey("colors", .list(.color, min: 2), required: true, "At least 2 colours."),
    FormatKey("locations", .list(.number(.fraction, unit: "")), "Increasing numbers in 0...1, one per colour; evenly spaced by default."),
    FormatKey("start", point(.unitCoordinate, unit: "unit"), default: [0.5, 0], "[x, y] in unit coordinates of the bounds."),
    FormatKey("end", point(.unitCoordinate, unit: "unit"), default: [0.5, 1], "[x, y] in unit coordinates of the bounds."),
  ])

  static let path = view.adding("path view", "A CAShapeLayer: SVG path data filled, then stroked, in the view's bounds.", [
    FormatKey("data", .either([.text, .list(.text)]), required: true,
      "SVG path data (the `d` attribute of SVG 1.1), or a list of strings read as one."),
    FormatKey("viewBox", rect, "[x, y, width, height] in path units, scaled uniformly to fit the bounds and centred; none: path units are points."),
    FormatKey("fill", paint, default: "black", "Fill colour, or `none`."),
    FormatKey("fillRule", words(SceneView.PathShape.FillRule.self), default: "nonZero", "Fill rule."),
    FormatKey("stroke", paint, default: "none", "Stroke colour, or `none`."),
    FormatKey("lineWidth", .number(.length, unit: "path units"), default: 1, "Stroke width in path units (scaled with a viewBox)."),
    FormatKey("lineCap", words(SceneView.PathShape.LineCap.self), default: "butt", "Line cap."),
    FormatKey("lineJoin", words(SceneView.PathShape.LineJoin.self), default: "miter", "Line join."),
    FormatKey("miterLimit", .number(.range(1...1000), unit: ""), default: 10,
      "A miter longer than miterLimit x lineWidth is bevelled (CAShapeLayer's default 10; SVG's is 4)."),
    FormatKey("lineDash", .list(.number(.length, unit: "path units"), min: 1, max: SceneView.PathShape.maxDashEntries),
      "Alternating dash and gap lengths in path units (scaled with a viewBox), not all zero; an odd-length list repeats. Solid when absent."),
    FormatKey("lineDashPhase", .number(.coordinate, unit: "path units"), default: 0, "How far into the dash pattern the stroke starts, path units."),
  ])

  static let symbol = view.adding("symbol view", "A built-in iOS-like symbol (SF Symbols' names, docs/symbols.md), centred in the frame.", [
    FormatKey("name", .word(Symbols.names), required: true, "The symbol's name."),
    FormatKey("pointSize", .number(.halfOpen(lower: 0, upper: SceneLimits.maxFontSize), unit: "pt"), default: .number(SymbolConfiguration().pointSize),
      "The point size of the text the symbol sits next to."),
    FormatKey("weight", words(SymbolWeight.self), default: .string(SymbolConfiguration().weight.rawValue), "Stroke weight."),
    FormatKey("scale", words(SymbolScale.self), default: .string(SymbolConfiguration().scale.rawValue), "Symbol scale."),
    FormatKey("color", .color, default: "label", "Ink colour (`label`: black in light, white in dark)."),
    FormatKey("level", .number(.fraction, unit: ""), default: .number(SymbolConfiguration().level),
      "0...1, for wifi, cellularbars and battery (SF Symbols' variable value)."),
  ])

  static let transform = FormatTable("transform", "identity.translatedBy(tx, ty).rotated(by: r).scaledBy(sx, sy)", [
    FormatKey("scale", .either([.number(.scale, unit: ""), .numbers([("x", .scale), ("y", .scale)], unit: "")]), default: 1,
      "A uniform scale factor, or [sx, sy]."),
    FormatKey("rotation", .number(.rotation, unit: "degrees"), default: 0, "Degrees, clockwise."),
    FormatKey("translation", point(), default: [0, 0], "[tx, ty] in points."),
  ])

  static let border = FormatTable("border", "A border inside the bounds.", [
    FormatKey("width", .number(.length, unit: "pt"), default: 1, "Width in points."),
    FormatKey("color", .color, default: "black", "Colour."),
  ])

  static let shadow = FormatTable("shadow", "CALayer's shadow (its defaults).", [
    FormatKey("color", .color, default: "black", "Shadow colour."),
    FormatKey("opacity", .number(.fraction, unit: ""), default: .number(SceneView.Shadow().opacity), "shadowOpacity, 0...1."),
    FormatKey("radius", .number(.range(0...SceneLimits.maxShadowRadius), unit: "pt"), default: .number(SceneView.Shadow().radius), "shadowRadius in points."),
    FormatKey("offset", point(), default: [0, -3], "shadowOffset [x, y] in points."),
    FormatKey("path", .either([.word(["bounds", "ellipse"]), .table(shadowPath)]), default: "bounds",
      "`bounds` (the rounded bounds), `ellipse`, or {rect, cornerRadius} in bounds space."),
  ])

  static let shadowPath = FormatTable("shadow path", "A rounded rectangle in bounds space.", [
    FormatKey("rect", rect, required: true, "[x, y, width, height] in points."),
    FormatKey("cornerRadius", .number(.length, unit: "pt"), default: 0, "Corner radius in points."),
  ], allowsNull: false)

  static let mask = FormatTable("mask", "An extra clip in bounds space.", [
    FormatKey("circle", .table(circleMask), required: true, "A circle."),
  ], allowsNull: false)

  static let circleMask = FormatTable("circle mask", "A circular mask.", [
    FormatKey("center", point(), required: true, "[x, y] in points, bounds space."),
    FormatKey("radius", .number(.length, unit: "pt"), required: true, "Radius in points (animates as `maskRadius`)."),
  ], allowsNull: false)

  // MARK: Built-in components

  static let statusBar = FormatTable("statusBar", "The status bar (its content is window-level), laid out for the device.", [
    FormatKey("id", .name, default: "statusBar", "The view's id."),
    FormatKey("time", .text, default: .string(StatusBarContent.defaultTime), "The time shown."),
    FormatKey("style", .word(["dark", "light"]), default: "dark", "`light` for white ink."),
    FormatKey("battery", .number(.fraction, unit: ""), default: .number(StatusBarContent.defaultBattery), "Battery level, 0...1 (red at 0.2 and below)."),
    FormatKey("backgroundColor", .color, "The background under the status bar (default clear)."),
  ])

  static let navigationBar = FormatTable("navigationBar", "A UINavigationBar, 44 pt tall (96 with a large title), at the safe area's top.", [
    FormatKey("id", .name, default: "navigationBar", "The view's id."),
    FormatKey("title", .text, default: "", "The title."),
    FormatKey("largeTitle", .bool, default: false, "A large title under the bar's row."),
    FormatKey("backTitle", .text, "The back button's label (none: no back button)."),
    FormatKey("backgroundColor", .color, "An opaque bar's colour (\"#F9F9F9\" with `material: none`)."),
    FormatKey("material", material, default: "chrome", "The bar's material (none with a backgroundColor and no material)."),
    FormatKey("tint", .color, default: "systemBlue", "The back button's colour."),
    FormatKey("separator", .bool, default: true, "The hairline under the bar."),
    FormatKey("top", .number(.length, unit: "pt"), "Where the bar starts, in points; the safe area's top by default."),
    FormatKey("items", .list(.reference("subview")),
      "Custom bar button views (UIBarButtonItem(customView:)) in the bar's 44 pt row, in the bar's space, drawn and animated with the bar."),    FormatKey("appearance", .word(["auto", "standard", "scrollEdge"]), default: "auto",
      "iOS 15's bar appearance: `scrollEdge` is clear (no background, material or separator); `auto` is scroll edge unless a view declared before the bar overlaps it."),
  ])

  static let tabBar = FormatTable("tabBar", "A UITabBar: 49 pt plus the safe area's bottom.", [
    FormatKey("id", .name, default: "tabBar", "The view's id."),
    FormatKey("items", .list(.either([.text, .table(tabItem)]), min: 1, max: 8), required: true,
      "1 to 8 tabs, each a title or {title, symbol}."),
    FormatKey("selected", .integer(.range(0...1000)), default: 0, "The selected tab's index into items."),
    FormatKey("tint", .color, default: "systemBlue", "The selected tab's colour."),
    FormatKey("backgroundColor", .color, "An opaque bar's colour."),
    FormatKey("material", material, default: "chrome", "The bar's material."),    FormatKey("appearance", .word(["auto", "standard", "scrollEdge"]), default: "auto",
      "iOS 15's bar appearance: `scrollEdge` is clear (no background, material or separator); `auto` is scroll edge unless a view declared before the bar overlaps it."),
  ])

  static let tabItem = FormatTable("tab bar item", "A tab: its title and symbol.", [
    FormatKey("title", .text, required: true, "The tab's title."),
    FormatKey("symbol", .word(Symbols.names), "A symbol's name (a tab without one shows a grey square)."),
  ], allowsNull: false)

  static let toolbar = FormatTable("toolbar", "A UIToolbar with symbol items spread by flexible spaces.", [
    FormatKey("id", .name, default: "toolbar", "The view's id."),
    FormatKey("items", .list(.word(Symbols.names), min: 1, max: 8), required: true, "1 to 8 symbol names."),
    FormatKey("tint", .color, default: "systemBlue", "The items' colour."),
    FormatKey("backgroundColor", .color, "An opaque bar's colour."),
    FormatKey("material", material, default: "chrome", "The bar's material."),    FormatKey("appearance", .word(["auto", "standard", "scrollEdge"]), default: "auto",
      "iOS 15's bar appearance: `scrollEdge` is clear (no background, material or separator); `auto` is scroll edge unless a view declared before the bar overlaps it."),
  ])

  static let photoGrid = FormatTable("photoGrid", "A clipping view of square image cells, row by row (`cells[n]` is the n-th image).", [
    FormatKey("id", .name, default: "photoGrid", "The view's id."),
    FormatKey("frame", rect, required: true, "[x, y, width, height] in points."),
    FormatKey("columns", .integer(.range(1...50)), default: 3, "Cells a row."),
    FormatKey("spacing", .number(.range(0...100), unit: "pt"), default: 2, "Points between cells."),
    FormatKey("images", .list(.text, max: 2000), required: true, "Asset names, one a cell."),
    FormatKey("contentMode", words(SceneView.ContentMode.self), default: "aspectFill", "How each image fits its cell."),
    FormatKey("backgroundColor", .color, "The grid's background."),
  ])

  /// The view kinds a subview entry may name, with their tables (scene components aside).
  static let viewKinds: [(kind: String, table: FormatTable)] = [
    ("view", view), ("image", image), ("label", label), ("gradient", gradient), ("path", path), ("symbol", symbol),
  ]
}
