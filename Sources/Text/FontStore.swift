import Foundation
internal import CFreeType

/// The process's FreeType library, its Inter faces and a cache of rendered glyph masks.
///
/// FreeType faces are not thread-safe and frames render in parallel, so everything that
/// touches FreeType runs under one lock. Callers hold it only for layout and glyph lookups
/// (cache hits after the first frame); compositing glyphs into a mask happens outside it.
final class FontStore: @unchecked Sendable {
  static let shared = FontStore()

  private let lock = NSLock()
  private var library: FT_Library?
  private var faces: [FaceKey: FontFace] = [:]
  private var failure: TextError?
  private var loaded = false
  private var glyphs: [GlyphKey: GlyphMask] = [:]
  private var glyphBytes = 0
  /// The glyph cache is emptied when it grows past this many bytes of coverage.
  private let glyphByteLimit = 64 << 20

  private init() {}

  deinit {
    faces = [:]
    if let library { FT_Done_FreeType(library) }
  }

  /// Runs `body` with the faces, under the lock. Throws when the fonts cannot be loaded.
  func withFonts<R>(_ body: (Fonts) -> R) throws(TextError) -> R {
    lock.lock()
    defer { lock.unlock() }
    try loadIfNeeded()
    return body(Fonts(store: self))
  }

  /// A view of the store that is valid only inside `withFonts`.
  struct Fonts {
    fileprivate let store: FontStore

    func face(_ weight: Label.Weight, _ opticalSize: Label.OpticalSize = .text) -> FontFace {
      // loadIfNeeded opened every weight and cut before any Fonts value exists.
      store.faces[FaceKey(weight: weight, opticalSize: opticalSize)]
        ?? store.faces[FaceKey(weight: .regular, opticalSize: .text)].unsafelyUnwrapped
    }

    /// A glyph's coverage at `pixelsPerEm64` (1/64 px) and subpixel `phase` (of `phases`).
    func mask(
      weight: Label.Weight, opticalSize: Label.OpticalSize = .text, glyph: UInt32, pixelsPerEm64: Int, phase: Int
    ) -> GlyphMask {
      let key = GlyphKey(
        face: FaceKey(weight: weight, opticalSize: opticalSize), glyph: glyph, pixelsPerEm64: pixelsPerEm64, phase: phase)
      if let cached = store.glyphs[key] { return cached }
      let mask = face(weight, opticalSize).render(
        glyph: glyph, pixelsPerEm64: pixelsPerEm64, offset64: phase * 64 / subpixelPhases)
      if store.glyphBytes + mask.alpha.count > store.glyphByteLimit {
        store.glyphs = [:]
        store.glyphBytes = 0
      }
      store.glyphs[key] = mask
      store.glyphBytes += mask.alpha.count + 64
      return mask
    }
  }

  /// Forgets every rendered glyph (FreeType faces stay open).
  func removeGlyphs() {
    lock.lock()
    defer { lock.unlock() }
    glyphs = [:]
    glyphBytes = 0
  }

  private func loadIfNeeded() throws(TextError) {
    if loaded {
      if let failure { throw failure }
      return
    }
    loaded = true
    do throws(TextError) {
      var library: FT_Library?
      let error = FT_Init_FreeType(&library)
      guard error == 0, let library else { throw TextError.freeTypeInit(code: error) }
      self.library = library
      let folder = try FontFiles.folder()
      for weight in Label.Weight.allCases {
        for cut in Label.OpticalSize.allCases {
          faces[FaceKey(weight: weight, opticalSize: cut)] = try FontFace(
            library: library, path: folder + "/" + FontFiles.fileName(for: weight, cut))
        }
      }
    } catch {
      faces = [:]
      failure = error
      throw error
    }
  }
}

/// Horizontal subpixel positions a glyph is rendered at: pen x is rounded to 1/4 px.
let subpixelPhases = 4

/// One font file: a weight in a cut.
struct FaceKey: Hashable {
  var weight: Label.Weight
  var opticalSize: Label.OpticalSize
}

struct GlyphKey: Hashable {
  var face: FaceKey
  var glyph: UInt32
  var pixelsPerEm64: Int
  var phase: Int
}
