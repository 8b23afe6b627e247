import Geometry
import Motion

/// The scene's timing model fitted to a recorded view's motion: the model's parameters, a time
/// shift (the motion's start relative to the onset alignment) and their standard errors.
public struct TimingFit: Sendable {
  /// `TimingModel.parameterNames`, fitted.
  public var parameters: [Double]
  public var standardErrors: [Double?]
  /// Seconds added to the onset alignment (the fitted start).
  public var shift: Double
  public var shiftError: Double?
  /// Root mean square distance between the measured centres and the fitted motion (points).
  public var rms: Double
  /// Frames fitted.
  public var count: Int
  /// The fitted spring (for a spring model), with the spec's initial velocity.
  public var spring: Spring?

  /// Fits `samples` (recording time in seconds, measured centre in points) with `model`,
  /// the spec's clock being the recording's minus `onsetOffset` minus the fitted shift.
  /// nil when there are too few samples or no fit converges.
  init?(model: TimingModel, axis: ProgressAxis, samples: [(Double, Point)], onsetOffset: Double) {
    let k = model.parameterNames.count
    guard samples.count >= k + 3 else { return nil }
    let times = samples.map(\.0)
    let measured = samples.map { axis.progress(of: $0.1) }
    let length = axis.length
    func residuals(_ q: [Double]) -> [Double]? {
      let shift = q[k]
      guard let p = model.progress(Array(q[0..<k]), at: times.map { $0 - onsetOffset - shift }) else { return nil }
      return zip(measured, p).map { ($0 - $1) * length }
    }
    let written = model.writtenParameters
    // A coarse grid first (the cost has local minima a frame apart), then Levenberg–Marquardt.
    var starts: [[Double]] = []
    let factors = [0.6, 0.75, 0.9, 1.0, 1.15, 1.3, 1.5]
    switch model.kind {
    case .spring:
      for z in [0.3, 0.45, 0.6, 0.75, 0.9, 1.0] { for f in factors { starts.append([z, written[1] * f]) } }
    case .curve:
      // The written curve and Core Animation's named ones, each at several durations.
      let curves: [[Double]] = [Array(written[0..<4]), [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1], [0.25, 0.1, 0.25, 1], [0.2, 0.4, 0.2, 1]]
      for c in curves { for f in factors { starts.append(c + [written[4] * f]) } }
    }
    var graded: [(start: [Double], cost: Double)] = []
    for s in starts {
      for shift in [-4.0 / 60, -2.0 / 60, -1.0 / 60, 0, 1.0 / 60] {
        let q = s + [shift]
        guard let r = residuals(q) else { continue }
        graded.append((q, r.reduce(0) { $0 + $1 * $1 }))
      }
    }
    guard !graded.isEmpty else { return nil }
    graded.sort { $0.cost < $1.cost }
    let solver: LeastSquares
    switch model.kind {
    case .spring:
      solver = LeastSquares(lower: [0.05, 0.02, -0.25], upper: [1.5, 5, 0.25], steps: [1e-4, 1e-5, 1e-5])
    case .curve:
      solver = LeastSquares(
        lower: [0, -1, 0, -1, 0.02, -0.25], upper: [1, 2, 1, 2, 10, 0.25], steps: [1e-4, 1e-4, 1e-4, 1e-4, 1e-5, 1e-5])
    }
    // Levenberg–Marquardt from the best grid points (a curve's control points have local
    // minima further apart than the grid's), the lowest residual kept.
    var result: LeastSquares.Result? = nil
    for start in graded.prefix(model.kind == .spring ? 1 : 4) {
      guard let r = solver.fit(start: start.start, residuals: residuals) else { continue }
      if r.rms < (result?.rms ?? .infinity) { result = r }
    }
    guard let result else { return nil }
    parameters = Array(result.parameters[0..<k])
    standardErrors = Array(result.standardErrors[0..<k])
    shift = result.parameters[k]
    shiftError = result.standardErrors[k]
    rms = result.rms
    count = result.count
    if case .spring = model.kind {
      let v0 = model.writtenSpring?.initialVelocity ?? 0
      spring = try? Spring(response: parameters[1], dampingFraction: parameters[0], initialVelocity: v0)
    } else {
      spring = nil
    }
  }
}
