import ArgumentParser
import Foundation
import PNG
import Review
import Stage

/// `flipbook render`: a scene to PNG frames + manifest.json, and/or an MP4 clip.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render a scene to PNG frames and manifest.json (and/or an MP4 clip).",
    discussion: """
      Frames render in parallel and are byte-identical whatever --jobs is. The render owns \
      the folder while it runs (a lock on DIR/.flipbook.lock: a second render into it fails); \
      it first removes the old manifest.json, another clip's frames and frames past its end. \
      Each frame is written to a unique temporary name and renamed when complete; \
      manifest.json comes last. Devices and FIFOs (-o /dev/null) are written in place. \
      --frames A..B renders a self-contained range, identical to the same frames of a full \
      render, for sharding a clip across machines. --shard K/N renders shard K (from 0) of N \
      contiguous shares and writes shard-K-of-N.json (frame hashes, the clip's manifest) last; \
      'flipbook assemble' checks the shards and writes manifest.json and the MP4.

      -o follows its extension: OUT.mp4 writes an MP4 (as --mp4 OUT.mp4), OUT.gif a GIF (made \
      by scripts/make-gif from an MP4: --mp4's if given, else a temporary one), anything else \
      a folder of frames; an image or video type Flipbook does not write (.png, .jpg, .webm, \
      .mov, ...) is refused.

      Overlays (--touches, --timecode, --caption, --device) are the same as on compare and \
      review; without them each frame is exactly the scene's own picture. --device makes the \
      frames larger (the phone outline around the screen); the manifest gives their size.
      """)

  @OptionGroup var clip: ClipOptions

  @OptionGroup var overlays: OverlayFlags

  // Parsed once, by ArgumentParser (RenderTarget's error names the refused extension).
  @Option(
    name: .shortAndLong, help: "Folder for frame_NNNNN.png and manifest.json; or OUT.mp4 for an MP4, OUT.gif for a GIF.",
    transform: { try RenderTarget($0) })
  var output: RenderTarget?

  // `.unconditional`: `--frames -3` reaches FrameRangeParser (which explains it) instead of
  // ArgumentParser's "Missing value".
  @Option(parsing: .unconditional, help: ArgumentHelp("Render only these frames: A..B (inclusive), A..<B, A.., ..B or N.", valueName: "range"))
  var frames: String?

  @Option(name: .customLong("png-level"), help: "zlib level for the PNG frames, 0 (fastest, largest) to 9.")
  var pngLevel: Int = 1

  @OptionGroup var parallel: JobsOption

  @OptionGroup var sharding: ShardOption

  @Option(help: "Also (or only, without -o) write an H.264 MP4, fed raw frames while rendering and checked with ffprobe.")
  var mp4: String?

  @OptionGroup var encoding: QualityOption

  func validate() throws {
    guard output != nil || mp4 != nil else { throw ValidationError("give an output folder (-o DIR), an MP4 path (--mp4 OUT.mp4), or both") }
    guard (0...9).contains(pngLevel) else { throw ValidationError("--png-level must be 0...9 (got \(pngLevel))") }
    if sharding.shard != nil {
      guard frames == nil else { throw ValidationError("--shard and --frames both choose the frames; give one") }
      guard case .folder? = output, mp4 == nil else {
        throw ValidationError("--shard writes a shard's PNG frames into a folder (-o DIR); make the MP4 with 'flipbook assemble DIR... --mp4 OUT.mp4'")
      }
    }
    if case .mp4(let path)? = output, mp4 != nil { throw ValidationError("-o \(path) is an MP4 already; drop --mp4, or give -o a folder") }
    try encoding.requireClip(mp4 != nil || output?.writesMP4 == true, "give --mp4 OUT.mp4 (PNG frames are lossless)")
  }

  func run() throws {
    BatchAllocator.configure(jobs: parallel.jobs)
    let clip = try self.clip.loadClip()
    // The warnings come before the summary line (or the error), checked while frames render.
    let warnings = MotionWarningsBeside(clip)
    defer { warnings.print() }
    var folder: String?, mp4 = self.mp4, gif: String?
    switch output {
    case .folder(let f)?: folder = f
    case .mp4(let m)?: mp4 = m
    case .gif(let g)?: gif = g
    case nil: break
    }
    do {
      // A GIF is made from an MP4: the one asked for, else a temporary one beside the GIF.
      var temporaryMP4: String?
      if let gif {
        _ = try shippedScript("make-gif")
        _ = try ExternalTool.require("bash")
        if case .stream = try AtomicFile.target(gif) {
          throw StageError.write(path: gif, reason: "a GIF is written as a file; this is a device or FIFO")
        }
        try makeParentFolder(of: gif)
        if mp4 == nil {
          GIFTemporaryMP4.removeAbandoned(for: gif)
          let tmp = GIFTemporaryMP4.path(for: gif)
          InterruptCleanup.shared.install()
          InterruptCleanup.shared.register(file: tmp)
          temporaryMP4 = tmp
          mp4 = tmp
        }
      }
      defer {
        if let tmp = temporaryMP4 {
          unlink(tmp)
          InterruptCleanup.shared.unregister(file: tmp)
        }
      }
      let range = try sharding.parsed.map { shard throws(StageError) in try shard.frames(of: clip.frameCount) }
        ?? frames.map { text throws(StageError) in try FrameRangeParser.parse(text, frameCount: clip.frameCount) }
        ?? 0...(clip.frameCount - 1)
      let settings = self.clip.hashedSettings + ["png-level=\(pngLevel)"] + overlays.hashedSettings
      // The scene hash is for manifest.json, written only with frames: an MP4 alone skips
      // hashing the scene's assets.
      let hash = folder == nil && sharding.parsed == nil ? "" : try SceneHash.compute(document: clip.document, settings: settings)
      let overlaySet = overlays.overlays(document: clip.document)
      var manifest = clip.manifest(frames: range, sceneHash: hash)
      (manifest.pixelWidth, manifest.pixelHeight) = overlaySet.decoratedSize(
        width: manifest.pixelWidth, height: manifest.pixelHeight, scale: clip.scale)
      let bar = ProgressBar(total: range.count)
      let started = Date()
      try ClipWriter.render(
        manifest: manifest, outputs: ClipOutputs(
          directory: folder, mp4: mp4, quality: encoding.chosen, mp4Place: temporaryMP4 == nil ? .named : .inOutputFolder), pipeline: FramePipeline(jobs: parallel.jobs),
        frame: { n in try clip.picture(at: clip.timeline.time(ofFrame: n), frameNumber: n, overlays: overlaySet) },
        encode: frameEncoder(level: pngLevel, jobs: parallel.jobs), progress: bar,
        shard: sharding.parsed.map { ShardOutput(shard: $0, scene: self.clip.scene, settings: settings) })
      let seconds = Date().timeIntervalSince(started)
      let rate = Double(range.count) / max(seconds, 1e-9)
      if let gif, let mp4 { try runScript("make-gif", [mp4, gif]) }
      let targets = [folder.map { $0.hasSuffix("/") ? $0 : "\($0)/" }, temporaryMP4 == nil ? mp4 : nil, gif].compactMap { $0 }.joined(separator: " and ")
      let which = sharding.parsed.map { "\($0) (\($0.manifestName)): " } ?? ""
      warnings.print()
      print("rendered \(which)frames \(range.lowerBound)...\(range.upperBound) of \(clip.frameCount) (\(manifest.pixelWidth)x\(manifest.pixelHeight) px, \(clip.canvas.fps) fps) to \(targets) in \(String(format: "%.2f", seconds)) s (\(String(format: "%.1f", rate)) frames/s)")
    } catch {
      warnings.print()
      throw fail(error)
    }
  }
}
