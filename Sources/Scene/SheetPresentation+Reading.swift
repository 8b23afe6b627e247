import Geometry

extension SheetPresentation {
  /// `transition.sheetPresentation`: `{detents: {name: medium | large | height, ...},
  /// selectedDetent, largestUndimmedDetent, prefersGrabberVisible, preferredCornerRadius}`.
  static func read(_ node: SourceNode, device: Device, in reader: Reader) -> SheetPresentation? {
    let table = SceneFormat.sheetPresentation
    guard let f = reader.fields(node, "sheetPresentation", allowed: table.keyNames) else { return nil }
    let maximum = SheetPresentation.maximumDetentValue(device)
    var detents: [SheetPresentation.Detent] = []
    var locations: [SourceLocation?] = []
    var ok = true
    if let list = reader.require(f, "detents") {
      if case .mapping(let entries, let listLocation) = list {
        for e in entries {
          let kind: SheetPresentation.Detent.Kind?
          if case .scalar(let s, _) = e.value, s.string == "medium" || s.string == "large" {
            kind = s.string == "medium" ? .medium : .large
          } else if case .scalar(let s, let location) = e.value, !LayoutExpression.isArithmetic(s.string),
                    Double(s.string) == nil {
            reader.report(.notNumberOrWord(key: "detent '\(e.key)'", got: e.value.summary, unit: "points", words: ["medium", "large"], meaning: "UIKit's system detents"), at: location)
            kind = nil
          } else {
            kind = reader.number(e.value, "detent '\(e.key)'", .length).map { .custom($0) }
          }
          guard let kind else { ok = false; continue }
          let height: Double
          switch kind {
          case .medium: height = maximum / 2
          case .large: height = maximum
          case .custom(let h): height = h
          }
          if case .custom = kind, !(height > 0 && height <= maximum) {
            reader.report(.malformed(key: "detent '\(e.key)'", expected: "a height in (0, \(formatNumber(maximum))] pt: above 0 and at most the large detent's (maximumDetentValue on \(device.model))", got: formatNumber(height)), at: e.value.location)
            ok = false
            continue
          }
          if let previous = detents.last, height <= previous.height {
            reader.report(.malformed(key: "detent '\(e.key)'", expected: "detents listed from the smallest to the largest height", got: "\(formatNumber(height)) pt after '\(previous.name)' at \(formatNumber(previous.height)) pt"), at: e.value.location)
            ok = false
            continue
          }
          detents.append(.init(name: e.key, kind: kind, height: height))
          locations.append(e.value.location)
        }
        if ok && detents.count < 2 {
          reader.report(.malformed(key: "detents", expected: "at least two detents (the sheet rests at them)", got: "\(detents.count)"), at: listLocation)
          ok = false
        }
      } else {
        reader.report(.wrongType(key: "detents", expected: "a mapping of names to medium, large or a height, like {small: 120, medium: medium, large: large}", got: list.summary), at: list.location)
        ok = false
      }
    } else {
      ok = false
    }
    func index(_ key: String) -> Int?? {
      guard let n = f[key] else { return .some(nil) }
      guard let name = reader.string(n, key) else { return nil }
      guard let i = detents.firstIndex(where: { $0.name == name }) else {
        if ok { reader.report(.unknownReference(kind: "detent", name: name, known: detents.map(\.name)), at: n.location) }
        return nil
      }
      return .some(i)
    }
    let selected = index("selectedDetent"), undimmed = index("largestUndimmedDetent")
    let grabber = f["prefersGrabberVisible"].map { reader.bool($0, "prefersGrabberVisible") } ?? false
    let radius = f["preferredCornerRadius"].map { reader.number($0, "preferredCornerRadius", .length) } ?? SheetPresentation.defaultCornerRadius
    let presents = f["presents"].map { reader.bool($0, "presents") } ?? false
    guard ok, let selected, let undimmed, let grabber, let radius, let presents else { return nil }
    var sheet = SheetPresentation(detents: detents, selected: selected ?? 0, largestUndimmed: undimmed, grabber: grabber, cornerRadius: radius)
    if presents { sheet.presentedFrom = sheet.offscreenProgress(device: device) }
    return sheet
  }
}
