extension ViewPath {
  /// Resolves `screen.id[n].id` against the screens (see `ViewPath`).
  static func read(_ node: SourceNode, _ key: String, screens: [Screen], in reader: SceneReader) -> ViewPath? {
    guard let text = reader.string(node, key) else { return nil }
    let location = node.location
    // Tokens: names separated by dots, and [n] indices.
    var tokens: [Token] = []
    var name = ""
    var chars = Array(text)[...]
    func flush() -> Bool {
      guard !name.isEmpty else { return false }
      tokens.append(.id(name)); name = ""; return true
    }
    var ok = true
    var afterIndex = false
    while let c = chars.first {
      chars = chars.dropFirst()
      if c == "." {
        if !flush() && !afterIndex { ok = false }
        afterIndex = false
      } else if c == "[" {
        if !flush() && !afterIndex { ok = false }
        guard let close = chars.firstIndex(of: "]"), let n = Int(String(chars[chars.startIndex..<close])), n >= 0 else { ok = false; break }
        tokens.append(.index(n))
        chars = chars[(close + 1)...]
        afterIndex = true
      } else if c.isNumber && name.isEmpty && !tokens.isEmpty {
        // `grid.cells.3` is `grid.cells[3]` (brackets need quotes inside YAML's {...}).
        var digits = String(c)
        while let d = chars.first, d.isNumber { digits.append(d); chars = chars.dropFirst() }
        guard let n = Int(digits), chars.first == nil || chars.first == "." || chars.first == "[" else { ok = false; break }
        tokens.append(.index(n))
        afterIndex = true
      } else if c.isLetter || c.isNumber || c == "_" || c == "-" {
        if afterIndex { ok = false }
        name.append(c)
      } else {
        ok = false
      }
    }
    if !flush() && !afterIndex { ok = false }
    guard ok, case .id(let screenName)? = tokens.first else {
      reader.report(.malformed(key: key, expected: "a view path like 'screen.viewId' or 'screen.grid[3]'", got: "'\(text)'"), at: location)
      return nil
    }
    guard let screen = reader.screen(named: screenName, in: screens) else {
      reader.report(.unknownReference(kind: "screen", name: screenName, known: reader.screenNames(screens)), at: location)
      return nil
    }
    let ids = reader.idIndex(screen)
    var view = screen.view
    var indices: [Int] = []
    var walked = screenName
    for token in tokens.dropFirst() {
      switch token {
      case .index(let n):
        guard view.subviews.indices.contains(n) else {
          reader.report(.outOfRange(key: "the subview index of '\(walked)' (it has \(view.subviews.count))", requirement: "in 0...\(max(view.subviews.count - 1, 0))", value: Double(n)), at: location)
          return nil
        }
        indices.append(n); view = view.subviews[n]
        walked += "[\(n)]"
      case .id(let id):
        let matches = ids.matches(id, below: indices)
        guard let first = matches.first else {
          var known: [String]
          if indices.isEmpty {
            known = Array(ids.sortedIds.prefix(40))
          } else {
            known = []
            Self.collectIds(view, into: &known)
            known = Array(Array(Set(known)).sorted().prefix(40))
          }
          reader.report(.unknownReference(kind: "view", name: "\(walked).\(id)", known: known.map { "\(walked).\($0)" }), at: location)
          return nil
        }
        if matches.count > 1 {
          let named = ids.matches(id, below: indices, limit: SceneDiagnostic.maxPathsNamed).map { Self.uniquePath(from: walked, at: indices, in: view, to: $0, ids: ids) }
          reader.report(.ambiguousReference(name: "\(walked).\(id)", count: matches.count, paths: named), at: location)
          return nil
        }
        for i in first { view = view.subviews[i] }
        indices += first
        walked += ".\(id)"
      }
    }
    return ViewPath(text: text, screen: screenName, indices: indices, location: location)
  }

  private enum Token { case id(String), index(Int) }

  /// A path to the view at `relative` below `view` (at `indices`, written `walked`) that
  /// picks it alone: each step the nearest view on the way with an id no other view below the
  /// step's start has (`.battery`), else the next subview by index (`[1]`).
  static func uniquePath(from walked: String, at indices: [Int], in view: SceneView, to relative: [Int], ids: ViewIdIndex) -> String {
    var text = walked, at = indices, v = view
    var rest = relative[...]
    while let first = rest.first {
      // The views on the way, nearest first, and the first of them with an id unique below `at`.
      var chain: [(view: SceneView, steps: Int)] = []
      var w = v
      for (k, i) in rest.enumerated() { w = w.subviews[i]; chain.append((w, k + 1)) }
      if let hit = chain.first(where: { $0.view.id.map { ids.matches($0, below: at).count == 1 } ?? false }) {
        text += ".\(hit.view.id!)"
        at += rest.prefix(hit.steps)
        rest = rest.dropFirst(hit.steps)
        v = hit.view
      } else {
        text += "[\(first)]"
        at.append(first)
        rest = rest.dropFirst()
        v = v.subviews[first]
      }
    }
    return text
  }

  static func collectIds(_ view: SceneView, into ids: inout [String]) {
    for child in view.subviews {
      if let id = child.id { ids.append(id) }
      collectIds(child, into: &ids)
    }
  }
}
