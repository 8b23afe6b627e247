import Foundation
import Scene

/// Which scene variants a comparison renders, from `--vary key=v1,v2` (at most two keys:
/// a cross product, the first key down the rows, the second across the columns) and
/// `--variants a,b` (the scene's named variants; with `--vary`, each variant is a row).
/// Each entry is a variant name and `--set` overrides, with a label saying what differs.
public struct VariantPlan: Hashable, Sendable {
  public struct Entry: Hashable, Sendable {
    /// The scene's named variant to apply (nil: the scene as written).
    public var variant: String?
    /// `PATH=VALUE` overrides (`--set`), applied after the variant.
    public var sets: [String]
    /// The cell's `--vary` values as `PATH=VALUE` overrides, applied last (errors in them are
    /// reported as `--vary PATH=VALUE`).
    public var varied: [String]
    /// What differs, e.g. "dampingRatio 0.6" or "cancelling · duration 0.3".
    public var label: String

    public init(variant: String?, sets: [String] = [], varied: [String] = [], label: String) {
      self.variant = variant; self.sets = sets; self.varied = varied; self.label = label
    }
  }

  public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
    case malformedVary(String)
    case tooManyKeys(Int)
    case duplicateKey(String)
    case tooManyCells(Int, limit: Int)
    case nothingToCompare

    public var description: String {
      switch self {
      case .malformedVary(let s):
        return "--vary '\(s)': write it as PATH=V1,V2,..., e.g. --vary transition.interactive.complete.spring.dampingRatio=0.6,0.8,1.0"
      case .tooManyKeys(let n): return "--vary takes at most two keys (a cross product); got \(n)"
      case .duplicateKey(let k): return "--vary '\(k)' is given twice"
      case .tooManyCells(let n, let limit): return "that is \(n) cells; a comparison shows at most \(limit)"
      case .nothingToCompare: return "nothing to compare: give --vary PATH=V1,V2,..., --variants A,B,... or --refresh 120,60,30"
      }
    }
  }

  public static let maxCells = 16

  public var entries: [Entry]
  /// Cells per row (nil: the default layout).
  public var columns: Int?

  /// - Parameters:
  ///   - vary: each `PATH=V1,V2,...` (values are YAML; commas inside brackets or quotes do
  ///     not split, so `point=[1, 2],[3, 4]` has two values).
  ///   - variants: named variants; the name `base` means the scene as written, unless the
  ///     scene declares its own `base` (pass `knownVariants`).
  public init(vary: [String], variants: [String], knownVariants: [String] = []) throws(Problem) {
    var keys: [(path: String, values: [String])] = []
    for v in vary {
      guard let eq = v.firstIndex(of: "=") else { throw .malformedVary(v) }
      let path = String(v[..<eq]).trimmingCharacters(in: .whitespaces)
      let values = VariantPlan.splitValues(String(v[v.index(after: eq)...]))
      guard !path.isEmpty, !values.isEmpty, values.allSatisfy({ !$0.isEmpty }) else { throw .malformedVary(v) }
      guard !keys.contains(where: { $0.path == path }) else { throw .duplicateKey(path) }
      keys.append((path, values))
    }
    guard keys.count <= 2 else { throw .tooManyKeys(keys.count) }
    guard !keys.isEmpty || !variants.isEmpty else { throw .nothingToCompare }
    let names = VariantPlan.shortNames(keys.map(\.path))
    // Rows x columns: (variants or the first key) x (the remaining key).
    var rows: [(variant: String?, sets: [String], label: [String])] =
      variants.isEmpty ? [(nil, [], [])] : variants.map { v in
        let base = v == "base" && !knownVariants.contains("base")
        return (base ? nil : v, [], [v])
      }
    for (k, key) in keys.enumerated() {
      let labels = VariantPlan.valueLabels(name: names[k], values: key.values)
      rows = rows.flatMap { row in
        key.values.indices.map { i in (row.variant, row.sets + ["\(key.path)=\(key.values[i])"], row.label + [labels[i]]) }
      }
    }
    guard rows.count <= VariantPlan.maxCells else { throw .tooManyCells(rows.count, limit: VariantPlan.maxCells) }
    entries = rows.map { Entry(variant: $0.variant, varied: $0.sets, label: $0.label.joined(separator: " · ")) }
    let lastCount = keys.last?.values.count ?? variants.count
    let rowCount = rows.count / max(1, lastCount)
    columns = rowCount > 1 ? lastCount : nil
  }

  /// One label per value of a key called `name`: `name value`, or, when the values are
  /// mappings or lists, only the parts that differ between them (`spring.dampingRatio 0.8` for
  /// one, `spring: duration 0.4, dampingRatio 0.8` for several), so that a long value is not
  /// cut to "..." in the cell's label band.
  public static func valueLabels(name: String, values: [String]) -> [String] {
    let plain = values.map { "\(name) \($0)" }
    let parsed = values.map { ValueLeaves.of($0) }
    guard values.count > 1, parsed.allSatisfy({ $0 != nil }) else { return plain }
    let leaves = parsed.map { $0! }
    guard leaves.contains(where: { $0.contains { !$0.path.isEmpty } }) else { return plain }
    var paths: [String] = []
    for list in leaves { for leaf in list where !paths.contains(leaf.path) { paths.append(leaf.path) } }
    let tables = leaves.map { list in Dictionary(list.map { ($0.path, $0.text) }, uniquingKeysWith: { a, _ in a }) }
    let differing = paths.filter { p in Set(tables.map { $0[p] ?? "\u{0}" }).count > 1 }
    guard !differing.isEmpty else { return plain }
    func join(_ p: String) -> String { p.hasPrefix("[") ? name + p : name + "." + p }
    return tables.map { table in
      if differing.count == 1 { return "\(join(differing[0])) \(table[differing[0]] ?? "none")" }
      return "\(name): " + differing.map { "\($0) \(table[$0] ?? "none")" }.joined(separator: ", ")
    }
  }

  /// Splits `a,b,[1, 2]` at top-level commas (not inside brackets, braces or quotes).
  public static func splitValues(_ s: String) -> [String] {
    var out: [String] = [], cur = "", depth = 0
    var quote: Character?
    for c in s {
      if let q = quote {
        cur.append(c)
        if c == q { quote = nil }
        continue
      }
      switch c {
      case "\"", "'": quote = c; cur.append(c)
      case "[", "{": depth += 1; cur.append(c)
      case "]", "}": depth -= 1; cur.append(c)
      case "," where depth == 0: out.append(cur.trimmingCharacters(in: .whitespaces)); cur = ""
      default: cur.append(c)
      }
    }
    out.append(cur.trimmingCharacters(in: .whitespaces))
    return out
  }

  /// The shortest trailing part of each path that tells the paths apart:
  /// `a.complete.spring.dampingRatio` -> `dampingRatio`, unless another key also ends so.
  public static func shortNames(_ paths: [String]) -> [String] {
    let parts = paths.map { $0.split(separator: ".").map(String.init) }
    return parts.enumerated().map { i, p in
      for n in 1...max(1, p.count) {
        let tail = p.suffix(n).joined(separator: ".")
        let clash = parts.enumerated().contains { j, q in j != i && q.suffix(n).joined(separator: ".") == tail }
        if !clash { return tail }
      }
      return paths[i]
    }
  }
}
