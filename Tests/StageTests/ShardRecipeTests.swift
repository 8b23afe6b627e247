import Foundation
import TestSupport
import Testing
@testable import Stage

/// The shipped recipes for existing engines: the Kubernetes manifests pass `scripts/check-k8s`
/// (which refuses a broken one: against the Kubernetes schema, and in the shard wiring), and `scripts/render-shards` (GNU parallel, here with this
/// machine as three hosts, `3/:`, `--quality draft`) gives the clip one render with that
/// preset gives.
@Suite struct ShardRecipeTests {
  static let scripts = repositoryRoot.appendingPathComponent("scripts").path
  static let k8s = repositoryRoot.appendingPathComponent("deploy/k8s").path

  @Test func kubernetesManifestsParseAndAgree() throws {
    let r = try runProcess("python3", [Self.scripts + "/check-k8s", Self.k8s + "/render-job.yaml", Self.k8s + "/assemble-job.yaml"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains("render-job.yaml: ok") && r.stdout.contains("assemble-job.yaml: ok"), "\(r.stdout)")
  }

  @Test func aBrokenManifestIsRefused() throws {
    let dir = makeTemporaryDirectory("k8s")
    let job = try String(contentsOfFile: Self.k8s + "/render-job.yaml", encoding: .utf8)
    try job.replacingOccurrences(of: "completions: 4", with: "completions: 5").write(toFile: dir + "/job.yaml", atomically: true, encoding: .utf8)
    try "a: [1,\n".write(toFile: dir + "/torn.yaml", atomically: true, encoding: .utf8)
    // What the Kubernetes schema refuses: a count spelled out, a misspelt field.
    try job.replacingOccurrences(of: "backoffLimitPerIndex:", with: "backoffLimitPerindex:")
      .write(toFile: dir + "/typo.yaml", atomically: true, encoding: .utf8)
    try job.replacingOccurrences(of: "parallelism: 4", with: "parallelism: four")
      .write(toFile: dir + "/words.yaml", atomically: true, encoding: .utf8)
    let r = try runProcess("python3", [Self.scripts + "/check-k8s", dir + "/job.yaml", dir + "/torn.yaml", dir + "/typo.yaml", dir + "/words.yaml"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("job.yaml:29: error: Job flipbook-render-t2: --shard's N is 4 but completions is 5"), "\(r.stderr)")
    #expect(r.stderr.contains("torn.yaml: error: while parsing a flow node"), "\(r.stderr)")
    #expect(r.stderr.contains("typo.yaml:28: error: Job flipbook-render-t2: spec: Additional properties are not allowed"), "\(r.stderr)")
    #expect(r.stderr.contains("('backoffLimitPerindex' was unexpected)"), "\(r.stderr)")
    #expect(r.stderr.contains("words.yaml:30: error: Job flipbook-render-t2: spec.parallelism: 'four' is not of type 'integer'"), "\(r.stderr)")
  }

  @Test func gnuParallelRecipeGivesTheClipOfOneRender() throws {
    let whole = ShardAssembleTests.renders
    let out = makeTemporaryDirectory("parallel")
    var env = ProcessInfo.processInfo.environment
    env["FLIPBOOK"] = flipbookBinary
    let r = try runProcess(
      "bash", [Self.scripts + "/render-shards", "--hosts", "3/:", "--shards", "3", "--quality", "draft", ShardAssembleTests.scene, out, "--"]
        + ShardAssembleTests.settings,
      environment: env)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(bytes(out + "/clip.mp4") == bytes(whole.dir + "/whole.mp4"), "the clip differs from render --mp4's")
    #expect(listing(out + "/frames") == listing(whole.whole))
    for name in listing(whole.whole) {
      #expect(bytes(out + "/frames/" + name) == bytes(whole.whole + "/" + name), "\(name) differs")
    }
  }
}
