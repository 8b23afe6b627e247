import Testing
@testable import Stage

@Suite struct FrameRangeTests {
  @Test func forms() throws {
    #expect(try FrameRangeParser.parse("10..19", frameCount: 100) == 10...19)
    #expect(try FrameRangeParser.parse("10..<20", frameCount: 100) == 10...19)
    #expect(try FrameRangeParser.parse("90..", frameCount: 100) == 90...99)
    #expect(try FrameRangeParser.parse("7", frameCount: 100) == 7...7)
  }

  @Test func errorsSayWhy() {
    #expect(throws: StageError.badFrameRange("5..2", reason: "the end 2 is before the start 5")) {
      try FrameRangeParser.parse("5..2", frameCount: 10)
    }
    #expect(throws: StageError.badFrameRange("0..10", reason: "the clip has 10 frames (0..9), frame 10 is past its end")) {
      try FrameRangeParser.parse("0..10", frameCount: 10)
    }
    #expect(throws: StageError.badFrameRange("a..3", reason: "'a' is not a frame number (a whole number >= 0)")) {
      try FrameRangeParser.parse("a..3", frameCount: 10)
    }
  }

  @Test func progressLine() {
    #expect(ProgressBar.line(done: 30, total: 120, label: "frames", rate: 15, eta: 6)
      == "\r[######..................] 30/120 frames  15.0 frames/s  ETA 6.0 s   ")
  }
}

@Suite struct FrameRangeFromStartTests {
  @Test func openStartCountsFromFrameZero() throws {
    #expect(try FrameRangeParser.parse("..3", frameCount: 10) == 0...3)
    #expect(try FrameRangeParser.parse("..<3", frameCount: 10) == 0...2)
    #expect(try FrameRangeParser.parse("..", frameCount: 10) == 0...9)
  }

  @Test func negativeNumberSaysHowToWriteIt() {
    #expect(throws: StageError.badFrameRange("-3", reason: "frame numbers count from 0; write ..3 (or 0..3) for frames 0 to 3, or 7.. for the last 3")) {
      try FrameRangeParser.parse("-3", frameCount: 10)
    }
  }
}
