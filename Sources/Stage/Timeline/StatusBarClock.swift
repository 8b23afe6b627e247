import Motion

/// The window's status bar in an interactive transition, as UIKit changes it: its style is
/// the top controller's `preferredStatusBarStyle`, and an interactive pop or dismiss makes
/// the destination the top controller as soon as it begins, so the status bar turns to the
/// destination's style when the pan begins, in UIKit's short crossfade, and does not follow
/// the finger's progress (the crossfade runs on the clock while the transition's own
/// animations are scrubbed). A cancelled transition gives the top back to the source when it
/// has settled, and the status bar returns to the source's style then, without animation.
/// Sources: docs/scene-format.md, "Status bar".
///
/// `fraction(at:)` is how far the status bar is toward the destination's style (0: the
/// source's, 1: the destination's): the value the window's status bar tracks are read at.
struct StatusBarClock: Sendable {
  /// UIKit's status bar appearance crossfade: Core Animation's default transaction duration
  /// (0.25 s), ease in ease out.
  static let duration = 0.25
  static let curve = CubicBezier.easeInEaseOut

  enum Change: Sendable {
    /// The transition (re)starts: fade toward the destination's style from here.
    case begin(Double)
    /// A cancelled transition has settled: back to the source's style at once.
    case restore(Double)

    var time: Double {
      switch self {
      case .begin(let t), .restore(let t): t
      }
    }
  }

  let changes: [Change]

  /// From the pan's beginnings and the releases: every grab begins (or continues) the
  /// transition; a cancelled release restores the source when its settle ends, unless a
  /// later grab caught the transition before then.
  init(grabs: [Double], releases: [(time: Double, completes: Bool, end: Double)]) {
    var changes = grabs.map(Change.begin)
    for r in releases where !r.completes {
      let caught = grabs.contains { $0 >= r.time && $0 < r.end }
      if !caught { changes.append(.restore(r.end)) }
    }
    self.changes = changes.sorted { $0.time < $1.time }
  }

  /// 0 before the pan begins; a crossfade of `duration` toward 1 from each beginning (from
  /// wherever the status bar was: a second beginning while it already heads to 1 changes
  /// nothing); 0 from a restore on.
  func fraction(at t: Double) -> Double {
    var value = 0.0
    var fade: (start: Double, from: Double)?
    func valueAt(_ time: Double) -> Double {
      guard let f = fade else { return value }
      let x = (time - f.start) / Self.duration
      return f.from + (1 - f.from) * Self.curve.progress(at: x)
    }
    for change in changes where change.time <= t {
      switch change {
      case .begin(let time):
        if fade == nil { fade = (time, valueAt(time)) }
      case .restore:
        fade = nil
        value = 0
      }
    }
    return valueAt(t)
  }
}
