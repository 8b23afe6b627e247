import Foundation
import Scene

/// Track values as statements in UIKit and expressions in SwiftUI, Compose and CSS.
enum TrackCode {
  static let transformProperties: Set<AnimatedProperty> = [.translation, .translationX, .translationY, .scale, .scaleX, .scaleY, .rotation]

  /// The view each track animates, as an identifier (a dimming track animates the view's
  /// dimming overlay, `<view>Dimming`).
  static func viewName(_ track: Track) -> String {
    let base = CodeNames.identifier(track.target)
    return track.property == .dimming ? base + "Dimming" : base
  }

  /// UIKit statements setting `tracks` (all on views, in order) to the values `value` picks.
  /// Transform tracks of one view become one `transform` assignment (translation, then scale,
  /// then rotation: CGAffineTransform's order).
  static func uikit(_ tracks: [Track], value: (Track) -> PropertyValue) -> [String] {
    var out: [String] = []
    var transforms: [(String, [Track])] = []
    for t in tracks {
      let v = viewName(t)
      if transformProperties.contains(t.property) {
        if let i = transforms.firstIndex(where: { $0.0 == v }) { transforms[i].1.append(t) } else { transforms.append((v, [t])) }
        continue
      }
      out.append(uikitStatement(v, t.property, value(t)))
    }
    for (v, ts) in transforms {
      var tx = 0.0, ty = 0.0, sx = 1.0, sy = 1.0, r = 0.0
      for t in ts {
        let x = value(t)
        switch t.property {
        case .translation: tx = x.point?.x ?? 0; ty = x.point?.y ?? 0
        case .translationX: tx = x.number ?? 0
        case .translationY: ty = x.number ?? 0
        case .scale: sx = x.number ?? 1; sy = sx
        case .scaleX: sx = x.number ?? 1
        case .scaleY: sy = x.number ?? 1
        case .rotation: r = x.number ?? 0
        default: break
        }
      }
      var expr = "CGAffineTransform(translationX: \(f(tx)), y: \(f(ty)))"
      if sx != 1 || sy != 1 { expr += ".scaledBy(x: \(f(sx)), y: \(f(sy)))" }
      if r != 0 { expr += ".rotated(by: \(f(r)) * .pi / 180)" }
      if tx == 0 && ty == 0 && sx == 1 && sy == 1 && r == 0 { expr = ".identity" }
      out.append("\(v).transform = \(expr)")
    }
    return out
  }

  static func uikitStatement(_ v: String, _ property: AnimatedProperty, _ x: PropertyValue) -> String {
    switch property {
    case .opacity: return "\(v).alpha = \(f(x.number ?? 0))"
    case .backgroundColor:
      let c = x.color ?? .clear
      return "\(v).backgroundColor = UIColor(red: \(f(c.red)), green: \(f(c.green)), blue: \(f(c.blue)), alpha: \(f(c.alpha)))"
    case .backgroundOpacity: return "\(v).backgroundColor = \(v).backgroundColor?.withAlphaComponent(\(f(x.number ?? 1)))  // the colour's alpha x this"
    case .position: return "\(v).center = CGPoint(x: \(f(x.point?.x ?? 0)), y: \(f(x.point?.y ?? 0)))"
    case .positionX: return "\(v).center.x = \(f(x.number ?? 0))"
    case .positionY: return "\(v).center.y = \(f(x.number ?? 0))"
    case .frame:
      let r = x.rect ?? .zero
      return "\(v).frame = CGRect(x: \(f(r.origin.x)), y: \(f(r.origin.y)), width: \(f(r.size.width)), height: \(f(r.size.height)))"
    case .size: return "\(v).bounds.size = CGSize(width: \(f(x.size?.width ?? 0)), height: \(f(x.size?.height ?? 0)))"
    case .cornerRadius: return "\(v).layer.cornerRadius = \(f(x.number ?? 0))"
    case .borderWidth: return "\(v).layer.borderWidth = \(f(x.number ?? 0))"
    case .shadowOpacity: return "\(v).layer.shadowOpacity = \(f(x.number ?? 0))"
    case .shadowRadius: return "\(v).layer.shadowRadius = \(f(x.number ?? 0))"
    case .shadowOffset: return "\(v).layer.shadowOffset = CGSize(width: \(f(x.point?.x ?? 0)), height: \(f(x.point?.y ?? 0)))"
    case .shadowOffsetX: return "\(v).layer.shadowOffset.width = \(f(x.number ?? 0))"
    case .shadowOffsetY: return "\(v).layer.shadowOffset.height = \(f(x.number ?? 0))"
    case .blurRadius:
      return "// \(v)'s material blur: \(f(x.number ?? 0)) pt (UIKit has no blur-radius property; animate the UIVisualEffectView's effect from nil with a UIViewPropertyAnimator and the same timing)"
    case .maskRadius:
      return "// \(v)'s circular mask: radius \(f(x.number ?? 0)) pt (a CAShapeLayer path; animate it with a CABasicAnimation on \"path\" using the same timing)"
    case .contentOffset: return "\(v).bounds.origin = CGPoint(x: \(f(x.point?.x ?? 0)), y: \(f(x.point?.y ?? 0)))  // contentOffset"
    case .contentOffsetY: return "\(v).bounds.origin.y = \(f(x.number ?? 0))  // contentOffset.y"
    case .dimming: return "\(v).alpha = \(f(x.number ?? 0))  // a black view over \(v.dropLast(7))"
    case .translation, .translationX, .translationY, .scale, .scaleX, .scaleY, .rotation:
      return uikit([Track(target: ViewPath(text: v, screen: "", indices: []), property: property, keyframes: [Keyframe(at: 0, value: x), Keyframe(at: 1, value: x)])], value: { _ in x })[0]
    }
  }

