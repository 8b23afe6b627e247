import Foundation
import PNG
import Raster
import TestSupport

/// `flipbook preview` running in the background for a test: started on a free loopback
/// port, its address read from what it prints.
final class PreviewProcess {
  let process = Process()
  let url: String
  private let errors: URL

  /// `launcher`: a command that runs flipbook (`["prlimit", "--nofile=64:64"]`), or none.
  init(_ arguments: [String], launcher: [String] = []) throws {
    let out = Pipe()
    errors = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-preview-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    if launcher.isEmpty {
      process.executableURL = URL(fileURLWithPath: flipbookBinary)
      process.arguments = ["preview"] + arguments + ["--port", "0"]
    } else {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = launcher + [flipbookBinary, "preview"] + arguments + ["--port", "0"]
    }
    process.standardOutput = out
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    // "flipbook preview: http://127.0.0.1:PORT/ (Ctrl-C to stop)"
    var text = ""
    let deadline = Date().addingTimeInterval(30)
    while !text.contains("\n") {
      let chunk = out.fileHandleForReading.availableData
      if chunk.isEmpty {
        guard process.isRunning, Date() < deadline else { break }
        continue
      }
      text += String(decoding: chunk, as: UTF8.self)
    }
    guard let range = text.range(of: #"http://[0-9.]+:[0-9]+/"#, options: .regularExpression) else {
      process.terminate()
      throw WebDriver.Problem.failed("flipbook preview printed no address: \(text) \(String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self))")
    }
    url = String(text[range])
  }

  /// The TCP port from the printed address.
  var port: Int { Int(url.split(separator: ":").last!.dropLast()) ?? 0 }

  var stderr: String { String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self) }

  /// Sends SIGINT (Ctrl-C) and waits up to `timeout` seconds; returns the exit status, or
  /// nil if it did not stop (it is then killed).
  func interrupt(timeout: Double = 10) -> Int32? {
    kill(process.processIdentifier, SIGINT)
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit(); return nil }
    return process.terminationStatus
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
    try? FileManager.default.removeItem(at: errors)
  }
}

/// The pixels of a PNG data URL, as the page's canvas holds them.
func bitmap(fromDataURL value: Any?) throws -> Bitmap {
  guard let s = value as? String, let comma = s.firstIndex(of: ","),
    let data = Data(base64Encoded: String(s[s.index(after: comma)...]))
  else { throw WebDriver.Problem.failed("not a PNG data URL") }
  return try PNGDecoder().decode([UInt8](data), name: "canvas")
}
