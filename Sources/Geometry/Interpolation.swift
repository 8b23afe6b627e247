/// Linear interpolation of plain numbers: `a` at `t = 0`, `b` at `t = 1`, unclamped.
@inlinable
public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

/// `x` limited to `[lo, hi]`; NaN stays NaN.
@inlinable
public func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double { min(max(x, lo), hi) }
