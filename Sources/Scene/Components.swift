import Geometry
import Symbols

/// Chrome that app screens have, expanded into plain views when the scene loads (the
/// renderer never sees a "tab bar", only views). Heights that depend on the phone (status
/// bar, safe areas) come from the canvas's `Device`; the rest are UIKit's (points).
enum BuiltInComponent: String, CaseIterable {
  case statusBar, navigationBar, tabBar, toolbar, photoGrid

  static let navigationBarHeight = 44.0
  static let largeTitleExtra = 52.0
  /// A tab bar's height above the bottom safe area.
  static let tabBarContentHeight = 49.0
  /// Where the back button's label starts, from the bar's leading edge (points).
  static let backLabelX = 29.0
  /// Tab bar and toolbar symbols before fitting to the HIG's boxes (Symbols.barConfiguration):
  /// body size, large scale.
  static let barSymbol = SymbolConfiguration(pointSize: 17, weight: .regular, scale: .large)
  /// The back button's chevron.left: the semibold back indicator, large scale.
  static let backSymbol = SymbolConfiguration(pointSize: 17, weight: .semibold, scale: .large)

  /// An opaque bar's background (`material: none` without a `backgroundColor`): #F9F9F9 in
  /// light (UIKit's opaque bar grey), in dark the dark chrome material's tint made opaque
  /// (#161617; docs/raster.md, "Backdrop materials").
  static func opaqueBarBackground(_ appearance: Appearance) -> Color {
    appearance == .light ? Color(hex: "#F9F9F9")! : Color(red: 22 / 255, green: 22 / 255, blue: 23 / 255)
  }

  /// The component's keys, from the format's tables.
  var keys: [String] { SceneFormat.builtIn(self).keyNames }
}

extension SceneView {
  /// Gives this view and its descendants `location` (where the component was written).
  mutating func setLocation(_ location: SourceLocation) {
    self.location = location
    for i in subviews.indices { subviews[i].setLocation(location) }
  }
}

/// One tab of a tab bar: its title and, optionally, its symbol's name.
struct BarItem {
  var title: String
  var symbol: String?
}

/// A scene's own component: a view with `$parameter` placeholders.
struct ComponentTemplate {
  var name: String
  /// Parameter names and their default values (nil: required).
  var parameters: [(name: String, defaultValue: SourceNode?)]
  /// One subview entry (`KIND: {...}`) with placeholders.
  var body: SourceNode
  var location: SourceLocation
}

