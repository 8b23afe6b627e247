import Testing
@testable import Text

@Suite struct FontMetricsTests {
  // Read from Inter-Regular.otf 3.019 with fontTools:
  //   TTFont(...)['head'].unitsPerEm == 2816
  //   ['hhea'].ascent == 2728, .descent == -680, .lineGap == 0
  @Test func interLineMetricsMatchTheFontTables() throws {
    let m = try fontMetrics(weight: .regular, fontSize: 2816)
    #expect(m.unitsPerEm == 2816)
    #expect(m.ascender == 2728)
    #expect(m.descender == -680)
    #expect(m.lineGap == 0)
  }
}
