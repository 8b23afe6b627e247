/// Summed-area tables of a grey image's values and squared values, so that the sum and the
/// sum of squares over any rectangle cost four look-ups.
struct IntegralImage {
  let width: Int, height: Int
  /// (width + 1) x (height + 1), row-major; entry (x, y) sums pixels [0, x) x [0, y).
  private(set) var sum: [Double]
  private(set) var squares: [Double]

  init(_ image: GrayImage) { self.init(width: image.width, height: image.height) { image.pixels[$0] } }

  init(width: Int, height: Int, value: (Int) -> UInt8) {
    self.width = width; self.height = height
    let stride = width + 1
    var s = [Double](repeating: 0, count: stride * (height + 1))
    var q = s
    for y in 0..<height {
      var rowSum = 0.0, rowSquares = 0.0
      for x in 0..<width {
        let v = Double(value(y * width + x))
        rowSum += v; rowSquares += v * v
        s[(y + 1) * stride + x + 1] = s[y * stride + x + 1] + rowSum
        q[(y + 1) * stride + x + 1] = q[y * stride + x + 1] + rowSquares
      }
    }
    sum = s; squares = q
  }

  /// Sum and sum of squares over [x0, x1) x [y0, y1).
  @inline(__always) func sums(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> (Double, Double) {
    let stride = width + 1
    let a = y0 * stride + x0, b = y0 * stride + x1, c = y1 * stride + x0, d = y1 * stride + x1
    return (sum[d] - sum[b] - sum[c] + sum[a], squares[d] - squares[b] - squares[c] + squares[a])
  }
}
