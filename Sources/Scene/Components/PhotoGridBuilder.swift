import Geometry

/// `photoGrid`: a clipping view of square image cells, row by row.
struct PhotoGridBuilder: ComponentBuilder {
  var kind: String { "photoGrid" }
  var format: FormatTable { SceneFormat.photoGrid }

  func build(_ component: ComponentInput, in reader: SceneReader) -> SceneView? {
    let f = component.fields, scope = component.scope
    let W = component.width, H = component.height
    let frame = reader.require(f, "frame").flatMap { reader.rect($0, "frame") } ?? Rect(0, 0, W, H)
    let columns = f["columns"].flatMap { reader.integer($0, "columns", SceneFormat.photoGrid.range("columns")) } ?? 3
    let spacing = f["spacing"].flatMap { reader.number($0, "spacing", SceneFormat.photoGrid.range("spacing")) } ?? 2
    let mode: SceneView.ContentMode = f["contentMode"].flatMap { reader.word($0, "contentMode") } ?? .aspectFill
    var root = component.box(component.id, frame, component.background)
    root.clipsToBounds = true
    if let n = reader.require(f, "images"), let list = reader.list(n, "images") {
      let side = (frame.width - Double(columns - 1) * spacing) / Double(columns)
      if list.count > 2000 {
        reader.report(.limit(what: "the number of grid images", value: Double(list.count), limit: 2000, unit: ""), at: n.location)
        return nil
      }
      for (i, item) in list.enumerated() {
        guard let name = reader.string(item, "images") else { continue }
        if !scope.assetNames.contains(name) {
          reader.report(.unknownReference(kind: "asset", name: name, known: scope.assetNames.sorted()), at: item.location)
        }
        let row = i / columns, column = i % columns
        var cell = component.box(nil, Rect(Double(column) * (side + spacing), Double(row) * (side + spacing), side, side), reader.system(.systemGray5))
        cell.content = .image(asset: name, contentMode: mode)
        cell.clipsToBounds = true
        cell.location = item.location
        root.subviews.append(cell)
      }
    }
    return root
  }
}
