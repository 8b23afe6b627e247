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

/// The Display cut (InterDisplay 3.019, the same Debian package) and SF Pro's tracking table.
@Suite struct SystemTypographyTests {
  // Read from Sources/Text/Fonts/InterDisplay-Regular.otf with a plain struct parse of the
  // sfnt tables (Python, not FreeType): head.unitsPerEm 2048; hhea ascent 1974, descent -502,
  // lineGap 0. The text cut has 2816 units per em, so the two cuts are different files.
  @Test(arguments: Label.Weight.allCases)
  func displayCutHasInterDisplayMetrics(weight: Label.Weight) throws {
    let m = try fontMetrics(weight: weight, opticalSize: .display, fontSize: 2048)
    #expect(m.unitsPerEm == 2048)
    #expect(m.ascender == 1974 && m.descender == -502 && m.lineGap == 0)
  }

  @Test func displayFilesShipBesideTheTextFiles() throws {
    let folder = try FontFiles.folder()
    for weight in Label.Weight.allCases {
      let name = FontFiles.fileName(for: weight, .display)
      #expect(name.hasPrefix("InterDisplay-"))
      #expect(FileManager.default.fileExists(atPath: folder + "/" + name))
    }
  }

  /// Apple HIG, Typography > Tracking values (SF Pro, iOS): 1/1000 em at each size.
  @Test func trackingTable() {
    #expect(abs(Label.systemTracking(forPointSize: 17) - -0.442) < 1e-12)   // -26
    #expect(abs(Label.systemTracking(forPointSize: 12)) < 1e-12)            // 0
    #expect(abs(Label.systemTracking(forPointSize: 28) - 0.392) < 1e-12)    // +14
    #expect(abs(Label.systemTracking(forPointSize: 55) - 0.33) < 1e-12)     // +6 at 54 and 56
    #expect(abs(Label.systemTracking(forPointSize: 3) - 0.123) < 1e-12)     // held at 6 pt's +41
    #expect(Label.systemTracking(forPointSize: 200) == 0)                   // 0 past 80 pt
    #expect(Label.systemTracking(forPointSize: .nan) == 0)
    #expect(Label.systemOpticalSize(forPointSize: 19.999) == .text)
    #expect(Label.systemOpticalSize(forPointSize: 20) == .display)
  }

  /// The Display cut draws different glyph advances: "Display" at 34 pt measures differently.
  @Test func displayCutLaysOutWithItsOwnAdvances() throws {
    let text = try measure(Label("Display", fontSize: 34, weight: .bold), maxWidth: nil).width
    let display = try measure(Label("Display", fontSize: 34, weight: .bold, opticalSize: .display), maxWidth: nil).width
    #expect(display < text)
  }
}
