import Foundation
import TestSupport
import Testing

/// `scripts/render` picks the `render --mp4` route when the binary's help offers `--mp4`.
/// The help is read in full before it is searched: a binary whose help goes on after the
/// `--mp4` line (written a moment later, as a long help is written in pieces) must not
/// send it down the PNG route. The fake `swift` and `flipbook` here record what they are
/// asked; a fake `ffprobe` reports the clip contract, so no build or encode runs.
@Suite struct RenderScriptTests {
  func executable(_ path: String, _ text: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  @Test func helpWrittenAfterItsMp4LineStillTakesTheMp4Route() throws {
    let dir = makeTemporaryDirectory("render-script")
    let tools = dir + "/tools", bin = dir + "/bin", log = dir + "/log"
    try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try executable(tools + "/swift", """
      #!/bin/bash
      case "$*" in *--show-bin-path*) echo "\(bin)" ;; esac
      exit 0
      """)
    // The rest of the help arrives 0.3 s after the --mp4 line: a reader that stops at the
    // match has closed the pipe by then, and this write dies of SIGPIPE.
    try executable(bin + "/flipbook", """
      #!/bin/bash
      if [ "$2" = --help ]; then
        echo "  --mp4 <mp4>   Write an MP4 clip."
        sleep 0.3
        echo "  --scale <scale>"
        exit 0
      fi
      echo "$*" >> "\(log)"
      for ((i = 1; i <= $#; i++)); do
        if [ "${!i}" = --mp4 ]; then j=$((i + 1)); : > "${!j}"; fi
      done
      exit 0
      """)
    try executable(tools + "/ffprobe", """
      #!/bin/bash
      printf '%s\\n' codec_name=h264 profile=High pix_fmt=yuv420p color_range=tv color_space=bt709 \\
        color_primaries=bt709 color_transfer=bt709 width=10 height=10
      """)
    var env = ProcessInfo.processInfo.environment
    env["PATH"] = tools + ":" + (env["PATH"] ?? "/usr/bin:/bin")
    env["OUT_DIR"] = dir + "/out"
    env.removeValue(forKey: "FLIPBOOK_VIA_PNG")
    let script = repositoryRoot.appendingPathComponent("scripts/render").path
    let r = try runProcess("/bin/bash", [script, "Scenes/t2-photos-push.yaml"], environment: env)
    #expect(r.status == 0, "\(r.stderr)")
    let calls = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    #expect(calls.contains("--mp4 \(dir)/out/t2-photos-push.mp4"), "flipbook was called with: \(calls)\n\(r.stderr)")
    #expect(!calls.contains(" -o "), "the PNG route ran: \(calls)")
  }
}
