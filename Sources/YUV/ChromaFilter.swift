/// The vertical filter that halves the chroma rows, the one ffmpeg's swscale applies in
/// `scale=...,format=yuv420p` with its default flags (bicubic, B = 0, C = 0.6).
///
/// Output chroma row j sits between luma rows 2j and 2j + 1 (MPEG-2 / "left" siting is
/// vertically centred). Halving the height stretches the bicubic kernel's support (2 output
/// rows each side) over 4 input rows each side, so row j reads input rows 2j − 3 ... 2j + 4 at
/// distances 3.5, 2.5, 1.5, 0.5 input rows = 1.75, 1.25, 0.75, 0.25 output rows from its centre.
/// The Mitchell-Netravali cubic with B = 0, C = 0.6 there:
///
///     d < 1:  ((12 − 6C)·d³ + (−18 + 6C)·d² + 6) / 6        d = 0.25 → 0.871875, 0.75 → 0.240625
///     d < 2:  (−6C·d³ + 30C·d² − 48C·d + 24C) / 6           d = 1.25 → −0.084375, 1.75 → −0.028125
///
/// The eight values sum to 2; normalised they are ±0.0140625, 0.0421875, 0.1203125, 0.4359375
/// (signs: − − + + + + − −). Rows beyond the top or bottom repeat the edge row (swscale folds an
/// out-of-range tap's weight onto the edge row, which is the same thing).
///
/// Horizontally swscale averages each pair of pixels (2x, 2x + 1) before converting, so chroma
/// column x sits between luma columns 2x and 2x + 1, although yuv420p is tagged with left
/// siting. Flipbook does the same, so its clips are ffmpeg's conversion to within one code value.
/// Exception: frames at most 8 px high (after padding), where swscale shortens its filter to
/// fewer taps than the frame has rows; Flipbook keeps the eight taps there.
public enum ChromaFilter {
  /// Fraction bits of `taps` (they sum to 2^`shift`).
  public static let shift = 12

  /// The eight taps for input rows 2j − 3 ... 2j + 4, times 2^12 and rounded
  /// (−57.6, −172.8, 492.8, 1785.6 → −58, −173, 493, 1786; each half sums to 2048).
  public static let taps: [Int] = {
    let c = 0.6
    func cubic(_ d: Double) -> Double {
      d < 1
        ? ((12 - 6 * c) * d * d * d + (-18 + 6 * c) * d * d + 6) / 6
        : (-6 * c * d * d * d + 30 * c * d * d - 48 * c * d + 24 * c) / 6
    }
    let half = [1.75, 1.25, 0.75, 0.25].map(cubic)
    let total = 2 * half.reduce(0, +)
    var rounded = half.map { Int(($0 / total * Double(1 << shift)).rounded()) }
    rounded[3] = (1 << (shift - 1)) - rounded[0] - rounded[1] - rounded[2]
    return rounded + rounded.reversed()
  }()
}
