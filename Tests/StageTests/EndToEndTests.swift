import Foundation
import Geometry
import PNG
import Raster
import Scene
import Testing
@testable import Stage

@Suite(.serialized) struct EndToEndTests {
  /// Frames of the tiny push: 0 (at rest, before), 2 (t = 0.2: a third of the way), 5 (after).
  /// Looked at: frame 0 is a white screen with a rounded red square; frame 2 has the blue
  /// screen covering the right two thirds (x >= 40) over a dimmed white screen; frame 5 is the
  /// blue screen with the orange/teal photo centred.
  @Test(arguments: [0, 2, 5]) func tinyPushGoldens(frame: Int) throws {
    let clip = try Fixtures.clip("tiny.yaml")
    #expect(clip.frameCount == 6)
    try expectMatchesGolden(clip.bitmap(frame: frame), named: "tiny-push-\(frame)")
  }

  /// Pixels that geometry makes certain, independent of the goldens: at t = 0.2 the linear
  /// push is 1/3 done, so b's left edge is at x = 60 − 60/3 = 40, and a is dimmed by
  /// 0.5/3 (white → 255 · (1 − 1/6) = 212.5).
  @Test func tinyPushGeometry() throws {
    let clip = try Fixtures.clip("tiny.yaml")
    let b = clip.bitmap(frame: 2)
    let blue = b.pixel(x: 45, y: 5), white = b.pixel(x: 5, y: 95)
    #expect(blue.r == 0x33 && blue.g == 0x66 && blue.b == 0xCC)
    #expect(abs(Int(white.r) - 212) <= 1 && white.r == white.g && white.a == 255)
    #expect(b.pixel(x: 39, y: 5).r == white.r)
  }

  func render(_ clip: Clip, jobs: Int, frames: ClosedRange<Int>, to dir: String) throws {
    try ClipWriter.render(
      manifest: clip.manifest(frames: frames, sceneHash: "h"), outputs: ClipOutputs(directory: dir),
      pipeline: FramePipeline(jobs: jobs), frame: { clip.bitmap(frame: $0) },
      encode: { try PNGEncoder.frames.encode($0) })
  }

  @Test func t2IsByteIdenticalAcrossJobCountsAndRanges() throws {
    let clip = try Fixtures.clip("t2.yaml", scale: 0.25)
    let one = makeTemporaryDirectory("t2j1"), two = makeTemporaryDirectory("t2j2"), part = makeTemporaryDirectory("t2part")
    try render(clip, jobs: 1, frames: 20...44, to: one)
    try render(clip, jobs: 2, frames: 20...44, to: two)
    try render(clip, jobs: 2, frames: 30...33, to: part)
    let names = listing(one)
    #expect(names.count == 27)  // 25 frames, the manifest and the folder's lock file
    for name in names { #expect(bytes(one + "/" + name) == bytes(two + "/" + name), "\(name) differs between --jobs 1 and 2") }
    for n in 30...33 {
      let name = FrameDirectory.fileName(frame: n)
      #expect(bytes(one + "/" + name) != nil && bytes(one + "/" + name) == bytes(part + "/" + name))
    }
    // Frames change while the image moves.
    #expect(bytes(one + "/frame_00030.png") != bytes(one + "/frame_00031.png"))
  }

  /// PNG frames in strips, as render writes them (a strip cache shared by the workers, strips on
  /// 2 threads): each file is the bytes of an uncached one-thread encode, decodes to the rendered
  /// bitmap exactly (as libpng's one-stream encoding of before did). Frames 10...44 hold the
  /// first picture for a while (reused strips) and then drag the photo (at this scale every
  /// 64-row strip changes then).
  @Test func t2StripsDecodeToTheRenderedPixels() throws {
    let clip = try Fixtures.clip("t2.yaml", scale: 0.25)
    let cache = PNGStripCache(frames: 3)
    let oneStream = PNGEncoder(level: 1, strategy: .rle, filter: .perRow)
    #expect(PNGEncoder.frames.stripRows == 64 && oneStream.stripRows == nil)
    for n in 10...44 {
      let bitmap = clip.bitmap(frame: n)
      let png = try PNGEncoder.frames.encode(bitmap, cache: cache, threads: 2)
      #expect(png == (try PNGEncoder.frames.encode(bitmap)), "frame \(n)")
      #expect(try PNGDecoder().decode(png, name: "frame \(n)") == bitmap, "frame \(n)")
      #expect(try PNGDecoder().decode(oneStream.encode(bitmap), name: "frame \(n)") == bitmap)
    }
    #expect(cache.counts.reused > 0 && cache.counts.made > 0, "\(cache.counts)")
  }

  @Test func manifestOfARealClip() throws {
    let clip = try Fixtures.clip("tiny.yaml")
    let m = clip.manifest(frames: 0...5, sceneHash: "x")
    #expect(m.pixelWidth == 60 && m.pixelHeight == 100 && m.fps == 10 && m.frameCount == 6)
    #expect(m.events.map(\.kind.name) == ["transitionStart", "settle"])
    #expect(m.events.map(\.frame) == [1, 4])
  }
}
