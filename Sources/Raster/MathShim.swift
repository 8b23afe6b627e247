// The few libm functions the rasterizer needs, kept here so that no other file imports
// Foundation (whose own `AffineTransform` would clash with Geometry's).
import Foundation

@inline(__always) func log2d(_ x: Double) -> Double { Foundation.log2(x) }
@inline(__always) func expd(_ x: Double) -> Double { Foundation.exp(x) }
@inline(__always) func erfd(_ x: Double) -> Double { Foundation.erf(x) }
@inline(__always) func cosd(_ x: Double) -> Double { Foundation.cos(x) }
@inline(__always) func sind(_ x: Double) -> Double { Foundation.sin(x) }
@inline(__always) func atan2d(_ y: Double, _ x: Double) -> Double { Foundation.atan2(y, x) }
