import Geometry

/// `navigationBar`: a UINavigationBar (44 pt, 96 with a large title) with its material
/// reaching up behind the status bar, back button, title, custom bar button views and
/// separator.
struct NavigationBarBuilder: ComponentBuilder {
  var kind: String { "navigationBar" }
  var format: FormatTable { SceneFormat.navigationBar }
  var isBar: Bool { true }

  func build(_ component: ComponentInput, in reader: SceneReader) -> SceneView? {
    let f = component.fields, node = component.node, scope = component.scope
    let W = component.width, tint = component.tint, background = component.background
    let large = f["largeTitle"].flatMap { reader.bool($0, "largeTitle") } ?? false
    let top = f["top"].flatMap { reader.number($0, "top", SceneFormat.navigationBar.range("top")) } ?? component.device.safeArea.top
    let height = BuiltInComponent.navigationBarHeight + (large ? BuiltInComponent.largeTitleExtra : 0)
    var root = component.box(component.id, Rect(0, top, W, height), component.barMaterial == nil ? component.barBackground : nil)
    root.role = .navigationBar
    if let barMaterial = component.barMaterial {
      // The bar's background reaches up behind the status bar, as UIKit's does.
      var backdrop = component.box("background", Rect(0, -top, W, top + height), background)
      backdrop.material = barMaterial
      root.subviews.append(backdrop)
    }
    let title = f["title"].flatMap { reader.string($0, "title") } ?? ""
    if let back = f["backTitle"].flatMap({ reader.string($0, "backTitle") }) {
      var button = component.box("back", Rect(0, 0, 120, 44), nil)
      // The system back indicator: chevron.left, its left edge 8 pt in, centred on the bar.
      if var chevron = SceneView.symbol("chevron.left", configuration: BuiltInComponent.backSymbol, color: tint, frame: Rect(8, 0, 13, 44), id: "chevron") {
        chevron.role = .backChevron
        chevron.setLocation(node.location)
        button.subviews.append(chevron)
      }
      var backLabel = component.label("label", back, Rect(BuiltInComponent.backLabelX, 11, 91, 22), size: 17, weight: .regular, color: tint, alignment: .left)
      backLabel.role = .backLabel
      button.subviews.append(backLabel)
      button.role = .backButton
      root.subviews.append(button)
    }
    if large {
      var v = component.label("title", title, Rect(16, 44 + 3, W - 32, 41), size: 34, weight: .bold, color: reader.system(.label), alignment: .left)
      v.role = .largeTitle
      root.subviews.append(v)
    } else {
      var v = component.label("title", title, Rect(W / 2 - 110, 11, 220, 22), size: 17, weight: .semibold, color: reader.system(.label), alignment: .center)
      v.role = .navigationTitle
      root.subviews.append(v)
    }
    if let n = f["items"], let list = reader.list(n, "items") {
      // Custom bar button views (a "Select" capsule): in the bar's space, above its
      // background and title, so they stay with the bar (window-level in a push or pop).
      var items = component.box("items", Rect(0, 0, W, BuiltInComponent.navigationBarHeight), nil)
      var inner = scope
      inner.depth += 1
      for item in list { items.subviews += SceneView.readSubview(item, in: inner, reader: reader) }
      SceneView.checkSiblingIds(items.subviews, reader: reader)
      items.role = .barButtonItems
      root.subviews.append(items)
    }
    if f["separator"].flatMap({ reader.bool($0, "separator") }) ?? true {
      root.subviews.append(component.box("separator", Rect(0, height - 0.33, W, 0.33), reader.system(.separator)))
    }
    return root
  }
}
