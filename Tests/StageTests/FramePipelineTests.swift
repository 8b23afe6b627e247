import Foundation
import Raster
import Synchronization
import Testing
@testable import Stage

@Suite struct FramePipelineTests {
  func manifest(frames: ClosedRange<Int>, count: Int = 40) -> Manifest {
    Manifest(
      fps: 60, pixelWidth: 8, pixelHeight: 6, scale: 1, frameCount: count, frames: frames, sceneHash: "test",
      events: [])
  }

  func render(jobs: Int, frames: ClosedRange<Int> = 0...39) throws -> String {
    let dir = makeTemporaryDirectory("jobs\(jobs)")
    try ClipWriter.render(
      manifest: manifest(frames: frames), outputs: ClipOutputs(directory: dir), pipeline: FramePipeline(jobs: jobs),
      frame: { patternFrame($0) }, encode: rawEncode)
    return dir
  }

  @Test func sameBytesForEveryJobCount() throws {
    let one = try render(jobs: 1), two = try render(jobs: 2), five = try render(jobs: 5)
    let names = listing(one)
    #expect(names.count == 42)  // 40 frames, the manifest and the folder's lock file
    #expect(names.first == FolderLock.fileName && names.contains("frame_00000.png") && names.contains("frame_00039.png") && names.last == "manifest.json")
    for name in names {
      #expect(bytes(one + "/" + name) == bytes(two + "/" + name), "\(name) differs between --jobs 1 and 2")
      #expect(bytes(one + "/" + name) == bytes(five + "/" + name), "\(name) differs between --jobs 1 and 5")
    }
    for n in [0, 17, 39] {
      #expect(bytes(one + "/" + FrameDirectory.fileName(frame: n)) == (try rawEncode(patternFrame(n))))
    }
  }

  @Test func aRangeHoldsTheSameFramesAsTheWholeClip() throws {
    let whole = try render(jobs: 2), part = try render(jobs: 2, frames: 10...14)
    let names = listing(part).filter { $0.hasPrefix("frame_") }
    #expect(names == (10...14).map { FrameDirectory.fileName(frame: $0) })
    for name in names { #expect(bytes(whole + "/" + name) == bytes(part + "/" + name)) }
  }

  @Test func inOrderDeliveryIsOrderedAndBounded() throws {
    let alive = Atomic<Int>(0), peak = Atomic<Int>(0)
    let delivered = Mutex<[Int]>([])
    let pipeline = FramePipeline(jobs: 3, window: 4)
    try pipeline.run(
      frames: 0...199,
      render: { n in
        let now = alive.add(1, ordering: .sequentiallyConsistent).newValue
        _ = peak.max(now, ordering: .sequentiallyConsistent)
        if n % 7 == 0 { usleep(2000) }  // make some frames slow so others finish first
        return patternFrame(n)
      },
      inOrder: { n, _ in
        delivered.withLock { $0.append(n) }
        _ = alive.subtract(1, ordering: .sequentiallyConsistent)
      })
    #expect(delivered.withLock { $0 } == Array(0...199))
    // At most `window` frames ahead of delivery, plus one being delivered.
    #expect(peak.load(ordering: .sequentiallyConsistent) <= 4 + 1)
  }

  @Test func failureNamesTheFrameAndLeavesNoPartialFiles() throws {
    let dir = makeTemporaryDirectory("fail")
    #expect(throws: StageError.frame(13, reason: "injected failure")) {
      try ClipWriter.render(
        manifest: manifest(frames: 0...39), outputs: ClipOutputs(directory: dir), pipeline: FramePipeline(jobs: 2),
        frame: { n in
          if n == 13 { throw InjectedFailure() }
          return patternFrame(n)
        }, encode: rawEncode)
    }
    let names = listing(dir)
    #expect(!names.contains { $0.hasSuffix(".tmp") })
    #expect(!names.contains("manifest.json"))
    #expect(!names.contains(FrameDirectory.fileName(frame: 13)))
    for name in names where name != FolderLock.fileName {
      let n = Int(name.dropFirst(6).prefix(5))!
      #expect(bytes(dir + "/" + name) == (try rawEncode(patternFrame(n))), "\(name) is incomplete")
    }
  }

  @Test func encoderFailureMidWriteLeavesNoTmp() throws {
    let dir = makeTemporaryDirectory("encfail")
    #expect(throws: StageError.frame(4, reason: "injected failure")) {
      try ClipWriter.render(
        manifest: manifest(frames: 0...9), outputs: ClipOutputs(directory: dir), pipeline: FramePipeline(jobs: 1),
        frame: { patternFrame($0) },
        encode: { b in
          if b.pixels[2] == UInt8((4 * 5) & 0xFF) { throw InjectedFailure() }
          return try rawEncode(b)
        })
    }
    #expect(listing(dir) == [FolderLock.fileName] + (0...3).map { FrameDirectory.fileName(frame: $0) })
  }

  @Test func unwritableFolderIsAnErrorNamingThePath() throws {
    let dir = makeTemporaryDirectory("ro")
    let file = dir + "/not-a-folder"
    _ = FileManager.default.createFile(atPath: file, contents: Data())
    #expect(throws: StageError.self) {
      try ClipWriter.render(
        manifest: manifest(frames: 0...1), outputs: ClipOutputs(directory: file + "/out"),
        pipeline: FramePipeline(jobs: 1), frame: { patternFrame($0) }, encode: rawEncode)
    }
  }

  @Test func wrongSizedFrameIsReported() throws {
    let dir = makeTemporaryDirectory("size")
    #expect(throws: StageError.frame(0, reason: "rendered 3x3 px, expected 8x6")) {
      try ClipWriter.render(
        manifest: manifest(frames: 0...0), outputs: ClipOutputs(directory: dir), pipeline: FramePipeline(jobs: 1),
        frame: { _ in Bitmap(width: 3, height: 3) }, encode: rawEncode)
    }
  }
}
