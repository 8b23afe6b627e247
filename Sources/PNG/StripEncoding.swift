internal import CPNGCodec
import Dispatch
import Foundation
import Raster

/// One frame encoded in strips (`PNGEncoder.stripRows`): each strip is filtered and compressed
/// by `pngc_encode_strip` (or taken from `PNGStripCache`), on up to `threads` threads, then
/// libpng writes the file around them (`pngc_write_strips`). Strip boundaries depend only on
/// the image height, so the bytes are the same for any thread count.
struct StripEncoding {
  let encoder: PNGEncoder
  let bitmap: Bitmap
  /// The pixels as they go into the file (straight alpha).
  let straight: [UInt8]
  let writeRGB: Bool
  let stripRows: Int
  let name: String

  func encode(caches: [PNGStripCache], threads: Int) throws(PNGError) -> [UInt8] {
    let height = bitmap.height
    let count = (height + stripRows - 1) / stripRows
    let settings = PNGStripCache.Settings(
      width: bitmap.width, height: height, writeRGB: writeRGB, level: encoder.level, strategy: encoder.strategy,
      stripRows: stripRows)
    let candidates = caches.flatMap { $0.candidates(settings) }
    let results = StripResults(count: count)
    let workers = max(1, min(threads, count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for index in stride(from: worker, to: count, by: workers) {
        let rows = index * stripRows..<min((index + 1) * stripRows, height)
        if let reused = PNGStripCache.match(bitmap, rows: rows, index: index, in: candidates) {
          results.set(index, .success(reused), reused: true)
        } else {
          results.set(index, make(rows), reused: false)
        }
      }
    }
    var strips: [PNGStripCache.Strip] = []
    strips.reserveCapacity(count)
    for result in results.all {
      switch result {
      case .success(let strip)?: strips.append(strip)
      case .failure(let error)?: throw error
      case nil: throw PNGError(path: name, reason: .encodeFailed(message: "a strip was not made"))
      }
    }
    for cache in caches { cache.remember(.init(bitmap: bitmap, settings: settings, strips: strips), reused: results.reused) }
    return try write(strips)
  }

  /// Filters and compresses `rows`.
  private func make(_ rows: Range<Int>) -> Result<PNGStripCache.Strip, PNGError> {
    var status = pngc_status()
    var buffer = pngc_buffer()
    var adler: UInt32 = 0
    var filteredSize = 0
    let code = straight.withUnsafeBufferPointer { pixels in
      pngc_encode_strip(
        pixels.baseAddress, UInt32(bitmap.width), UInt32(bitmap.height), bitmap.width * 4, writeRGB ? 1 : 0,
        Int32(encoder.level), encoder.strategy.c, UInt32(rows.lowerBound), UInt32(rows.upperBound), &buffer, &adler,
        &filteredSize, &status)
    }
    defer { pngc_buffer_free(&buffer) }
    guard code == PNGC_OK else { return .failure(error(code, status)) }
    let bytes = buffer.data.map { Array(UnsafeBufferPointer(start: $0, count: buffer.size)) } ?? []
    return .success(.init(bytes: bytes, adler: adler, filteredSize: filteredSize))
  }

  /// The PNG file around `strips`.
  private func write(_ strips: [PNGStripCache.Strip]) throws(PNGError) -> [UInt8] {
    var status = pngc_status()
    var buffer = pngc_buffer()
    let sizes = strips.map(\.bytes.count), adlers = strips.map(\.adler), filtered = strips.map(\.filteredSize)
    // Pointers into each strip's bytes, valid for the call (the arrays outlive it).
    let code: pngc_code = withStripPointers(strips) { pointers in
      pngc_write_strips(
        UInt32(bitmap.width), UInt32(bitmap.height), writeRGB ? 1 : 0, Int32(encoder.level), encoder.strategy.c,
        strips.count, pointers, sizes, adlers, filtered, &buffer, &status)
    }
    defer { pngc_buffer_free(&buffer) }
    guard code == PNGC_OK, let data = buffer.data else { throw error(code, status) }
    return Array(UnsafeBufferPointer(start: data, count: buffer.size))
  }

  private func error(_ code: pngc_code, _ status: pngc_status) -> PNGError {
    PNGError(path: name, reason: code == PNGC_ERR_NOMEM ? .outOfMemory : .encodeFailed(message: messageText(status)))
  }
}

/// Calls `body` with a C array of pointers to each strip's bytes.
private func withStripPointers<R>(
  _ strips: [PNGStripCache.Strip], _ body: (UnsafePointer<UnsafePointer<UInt8>?>) -> R
) -> R {
  func nest(_ i: Int, _ collected: inout [UnsafePointer<UInt8>?]) -> R {
    if i == strips.count { return collected.withUnsafeBufferPointer { body($0.baseAddress!) } }
    return strips[i].bytes.withUnsafeBufferPointer { p in
      collected.append(p.baseAddress)
      return nest(i + 1, &collected)
    }
  }
  var collected: [UnsafePointer<UInt8>?] = []
  collected.reserveCapacity(strips.count)
  return nest(0, &collected)
}

/// The strips' results as the threads finish them.
private final class StripResults: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [Result<PNGStripCache.Strip, PNGError>?]
  private(set) var reused = 0

  init(count: Int) {
    results = Array(repeating: nil, count: count)
  }

  func set(_ index: Int, _ result: Result<PNGStripCache.Strip, PNGError>, reused: Bool) {
    lock.lock()
    results[index] = result
    if reused { self.reused += 1 }
    lock.unlock()
  }

  var all: [Result<PNGStripCache.Strip, PNGError>?] {
    lock.lock()
    defer { lock.unlock() }
    return results
  }
}
