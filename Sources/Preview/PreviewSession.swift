import Foundation
import JSONText
import PNG
import Scene
import Stage

/// The live loop behind `flipbook preview`: watches the scene file and every asset it names
/// (polling, `FileWatcher`), and on a change re-validates the scene and, when it is valid,
/// renders it again (`RenderJob`), telling every connected page what happens as it happens:
/// a new clip, each frame as it is done, the end of the render, or the scene's errors as
/// `check` prints them (the last good clip stays served meanwhile).
///
/// A burst of saves renders once: a change cancels the render in progress at once; the scene
/// is loaded and its frame 0 drawn at once too, but shown (and the other frames rendered) only
/// once the files have been quiet for `debounce` seconds, else read again.
/// Nothing here knows HTTP: `PreviewServer` serves what the session holds.
public final class PreviewSession: @unchecked Sendable {
  public let source: SceneSource
  /// Threads rendering frames.
  public let jobs: Int
  /// Seconds between two looks at the watched files.
  public let pollInterval: Double
  /// Seconds the files must stay unchanged before a render starts.
  public let debounce: Double

  private let lock = NSLock()
  /// Held while a clip or frame message is decided on and sent, so that a page gets a clip's
  /// data before its frames.
  private let announcing = NSLock()
  private var clips: [Int: RenderedClip] = [:]
  private var latest: Int?
  private var generationCounter = 0
  private var errors: String?
  /// The latest clip's warnings as `check` prints them ("" when it has none); nil until they
  /// are found (they are looked for beside the render, so the first frame does not wait).
  private var warnings: String?
  private var subscribers: [UUID: @Sendable (String) -> Void] = [:]
  private var job: RenderJob?
  private var stopping = false
  private var started = false
  /// Decoded assets kept between loads: a save that edits only the scene decodes nothing.
  private let assets = AssetCache(store: DecodedImageStore.standard)
  /// The last frame 0 drawn, to draw the next one from.
  private var lastFirst: DrawnPicture?
  /// Each frame's PNG strips as last encoded, reused where a save left them alone.
  private let savedStrips = FrameStrips()
  private let stopped = DispatchSemaphore(value: 0)

  public init(source: SceneSource, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, pollInterval: Double = 0.02, debounce: Double = 0.08) {
    self.source = source
    self.jobs = max(1, jobs)
    self.pollInterval = pollInterval
    self.debounce = debounce
  }

  // MARK: The watch loop

  /// Loads and renders the scene, then watches its files on a thread of its own until
  /// `stop()`.
  public func start() {
    lock.lock()
    guard !stopping, !started else { lock.unlock(); return }
    started = true
    lock.unlock()
    let thread = Thread { [self] in watchLoop() }
    thread.start()
  }

  /// Stops watching and cancels the render in progress; returns once no render thread is
  /// left working.
  public func stop() {
    lock.lock()
    let already = stopping, wasStarted = started
    stopping = true
    let running = job
    lock.unlock()
    guard !already, wasStarted else { return }
    running?.cancel()
    stopped.wait()
    // The loop may have started a render after we looked: wait for whichever is last.
    lock.lock()
    let last = job
    lock.unlock()
    last?.cancel()
    running?.waitForPage()
    last?.waitForPage()
  }

  private var isStopping: Bool { lock.lock(); defer { lock.unlock() }; return stopping }

  /// Watches the files; on a change, cancels the render in progress and starts preparing the
  /// new one at once (`Preparation`: the scene loaded, frame 0 drawn and encoded) while the
  /// files settle. What a preparation made is shown once the files have been quiet for
  /// `debounce` seconds and nothing changed since it started reading them; else it is
  /// dropped and the files are read again.
  private func watchLoop() {
    var watcher = FileWatcher(paths: [source.scene])
    var files = [source.scene]
    var changedAt: Double? = Date().timeIntervalSince1970
    // Changes seen so far: a preparation is for the files as they were after one of them.
    var version = 0
    var preparation: Preparation<Prepared>?
    var first = true
    while !isStopping {
      if watcher.poll() {
        changedAt = Date().timeIntervalSince1970
        version += 1
        lock.lock(); let running = job; lock.unlock()
        running?.cancel()
      }
      if let t = changedAt {
        if preparation.map({ $0.version != version && $0.isDone }) ?? true {
          preparation = Preparation(version: version) { [self] in prepare() }
        }
        if let p = preparation, p.version == version, first || Date().timeIntervalSince1970 - t >= debounce, let made = p.result {
          first = false
          changedAt = nil
          preparation = nil
          lock.lock(); let running = job; lock.unlock()
          running?.cancel()
          running?.wait()
          if isStopping { break }
          if let known = publish(made, noticedAt: t) { files = known }
          watcher.watch(files.contains(source.scene) ? files : [source.scene] + files)
          continue
        }
      }
      Thread.sleep(forTimeInterval: pollInterval)
    }
    // No preparation thread is left behind.
    _ = preparation?.wait()
    stopped.signal()
  }

