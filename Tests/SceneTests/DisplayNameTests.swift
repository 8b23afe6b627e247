import Testing
@testable import Scene

/// The name pages, sheets, charts and captions show for a scene (written by hand from the
/// catalog file: T3's `scene:` is "Tags sheet", its file t3-tags-sheet.yaml).
@Suite struct DisplayNameTests {
  @Test func theTitleWhenThereIsOne() throws {
    let document = try SceneLoader.load(path: Fixture.repository + "/Scenes/t3-tags-sheet.yaml")
    #expect(document.displayName == "Tags sheet")
  }

  @Test(arguments: [nil, ""])
  func elseTheFileNameWithoutItsExtension(_ title: String?) throws {
    var document = try SceneLoader.load(path: Fixture.repository + "/Scenes/t3-tags-sheet.yaml")
    document.title = title
    #expect(document.displayName == "t3-tags-sheet")
    document.file = "relative/folder/my.scene.yaml"
    #expect(document.displayName == "my.scene")
  }
}
