import Foundation
import Scene
import Stage
import Testing

/// `flipbook check` warns on springs that do not settle and on views that jump
/// (docs/motion.md, "Warnings"); the catalog has neither, on any phone.
@Suite("Catalog scenes have no motion warnings")
struct MotionWarningsTests {
  static let models = ["iphone-se", "iphone-14", "iphone-15", "iphone-15-pro-max"]

  /// Every scene, as written and with each variant, on each of the four device models.
  @Test(arguments: Catalog.files)
  func silentOnEveryVariantAndDevice(_ file: String) throws {
    let variants: [String?] = [nil] + SceneLoader.variantNames(path: file)
    for model in Self.models {
      for variant in variants {
        let document = try SceneLoader.load(path: file, variant: variant, sets: ["device=\(model)"])
        let warnings = try MotionCheck.warnings(document: document)
        #expect(warnings.isEmpty, "\((file as NSString).lastPathComponent) \(variant ?? "") on \(model): \(warnings)")
      }
    }
  }
}
