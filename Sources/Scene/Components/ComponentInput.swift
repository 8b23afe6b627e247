import Geometry

/// What every built-in component is given: its keys, the keys they share (id, background,
/// tint, material, bar appearance) already read, and the screen it sits in.
struct ComponentInput {
  let fields: Fields
  /// The component's entry (every view built gets its location).
  let node: SourceNode
  let scope: ViewScope
  let id: String
  let background: Color?
  let tint: Color
  /// A bar's material (resolved to the scene's appearance), nil for none.
  let barMaterial: SceneView.Material?
  /// A bar's background colour: its `backgroundColor`, or the opaque bar grey without a material.
  let barBackground: Color?

  /// The screen's size in points.
  var width: Double { scope.canvas.size.width }
  var height: Double { scope.canvas.size.height }
  var device: Device { scope.canvas.device }

  /// A one-line label at the component's location.
  func label(_ id: String, _ text: String, _ frame: Rect, size: Double, weight: SceneView.Text.Weight,
             color: Color, alignment: SceneView.Text.Alignment) -> SceneView {
    var v = SceneView(id: id, frame: frame)
    v.content = .text(SceneView.Text(text, fontSize: size, weight: weight, color: color, alignment: alignment))
    v.location = node.location
    return v
  }

  /// A plain view at the component's location.
  func box(_ id: String?, _ frame: Rect, _ color: Color?, radius: Double = 0) -> SceneView {
    var v = SceneView(id: id, frame: frame)
    v.backgroundColor = color
    v.cornerRadius = radius
    v.location = node.location
    return v
  }
}

extension ComponentInput {
  /// Expands `node` into the component `builder` builds: the shared keys first (in this
  /// order, so problems are reported in it), then the builder's own, then a bar's appearance.
  static func expand(_ builder: any ComponentBuilder, _ node: SourceNode, in scope: ViewScope, reader: SceneReader) -> SceneView? {
    guard let f = reader.fields(node, builder.kind, allowed: builder.keys) else { return nil }
    let id = f["id"].flatMap { reader.identifier($0, "id") } ?? builder.kind
    let background = f["backgroundColor"].flatMap { reader.color($0, "backgroundColor") }
    let tint = f["tint"].flatMap { reader.color($0, "tint") } ?? reader.system(.systemBlue)
    // A bar's background: the chrome material (UIBarAppearance's default background
    // effect, systemChromeMaterial) unless `material:` names another (or `none`) or the
    // bar has a `backgroundColor` and no `material:` (an opaque bar).
    var barMaterial: SceneView.Material? = background == nil ? SceneView.Material.chrome.resolved(reader.appearance) : nil
    if let n = f["material"] { barMaterial = SceneView.Material.read(n, in: reader) }
    let barBackground = barMaterial == nil ? background ?? BuiltInComponent.opaqueBarBackground(reader.appearance) : background
    // Standard or scroll-edge appearance (BarAppearance): automatic for a bar that declares
    // neither a background colour nor a material.
    let appearance = f["appearance"].flatMap { BarAppearance.read($0, in: reader) }
      ?? (f["backgroundColor"] == nil && f["material"] == nil ? .automatic : .standard)
    let input = ComponentInput(
      fields: f, node: node, scope: scope, id: id, background: background, tint: tint, barMaterial: barMaterial,
      barBackground: barBackground)
    guard var root = builder.build(input, in: reader) else { return nil }
    if builder.isBar {
      switch appearance {
      case .standard: break
      case .scrollEdge: root.applyScrollEdgeAppearance()
      case .automatic: root.automaticBarAppearance = true
      }
    }
    root.location = node.location
    return root
  }
}