extension Reader {
  func expand(_ component: BuiltInComponent, _ node: SourceNode, in scope: ViewScope) -> SceneView? {
    guard let f = fields(node, component.rawValue, allowed: component.keys) else { return nil }
    let W = scope.canvas.size.width, H = scope.canvas.size.height
    let device = scope.canvas.device
    var root: SceneView
    let id = f["id"].flatMap { identifier($0, "id") } ?? component.rawValue
    let background = f["backgroundColor"].flatMap { color($0, "backgroundColor") }
    let tint = f["tint"].flatMap { color($0, "tint") } ?? system(.systemBlue)
    // A bar's background: the chrome material (UIBarAppearance's default background
    // effect, systemChromeMaterial) unless `material:` names another (or `none`) or the
    // bar has a `backgroundColor` and no `material:` (an opaque bar).
    var barMaterial: SceneView.Material? = background == nil ? SceneView.Material.chrome.resolved(self.appearance) : nil
    if let n = f["material"] { barMaterial = material(n) }
    let barBackground = barMaterial == nil ? background ?? BuiltInComponent.opaqueBarBackground(self.appearance) : background
    // Standard or scroll-edge appearance (BarAppearance): automatic for a bar that declares
    // neither a background colour nor a material.
    let appearance = f["appearance"].flatMap { barAppearance($0) }
      ?? (f["backgroundColor"] == nil && f["material"] == nil ? .automatic : .standard)
    func label(_ id: String, _ text: String, _ frame: Rect, size: Double, weight: SceneView.Text.Weight,
               color: Color, alignment: SceneView.Text.Alignment) -> SceneView {
      var v = SceneView(id: id, frame: frame)
      v.content = .text(SceneView.Text(text, fontSize: size, weight: weight, color: color, alignment: alignment))
      v.location = node.location
      return v
    }
    func box(_ id: String?, _ frame: Rect, _ color: Color?, radius: Double = 0) -> SceneView {
      var v = SceneView(id: id, frame: frame)
      v.backgroundColor = color
      v.cornerRadius = radius
      v.location = node.location
      return v
    }

    switch component {
    case .statusBar:
      let light = f["style"].flatMap { n -> Bool? in
        guard let s = string(n, "style") else { return nil }
        if s == "light" { return true }
        if s == "dark" { return false }
        report(.notOneOf(key: "status bar style", value: s, allowed: ["dark", "light"]), at: n.location)
        return nil
      } ?? (self.appearance == .dark)
      // The background belongs to the screen (a bar's colour reaching up under the status
      // bar, down to the top of the safe area); the time and indicators belong to the
      // window and stay put while screens move.
      root = box(id, Rect(0, 0, W, device.safeArea.top), background)
      root.role = .statusBar
      let time = f["time"].flatMap { string($0, "time") } ?? StatusBarContent.defaultTime
      let battery = f["battery"].flatMap { number($0, "battery", SceneFormat.statusBar.range("battery")) } ?? StatusBarContent.defaultBattery
      var content = StatusBarContent(device: device, light: light, time: time, battery: battery).view
      content.setLocation(node.location)
      root.subviews.append(content)

    case .navigationBar:
      let large = f["largeTitle"].flatMap { bool($0, "largeTitle") } ?? false
      let top = f["top"].flatMap { number($0, "top", SceneFormat.navigationBar.range("top")) } ?? device.safeArea.top
      let height = BuiltInComponent.navigationBarHeight + (large ? BuiltInComponent.largeTitleExtra : 0)
      root = box(id, Rect(0, top, W, height), barMaterial == nil ? barBackground : nil)
      root.role = .navigationBar
      if let barMaterial {
        // The bar's background reaches up behind the status bar, as UIKit's does.
        var backdrop = box("background", Rect(0, -top, W, top + height), background)
        backdrop.material = barMaterial
        root.subviews.append(backdrop)
      }
      let title = f["title"].flatMap { string($0, "title") } ?? ""
      if let back = f["backTitle"].flatMap({ string($0, "backTitle") }) {
        var button = box("back", Rect(0, 0, 120, 44), nil)
        // The system back indicator: chevron.left, its left edge 8 pt in, centred on the bar.
        if var chevron = SceneView.symbol("chevron.left", configuration: BuiltInComponent.backSymbol, color: tint, frame: Rect(8, 0, 13, 44), id: "chevron") {
          chevron.role = .backChevron
          chevron.setLocation(node.location)
          button.subviews.append(chevron)
        }
        var backLabel = label("label", back, Rect(BuiltInComponent.backLabelX, 11, 91, 22), size: 17, weight: .regular, color: tint, alignment: .left)
        backLabel.role = .backLabel
        button.subviews.append(backLabel)
        button.role = .backButton
        root.subviews.append(button)
      }
      if large {
        var v = label("title", title, Rect(16, 44 + 3, W - 32, 41), size: 34, weight: .bold, color: system(.label), alignment: .left)
        v.role = .largeTitle
        root.subviews.append(v)
      } else {
        var v = label("title", title, Rect(W / 2 - 110, 11, 220, 22), size: 17, weight: .semibold, color: system(.label), alignment: .center)
        v.role = .navigationTitle
        root.subviews.append(v)
      }
      if let n = f["items"], let list = list(n, "items") {
        // Custom bar button views (a "Select" capsule): in the bar's space, above its
        // background and title, so they stay with the bar (window-level in a push or pop).
        var items = box("items", Rect(0, 0, W, BuiltInComponent.navigationBarHeight), nil)
        var inner = scope
        inner.depth += 1
        for item in list { items.subviews += subview(item, in: inner) }
        checkSiblingIds(items.subviews)
        items.role = .barButtonItems
        root.subviews.append(items)
      }
      if f["separator"].flatMap({ bool($0, "separator") }) ?? true {
        root.subviews.append(box("separator", Rect(0, height - 0.33, W, 0.33), system(.separator)))
      }

    case .tabBar:
      var items: [BarItem] = []
      if let n = require(f, "items"), let list = list(n, "items") {
        items = list.compactMap { barItem($0) }
        if list.isEmpty || list.count > 8 {
          report(.malformed(key: "items", expected: "1 to 8 tab titles", got: "\(list.count)"), at: n.location)
        }
      }
      var selected = 0
      if let n = f["selected"], let s = integer(n, "selected", SceneFormat.tabBar.range("selected")) {
        if s < max(items.count, 1) { selected = s } else {
          report(.outOfRange(key: "selected", requirement: "in 0...\(max(items.count - 1, 0))", value: Double(s)), at: n.location)
        }
      }
      let h = BuiltInComponent.tabBarContentHeight + device.safeArea.bottom
      root = box(id, Rect(0, H - h, W, h), barBackground)
      root.material = barMaterial
      root.subviews.append(box("separator", Rect(0, 0, W, 0.33), system(.separator)))
      var container = box("items", Rect(0, 0, W, 49), nil)
      let width = W / Double(max(items.count, 1))
      for (i, entry) in items.enumerated() {
        let ink = i == selected ? tint : system(.systemGray)
        var item = box(nil, Rect(Double(i) * width, 0, width, 49), nil)
        // The image sits in the 30 pt above the title, centred (a grey square without a symbol).
        if let name = entry.symbol, var icon = SceneView.symbol(name, configuration: Symbols.barConfiguration(named: name, in: .tabBar) ?? BuiltInComponent.barSymbol, color: ink, frame: Rect(0, 2, width, 30), id: "icon") {
          icon.setLocation(node.location)
          item.subviews.append(icon)
        } else {
          item.subviews.append(box("icon", Rect(width / 2 - 12, 6, 24, 24), ink, radius: 7))
        }
        item.subviews.append(label("title", entry.title, Rect(0, 33, width, 13), size: 10, weight: .medium, color: ink, alignment: .center))
        container.subviews.append(item)
      }
      root.subviews.append(container)

    case .toolbar:
      // UIToolbar with its items spread by flexible spaces: the first and last 44 pt item
      // boxes at the 16 pt margins, the others evenly between, in the 49 pt row above the
      // home indicator's 34 pt.
      var names: [String] = []
      if let n = require(f, "items"), let list = list(n, "items") {
        names = list.compactMap { item in
          guard let name = string(item, "items") else { return nil }
          guard Symbols.names.contains(name) else {
            report(.unknownReference(kind: "symbol", name: name, known: Symbols.names), at: item.location)
            return nil
          }
          return name
        }
        if list.isEmpty || list.count > 8 {
          report(.malformed(key: "items", expected: "1 to 8 symbol names", got: "\(list.count)"), at: n.location)
        }
      }
      let h = BuiltInComponent.tabBarContentHeight + device.safeArea.bottom
      root = box(id, Rect(0, H - h, W, h), barBackground)
      root.material = barMaterial
      root.subviews.append(box("separator", Rect(0, 0, W, 0.33), system(.separator)))
      var container = box("items", Rect(0, 0, W, 49), nil)
      let step = names.count > 1 ? (W - 32 - 44) / Double(names.count - 1) : 0
      for (i, name) in names.enumerated() {
        let x = names.count > 1 ? 16 + Double(i) * step : W / 2 - 22
        if var item = SceneView.symbol(name, configuration: Symbols.barConfiguration(named: name, in: .toolbar) ?? BuiltInComponent.barSymbol, color: tint, frame: Rect(x, 0, 44, 49), id: nil) {
          item.setLocation(node.location)
          container.subviews.append(item)
        }
      }
      root.subviews.append(container)

    case .photoGrid:
      let frame = require(f, "frame").flatMap { rect($0, "frame") } ?? Rect(0, 0, W, H)
      let columns = f["columns"].flatMap { integer($0, "columns", SceneFormat.photoGrid.range("columns")) } ?? 3
      let spacing = f["spacing"].flatMap { number($0, "spacing", SceneFormat.photoGrid.range("spacing")) } ?? 2
      let mode: SceneView.ContentMode = f["contentMode"].flatMap { word($0, "contentMode") } ?? .aspectFill
      root = box(id, frame, background)
      root.clipsToBounds = true
      if let n = require(f, "images"), let list = list(n, "images") {
        let side = (frame.width - Double(columns - 1) * spacing) / Double(columns)
        if list.count > 2000 {
          report(.limit(what: "the number of grid images", value: Double(list.count), limit: 2000, unit: ""), at: n.location)
          return nil
        }
        for (i, item) in list.enumerated() {
          guard let name = string(item, "images") else { continue }
          if !scope.assetNames.contains(name) {
            report(.unknownReference(kind: "asset", name: name, known: scope.assetNames.sorted()), at: item.location)
          }
          let row = i / columns, column = i % columns
          var cell = box(nil, Rect(Double(column) * (side + spacing), Double(row) * (side + spacing), side, side), system(.systemGray5))
          cell.content = .image(asset: name, contentMode: mode)
          cell.clipsToBounds = true
          cell.location = item.location
          root.subviews.append(cell)
        }
      }
    }
    if component == .navigationBar || component == .tabBar || component == .toolbar {
      switch appearance {
      case .standard: break
      case .scrollEdge: root.applyScrollEdgeAppearance()
      case .automatic: root.automaticBarAppearance = true
      }
    }
    root.location = node.location
    return root
  }

