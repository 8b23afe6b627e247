internal import CPNGCodec
import Raster

/// Decodes PNG files into premultiplied RGBA8 bitmaps through libpng.
///
/// Every valid PNG decodes: greyscale, grey + alpha, palette (with or without tRNS), RGB and
/// RGBA, bit depths 1 to 16, interlaced or not. Samples are taken as sRGB values as stored:
/// gAMA, cHRM, iCCP and sBIT are ignored, as the benchmark frame and its peers do.
/// Conversions, all exact integer arithmetic:
/// - 1, 2 and 4-bit grey scale to 8 bits by bit replication: v × 255 / (2^depth − 1);
/// - 16-bit samples round to 8 bits: round(v × 255 / 65535) (libpng's `png_set_scale_16`);
/// - tRNS becomes alpha (compared at the file's bit depth, before rounding);
/// - colour is premultiplied: round(c × a / 255).
public struct PNGDecoder: Hashable, Sendable {
  /// The largest image accepted; checked against IHDR before the pixels are allocated.
  public var limits: PNGLimits

  public init(limits: PNGLimits = .default) {
    self.limits = limits
  }

  /// Decodes the PNG file at `path` (read in a stream, not loaded whole).
  public func decode(contentsOf path: String) throws(PNGError) -> Bitmap {
    var status = pngc_status()
    guard let decoder = pngc_decoder_open_file(path, &status) else {
      throw PNGError(path: path, reason: Self.reason(status))
    }
    defer { pngc_decoder_close(decoder) }
    return try decode(decoder, name: path)
  }

  /// Decodes PNG bytes held in memory; `name` stands in for the path in errors.
  public func decode(_ data: [UInt8], name: String) throws(PNGError) -> Bitmap {
    let result: Result<Bitmap, PNGError> = data.withUnsafeBufferPointer { bytes in
      var status = pngc_status()
      guard let decoder = pngc_decoder_open_memory(bytes.baseAddress, bytes.count, &status) else {
        return .failure(PNGError(path: name, reason: Self.reason(status)))
      }
      defer { pngc_decoder_close(decoder) }
      do throws(PNGError) {
        return .success(try decode(decoder, name: name))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private func decode(_ decoder: OpaquePointer, name: String) throws(PNGError) -> Bitmap {
    var status = pngc_status()
    var header = pngc_header()
    guard pngc_decoder_read_header(decoder, &header, &status) == PNGC_OK else {
      throw PNGError(path: name, reason: Self.reason(status))
    }
    let width = Int(header.width), height = Int(header.height)
    guard width > 0, height > 0 else {
      throw PNGError(path: name, reason: .corrupt(message: "IHDR size is \(width)x\(height)"))
    }
    guard limits.allows(width: width, height: height) else {
      throw PNGError(path: name, reason: .tooLarge(width: width, height: height, limits: limits))
    }
    let count = width * height * 4
    var code = PNGC_OK
    let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      buffer.initialize(repeating: 0)
      initialized = count
      code = pngc_decoder_read_rgba(decoder, buffer.baseAddress, count, &status)
      if code == PNGC_OK { premultiplyInPlace(buffer) }
    }
    guard code == PNGC_OK else { throw PNGError(path: name, reason: Self.reason(status)) }
    return Bitmap(width: width, height: height, pixels: pixels)
  }

  static func reason(_ status: pngc_status) -> PNGError.Reason {
    let message = messageText(status)
    switch status.code {
    case PNGC_ERR_OPEN, PNGC_ERR_READ: return .unreadable(message: message)
    case PNGC_ERR_EMPTY: return .empty
    case PNGC_ERR_NOT_PNG: return .notPNG
    case PNGC_ERR_TRUNCATED: return .truncated
    case PNGC_ERR_NOMEM: return .outOfMemory
    default: return .corrupt(message: message)
    }
  }
}

/// The NUL-terminated message of a C status.
func messageText(_ status: pngc_status) -> String {
  withUnsafeBytes(of: status.message) { raw in
    let bytes = raw.prefix { $0 != 0 }
    return String(decoding: bytes, as: UTF8.self)
  }
}