  /// What a save leads to, made before it is shown: the scene loaded and, when it is valid,
  /// frame 0 of the first variant drawn (from the last frame 0 drawn, where the layer trees
  /// differ: `Clip.drawing(at:bands:over:)`) and encoded, on every core.
  private struct Prepared: Sendable {
    var loaded: SceneSource.Loaded
    var loadedAt: Double
    var firstPNG: Result<[UInt8], PNGError>?
    var firstSize: (width: Int, height: Int)
  }

  private func prepare() -> Prepared {
    let loaded = source.load(assets: assets)
    let loadedAt = Date().timeIntervalSince1970
    guard case .valid(let variants, _) = loaded else { return Prepared(loaded: loaded, loadedAt: loadedAt, firstPNG: nil, firstSize: (0, 0)) }
    let clip = variants[0].clip
    lock.lock(); let previous = lastFirst; lock.unlock()
    let picture = clip.drawing(at: clip.timeline.time(ofFrame: 0), bands: jobs, over: previous)
    lock.lock(); lastFirst = picture; lock.unlock()
    let png = Result { () throws(PNGError) -> [UInt8] in
      let slot = savedStrips.cache(variant: 0, frame: 0, frameBytes: picture.bitmap.pixels.count)
      return try RenderJob.encoder.encode(picture.bitmap, caches: slot.map { [$0] } ?? [], threads: jobs)
    }
    return Prepared(loaded: loaded, loadedAt: loadedAt, firstPNG: png, firstSize: (picture.bitmap.width, picture.bitmap.height))
  }

  /// Shows what `prepare` made: the errors, or a new generation: frame 0 at once, then the other
  /// frames (`RenderJob`) with the page's data beside them, and the warnings on a thread of
  /// their own. Returns the files to watch.
  private func publish(_ made: Prepared, noticedAt: Double) -> [String]? {
    switch made.loaded {
    case .invalid(let text):
      lock.lock()
      errors = text
      lock.unlock()
      broadcast(PreviewSession.message(["type": .string("invalid"), "errors": .string(text)]))
      return nil
    case .valid(let variants, let files):
      guard let firstPNG = made.firstPNG else { preconditionFailure("a valid scene is prepared with its frame 0") }
      // Announcing from the new generation until `first` is out, so that the page's data of a
      // render this one replaces, made on its own thread, is either sent before or not at all.
      announcing.lock()
      lock.lock()
      generationCounter += 1
      let g = generationCounter
      let clip = RenderedClip(generation: g, frameCounts: variants.map(\.clip.frameCount), noticedAt: noticedAt)
      clip.loadedAt = made.loadedAt
      errors = nil
      warnings = nil
      clips[g] = clip
      // Keep this render and the last complete one before it (the page shows its frames
      // until the new ones arrive).
      let keep = Set([g] + clips.values.filter { $0.isComplete && $0.generation < g }.map(\.generation).sorted().suffix(1))
      clips = clips.filter { keep.contains($0.key) }
      latest = g
      lock.unlock()
      do {
        // Frame 0 first, before the page's data (chart, metrics, spec) and before the other
        // frames: what a save changes is seen at once.
        let png = try firstPNG.get()
        lock.lock()
        _ = putFrame(clip, 0, 0, png)
        lock.unlock()
        broadcast(PreviewSession.message([
          "type": .string("first"), "generation": .int(g), "variant": .int(0), "frame": .int(0),
          "src": .string("/frame/\(g)/0/0.png"), "width": .int(made.firstSize.width), "height": .int(made.firstSize.height),
        ]))
        announcing.unlock()
        let job = RenderJob()
        lock.lock()
        self.job = job
        lock.unlock()
        let title = variants[0].clip.document.displayName
        job.start(
          variants,
          page: { [self] in
            let data = try PlayerData(variants: variants, title: title)
            let json = data.json(frameURL: { "/frame/\(g)/\($0)/\($1).png" }, chartURL: "/chart/\(g).png", generation: g)
            let chartPNG = try PNGEncoder(level: 1, strategy: .rle, filter: .adaptive).encode(data.chart.render())
            announcing.lock()
            defer { announcing.unlock() }
            lock.lock()
            // A newer clip came meanwhile: this one's page is not shown.
            guard latest == g, !stopping else { lock.unlock(); return }
            clip.dataJSON = json.canonicalText
            clip.chartPNG = chartPNG
            clip.announcedAt = Date().timeIntervalSince1970
            // The frames done so far (frame 0 first), announced after the clip.
            var done: [(Int, Int)] = []
            for (v, frames) in clip.frames.enumerated() {
              for (n, png) in frames.enumerated() where png != nil { done.append((v, n)) }
            }
            let found = warnings
            lock.unlock()
            broadcast(clipMessage(clip))
            for (v, n) in done {
              broadcast(PreviewSession.message(["type": .string("frame"), "generation": .int(g), "variant": .int(v), "frame": .int(n)]))
            }
            if let found { broadcast(PreviewSession.warningsMessage(g, found)) }
          },
          jobs: jobs, skippingFirst: true, saved: savedStrips,
          deliver: { [self] v, n, png in store(g, v, n, png) },
          completion: { [self] failure in finish(g, failure: failure) })
        let warner = Thread { [self] in findWarnings(g, variants) }
        warner.start()
        return files
      } catch {
        // Only frame 0's encoding throws, before `first`.
        announcing.unlock()
        let text = "flipbook: error: \(error)\n"
        lock.lock()
        errors = text
        // The page keeps the last clip it has.
        clips[g] = nil
        latest = clips.keys.max()
        lock.unlock()
        broadcast(PreviewSession.message(["type": .string("invalid"), "errors": .string(text)]))
        return files
      }
    }
  }