  /// A tab bar item: a title, or `{title, symbol}`.
  func barItem(_ node: SourceNode) -> BarItem? {
    guard case .mapping = node else { return string(node, "items").map { BarItem(title: $0, symbol: nil) } }
    guard let f = fields(node, "tab bar item", allowed: SceneFormat.tabItem.keyNames),
      let title = require(f, "title").flatMap({ string($0, "title") }) else { return nil }
    var symbol: String?
    if let n = f["symbol"], let name = string(n, "symbol") {
      if Symbols.names.contains(name) {
        symbol = name
      } else {
        report(.unknownReference(kind: "symbol", name: name, known: Symbols.names), at: n.location)
      }
    }
    return BarItem(title: title, symbol: symbol)
  }

  /// Expands a scene-defined component: `$name` scalars become the arguments.
  func expand(_ template: ComponentTemplate, _ node: SourceNode, at location: SourceLocation, in scope: ViewScope) -> [SceneView] {
    if scope.expanding.contains(template.name) {
      report(.componentCycle(scope.expanding.drop(while: { $0 != template.name }) + [template.name]), at: location)
      return []
    }
    guard let f = fields(node, "component '\(template.name)'", allowed: template.parameters.map(\.name)) else { return [] }
    var arguments: [String: SourceNode] = [:]
    for p in template.parameters {
      if let value = f[p.name] ?? p.defaultValue {
        arguments[p.name] = value
      } else {
        report(.missingKey(p.name, context: "component '\(template.name)'"), at: f.location)
        return []
      }
    }
    var inner = scope
    inner.expanding.append(template.name)
    inner.depth += 1
    return subview(substitute(template.body, arguments), in: inner)
  }

