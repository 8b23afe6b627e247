import Geometry
import Raster
import Scene
import Text

extension SceneView {
  /// The view as a Raster layer tree. `images` holds every asset, decoded once; an image view
  /// whose asset is missing from it draws nothing (Stage checks assets before rendering).
  /// A view with `dimming > 0` gets a black overlay as its last sublayer.
  func layer(images: [String: Image]) -> Layer {
    var l = Layer()
    l.bounds = bounds
    l.position = position
    l.anchorPoint = anchorPoint
    l.transform = transform.affine
    l.opacity = opacity
    l.isHidden = isHidden
    l.backgroundColor = backgroundColor
    l.backdrop = material?.backdrop
    if let r = blurRadius { l.backdrop?.blurRadius = r }
    l.cornerRadii = CornerRadii(
      topLeft: maskedCorners.contains(.topLeft) ? cornerRadius : 0,
      topRight: maskedCorners.contains(.topRight) ? cornerRadius : 0,
      bottomRight: maskedCorners.contains(.bottomRight) ? cornerRadius : 0,
      bottomLeft: maskedCorners.contains(.bottomLeft) ? cornerRadius : 0)
    l.cornerCurve = cornerCurve == .continuous ? .continuous : .circular
    l.masksToBounds = clipsToBounds
    l.border = border.map { Raster.Border(width: $0.width, color: $0.color) }
    if let s = shadow, s.opacity > 0 {
      l.shadow = Raster.Shadow(color: s.color, opacity: s.opacity, radius: s.radius, offset: s.offset, path: shadowPath(s.path))
    }
    switch content {
    case .image(let asset, let mode)?:
      if let image = images[asset] { l.contents = .image(image, Raster.ContentMode(rawValue: mode.rawValue) ?? .scaleToFill) }
    case .gradient(let g)?:
      l.contents = .linearGradient(LinearGradient(colors: g.colors, locations: g.locations, start: g.start, end: g.end))
    case .text(let t)?:
      l.contents = .text(t.label)
    case .path(let p)?:
      l.contents = .shape(ShapeContents(
        path: p.path, fill: p.fill, fillRule: p.fillRule == .evenOdd ? .evenOdd : .nonZero, stroke: p.stroke,
        strokeStyle: StrokeStyle(
          width: p.lineWidth, cap: StrokeStyle.Cap(rawValue: p.lineCap.rawValue) ?? .butt,
          join: StrokeStyle.Join(rawValue: p.lineJoin.rawValue) ?? .miter, miterLimit: p.miterLimit,
          dash: p.lineDash, dashPhase: p.lineDashPhase)))
    case nil: break
    }
    if case .circle(let c, let r)? = mask {
      l.mask = Path(ellipseIn: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
    }
    l.name = id
    l.sublayers = subviews.map { $0.layer(images: images) }
    if dimming > 0 {
      var overlay = Layer(frame: bounds, backgroundColor: Color(white: 0, alpha: dimming), name: "dimming")
      overlay.cornerRadii = l.cornerRadii
      overlay.cornerCurve = l.cornerCurve
      l.sublayers.append(overlay)
    }
    return l
  }

  private func shadowPath(_ p: ShadowPath) -> Path? {
    switch p {
    case .bounds: return nil
    case .ellipse: return Path(ellipseIn: bounds)
    case .rect(let r, let radius):
      return radius > 0 ? Path(roundedRect: r, cornerRadius: radius) : Path(rect: r)
    }
  }
}

extension SceneView.Material {
  /// The material's blur, saturation and tint (Raster's table).
  var backdrop: Backdrop {
    Raster.Material(Raster.Material.Thickness(rawValue: thickness) ?? .regular, isDark ? .dark : .light).backdrop
  }
}

extension SceneView.Text {
  /// The Text module's label for this text (system tracking and optical size unless the
  /// scene sets a letter spacing).
  var label: Label {
    Label(
      string, fontSize: fontSize, weight: Label.Weight(rawValue: weight.rawValue) ?? .regular, color: color,
      alignment: Label.Alignment(rawValue: alignment.rawValue) ?? .left,
      lineBreak: Label.LineBreak(rawValue: lineBreak.rawValue) ?? .truncateTail, numberOfLines: numberOfLines,
      letterSpacing: letterSpacing ?? Label.systemTracking(forPointSize: fontSize),
      lineHeightMultiple: lineHeightMultiple, opticalSize: Label.systemOpticalSize(forPointSize: fontSize))
  }

  /// The width of this text on one line, in points, measured by the Text module (0 when it
  /// cannot be measured).
  var measuredWidth: Double {
    var one = label
    one.numberOfLines = 1
    return (try? measure(one, maxWidth: nil).width) ?? 0
  }
}
