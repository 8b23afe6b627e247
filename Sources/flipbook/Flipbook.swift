import ArgumentParser

/// The `flipbook` command: renders iOS view-controller transitions offline.
@main
struct Flipbook: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "flipbook",
    abstract: "Render iOS view-controller transitions offline into PNG frames and MP4 clips.",
    version: "0.1.0",
    subcommands: [
      // Each subcommand lives in its own file (RenderCommand.swift, CurvesCommand.swift, ...).
      RenderCommand.self, AssembleCommand.self, StillCommand.self, CheckCommand.self,
      LabelCommand.self,
      CurvesCommand.self, SpecCommand.self,
      BenchCommand.self,
      CompareCommand.self, SheetCommand.self, ReviewCommand.self, MatchCommand.self,
      PreviewCommand.self, SchemaCommand.self,
      QualityCommand.self,
    ])
}
