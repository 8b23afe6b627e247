/// How long x264 works on a clip and how faithful the result is: `--quality` of every command
/// that writes an MP4 (`render --mp4`, `compare`/`review` clips) and of `scripts/make-mp4`.
///
/// Chosen by measurement on three catalog scenes at scale 3 (docs/performance.md, "Quality
/// presets": x264 time, file size, PSNR and SSIM of the decoded clip against the frames).
/// `tune animation` (more reference frames, deblocking and psy settings for flat areas) made
/// UI clips about 10 % smaller at the same PSNR; `stillimage` did not help.
public enum ClipQuality: String, CaseIterable, Sendable {
  /// For watching motion while tuning: x264 ultrafast, CRF 20. About a sixth of the old fixed
  /// setting's encoding time; larger files; text edges slightly softer (SSIM ≈ 0.986).
  case draft
  /// The default: x264 superfast, CRF 17, tune animation. At least the PSNR and SSIM of the
  /// clips before presets existed (medium, CRF 18) in about a third of the encoding time, at
  /// about twice the size.
  case review
  /// For the clip that ships: x264 slow, CRF 16, tune animation. The highest fidelity and
  /// about the old size, at twice the old encoding time.
  case final

  /// x264's `-preset`.
  public var preset: String {
    switch self {
    case .draft: "ultrafast"
    case .review: "superfast"
    case .final: "slow"
    }
  }

  /// x264's constant-rate factor (lower is more faithful and larger).
  public var crf: Int {
    switch self {
    case .draft: 20
    case .review: 17
    case .final: 16
    }
  }

  /// x264's `-tune`, or nil for none.
  public var tune: String? {
    switch self {
    case .draft: nil
    case .review, .final: "animation"
    }
  }

  /// The H.264 profile ffprobe reports. `-profile:v high` is only x264's upper bound: it writes
  /// the simplest profile the preset's tools need. Ultrafast uses neither CABAC, B-frames nor
  /// 8x8 transforms, so a draft is Constrained Baseline (which every player decodes).
  public var profile: String { self == .draft ? "Constrained Baseline" : "High" }

  /// x264's frame threads, fixed. x264's default (1.5 x the cores it may run on) changes the
  /// stream with the machine: the same frames encoded on one core and on two gave different
  /// bytes. Eight keeps most of the parallel speed of a large machine.
  public static let encoderThreads = 8

  /// The encoder arguments: `-preset P -crf N [-tune T] -threads 8`.
  public var x264Arguments: [String] {
    ["-preset", preset, "-crf", String(crf)] + (tune.map { ["-tune", $0] } ?? []) + ["-threads", String(Self.encoderThreads)]
  }
}
