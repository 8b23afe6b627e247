import Foundation
import Testing
@testable import Text

@Suite struct FontMetricsTests {
  // Read from Sources/Text/Fonts/Inter-Regular.otf (Inter 3.019) with fontTools 4:
  //   TTFont(path)['head'].unitsPerEm -> 2816
  //   ['hhea'].ascent -> 2728, .descent -> -680, .lineGap -> 0
  // (OS/2 sTypoAscender/Descender/LineGap hold the same numbers.)
  @Test func interLineMetricsMatchTheFontTables() throws {
    let m = try fontMetrics(weight: .regular, fontSize: 2816)
    #expect(m.unitsPerEm == 2816)
    #expect(m.ascender == 2728)
    #expect(m.descender == -680)
    #expect(m.lineGap == 0)
    #expect(m.lineHeight == 3408)
  }

  @Test(arguments: Label.Weight.allCases)
  func everyWeightSharesInterLineMetrics(weight: Label.Weight) throws {
    // 17 pt: ascender 2728 * 17 / 2816, descender -680 * 17 / 2816 (hand computed).
    let m = try fontMetrics(weight: weight, fontSize: 17)
    #expect(abs(m.ascender - 16.4687) < 1e-4)
    #expect(abs(m.descender - -4.1051) < 1e-4)
    #expect(abs(m.lineHeight - 20.5739) < 1e-4)
  }

  @Test func fontsAreFoundInTheResourceBundle() throws {
    let folder = try FontFiles.folder()
    #expect(folder.hasSuffix("Flipbook_Text.resources/Fonts"), "fonts came from \(folder)")
    for weight in Label.Weight.allCases {
      #expect(FileManager.default.fileExists(atPath: folder + "/" + FontFiles.fileName(for: weight)))
    }
    #expect(FileManager.default.fileExists(atPath: folder + "/LICENSE-Inter.txt"))
  }

  @Test func weightsMapToTheInterFaceOfTheSameCSSWeight() {
    // UIFont.Weight .thin is CSS 200 (Inter ExtraLight), .heavy is 800 (Inter ExtraBold).
    #expect(FontFiles.fileName(for: .thin) == "Inter-ExtraLight.otf")
    #expect(FontFiles.fileName(for: .semibold) == "Inter-SemiBold.otf")
    #expect(FontFiles.fileName(for: .heavy) == "Inter-ExtraBold.otf")
  }
}
