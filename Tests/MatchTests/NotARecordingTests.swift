import Foundation
import TestSupport
import Testing

/// Files that are not screen recordings get a clear error and a non-zero exit, promptly.
@Suite struct NotARecordingTests {
  static func ffmpeg(_ arguments: [String]) throws -> String {
    let out = RecordingMaker.folder.appendingPathComponent(arguments.last!).path
    let r = try runProcess("ffmpeg", ["-v", "error", "-y"] + arguments.dropLast() + [out])
    guard r.status == 0 else { throw RecordingMaker.Failure("ffmpeg: \(r.stderr)") }
    return out
  }

  static func refuses(_ file: String, saying words: String) throws {
    let r = try runFlipbook(["match", RecordingMaker.scene("t1-modal-card"), file])
    #expect(r.status != 0)
    #expect(r.stderr.contains("not a usable screen recording"), "\(r.stderr)")
    #expect(r.stderr.contains(words), "\(r.stderr)")
    #expect(!r.stderr.contains("Fatal error"))
  }

  @Test func aStillImage() throws {
    try Self.refuses(RecordingMaker.root.appendingPathComponent("Scenes/assets/fig.png").path, saying: "1 frame")
  }

  @Test func aOneFrameVideo() throws {
    let file = try Self.ffmpeg(["-f", "lavfi", "-i", "color=c=white:s=390x844", "-frames:v", "1", "-c:v", "libx264", "one-frame.mp4"])
    try Self.refuses(file, saying: "1 frame")
  }

  @Test func anAudioFile() throws {
    let file = try Self.ffmpeg(["-f", "lavfi", "-i", "sine=d=0.5", "audio.m4a"])
    try Self.refuses(file, saying: "no video stream")
  }

  @Test func aVideoOneHundredThousandPixelsWide() throws {
    let file = try Self.ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=4000x2:d=0.2", "-vf", "scale=100000:1", "-c:v", "rawvideo", "-pix_fmt", "gray", "wide.nut"])
    try Self.refuses(file, saying: "100000x1")
  }

  @Test func aTruncatedMP4() throws {
    let whole = try RecordingMaker.make("t1-spec", scene: "t1-modal-card")
    let data = try Data(contentsOf: URL(fileURLWithPath: whole))
    let cut = RecordingMaker.folder.appendingPathComponent("truncated.mp4")
    try data.prefix(data.count / 3).write(to: cut)
    let r = try runFlipbook(["match", RecordingMaker.scene("t1-modal-card"), cut.path])
    #expect(r.status != 0)
    #expect(r.stderr.contains("flipbook: error:"), "\(r.stderr)")
    #expect(!r.stderr.contains("Fatal error"))
  }

  @Test func aRecordingOfAnotherShape() throws {
    let file = try Self.ffmpeg(["-f", "lavfi", "-i", "color=c=white:s=640x480:d=0.5", "-c:v", "libx264", "landscape.mp4"])
    try Self.refuses(file, saying: "width/height")
  }
}

/// Flags that cannot work are refused before anything is decoded.
@Suite struct MatchArgumentTests {
  @Test func anUnknownTrackedViewIsNamed() throws {
    let r = try runFlipbook(["match", RecordingMaker.scene("t1-modal-card"), "/nonexistent.mp4", "--track", "modal.nope"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("--track modal.nope: no view with id 'nope'"), "\(r.stderr)")
  }

  @Test func fitOnlyNeedsARegionInsideTheRecording() throws {
    let missing = try runFlipbook(["match", "--fit-only", "/nonexistent.mp4"])
    #expect(missing.status != 0)
    #expect(missing.stderr.contains("--region"), "\(missing.stderr)")
    let bad = try runFlipbook(["match", "--fit-only", "/nonexistent.mp4", "--region", "1,2,3"])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("--region must be x,y,w,h"), "\(bad.stderr)")
  }

  @Test func aMissingRecording() throws {
    let r = try runFlipbook(["match", RecordingMaker.scene("t1-modal-card"), "/nonexistent.mp4"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("/nonexistent.mp4: not a usable screen recording: no such file"), "\(r.stderr)")
  }
}
