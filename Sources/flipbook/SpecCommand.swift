import ArgumentParser
import Foundation
import Scene
import Spec

extension SpecFormat: ExpressibleByArgument {}

/// `flipbook spec`: a scene's motion as code an engineer can paste (UIKit, SwiftUI, Jetpack
/// Compose, CSS / Web Animations) and a numbers table (docs/spec.md).
struct SpecCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "spec",
    abstract: "Print a scene's motion as UIKit, SwiftUI, Jetpack Compose or CSS code, or as a numbers table.",
    discussion: """
      The code uses the scene's own numbers: each spring in the parameters that platform takes \
      (converted so that it draws the same curve), the tracks' from and to values, and for an \
      interactive transition the progress mapping, the release rule and the velocity hand-off. \
      The table lists every variant of the scene unless --variant picks one. See docs/spec.md.
      """)

  @Argument(help: "The scene file (YAML).")
  var scene: String

  @Option(help: "Use this variant (from the scene's 'variants:').")
  var variant: String?

  @Option(help: ArgumentHelp("What to print: uikit, swiftui, compose, css, table, or all.", valueName: "format"))
  var format: String = "all"

  @Option(name: .customLong("set"), help: ArgumentHelp("Override a scene value, e.g. --set transition.timing.spring.dampingRatio=0.8 (repeatable; VALUE is YAML).", valueName: "path=value"))
  var sets: [String] = []

  @OptionGroup var device: DeviceModelOption

  func validate() throws {
    if format != "all" && SpecFormat(rawValue: format) == nil {
      throw ValidationError("--format must be one of \((SpecFormat.allCases.map(\.rawValue) + ["all"]).joined(separator: ", ")) (got '\(format)').")
    }
  }

  func run() throws {
    // The code targets show the chosen variant (or the scene as written); the table lists every
    // variant when none is chosen.
    let names: [String?] = variant.map { [$0] } ?? ([nil] + SceneLoader.variantNames(path: scene).map { $0 })
    let tableNeedsAll = variant == nil && (format == "all" || format == "table")
    var documents: [SceneDocument] = []
    for name in tableNeedsAll ? names : [variant] {
      do {
        documents.append(try SceneLoader.load(path: scene, variant: name, sets: device.sets + sets))
      } catch {
        FileHandle.standardError.write(Data((error.description + "\n").utf8))
        throw ExitCode(65)
      }
    }
    let spec: SceneSpec
    do {
      spec = try SceneSpec(documents: documents)
    } catch {
      throw fail(error)
    }
    print(format == "all" ? spec.all : spec.text(SpecFormat(rawValue: format)!), terminator: "")
  }
}
