import ArgumentParser
import Foundation
import Review
import Stage

/// `flipbook sheet`: a contact sheet (filmstrip) of a scene's frames, timestamped.
struct SheetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sheet",
    abstract: "Write a contact sheet: frames chosen evenly or at events (touch down, release, settle), each timestamped.",
    discussion: """
      Frames are rendered at the scene's scale and area-downscaled to the thumbnail width, so \
      the sheet is small enough for a README or a review thread.

      Examples:
        flipbook sheet Scenes/t2-photos-drag-to-dismiss.yaml -o t2-sheet.png
        flipbook sheet Scenes/t2-photos-drag-to-dismiss.yaml --at-events -o t2-events.png
      """)

  @OptionGroup var clip: ClipOptions

  @Option(help: "How many frames, spread evenly from the first to the last.")
  var count: Int = 8

  @Flag(name: .customLong("at-events"), help: "Take the first frame, each event's frame (touch down, release, settle) and the last frame instead.")
  var atEvents = false

  @Option(name: .customLong("thumb-width"), help: "Thumbnail width in pixels.")
  var thumbWidth: Int = 156

  @Option(help: "Thumbnails per row (default: up to 8 in one row).")
  var columns: Int?

  @Option(name: .shortAndLong, help: "The PNG to write.")
  var output: String

  func validate() throws {
    guard (1...64).contains(count) else { throw ValidationError("--count must be 1...64 (got \(count))") }
    guard (16...1024).contains(thumbWidth) else { throw ValidationError("--thumb-width must be 16...1024 px (got \(thumbWidth))") }
    if let c = columns, c < 1 { throw ValidationError("--columns must be at least 1 (got \(c))") }
    guard output.lowercased().hasSuffix(".png") else { throw ValidationError("-o must name a .png file (got '\(output)')") }
  }

  func run() throws {
    let clip = try self.clip.loadClip()
    do {
      let title = BundleName.title(
        sceneName: clip.document.displayName, variant: self.clip.variant, sets: self.clip.device.sets + self.clip.sets)
      let maker = SheetMaker(choice: atEvents ? .atEvents : .evenly(count), thumbnailWidth: thumbWidth, title: title, columns: columns)
      let sheet = try maker.render(clip)
      try writePNG(sheet, to: output)
      print("wrote \(output) (\(maker.frames(of: clip).count) frames, \(sheet.width)x\(sheet.height) px)")
    } catch {
      throw fail(error)
    }
  }
}
