import Foundation

/// Where the Inter files that ship with Flipbook are found at run time.
enum FontFiles {
  /// The file name of the Inter face used for a weight (CSS weight of UIFont.Weight) and
  /// cut: `Inter-*.otf` for `.text`, `InterDisplay-*.otf` for `.display`.
  static func fileName(for weight: Label.Weight, _ opticalSize: Label.OpticalSize = .text) -> String {
    let family = opticalSize == .display ? "InterDisplay" : "Inter"
    let style: String = switch weight {
    case .thin: "ExtraLight"
    case .light: "Light"
    case .regular: "Regular"
    case .medium: "Medium"
    case .semibold: "SemiBold"
    case .bold: "Bold"
    case .heavy: "ExtraBold"
    }
    return family + "-" + style + ".otf"
  }

  /// Environment variable naming a folder that overrides the bundled fonts.
  static let overrideVariable = "FLIPBOOK_FONT_DIR"

  /// The folders searched, in order: `$FLIPBOOK_FONT_DIR`, the `Fonts` folder of the Text
  /// target's resource bundle (`Bundle.module`, beside the `flipbook` binary or the test
  /// bundle), the source tree this file was compiled from, and Debian's fonts-inter folder
  /// (the same Inter 3.019 files, which scripts/setup installs), for a binary copied elsewhere.
  static func candidateFolders() -> [String] {
    var folders: [String] = []
    if let dir = ProcessInfo.processInfo.environment[overrideVariable], !dir.isEmpty {
      folders.append(dir)
    }
    if let bundle = resourceBundle() {
      folders.append(bundle.bundleURL.appendingPathComponent("Fonts").path)
    }
    folders.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fonts").path)
    folders.append("/usr/share/fonts/opentype/inter")
    return folders
  }

  /// The first candidate folder that holds the regular face.
  static func folder() throws(TextError) -> String {
    let folders = candidateFolders()
    for folder in folders
    where FileManager.default.fileExists(atPath: folder + "/" + fileName(for: .regular)) {
      return folder
    }
    throw TextError.fontsNotFound(searched: folders)
  }

  /// `Bundle.module`, but only when its folder exists: SwiftPM's generated accessor traps
  /// when it finds no bundle, and a missing font must be an error, not a crash.
  private static func resourceBundle() -> Bundle? {
    let name = "Flipbook_Text.resources"
    let places: [String?] = [
      Bundle.main.bundleURL.appendingPathComponent(name).path,
      Bundle.main.resourceURL?.appendingPathComponent(name).path,
      Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent(name).path,
    ]
    for case let place? in places where FileManager.default.fileExists(atPath: place) {
      if place == places[0] { return Bundle.module }
      return Bundle(path: place)
    }
    return nil
  }
}
