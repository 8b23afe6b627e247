import ArgumentParser
import Foundation
import Scene
import Stage

/// `flipbook schema`: prints the JSON Schema (draft 2020-12) of the scene format, generated
/// from the tables `check` validates with (docs/scene-format.md, "Editor support").
struct SchemaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Print the JSON Schema (draft 2020-12) of the scene format, for editors.",
    discussion: """
      Generated from the same key tables that 'check' validates with: keys, types, ranges, \
      defaults, words and descriptions with units. docs/scene.schema.json is this output; a \
      scene points yaml-language-server at it with a first line like \
      '# yaml-language-server: $schema=../docs/scene.schema.json'.
      """)

  @Option(name: .shortAndLong, help: "Write the schema to this file instead of standard output.")
  var output: String?

  func run() throws {
    let text = SceneFormat.jsonSchema()
    guard let output else {
      FileHandle.standardOutput.write(Data(text.utf8))
      return
    }
    do {
      // As every file Flipbook writes: complete or not at all, a symlink kept, a device or
      // FIFO written in place, a folder refused (AtomicFile).
      try AtomicFile.write(Array(text.utf8), to: output)
    } catch {
      throw fail(error)
    }
  }
}
