import Foundation
import Stage

/// The NAME of a review bundle: the scene file's name, `-VARIANT`, then `-KEY=VALUE` for each
/// override (the last step of its path and its value, in the order given), so that bundles of
/// different settings never share a name: `t2-cancelling-dampingRatio=0.6`. Characters other
/// than letters, digits, `.`, `+`, `-` and `_` become `_`; when the overrides would make a name
/// longer than `maxOverrideLength`, they are replaced by `set-` and 8 hex digits of their
/// SHA-256.
enum BundleName {
  static let maxOverrideLength = 60

  static func make(scene: String, variant: String?, sets: [String]) -> String {
    var name = ((scene as NSString).lastPathComponent as NSString).deletingPathExtension
    if let variant { name += "-" + safe(variant) }
    guard !sets.isEmpty else { return name }
    let parts = sets.map { set -> String in
      guard let eq = set.firstIndex(of: "=") else { return safe(set) }
      let path = set[..<eq].trimmingCharacters(in: .whitespaces)
      let last = path.split(separator: ".").last.map(String.init) ?? path
      return safe(last) + "=" + safe(set[set.index(after: eq)...].trimmingCharacters(in: .whitespaces))
    }
    let joined = parts.joined(separator: "-")
    if joined.count <= maxOverrideLength { return name + "-" + joined }
    var h = ContentHash()
    for s in sets { h.update(s); h.update([0]) }
    return name + "-set-" + String(ContentHash.hex(h.finalize()).prefix(8))
  }

  /// `text` with every character outside [A-Za-z0-9.+_-] replaced by `_` (runs collapsed,
  /// none at the ends).
  static func safe(_ text: String) -> String {
    var out = ""
    for c in text.unicodeScalars {
      let ok = ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || "._+-".unicodeScalars.contains(c)
      if ok { out.unicodeScalars.append(c) } else if !out.hasSuffix("_") { out += "_" }
    }
    while out.hasPrefix("_") { out.removeFirst() }
    while out.hasSuffix("_") { out.removeLast() }
    return out.isEmpty ? "_" : out
  }

  /// What a bundle's contact sheet and page are titled: the scene's name, the variant (`base`
  /// for the scene as written) and each override as `KEY=VALUE` (the last step of its path):
  /// `Photos drag to dismiss · variant cancelling · dampingRatio=0.6`.
  static func title(sceneName: String, variant: String?, sets: [String]) -> String {
    let overrides = sets.map { set -> String in
      guard let eq = set.firstIndex(of: "=") else { return set }
      let path = set[..<eq].trimmingCharacters(in: .whitespaces)
      let last = path.split(separator: ".").last.map(String.init) ?? path
      return last + "=" + set[set.index(after: eq)...].trimmingCharacters(in: .whitespaces)
    }
    return ([sceneName, "variant " + (variant ?? "base")] + overrides).joined(separator: " · ")
  }
}
