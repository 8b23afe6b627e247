import class Foundation.NSLock

/// The home indicator's colour over time: iOS does not flip it from black to white in one
/// frame when what is under it turns dark, it blends over a few tenths of a second. Flipbook
/// makes that a function of clip time alone (so every frame stays independent of the order
/// frames are rendered in, and the same for any `--jobs`): the indicator's lightness at time t
/// (0 black, 1 white) is the mean of the light/dark decision (WindowChrome, by luminance) at
/// the sample times k·step in the window (t − duration, t], samples before 0 taking the
/// decision at 0. A switch therefore ramps linearly over `duration`.
/// Rules and the duration's reasoning: docs/scene-format.md, "Window chrome".
final class HomeIndicatorBlend: @unchecked Sendable {
  /// How long a switch takes (seconds).
  static let duration = 0.25
  /// The sampling step (seconds): 1/60 s, the display's frame time.
  static let step = 1.0 / 60
  /// Samples in one window.
  static var samples: Int { Int((duration / step).rounded()) }

  private let decide: @Sendable (Double) -> Bool
  private let lock = NSLock()
  private var decisions: [Int: Bool] = [:]

  /// - Parameter decide: whether the indicator would be light over the picture at a time.
  init(decide: @escaping @Sendable (Double) -> Bool) { self.decide = decide }

  /// The lightness at time `t` (seconds), 0...1.
  func lightness(at t: Double) -> Double {
    Self.lightness(at: t) { k in decision(k) }
  }

  /// The window mean, for any decision function of the sample index (k ≥ 0).
  static func lightness(at t: Double, decision: (Int) -> Bool) -> Double {
    let last = Int((max(t, 0) / step + 1e-9).rounded(.down))
    var light = 0
    for k in (last - samples + 1)...last where decision(max(k, 0)) { light += 1 }
    return Double(light) / Double(samples)
  }

  private func decision(_ k: Int) -> Bool {
    lock.lock()
    if let d = decisions[k] { lock.unlock(); return d }
    lock.unlock()
    let d = decide(Double(k) * Self.step)
    lock.lock()
    decisions[k] = d
    lock.unlock()
    return d
  }
}
