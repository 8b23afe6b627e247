import Foundation
import Raster
import Synchronization
import Testing
@testable import Stage

/// Held frames reuse the bytes of the frame they repeat: encoded once, same files for any --jobs.
@Suite struct RepeatedFramesTests {
  /// Frames 0...4 are one picture, 5...9 another, 10 a third that differs from 5 in one byte.
  static func held(_ n: Int) -> Bitmap {
    var b = patternFrame(n < 5 ? 0 : 5, width: 8, height: 6)
    if n == 10 { b.pixels[4 * 47] ^= 1 }
    return b
  }

  @Test(arguments: [1, 3])
  func heldFramesAreEncodedOnce(jobs: Int) throws {
    let dir = makeTemporaryDirectory("held\(jobs)")
    let encodes = Mutex(0)
    try ClipWriter.render(
      manifest: Manifest(fps: 60, pixelWidth: 8, pixelHeight: 6, scale: 1, frameCount: 11, frames: 0...10, sceneHash: "held", events: []),
      outputs: ClipOutputs(directory: dir), pipeline: FramePipeline(jobs: jobs), frame: { Self.held($0) },
      encode: { b in
        encodes.withLock { $0 += 1 }
        return try rawEncode(b)
      })
    #expect(encodes.withLock { $0 } == 3)
    for n in 0...10 {
      #expect(bytes(dir + "/" + FrameDirectory.fileName(frame: n)) == (try rawEncode(Self.held(n))), "frame \(n)")
    }
  }

  @Test func aFailedEncodeIsNotRemembered() throws {
    let memo = RepeatedFrames<Int>(capacity: 2)
    let b = patternFrame(1)
    #expect(throws: InjectedFailure.self) { try memo.value(for: b) { _ in throw InjectedFailure() } }
    #expect(try memo.value(for: b) { _ in 7 } == 7)
    #expect(try memo.value(for: b) { _ in 8 } == 7)
    // Equal digests are not enough: pixels are compared byte for byte.
    var c = b
    c.pixels[1] ^= 0x80
    #expect(try memo.value(for: c) { _ in 9 } == 9)
  }
}
