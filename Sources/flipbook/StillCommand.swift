import ArgumentParser
import Foundation
import PNG
import Raster
import Review
import Stage

/// `flipbook still`: one picture of a scene at a time or frame.
struct StillCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "still",
    abstract: "Render one moment of a scene to a PNG.",
    discussion: """
      --frame N gives exactly frame N of `flipbook render` (with the same overlay flags); \
      --time T renders the state at T seconds, on a frame or between frames (the timecode \
      then names the frame at or before T).
      """)

  @OptionGroup var clip: ClipOptions

  @OptionGroup var overlays: OverlayFlags

  // `.unconditional`: a negative value after a space reaches the range check below instead
  // of ArgumentParser's "Missing value".
  @Option(parsing: .unconditional, help: "Seconds from the start of the clip.")
  var time: Double?

  @Option(parsing: .unconditional, help: "A frame number, as in frame_NNNNN.png.")
  var frame: Int?

  @Option(name: .shortAndLong, help: "The PNG to write (OUT.png, or a device such as /dev/stdout).")
  var output: String

  @Option(name: .customLong("png-level"), help: "zlib level, 0...9.")
  var pngLevel: Int = 6

  func validate() throws {
    guard (time == nil) != (frame == nil) else { throw ValidationError("give exactly one of --time SECONDS or --frame N") }
    guard (0...9).contains(pngLevel) else { throw ValidationError("--png-level must be 0...9 (got \(pngLevel))") }
    // It writes PNG bytes whatever the name says; a .jpg of PNG bytes fools a reader.
    let ext = (output as NSString).pathExtension
    guard ext.isEmpty || ext.lowercased() == "png" else {
      throw ValidationError("still writes PNG: name the file .png (got '.\(ext)'); accepted: OUT.png, or a path without an extension such as /dev/stdout")
    }
  }

  func run() throws {
    let clip = try self.clip.loadClip()
    do {
      let t: Double, n: Int
      if let frame {
        guard (0..<clip.frameCount).contains(frame) else {
          throw StageError.invalidSetting("--frame \(frame) is outside the clip's frames 0...\(clip.frameCount - 1)")
        }
        (t, n) = (clip.timeline.time(ofFrame: frame), frame)
      } else {
        t = time!
        guard t.isFinite, t >= 0, t <= clip.timeline.duration else {
          throw StageError.invalidSetting(
            "--time \(String(format: "%g", t)) is outside the clip (0...\(String(format: "%g", clip.timeline.duration)) s)")
        }
        n = min(clip.frameCount - 1, Int((t * clip.canvas.fps + 1e-9).rounded(.down)))
      }
      let bitmap = try clip.picture(at: t, frameNumber: n, overlays: overlays.overlays(document: clip.document))
      try AtomicFile.write(try PNGEncoder.frames.atLevel(pngLevel).encode(bitmap, name: output), to: output)
      print("wrote \(output) (\(bitmap.width)x\(bitmap.height) px)")
    } catch {
      throw fail(error)
    }
  }
}
