import Testing
@testable import Review

@Suite struct TimeTests {
  @Test func shorterClipsHoldTheirLastFrame() {
    let tb = SharedTimebase(frameCounts: [5, 9, 7])
    #expect(tb.frameCount == 9)
    #expect((0..<9).map { tb.frame($0, ofClip: 0) } == [0, 1, 2, 3, 4, 4, 4, 4, 4])
    #expect(tb.frame(8, ofClip: 1) == 8)
    #expect(tb.frame(8, ofClip: 2) == 6)
  }

  @Test func slowMotionSamplesFinerTimesNotRepeatedOnes() {
    let s = Sampling(fps: 60, speed: 0.25)
    // t = n / 60 * 0.25 = n / 240.
    for n in [0, 1, 2, 3, 4, 5, 239, 240, 396] {
      #expect(abs(s.time(ofFrame: n) - Double(n) / 240) < 1e-12)
    }
    let times = (0..<397).map(s.time(ofFrame:))
    #expect(Set(times).count == 397)
    // 100 frames at normal speed end at 99/60 s; at 0.25 that is output frame 396.
    #expect(s.frameCount(normalFrameCount: 100) == 397)
    #expect(Sampling(fps: 60).frameCount(normalFrameCount: 100) == 100)
  }

  @Test func aSlowerDisplayHoldsEachSampleUntilTheNext() {
    let hz30 = Sampling(fps: 120, refreshRate: 30)
    // Output at 120 fps: each 30 Hz sample is held for 4 output frames.
    let times = (0..<9).map(hz30.time(ofFrame:))
    let expected = [0, 0, 0, 0, 1, 1, 1, 1, 2].map { Double($0) / 30 }
    for (a, b) in zip(times, expected) { #expect(abs(a - b) < 1e-12) }
    let hz120 = Sampling(fps: 120, refreshRate: 120)
    #expect((0..<5).map(hz120.time(ofFrame:)) == (0..<5).map { Double($0) / 120 })
  }

  @Test func evenlyChosenFramesIncludeBothEnds() {
    #expect(FrameSelection.evenly(count: 5).frames(frameCount: 101, fps: 60) == [0, 25, 50, 75, 100])
    #expect(FrameSelection.evenly(count: 3).frames(frameCount: 10, fps: 60) == [0, 5, 9])
    #expect(FrameSelection.evenly(count: 1).frames(frameCount: 10, fps: 60) == [0])
    #expect(FrameSelection.evenly(count: 20).frames(frameCount: 4, fps: 60) == [0, 1, 2, 3])
  }

  @Test func framesAtTimesAreTheFirstAtOrAfter() {
    // 0.3 s at 60 fps is exactly frame 18; 0.305 s -> 18.3 -> 19; past the end clamps.
    #expect(FrameSelection.atTimes([0.305, 0.3, 5]).frames(frameCount: 60, fps: 60) == [18, 19, 59])
  }
}