  private func substitute(_ node: SourceNode, _ arguments: [String: SourceNode]) -> SourceNode {
    switch node {
    case .scalar(let s, _):
      if s.string.hasPrefix("$"), let value = arguments[String(s.string.dropFirst())] { return value }
      return node
    case .sequence(let items, let l):
      return .sequence(items.map { substitute($0, arguments) }, l)
    case .mapping(let entries, let l):
      return .mapping(entries.map { .init(key: $0.key, keyLocation: $0.keyLocation, value: substitute($0.value, arguments)) }, l)
    }
  }

  /// `components: {name: {parameters: {p: default}, view: {KIND: {...}}}}`.
  func componentTemplates(_ node: SourceNode) -> [String: ComponentTemplate] {
    guard case .mapping(let entries, _) = node else {
      if !node.isNull { report(.wrongType(key: "components", expected: "a mapping", got: node.summary), at: node.location) }
      return [:]
    }
    var result: [String: ComponentTemplate] = [:]
    for entry in entries {
      let reserved = ["view", "image", "label", "gradient", "path", "symbol"] + BuiltInComponent.allCases.map(\.rawValue)
      if reserved.contains(entry.key) {
        report(.malformed(key: "a component's name", expected: "a name other than the built-in kinds", got: "'\(entry.key)'"), at: entry.keyLocation)
        continue
      }
      guard let f = fields(entry.value, "component '\(entry.key)'", allowed: SceneFormat.component.keyNames) else { continue }
      var parameters: [(String, SourceNode?)] = []
      if let p = f["parameters"] {
        if case .mapping(let ps, _) = p {
          for e in ps { parameters.append((e.key, e.value.isNull ? nil : e.value)) }
        } else if !p.isNull {
          report(.wrongType(key: "parameters", expected: "a mapping of names to default values", got: p.summary), at: p.location)
        }
      }
      guard let body = require(f, "view") else { continue }
      result[entry.key] = ComponentTemplate(name: entry.key, parameters: parameters, body: body, location: entry.keyLocation)
    }
    return result
  }
}