  /// A value's numeric components (a point's x and y, a colour's r g b a), for the keyframe
  /// functions of SwiftUI, Compose and CSS.
  static func components(_ v: PropertyValue) -> [Double] {
    switch v {
    case .number(let x): return [x]
    case .point(let p): return [p.x, p.y]
    case .size(let s): return [s.width, s.height]
    case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
    case .color(let c): return [c.red, c.green, c.blue, c.alpha]
    }
  }

  static func componentNames(_ kind: AnimatedProperty.ValueKind) -> [String] {
    switch kind {
    case .number: return [""]
    case .point: return ["X", "Y"]
    case .size: return ["Width", "Height"]
    case .rect: return ["X", "Y", "Width", "Height"]
    case .color: return ["Red", "Green", "Blue", "Alpha"]
    }
  }

  /// CSS for a track value, as Web Animations keyframe properties (camel-cased names and
  /// values); empty for a property CSS has no counterpart for.
  static func css(_ property: AnimatedProperty, _ x: PropertyValue) -> [(String, String)] {
    switch property {
    case .opacity: return [("opacity", f(x.number ?? 0))]
    case .backgroundColor:
      let c = x.color ?? .clear
      return [("backgroundColor", "rgba(\(f(c.red * 255)), \(f(c.green * 255)), \(f(c.blue * 255)), \(f(c.alpha)))")]
    case .translation: return [("translate", "\(f(x.point?.x ?? 0))px \(f(x.point?.y ?? 0))px")]
    case .translationX: return [("translate", "\(f(x.number ?? 0))px 0px")]
    case .translationY: return [("translate", "0px \(f(x.number ?? 0))px")]
    case .scale: return [("scale", f(x.number ?? 1))]
    case .scaleX: return [("scale", "\(f(x.number ?? 1)) 1")]
    case .scaleY: return [("scale", "1 \(f(x.number ?? 1))")]
    case .rotation: return [("rotate", "\(f(x.number ?? 0))deg")]
    case .cornerRadius: return [("borderRadius", "\(f(x.number ?? 0))px")]
    case .borderWidth: return [("borderWidth", "\(f(x.number ?? 0))px")]
    case .size: return [("width", "\(f(x.size?.width ?? 0))px"), ("height", "\(f(x.size?.height ?? 0))px")]
    case .maskRadius: return [("clipPath", "circle(\(f(x.number ?? 0))px)")]
    case .dimming: return [("opacity", f(x.number ?? 0))]
    case .frame:
      let r = x.rect ?? .zero
      return [("left", "\(f(r.origin.x))px"), ("top", "\(f(r.origin.y))px"), ("width", "\(f(r.size.width))px"), ("height", "\(f(r.size.height))px")]
    case .positionX: return [("left", "\(f(x.number ?? 0))px")]
    case .positionY: return [("top", "\(f(x.number ?? 0))px")]
    case .blurRadius: return [("backdropFilter", "blur(\(f(x.number ?? 0))px)")]
    case .position, .backgroundOpacity, .shadowOpacity, .shadowRadius, .shadowOffset, .shadowOffsetX, .shadowOffsetY,
      .contentOffset, .contentOffsetY: return []
    }
  }

  static func f(_ x: Double) -> String { decimal(x, places: 4) }
}
