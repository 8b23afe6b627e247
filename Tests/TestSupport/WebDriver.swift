import Foundation

/// A headless Chromium driven through chromedriver's W3C WebDriver HTTP API (no client
/// library: each command is one JSON request). Start it with `WebDriver.start()`; `quit()`
/// ends the browser and chromedriver. Shared by the browser tests of PreviewTests and SpecTests.
public final class WebDriver {
  public enum Problem: Error, CustomStringConvertible {
    case notInstalled(String)
    case failed(String)
    public var description: String {
      switch self {
      case .notInstalled(let s): return s
      case .failed(let s): return "webdriver: \(s)"
      }
    }
  }

  let driver: Process
  let base: URL
  let session: String

  /// The browser and its driver, from Debian's `chromium` and `chromium-driver` packages.
  public static func executables() throws -> (chromium: String, chromedriver: String) {
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    let driver = ["/usr/bin/chromedriver"].first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let chromium, let driver else {
      throw Problem.notInstalled("no headless browser: chromium and chromedriver are not installed (scripts/setup installs Debian's chromium and chromium-driver)")
    }
    return (chromium, driver)
  }

  public static func start(width: Int = 1440, height: Int = 900) throws -> WebDriver {
    let (chromium, chromedriver) = try executables()
    let port = try freeLoopbackPort()
    let p = Process()
    p.executableURL = URL(fileURLWithPath: chromedriver)
    p.arguments = ["--port=\(port)", "--log-level=OFF"]
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    let base = URL(string: "http://127.0.0.1:\(port)")!
    // Wait for the driver to answer.
    let deadline = Date().addingTimeInterval(20)
    while true {
      do {
        _ = try WebDriver.request(base.appendingPathComponent("status"), method: "GET", body: nil)
        break
      } catch {
        guard Date() < deadline else { p.terminate(); throw Problem.failed("chromedriver did not start on port \(port): \(error)") }
        Thread.sleep(forTimeInterval: 0.1)
      }
    }
    let caps: [String: Any] = [
      "capabilities": [
        "alwaysMatch": [
          "browserName": "chrome",
          "goog:chromeOptions": [
            "binary": chromium,
            "args": [
              "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=\(width),\(height)", "--force-device-scale-factor=1", "--hide-scrollbars",
              "--allow-file-access-from-files", "--no-first-run", "--force-color-profile=srgb",
            ],
          ],
        ] as [String: Any],
      ],
    ]
    do {
      let answer = try WebDriver.request(base.appendingPathComponent("session"), method: "POST", body: caps)
      guard let value = answer["value"] as? [String: Any], let id = value["sessionId"] as? String else {
        throw Problem.failed("no session: \(answer)")
      }
      return WebDriver(driver: p, base: base, session: id)
    } catch {
      p.terminate()
      p.waitUntilExit()
      throw error
    }
  }

  private init(driver: Process, base: URL, session: String) {
    self.driver = driver; self.base = base; self.session = session
  }

  public func open(_ url: String) throws {
    _ = try command("url", body: ["url": url])
  }

  /// Runs `script` (a function body; `arguments[0]`... are `args`) and returns its value.
  public func execute(_ script: String, _ args: [Any] = []) throws -> Any? {
    try command("execute/sync", body: ["script": script, "args": args])
  }

  /// Polls `script` until it returns true, or fails after `timeout` seconds.
  public func wait(_ what: String, timeout: Double = 600, until script: String) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      if (try execute(script)) as? Bool == true { return }
      guard Date() < deadline else { throw Problem.failed("timed out after \(timeout) s waiting for \(what)") }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  /// The viewport as PNG bytes.
  public func screenshot() throws -> Data {
    guard let b64 = try command("screenshot", method: "GET") as? String, let data = Data(base64Encoded: b64) else {
      throw Problem.failed("no screenshot")
    }
    return data
  }

  public func quit() {
    _ = try? WebDriver.request(base.appendingPathComponent("session/\(session)"), method: "DELETE", body: nil)
    driver.terminate()
    driver.waitUntilExit()
  }

  private func command(_ path: String, method: String = "POST", body: [String: Any]? = nil) throws -> Any? {
    let answer = try WebDriver.request(
      base.appendingPathComponent("session/\(session)/\(path)"), method: method, body: method == "POST" ? (body ?? [:]) : nil)
    if let v = answer["value"] as? [String: Any], let error = v["error"] as? String {
      throw Problem.failed("\(path): \(error): \(v["message"] ?? "")")
    }
    return answer["value"]
  }

  /// One WebDriver request through the curl command: Foundation's URLSession on Linux
  /// cannot read chromedriver's answers ("Failed writing header",
  /// swiftlang/swift-corelibs-foundation#4965).
  public static func request(_ url: URL, method: String, body: [String: Any]?) throws -> [String: Any] {
    var args = ["-s", "-S", "--max-time", "300", "-X", method, url.absoluteString]
    var bodyFile: URL?
    if let body {
      let f = FileManager.default.temporaryDirectory.appendingPathComponent("webdriver-\(UUID().uuidString).json")
      try JSONSerialization.data(withJSONObject: body).write(to: f)
      bodyFile = f
      args += ["-H", "Content-Type: application/json", "--data-binary", "@" + f.path]
    }
    defer { if let bodyFile { try? FileManager.default.removeItem(at: bodyFile) } }
    let r = try runProcess("curl", args)
    guard r.status == 0 else { throw Problem.failed("curl \(method) \(url): status \(r.status): \(r.stderr)") }
    guard let json = try JSONSerialization.jsonObject(with: Data(r.stdoutBytes)) as? [String: Any] else {
      throw Problem.failed("not JSON from \(url)")
    }
    return json
  }
}

/// A TCP port on 127.0.0.1 that nothing listens on right now.
public func freeLoopbackPort() throws -> Int {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { throw WebDriver.Problem.failed("socket") }
  defer { close(fd) }
  var addr = sockaddr_in()
  addr.sin_family = sa_family_t(AF_INET)
  addr.sin_port = 0
  addr.sin_addr.s_addr = inet_addr("127.0.0.1")
  var len = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &addr) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
  }
  guard bound else { throw WebDriver.Problem.failed("bind") }
  return Int(UInt16(bigEndian: addr.sin_port))
}
