import Geometry
import TestSupport
import Testing
@testable import Scene

/// The id index answers as a walk of the tree does (the walk `viewPath` used before: time
/// linear in the views for every path, quadratic for a scene of many tracks and views).
@Suite struct ViewIdIndexTests {
  /// A random tree of `count` views with ids from a small alphabet (so ids repeat).
  static func tree(_ rng: inout SplitMix64, count: Int) -> SceneView {
    var root = SceneView(id: "root")
    var paths: [[Int]] = [[]]
    for _ in 0..<count {
      let parent = paths[Int(rng.next() % UInt64(paths.count))]
      let id = rng.next() % 4 == 0 ? nil : "v\(rng.next() % 6)"
      var index = 0
      root.modifyDescendant(at: parent) { v in
        v.subviews.append(SceneView(id: id))
        index = v.subviews.count - 1
      }
      paths.append(parent + [index])
    }
    return root
  }

  /// Every view below `view` with `id`, in pre-order, by walking.
  static func walk(_ id: String, below view: SceneView) -> [[Int]] {
    var result: [[Int]] = []
    func visit(_ v: SceneView, _ path: [Int]) {
      for (i, child) in v.subviews.enumerated() {
        if child.id == id { result.append(path + [i]) }
        visit(child, path + [i])
      }
    }
    visit(view, [])
    return result
  }

  static func allPaths(_ view: SceneView, _ path: [Int] = []) -> [[Int]] {
    [path] + view.subviews.enumerated().flatMap { allPaths($1, path + [$0]) }
  }

  @Test func indexAgreesWithAWalk() throws {
    var rng = SplitMix64(seed: 99)
    for _ in 0..<30 {
      let root = Self.tree(&rng, count: Int(1 + rng.next() % 60))
      let index = ViewIdIndex(root)
      for prefix in Self.allPaths(root) {
        let view = try #require(root.descendant(at: prefix))
        for id in (0..<7).map({ "v\($0)" }) {
          let walked = Self.walk(id, below: view)
          let indexed = index.matches(id, below: prefix)
          #expect(indexed.count == walked.count && indexed.first == walked.first, "id \(id) below \(prefix)")
        }
      }
      #expect(index.sortedIds == Array(Set(Self.allPaths(root).dropFirst().compactMap { root.descendant(at: $0)?.id })).sorted())
    }
  }
}
