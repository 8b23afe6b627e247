import ArgumentParser
import Dispatch
import Foundation
import Preview
import Review
import Scene

/// `flipbook preview`: a local web page that shows the scene and follows its file.
struct PreviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Serve a live preview of a scene: a player page that re-renders when the scene or its assets change.",
    discussion: """
      Open the printed address in a browser. The page shows the clip frame by frame with a \
      scrubber, play/pause, arrow-key stepping, speed (0.1x to 1x) and loop; the progress \
      chart with a playhead and the events (touch down, release, decision, settle); the \
      metrics; and, with several --variant or --vary values, the variants side by side on \
      one timebase. Saving the scene (or an asset it names) re-validates it: a valid scene \
      re-renders and the page follows without a reload, frame 0 first; an invalid one shows \
      its errors as `flipbook check` prints them and keeps the last good clip. A burst of \
      saves renders once. Ctrl-C stops the server and every render thread; the exit status \
      is then 0. See docs/preview.md.

      Examples:
        flipbook preview Scenes/t2-photos-drag-to-dismiss.yaml
        flipbook preview Scenes/t2-photos-drag-to-dismiss.yaml --variant base,cancelling
        flipbook preview SCENE --vary transition.interactive.complete.spring.dampingRatio=0.6,0.8,1.0
      """)

  @Argument(help: "The scene file (YAML).")
  var scene: String

  @Option(help: "The TCP port to listen on (0: any free port).")
  var port: Int = 8470

  @Option(help: "The IP address to listen on: 127.0.0.1 (the default) or ::1 serve this machine only; 0.0.0.0 opens the page to the network.")
  var host: String = "127.0.0.1"

  @Option(help: "Pixels per point of the preview (default 1: quick; the page scales it to fit).")
  var scale: Double = 1

  @Option(help: "Frames per second (default: the scene's).")
  var fps: Double?

  @Option(name: .customLong("variant"), help: ArgumentHelp("The scene's named variants to show side by side, comma separated or repeated ('base' is the scene as written).", valueName: "name"))
  var variants: [String] = []

  @Option(name: .customLong("vary"), help: ArgumentHelp("A scene value to vary across cells: PATH=V1,V2,... (as in compare; at most two keys).", valueName: "path=values"))
  var vary: [String] = []

  @Option(name: .customLong("set"), help: ArgumentHelp("Override a scene value in every cell (repeatable).", valueName: "path=value"))
  var sets: [String] = []

  @OptionGroup var look: AppearanceOption

  @OptionGroup var parallel: JobsOption

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0...65535 (got \(port))") }
    guard FileManager.default.fileExists(atPath: scene) else { throw ValidationError("no scene file at \(scene)") }
    do { _ = try ListenAddress(parsing: host) } catch { throw ValidationError(error.description) }
  }

  /// The cells: the scene as written, or what --variant / --vary name.
  func entries() throws -> [VariantPlan.Entry] {
    let names = variants.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
    var entries: [VariantPlan.Entry]
    if names.isEmpty && vary.isEmpty {
      entries = [VariantPlan.Entry(variant: nil, sets: [], label: ((scene as NSString).lastPathComponent as NSString).deletingPathExtension)]
    } else {
      do {
        entries = try VariantPlan(vary: vary, variants: names, knownVariants: SceneLoader.variantNames(path: scene)).entries
      } catch {
        throw ValidationError(error.description)
      }
    }
    for i in entries.indices { entries[i].sets = look.sets + sets + entries[i].sets }
    return entries
  }

  func run() throws {
    let source = SceneSource(scene: scene, entries: try entries(), fps: fps, scale: scale)
    let session = PreviewSession(source: source, jobs: parallel.jobs)
    let address: ListenAddress
    do { address = try ListenAddress(parsing: host) } catch { throw ValidationError(error.description) }
    let server: PreviewServer
    do {
      server = try PreviewServer(session: session, address: address, port: UInt16(port))
    } catch {
      throw fail(error)
    }
    // Ctrl-C (and SIGTERM, SIGHUP): stop the render threads, then the server, then exit 0.
    installStopSignals {
      session.stop()
      server.stop(waiting: false)
    }
    if !address.isLoopback {
      FileHandle.standardError.write(Data("""
        flipbook preview: warning: --host \(host) opens the preview to other machines: anyone who can reach \
        this one on port \(server.port) sees the scene's frames and its errors (which quote its lines); \
        leave --host out (127.0.0.1) to keep it on this machine

        """.utf8))
    }
    // A wildcard address is reached from this machine through loopback.
    let shown = address.isWildcard ? "http://\(address.family == .ip4 ? "127.0.0.1" : "[::1]"):\(server.port)/" : server.url
    FileHandle.standardOutput.write(Data("flipbook preview: \(shown) (Ctrl-C to stop)\n".utf8))
    session.start()
    server.run()
    session.stop()
    FileHandle.standardError.write(Data("flipbook preview: stopped\n".utf8))
  }
}

/// The write end of the pipe that SIGINT, SIGTERM and SIGHUP write a byte into.
nonisolated(unsafe) private var stopSignalPipe: Int32 = -1

/// Runs `onStop` (on a thread of its own) at the first SIGINT, SIGTERM or SIGHUP. The handlers
/// are in place when this returns (a dispatch signal source is registered asynchronously, so a
/// Ctrl-C right after the address was printed could be lost, and the preview ran on).
private func installStopSignals(_ onStop: @escaping @Sendable () -> Void) {
  var ends: [Int32] = [0, 0]
  guard pipe(&ends) == 0 else { return }
  _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
  stopSignalPipe = ends[1]
  let reader = ends[0]
  Thread {
    var byte: UInt8 = 0
    while read(reader, &byte, 1) < 0, errno == EINTR {}
    onStop()
  }.start()
  for signo in [SIGINT, SIGTERM, SIGHUP] {
    signal(signo) { _ in
      let saved = errno
      var byte: UInt8 = 1
      _ = write(stopSignalPipe, &byte, 1)
      errno = saved
    }
  }
}
