import Geometry

/// A scene's own component: a view with `$parameter` placeholders.
struct ComponentTemplate {
  var name: String
  /// Parameter names and their default values (nil: required).
  var parameters: [(name: String, defaultValue: SourceNode?)]
  /// One subview entry (`KIND: {...}`) with placeholders.
  var body: SourceNode
  var location: SourceLocation
}

extension ComponentTemplate {
  /// Expands a scene-defined component: `$name` scalars become the arguments.
  func expand(_ node: SourceNode, at location: SourceLocation, in scope: ViewScope, reader: SceneReader) -> [SceneView] {
    let template = self
    if scope.expanding.contains(template.name) {
      reader.report(.componentCycle(scope.expanding.drop(while: { $0 != template.name }) + [template.name]), at: location)
      return []
    }
    guard let f = reader.fields(node, "component '\(template.name)'", allowed: template.parameters.map(\.name)) else { return [] }
    var arguments: [String: SourceNode] = [:]
    for p in template.parameters {
      if let value = f[p.name] ?? p.defaultValue {
        arguments[p.name] = value
      } else {
        reader.report(.missingKey(p.name, context: "component '\(template.name)'"), at: f.location)
        return []
      }
    }
    var inner = scope
    inner.expanding.append(template.name)
    inner.depth += 1
    return SceneView.readSubview(Self.substitute(template.body, arguments), in: inner, reader: reader)
  }

  private static func substitute(_ node: SourceNode, _ arguments: [String: SourceNode]) -> SourceNode {
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
  static func readAll(_ node: SourceNode, in reader: Reader) -> [String: ComponentTemplate] {
    guard case .mapping(let entries, _) = node else {
      if !node.isNull { reader.report(.wrongType(key: "components", expected: "a mapping", got: node.summary), at: node.location) }
      return [:]
    }
    var result: [String: ComponentTemplate] = [:]
    for entry in entries {
      let reserved = SceneView.viewKinds + BuiltInComponent.kinds
      if reserved.contains(entry.key) {
        reader.report(.malformed(key: "a component's name", expected: "a name other than the built-in kinds", got: "'\(entry.key)'"), at: entry.keyLocation)
        continue
      }
      guard let f = reader.fields(entry.value, "component '\(entry.key)'", allowed: SceneFormat.component.keyNames) else { continue }
      var parameters: [(String, SourceNode?)] = []
      if let p = f["parameters"] {
        if case .mapping(let ps, _) = p {
          for e in ps { parameters.append((e.key, e.value.isNull ? nil : e.value)) }
        } else if !p.isNull {
          reader.report(.wrongType(key: "parameters", expected: "a mapping of names to default values", got: p.summary), at: p.location)
        }
      }
      guard let body = reader.require(f, "view") else { continue }
      result[entry.key] = ComponentTemplate(name: entry.key, parameters: parameters, body: body, location: entry.keyLocation)
    }
    return result
  }
}
