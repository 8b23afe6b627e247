import Foundation
import Scene

/// Identifiers and expressions shared by the code generators.
enum CodeNames {
  /// A camel-case identifier for a view path: `detail.nav.back.label` → `detailNavBackLabel`,
  /// `grid.cells[8]` → `gridCells8`; valid in Swift, Kotlin and JavaScript.
  static func identifier(_ path: ViewPath) -> String { identifier(path.text) }

  static func identifier(_ text: String) -> String {
    var words: [String] = []
    var current = ""
    for ch in text {
      if ch.isLetter || ch.isNumber, ch.isASCII { current.append(ch) } else if !current.isEmpty { words.append(current); current = "" }
    }
    if !current.isEmpty { words.append(current) }
    guard let first = words.first else { return "view" }
    var name = first.prefix(1).lowercased() + first.dropFirst()
    for w in words.dropFirst() { name += w.prefix(1).uppercased() + w.dropFirst() }
    if name.first?.isNumber == true { name = "view" + name }
    return reserved.contains(name) ? name + "View" : name
  }

  /// Words that are keywords in one of the targets.
  static let reserved: Set<String> = [
    "default", "class", "struct", "func", "let", "var", "in", "is", "as", "do", "if", "else", "for", "while", "return",
    "switch", "case", "break", "continue", "import", "self", "super", "true", "false", "nil", "null", "val", "fun",
    "object", "when", "new", "this", "function", "typeof", "delete", "with", "yield", "throw", "try", "catch", "enum",
    "protocol", "extension", "init", "deinit", "operator", "repeat", "guard", "defer", "where", "static", "public",
  ]

  /// The track's name in comments: `detail.photo opacity`.
  static func label(_ track: Track) -> String { "\(track.target.text) \(track.property.rawValue)" }

  /// A track's values for a comment: `1 → 0`, or `0 @0, 0 @0.3, 1 @0.7, 1 @1` for keyframes.
  static func values(_ track: Track) -> String {
    if track.keyframes.count == 2 { return "\(describe(track.from)) → \(describe(track.to))" }
    return track.keyframes.map { "\(describe($0.value)) at \(decimal($0.at, places: 4))" }.joined(separator: ", ")
  }

  static func describe(_ v: PropertyValue) -> String {
    switch v {
    case .number(let x): return decimal(x, places: 4)
    case .point(let p): return "(\(decimal(p.x, places: 3)), \(decimal(p.y, places: 3)))"
    case .size(let s): return "\(decimal(s.width, places: 3))x\(decimal(s.height, places: 3))"
    case .rect(let r):
      return "[\(decimal(r.origin.x, places: 3)), \(decimal(r.origin.y, places: 3)), \(decimal(r.size.width, places: 3)), \(decimal(r.size.height, places: 3))]"
    case .color(let c): return "rgba(\(decimal(c.red * 255, places: 1)), \(decimal(c.green * 255, places: 1)), \(decimal(c.blue * 255, places: 1)), \(decimal(c.alpha, places: 4)))"
    }
  }
}

/// The gesture's progress mapping and release rule written as expressions in a target
/// language, with the names that language's code uses for the pan's numbers.
struct GestureTerms {
  let progress: ProgressSpec
  let release: ReleaseSpec

  /// The axis the progress reads ("x" or "y").
  var axis: String {
    switch progress.direction {
    case .down, .up, .vertical: return "y"
    case .left, .right, .horizontal: return "x"
    }
  }

  /// The translation's component that drives p, e.g. `translation.y`, `-translation.x`,
  /// `abs(translation.x)` (`absName` is the language's absolute value function).
  func component(_ translation: String, absName: String = "abs") -> String {
    let c = "\(translation).\(axis)"
    switch progress.direction {
    case .down, .right: return c
    case .up, .left: return "-\(c)"
    case .horizontal, .vertical: return "\(absName)(\(c))"
    }
  }

  /// The velocity along the progress direction, given the velocity and translation names.
  func axisVelocity(_ velocity: String, translation: String, signName: String = "copysign") -> String {
    let v = "\(velocity).\(axis)"
    switch progress.direction {
    case .down, .right: return v
    case .up, .left: return "-\(v)"
    case .horizontal, .vertical:
      return signName == "copysign" ? "(\(translation).\(axis) < 0 ? -\(v) : \(v))" : "(if (\(translation).\(axis) < 0) -\(v) else \(v))"
    }
  }

  /// `p = clamp(component / D, lo, hi)` in words, for comments.
  var mappingText: String {
    var s = "p = clamp(\(component("translation")) / \(decimal(progress.distance, places: 3)), \(decimal(progress.clamp.lowerBound, places: 4)), \(decimal(progress.clamp.upperBound, places: 4)))"
    if progress.negative == .reset { s += "; a translation against the direction resets the translation to zero" }
    if let d = progress.rubberBand { s += "; past the ends rubber-banded: (1 - 1 / (x * 0.55 / \(decimal(d, places: 3)) + 1)) * \(decimal(d, places: 3))" }
    return s
  }

  /// The release rule as a boolean expression, with `names` for p, the projected progress,
  /// the velocity and the translation (e.g. `["p": "p", "projected": "projected", "velocity":
  /// "velocity", "translation": "translation"]`).
  func rule(p: String, projected: String, velocity: String, translation: String, and: String = "&&", or: String = "||",
            float: (Double) -> String = { decimal($0, places: 6) }) -> String {
    if release.anyOf.isEmpty { return "false" }
    let groups = release.anyOf.map { group -> String in
      if group.isEmpty { return "true" }
      let parts = group.map { c -> String in
        let q: String
        switch c.quantity {
        case .progress: q = p
        case .projectedProgress: q = projected
        case .velocityX: q = "\(velocity).x"
        case .velocityY: q = "\(velocity).y"
        case .translationX: q = "\(translation).x"
        case .translationY: q = "\(translation).y"
        }
        return "\(q) \(c.comparison.rawValue) \(float(c.value))"
      }
      return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: " \(and) ") + ")"
    }
    return groups.joined(separator: " \(or) ")
  }

  /// Whether the rule reads the projected progress.
  var usesProjection: Bool { release.anyOf.contains { $0.contains { $0.quantity == .projectedProgress } } }
}
