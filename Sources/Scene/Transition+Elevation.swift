extension Transition {
  /// The screen UIKit draws at the elevated interface level, read from the raw `transition`
  /// before the screens (their colours resolve as they are read): the sheet of a `sheet`
  /// preset (`to` when presenting, `from` when dismissing, `preset: system` included) and of
  /// `sheetPresentation`. nil for anything else (a full-screen cover, a push, a custom card).
  /// Problems in these keys are reported when the transition itself is read.
  static func elevatedScreen(_ transition: SourceNode?) -> String? {
    guard case .mapping(let entries, _)? = transition else { return nil }
    func word(_ key: String) -> String? {
      guard case .scalar(let s, _)? = entries.last(where: { $0.key == key })?.value else { return nil }
      return s.string
    }
    let sheetPreset = word("preset").map { ["sheet", "system"].contains($0) } ?? false
    switch word("kind") {
    case "present"?: return sheetPreset || entries.contains { $0.key == "sheetPresentation" } ? word("to") : nil
    case "dismiss"?: return sheetPreset ? word("from") : nil
    default: return nil
    }
  }
}
