/// How the subviews of a matched view's source and destination pair up when the flying view
/// re-lays out (`subviews: relayout`): a subview of the source and one of the destination
/// with the same `id` are one view moving between its two layouts; inside each pair their own
/// subviews pair the same way, level by level. Subviews without an id, or whose id the other
/// side does not have at that level, are unpaired: the source's fade out, the destination's
/// fade in. (SwiftUI's matchedGeometryEffect pairs views by id the same way, one view per id.)
public struct SubviewPairing: Hashable, Sendable {
  /// A source subview and a destination subview with the same id (indices into their
  /// parents' `subviews`), and how their own subviews pair.
  public struct Pair: Hashable, Sendable {
    public var source: Int
    public var destination: Int
    public var children: SubviewPairing
  }

  public var pairs: [Pair]
  /// Source subviews with no partner (indices), drawn fading out.
  public var sourceOnly: [Int]
  /// Destination subviews with no partner (indices), drawn fading in.
  public var destinationOnly: [Int]

  public init(source: SceneView, destination: SceneView) {
    var byId: [String: Int] = [:]
    for (i, v) in destination.subviews.enumerated() {
      if let id = v.id, byId[id] == nil { byId[id] = i }
    }
    var pairs: [Pair] = []
    var sourceOnly: [Int] = []
    var taken = Set<Int>()
    for (i, v) in source.subviews.enumerated() {
      if let id = v.id, let j = byId[id], !taken.contains(j) {
        taken.insert(j)
        pairs.append(Pair(source: i, destination: j, children: SubviewPairing(source: v, destination: destination.subviews[j])))
      } else {
        sourceOnly.append(i)
      }
    }
    self.pairs = pairs
    self.sourceOnly = sourceOnly
    destinationOnly = destination.subviews.indices.filter { !taken.contains($0) }
  }

  /// Whether no subview pairs at any level.
  public var isEmpty: Bool { pairs.isEmpty }

  /// A pairing that cannot be drawn as written.
  public enum Problem: Hashable, Sendable {
    /// Paired subviews draw different kinds of content (an image and a label).
    case mismatchedContent(id: String, source: String, destination: String, at: SourceLocation?)
    /// No subview of the source shares an id with one of the destination.
    case nothingPaired
  }

  /// What is wrong with pairing `source`'s subviews with `destination`'s, in document order.
  /// (Two subviews of one parent never share an id: the reader rejects that for any view.)
  public static func problems(source: SceneView, destination: SceneView) -> [Problem] {
    var out: [Problem] = []
    func check(_ s: SceneView, _ d: SceneView) {
      for pair in SubviewPairing(source: s, destination: d).pairs {
        let a = s.subviews[pair.source], b = d.subviews[pair.destination]
        if a.contentKind != b.contentKind {
          out.append(.mismatchedContent(id: a.id ?? "", source: a.contentKind, destination: b.contentKind, at: b.location))
        }
        check(a, b)
      }
    }
    check(source, destination)
    if SubviewPairing(source: source, destination: destination).isEmpty { out.append(.nothingPaired) }
    return out
  }
}

extension SceneView {
  /// What the view draws, in words (for pairing errors): `image`, `label`, `gradient`, `path`
  /// or `view` (a plain view).
  public var contentKind: String {
    switch content {
    case .image?: "image"
    case .text?: "label"
    case .gradient?: "gradient"
    case .path?: "path"
    case nil: "view"
    }
  }
}
