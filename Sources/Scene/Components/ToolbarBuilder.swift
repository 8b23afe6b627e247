import Geometry
import Symbols

/// `toolbar`: a UIToolbar with its symbol items spread by flexible spaces: the first and
/// last 44 pt item boxes at the 16 pt margins, the others evenly between, in the 49 pt row
/// above the home indicator's 34 pt.
struct ToolbarBuilder: ComponentBuilder {
  var kind: String { "toolbar" }
  var format: FormatTable { SceneFormat.toolbar }
  var isBar: Bool { true }

  func build(_ component: ComponentInput, in reader: SceneReader) -> SceneView? {
    let f = component.fields, node = component.node
    let W = component.width, H = component.height
    var names: [String] = []
    if let n = reader.require(f, "items"), let list = reader.list(n, "items") {
      names = list.compactMap { item in
        guard let name = reader.string(item, "items") else { return nil }
        guard Symbols.names.contains(name) else {
          reader.report(.unknownReference(kind: "symbol", name: name, known: Symbols.names), at: item.location)
          return nil
        }
        return name
      }
      if list.isEmpty || list.count > 8 {
        reader.report(.malformed(key: "items", expected: "1 to 8 symbol names", got: "\(list.count)"), at: n.location)
      }
    }
    let h = BuiltInComponent.tabBarContentHeight + component.device.safeArea.bottom
    var root = component.box(component.id, Rect(0, H - h, W, h), component.barBackground)
    root.material = component.barMaterial
    root.subviews.append(component.box("separator", Rect(0, 0, W, 0.33), reader.system(.separator)))
    var container = component.box("items", Rect(0, 0, W, 49), nil)
    let step = names.count > 1 ? (W - 32 - 44) / Double(names.count - 1) : 0
    for (i, name) in names.enumerated() {
      let x = names.count > 1 ? 16 + Double(i) * step : W / 2 - 22
      if var item = SceneView.symbol(name, configuration: Symbols.barConfiguration(named: name, in: .toolbar) ?? BuiltInComponent.barSymbol, color: component.tint, frame: Rect(x, 0, 44, 49), id: nil) {
        item.setLocation(node.location)
        container.subviews.append(item)
      }
    }
    root.subviews.append(container)
    return root
  }
}