  /// Looks for the motion warnings of generation `g` (docs/motion.md, "Warnings"), as `check`
  /// prints them; tells the pages unless a newer clip came meanwhile. With several variants,
  /// each variant's warnings follow a line naming it.
  private func findWarnings(_ g: Int, _ variants: [PlayerVariant]) {
    var text = ""
    for v in variants {
      // A newer clip makes these warnings stale: stop looking.
      lock.lock(); let current = latest == g; lock.unlock()
      if !current { return }
      let found = MotionCheck.warnings(v.clip)
      if found.isEmpty { continue }
      if variants.count > 1 { text += "\(source.scene) (\(v.label)):\n".visibleControls }
      text += found.map(\.rendered).joined()
      if isStopping { return }
    }
    // The page takes a clip's warnings only after the clip: found before its data went out,
    // they go out with them.
    announcing.lock()
    defer { announcing.unlock() }
    lock.lock()
    guard latest == g, !stopping else { lock.unlock(); return }
    warnings = text
    let announced = clips[g]?.dataJSON != nil
    lock.unlock()
    if announced { broadcast(PreviewSession.warningsMessage(g, text)) }
  }

  static func warningsMessage(_ g: Int, _ text: String) -> String {
    message(["type": .string("warnings"), "generation": .int(g), "warnings": .string(text)])
  }

  /// Keeps a frame's PNG; announces it once the page's data went out (the frames done before
  /// it are announced with it: a page ignores a frame of a clip it has not been sent).
  private func store(_ g: Int, _ v: Int, _ n: Int, _ png: [UInt8]) {
    announcing.lock()
    defer { announcing.unlock() }
    lock.lock()
    guard let clip = clips[g] else { lock.unlock(); return }
    let announced = putFrame(clip, v, n, png)
    lock.unlock()
    if announced { broadcast(PreviewSession.message(["type": .string("frame"), "generation": .int(g), "variant": .int(v), "frame": .int(n)])) }
  }

  /// Puts frame `n` of variant `v` into `clip`, with the times of frame 0 and of the last
  /// frame; `lock` is held. Returns whether the clip's page data went out already.
  private func putFrame(_ clip: RenderedClip, _ v: Int, _ n: Int, _ png: [UInt8]) -> Bool {
    clip.frames[v][n] = png
    clip.done += 1
    if v == 0, n == 0 { clip.firstFrameAt = Date().timeIntervalSince1970 }
    if clip.isComplete { clip.finishedAt = Date().timeIntervalSince1970 }
    return clip.dataJSON != nil
  }

  private func finish(_ g: Int, failure: String?) {
    if let failure {
      lock.lock(); errors = failure; lock.unlock()
      broadcast(PreviewSession.message(["type": .string("invalid"), "errors": .string(failure)]))
      return
    }
    announcing.lock()
    defer { announcing.unlock() }
    lock.lock()
    let clip = clips[g]
    let complete = (clip?.isComplete ?? false) && clip?.dataJSON != nil
    lock.unlock()
    if complete { broadcast(PreviewSession.message(["type": .string("rendered"), "generation": .int(g)])) }
  }

  // MARK: What the server serves

