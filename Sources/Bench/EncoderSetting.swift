import PNG

/// A named PNG encoder setting that `flipbook bench` times.
public struct EncoderSetting: Hashable, Sendable {
  public let name: String
  public let encoder: PNGEncoder

  public init(_ name: String, _ encoder: PNGEncoder) {
    self.name = name
    self.encoder = encoder
  }

  /// The settings compared by default: the frame default, plain zlib levels, each strategy
  /// and the fixed filters at level 1, and RGBA (colour type 6) against RGB.
  public static let standard: [EncoderSetting] = [
    EncoderSetting("frames (RGB L1 rle per-row, 64-row strips)", .frames),
    EncoderSetting("RGB L1 rle per-row, one stream", PNGEncoder(level: 1, strategy: .rle, filter: .perRow)),
    EncoderSetting("RGB L1 rle paeth", PNGEncoder(level: 1, strategy: .rle, filter: .paeth)),
    EncoderSetting("RGB L1 rle adaptive", PNGEncoder(level: 1, strategy: .rle)),
    EncoderSetting("RGB L1 default adaptive", PNGEncoder(level: 1)),
    EncoderSetting("RGB L1 rle up", PNGEncoder(level: 1, strategy: .rle, filter: .up)),
    EncoderSetting("RGB L1 rle sub", PNGEncoder(level: 1, strategy: .rle, filter: .sub)),
    EncoderSetting("RGB L1 rle none", PNGEncoder(level: 1, strategy: .rle, filter: .none)),
    EncoderSetting("RGB L1 huffmanOnly adaptive", PNGEncoder(level: 1, strategy: .huffmanOnly)),
    EncoderSetting("RGB L1 filtered adaptive", PNGEncoder(level: 1, strategy: .filtered)),
    EncoderSetting("RGB L1 fixed adaptive", PNGEncoder(level: 1, strategy: .fixed)),
    EncoderSetting("RGB L3 default adaptive", PNGEncoder(level: 3)),
    EncoderSetting("RGB L6 default adaptive", PNGEncoder(level: 6)),
    EncoderSetting("RGB L0 none (stored)", PNGEncoder(level: 0, filter: .none)),
    EncoderSetting("RGBA L1 default adaptive", PNGEncoder(level: 1, colorType: .rgba)),
    EncoderSetting("RGBA L1 rle adaptive", PNGEncoder(level: 1, strategy: .rle, colorType: .rgba)),
    EncoderSetting("RGBA L1 rle up", PNGEncoder(level: 1, strategy: .rle, filter: .up, colorType: .rgba)),
    EncoderSetting("RGBA L6 default adaptive", PNGEncoder(level: 6, colorType: .rgba)),
  ]
}
