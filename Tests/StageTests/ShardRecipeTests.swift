import Foundation
import TestSupport
import Testing
@testable import Stage

/// The shipped recipes for existing engines: the Kubernetes manifests pass `scripts/check-k8s`
/// (which refuses a broken one), and `scripts/render-shards` (GNU parallel, here with this
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
    let r = try runProcess("python3", [Self.scripts + "/check-k8s", dir + "/job.yaml", dir + "/torn.yaml"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("job.yaml: error: Job flipbook-render-t2: --shard's N is 4 but completions is 5"), "\(r.stderr)")
    #expect(r.stderr.contains("torn.yaml: error: while parsing a flow node"), "\(r.stderr)")
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
