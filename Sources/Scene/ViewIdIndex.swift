/// Every view id of one screen with the index paths that carry it, in the scene's order
/// (pre-order, which is also lexicographic order of the paths), so that resolving a view path
/// costs time logarithmic in the screen's views instead of a walk of the whole tree: a scene
/// with thousands of tracks and views validates in time linear in their number.
final class ViewIdIndex {
  /// The root view this index was built from (a changed tree gets a new index).
  let root: SceneView
  private let paths: [String: [[Int]]]
  /// Every id below the root, each once, sorted (for "known views" notes), built on first use.
  private(set) lazy var sortedIds: [String] = paths.keys.sorted()

  init(_ root: SceneView) {
    self.root = root
    var paths: [String: [[Int]]] = [:]
    func walk(_ v: SceneView, _ path: inout [Int]) {
      for (i, child) in v.subviews.enumerated() {
        path.append(i)
        if let id = child.id { paths[id, default: []].append(path) }
        walk(child, &path)
        path.removeLast()
      }
    }
    var path: [Int] = []
    walk(root, &path)
    self.paths = paths
  }

  /// How many views strictly below the view at `prefix` have `id`, and the index path (relative
  /// to that view) of the first of them in the scene's order.
  func matches(_ id: String, below prefix: [Int]) -> (count: Int, first: [Int]?) {
    guard let all = paths[id] else { return (0, nil) }
    if prefix.isEmpty { return (all.count, all.first) }
    // The paths starting with `prefix` are contiguous in lexicographic order.
    let lower = partition(all) { !$0.lexicographicallyPrecedes(prefix) }
    let upper = partition(all) { !$0.lexicographicallyPrecedes(prefix) && !$0.starts(with: prefix) }
    var range = lower..<upper
    if let first = range.first, all[first] == prefix { range = (first + 1)..<upper }
    return (range.count, range.first.map { Array(all[$0].dropFirst(prefix.count)) })
  }

  /// The index paths (relative to the view at `prefix`) of the first `limit` views strictly
  /// below it that have `id`, in the scene's order (to name them when a path is ambiguous);
  /// time logarithmic in the views plus `limit`.
  func matches(_ id: String, below prefix: [Int], limit: Int) -> [[Int]] {
    guard let all = paths[id] else { return [] }
    let lower = partition(all) { !$0.lexicographicallyPrecedes(prefix) }
    let upper = partition(all) { !$0.lexicographicallyPrecedes(prefix) && !$0.starts(with: prefix) }
    return all[lower..<upper].lazy.filter { $0 != prefix }.prefix(limit).map { Array($0.dropFirst(prefix.count)) }
  }

  /// The first index of `items` where `isAfter` holds (it must hold for a suffix).
  private func partition(_ items: [[Int]], _ isAfter: ([Int]) -> Bool) -> Int {
    var lo = 0, hi = items.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if isAfter(items[mid]) { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }
}
