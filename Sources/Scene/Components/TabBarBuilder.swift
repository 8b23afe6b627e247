import Geometry
import Symbols

/// `tabBar`: a UITabBar, 49 pt above the bottom safe area, its tabs (symbol and title) in
/// equal widths, the selected one in the tint.
struct TabBarBuilder: ComponentBuilder {
  var kind: String { "tabBar" }
  var format: FormatTable { SceneFormat.tabBar }
  var isBar: Bool { true }

  func build(_ component: ComponentInput, in reader: SceneReader) -> SceneView? {
    let f = component.fields, node = component.node
    let W = component.width, H = component.height, tint = component.tint
    var items: [BarItem] = []
    if let n = reader.require(f, "items"), let list = reader.list(n, "items") {
      items = list.compactMap { BarItem.read($0, in: reader) }
      if list.isEmpty || list.count > 8 {
        reader.report(.malformed(key: "items", expected: "1 to 8 tab titles", got: "\(list.count)"), at: n.location)
      }
    }
    var selected = 0
    if let n = f["selected"], let s = reader.integer(n, "selected", SceneFormat.tabBar.range("selected")) {
      if s < max(items.count, 1) { selected = s } else {
        reader.report(.outOfRange(key: "selected", requirement: "in 0...\(max(items.count - 1, 0))", value: Double(s)), at: n.location)
      }
    }
    let h = BuiltInComponent.tabBarContentHeight + component.device.safeArea.bottom
    var root = component.box(component.id, Rect(0, H - h, W, h), component.barBackground)
    root.material = component.barMaterial
    root.subviews.append(component.box("separator", Rect(0, 0, W, 0.33), reader.system(.separator)))
    var container = component.box("items", Rect(0, 0, W, 49), nil)
    let width = W / Double(max(items.count, 1))
    for (i, entry) in items.enumerated() {
      let ink = i == selected ? tint : reader.system(.systemGray)
      var item = component.box(nil, Rect(Double(i) * width, 0, width, 49), nil)
      // The image sits in the 30 pt above the title, centred (a grey square without a symbol).
      if let name = entry.symbol, var icon = SceneView.symbol(name, configuration: Symbols.barConfiguration(named: name, in: .tabBar) ?? BuiltInComponent.barSymbol, color: ink, frame: Rect(0, 2, width, 30), id: "icon") {
        icon.setLocation(node.location)
        item.subviews.append(icon)
      } else {
        item.subviews.append(component.box("icon", Rect(width / 2 - 12, 6, 24, 24), ink, radius: 7))
      }
      item.subviews.append(component.label("title", entry.title, Rect(0, 33, width, 13), size: 10, weight: .medium, color: ink, alignment: .center))
      container.subviews.append(item)
    }
    root.subviews.append(container)
    return root
  }
}

/// One tab of a tab bar: its title and, optionally, its symbol's name.
struct BarItem {
  var title: String
  var symbol: String?

  /// A tab bar item: a title, or `{title, symbol}`.
  static func read(_ node: SourceNode, in reader: Reader) -> BarItem? {
    guard case .mapping = node else { return reader.string(node, "items").map { BarItem(title: $0, symbol: nil) } }
    guard let f = reader.fields(node, "tab bar item", allowed: SceneFormat.tabItem.keyNames),
      let title = reader.require(f, "title").flatMap({ reader.string($0, "title") }) else { return nil }
    var symbol: String?
    if let n = f["symbol"], let name = reader.string(n, "symbol") {
      if Symbols.names.contains(name) {
        symbol = name
      } else {
        reader.report(.unknownReference(kind: "symbol", name: name, known: Symbols.names), at: n.location)
      }
    }
    return BarItem(title: title, symbol: symbol)
  }
}
