/// The reader of a whole scene: the general `Reader` plus what only a scene has (the count
/// of views read, for the views limit, and the screens' lookups that view paths resolve
/// against).
final class SceneReader: Reader {
  /// Subview entries read so far, components expanded (bounds exponential templates).
  var subviewEntries = 0
  /// View ids by screen, for resolving view paths (see `ViewIdIndex`).
  var idIndexes: [String: ViewIdIndex] = [:]
  var screenLookup = ScreenLookup([])

  /// The screen called `name`, through a name -> position table built once (screens are
  /// renamed or reordered never after they are read; a stale entry is noticed and rebuilt).
  func screen(named name: String, in screens: [Screen]) -> Screen? {
    if screenLookup.count != screens.count || screenLookup.positions[name].map({ screens[$0].name != name }) == true {
      screenLookup = ScreenLookup(screens)
    }
    return screenLookup.positions[name].map { screens[$0] }
  }

  /// The screens' names, one array shared by every diagnostic that lists them.
  func screenNames(_ screens: [Screen]) -> [String] {
    if screenLookup.count != screens.count { screenLookup = ScreenLookup(screens) }
    return screenLookup.names
  }

  /// The id index of `screen`, rebuilt only when its tree has changed.
  func idIndex(_ screen: Screen) -> ViewIdIndex {
    if let cached = idIndexes[screen.name], cached.root == screen.view { return cached }
    let index = ViewIdIndex(screen.view)
    idIndexes[screen.name] = index
    return index
  }
}

/// Screen names and their positions, built once per list of screens.
struct ScreenLookup {
  let count: Int
  let names: [String]
  let positions: [String: Int]

  init(_ screens: [Screen]) {
    count = screens.count
    names = screens.map(\.name)
    var positions: [String: Int] = [:]
    for (i, s) in screens.enumerated() where positions[s.name] == nil { positions[s.name] = i }
    self.positions = positions
  }
}
