/// The BT.709 matrix in limited ("tv") range, as integer weights for 8-bit RGB.
///
/// Y' = Kr·R + Kg·G + Kb·B with Kr = 0.2126, Kb = 0.0722, Kg = 1 − Kr − Kb (ITU-R BT.709-6,
/// item 3.2), on gamma-encoded R, G, B in 0...1. Limited range puts Y' on 16...235 and the
/// colour differences on 16...240 around 128:
///
///     Y  = 16  + 219 · Y'
///     Cb = 128 + 224 · (B − Y') / (2 · (1 − Kb))
///     Cr = 128 + 224 · (R − Y') / (2 · (1 − Kr))
///
/// With R, G, B given as bytes (value / 255) every weight carries a factor 1/255.
/// The weights here are those real numbers times 2^`lumaShift` (luma) or 2^`chromaShift`
/// (chroma, applied to the sum of two horizontal neighbours, hence one more halving), rounded,
/// with one weight of each row taken as the remainder so that the rows sum exactly as the
/// real ones do: white gives Y = 235, and every grey gives Cb = Cr = 128 exactly.
public enum BT709 {
  public static let kr = 0.2126
  public static let kb = 0.0722
  public static let kg = 1 - kr - kb

  /// Fraction bits of the luma weights.
  public static let lumaShift = 16
  /// Fraction bits of the chroma weights (applied to a pair sum, 0...510).
  public static let chromaShift = 14

  /// Luma weights for R, G, B (sum: 219 / 255 · 2^16, rounded).
  public static let luma: (r: Int, g: Int, b: Int) = {
    let scale = 219.0 / 255 * Double(1 << lumaShift)
    let r = Int((kr * scale).rounded()), b = Int((kb * scale).rounded())
    return (r, Int(scale.rounded()) - r - b, b)
  }()

  /// Cb weights for the R, G, B sums of a horizontal pair (they sum to 0).
  public static let cb: (r: Int, g: Int, b: Int) = {
    let scale = 224.0 / 255 / (2 * (1 - kb)) / 2 * Double(1 << chromaShift)
    let r = Int((-kr * scale).rounded()), g = Int((-kg * scale).rounded())
    return (r, g, -r - g)
  }()

  /// Cr weights for the R, G, B sums of a horizontal pair (they sum to 0).
  public static let cr: (r: Int, g: Int, b: Int) = {
    let scale = 224.0 / 255 / (2 * (1 - kr)) / 2 * Double(1 << chromaShift)
    let g = Int((-kg * scale).rounded()), b = Int((-kb * scale).rounded())
    return (-g - b, g, b)
  }()
}