  /// Frame `n` of variant `v` of generation `g` as PNG bytes, once rendered.
  public func framePNG(generation g: Int, variant v: Int, frame n: Int) -> [UInt8]? {
    lock.lock(); defer { lock.unlock() }
    guard let clip = clips[g], clip.frames.indices.contains(v), clip.frames[v].indices.contains(n) else { return nil }
    return clip.frames[v][n]
  }

  public func chartPNG(generation g: Int) -> [UInt8]? {
    lock.lock(); defer { lock.unlock() }
    return clips[g]?.chartPNG
  }

  /// The session's state as JSON: the latest generation, frames done of how many, the
  /// errors shown, the latest clip's warnings (null until found, "" when none), and (for the benchmark) when the change was noticed, the scene loaded,
  /// the page's data was ready, the first frame became servable and the last one did, in
  /// seconds since 1970.
  public func stateJSON() -> String {
    lock.lock(); defer { lock.unlock() }
    var fields: JSONObject = ["errors": errors.map { .string($0) } ?? .null, "warnings": warnings.map { .string($0) } ?? .null]
    if let g = latest, let clip = clips[g] {
      fields["generation"] = .int(g)
      fields["done"] = .int(clip.done)
      fields["total"] = .int(clip.total)
      fields["noticedAt"] = .number(clip.noticedAt)
      fields["loadedAt"] = clip.loadedAt.map { .number($0) } ?? .null
      fields["announcedAt"] = clip.announcedAt.map { .number($0) } ?? .null
      fields["firstFrameAt"] = clip.firstFrameAt.map { .number($0) } ?? .null
      fields["finishedAt"] = clip.finishedAt.map { .number($0) } ?? .null
    } else {
      fields["generation"] = .null
    }
    return JSONValue.object(fields).canonicalText
  }

  /// Registers a page: `send` gets, at once, everything the page needs to catch up (the
  /// latest clip, its finished frames, the errors), then every message from now on.
  /// Returns the id to pass to `unsubscribe`.
  public func subscribe(_ send: @escaping @Sendable (String) -> Void) -> UUID {
    let id = UUID()
    lock.lock()
    defer { lock.unlock() }
    if let g = latest, let clip = clips[g], clip.dataJSON == nil, clip.frames[0][0] != nil {
      // Frame 0 is ready before the page's data: the page shows it over the last clip.
      send(PreviewSession.message(["type": .string("first"), "generation": .int(g), "variant": .int(0), "frame": .int(0), "src": .string("/frame/\(g)/0/0.png")]))
    }
    if let g = latest, let clip = clips[g], clip.dataJSON != nil {
      send(clipMessage(clip))
      for (v, frames) in clip.frames.enumerated() {
        for (n, png) in frames.enumerated() where png != nil {
          send(PreviewSession.message(["type": .string("frame"), "generation": .int(g), "variant": .int(v), "frame": .int(n)]))
        }
      }
      if clip.isComplete { send(PreviewSession.message(["type": .string("rendered"), "generation": .int(g)])) }
      if let warnings { send(PreviewSession.warningsMessage(g, warnings)) }
    }
    if let errors { send(PreviewSession.message(["type": .string("invalid"), "errors": .string(errors)])) }
    subscribers[id] = send
    return id
  }

  public func unsubscribe(_ id: UUID) {
    lock.lock(); subscribers[id] = nil; lock.unlock()
  }

  private func broadcast(_ text: String) {
    lock.lock()
    let all = Array(subscribers.values)
    lock.unlock()
    for send in all { send(text) }
  }

  private func clipMessage(_ clip: RenderedClip) -> String {
    "{\"type\": \"clip\", \"generation\": \(clip.generation), \"data\": \(clip.dataJSON ?? "null")}"
  }

  static func message(_ fields: JSONObject) -> String { JSONValue.object(fields).canonicalText }
}

/// One `prepare` on a thread of its own, for the files as they were after change `version`.
private final class Preparation<Made: Sendable>: @unchecked Sendable {
  let version: Int
  private let condition = NSCondition()
  private var made: Made?

  init(version: Int, _ work: @escaping @Sendable () -> Made) {
    self.version = version
    let thread = Thread { [self] in
      let result = work()
      condition.lock()
      made = result
      condition.broadcast()
      condition.unlock()
    }
    thread.stackSize = 16 << 20
    thread.start()
  }

  var isDone: Bool { result != nil }

  /// What it made, or nil while it works.
  var result: Made? { condition.lock(); defer { condition.unlock() }; return made }

  /// Waits until it is done.
  func wait() -> Made {
    condition.lock()
    defer { condition.unlock() }
    while made == nil { condition.wait() }
    return made!
  }
}
