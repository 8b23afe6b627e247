import ArgumentParser
import Foundation
import Stage

/// `flipbook assemble`: shards rendered with `--shard K/N` (anywhere) into the outputs of one
/// whole render.
struct AssembleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "assemble",
    abstract: "Check the shards of a clip (render/compare/review --shard K/N) and write its frames, manifest.json and MP4.",
    discussion: """
      Every shard-K-of-N.json in the folders is read (several shards may share a folder). \
      They must be of one clip (same scene hash, settings and manifest) and one split N, each \
      shard present once, and every frame file must have the SHA-256 its shard recorded; \
      otherwise every problem is printed, naming the shard and its frames, nothing is \
      written, and the exit status is 1. Then -o gets the frames and manifest.json exactly \
      as one render writes them (the folder may be the shards' own), and --mp4 the clip, \
      encoded from the frames as 'render --mp4' encodes (the same bytes for the same --quality). \
      See docs/distributed.md.

      Examples:
        flipbook assemble out/shard-0 out/shard-1 out/shard-2 -o out/t2 --mp4 out/t2.mp4
        flipbook assemble out/shard-* --mp4 out/t2.mp4 --quality final
        flipbook assemble /shared/t2 -o /shared/t2        (shards rendered into one folder)
      """)

  @Argument(help: "Folders holding the shards' frames and shard-K-of-N.json.")
  var folders: [String]

  @Option(name: .shortAndLong, help: "Folder for the whole clip's frame_NNNNN.png and manifest.json.")
  var output: String?

  @Option(help: "Also (or only, without -o) write the H.264 MP4 of the whole clip.")
  var mp4: String?

  @OptionGroup var encoding: QualityOption

  @OptionGroup var parallel: JobsOption

  func validate() throws {
    guard !folders.isEmpty else { throw ValidationError("give the shards' folders") }
    guard output != nil || mp4 != nil else { throw ValidationError("give an output folder (-o DIR), an MP4 path (--mp4 OUT.mp4), or both") }
    try encoding.requireClip(mp4 != nil, "give --mp4 OUT.mp4 (the frames are copied as they are)")
  }

  func run() throws {
    BatchAllocator.configure(jobs: parallel.jobs)
    do {
      let started = Date()
      let shards = try ShardSet.load(folders: folders)
      try ShardAssembler.write(
        shards, outputs: ClipOutputs(directory: output, mp4: mp4, quality: encoding.chosen), pipeline: FramePipeline(jobs: parallel.jobs),
        progress: ProgressBar(total: shards.frameCount))
      let seconds = Date().timeIntervalSince(started)
      let targets = [output.map { $0.hasSuffix("/") ? $0 : "\($0)/" }, mp4].compactMap { $0 }.joined(separator: " and ")
      print("assembled \(shards.members.count) shards (\(shards.frameCount) frames) to \(targets) in \(String(format: "%.2f", seconds)) s")
    } catch {
      throw fail(error)
    }
  }
}
