extension Mask {
  /// Rectangles (device pixels, inside `box`) that together hold every pixel of `box` whose
  /// coverage is partial (strictly between 0 and 255): the clip's anti-aliased rim. A group
  /// drawn at opacity 1 through this clip is drawn straight to the canvas and redrawn as a
  /// group only over these rectangles (`LayerRenderer.drawGroup`).
  ///
  /// Rows are taken in bands of `band`; in each band the partial pixels left of the first
  /// full pixel and right of the last one make two rectangles (one when a row has no full
  /// pixel or partial pixels between full ones). A band's rectangle joins the one above it
  /// when the joined rectangle wastes at most `slack` pixels more than its parts, so a
  /// rounded rectangle's rim comes out as a few rectangles per corner and one per side.
  func partialRects(in box: PixelRect, band: Int = 16, slack: Int = 8192) -> [PixelRect] {
    let r = box.intersection(bounds)
    if r.isEmpty { return [] }
    if isPixelAlignedRect { return [] }
    // A convex clip has no partial pixel between full ones: rows are scanned from both ends.
    let convex = outline?.clipPolygon != nil
    var out: [PixelRect] = []
    // Open chains: the last rectangle in the left and right columns (or the single one) and
    // the pixel area of the band rectangles joined into it.
    var left: (rect: PixelRect, area: Int)?
    var right: (rect: PixelRect, area: Int)?
    func join(_ open: inout (rect: PixelRect, area: Int)?, _ next: PixelRect) {
      if let o = open, o.rect.maxY == next.y {
        let u = o.rect.union(next)
        if u.area <= o.area + next.area + slack {
          open = (u, o.area + next.area)
          return
        }
      }
      if let o = open { out.append(o.rect) }
      open = (next, next.area)
    }
    func close(_ open: inout (rect: PixelRect, area: Int)?) {
      if let o = open { out.append(o.rect) }
      open = nil
    }
    var buf = [UInt8](repeating: 0, count: r.width)
    buf.withUnsafeMutableBufferPointer { bp in
      let c = bp.baseAddress!
      var y0 = r.y
      while y0 < r.maxY {
        let y1 = min(y0 + band, r.maxY)
        var l0 = Int.max, l1 = Int.min, h0 = Int.max, h1 = Int.min
        var top = Int.max, bottom = Int.min
        var single = false
        for y in y0..<y1 {
          if row(y, r.x, r.maxX, into: c) { continue }
          guard let runs = convex ? Mask.partialRunsConvex(c, r.width) : Mask.partialRuns(c, r.width) else { continue }
          top = min(top, y); bottom = max(bottom, y + 1)
          if let (a, b) = runs.left { l0 = min(l0, a); l1 = max(l1, b) }
          if let (a, b) = runs.right { h0 = min(h0, a); h1 = max(h1, b) }
          if runs.single { single = true }
        }
        if top < bottom {
          if l0 != Int.max && h0 != Int.max && l1 >= h0 { single = true }
          if single {
            let a = min(l0, h0), b = max(l1, h1)
            let rect = PixelRect(x: r.x + a, y: top, width: b - a, height: bottom - top)
            close(&right)
            join(&left, rect)
            // A single rectangle ends the right column; the left one may go on from it.
          } else {
            if l0 != Int.max { join(&left, PixelRect(x: r.x + l0, y: top, width: l1 - l0, height: bottom - top)) } else { close(&left) }
            if h0 != Int.max { join(&right, PixelRect(x: r.x + h0, y: top, width: h1 - h0, height: bottom - top)) } else { close(&right) }
          }
        } else {
          close(&left); close(&right)
        }
        y0 = y1
      }
    }
    close(&left); close(&right)
    return out
  }

  /// The partial pixels of one row of coverage: the run left of the first full pixel, the
  /// run right of the last one (offsets, end exclusive), and `single` when partial pixels
  /// also lie between full ones or there is no full pixel (then `left` spans them all).
  /// Nil when no pixel is partial.
  /// `partialRuns` for a row of a convex shape's coverage: scans in from both ends to the
  /// first full pixel only.
  static func partialRunsConvex(_ c: UnsafePointer<UInt8>, _ n: Int)
    -> (left: (Int, Int)?, right: (Int, Int)?, single: Bool)? {
    var a = 0
    while a < n && c[a] != 255 { a += 1 }
    if a == n { return partialRuns(c, n) }
    var b = n - 1
    while c[b] != 255 { b -= 1 }
    func run(_ from: Int, _ to: Int) -> (Int, Int)? {
      var s = from, e = to
      while s < e && (c[s] == 0 || c[s] == 255) { s += 1 }
      while e > s && (c[e - 1] == 0 || c[e - 1] == 255) { e -= 1 }
      return s < e ? (s, e) : nil
    }
    let left = run(0, a), right = run(b + 1, n)
    if left == nil && right == nil { return nil }
    return (left, right, false)
  }

  static func partialRuns(_ c: UnsafePointer<UInt8>, _ n: Int)
    -> (left: (Int, Int)?, right: (Int, Int)?, single: Bool)? {
    var firstPartial = -1, lastPartial = -1, firstFull = -1, lastFull = -1
    var middle = false
    var i = 0
    while i < n {
      // Eight 0s or eight 255s at once.
      if i + 8 <= n {
        let w = UnsafeRawPointer(c + i).loadUnaligned(as: UInt64.self)
        if w == 0 { i += 8; continue }
        if w == ~0 {
          if firstFull >= 0 && lastPartial > firstFull { middle = true }
          if firstFull < 0 { firstFull = i }
          lastFull = i + 7
          i += 8
          continue
        }
      }
      let v = c[i]
      if v == 255 {
        if firstFull >= 0 && lastPartial > firstFull { middle = true }
        if firstFull < 0 { firstFull = i }
        lastFull = i
      } else if v != 0 {
        if firstPartial < 0 { firstPartial = i }
        lastPartial = i
      }
      i += 1
    }
    if firstPartial < 0 { return nil }
    if firstFull < 0 || middle {
      return ((firstPartial, lastPartial + 1), nil, true)
    }
    // Partial pixels right of the last full pixel, and the ones left of the first.
    var leftRun: (Int, Int)?, rightRun: (Int, Int)?
    if firstPartial < firstFull {
      var e = firstFull
      while e > firstPartial && c[e - 1] == 0 { e -= 1 }
      leftRun = (firstPartial, e)
    }
    if lastPartial > lastFull {
      var s = lastFull + 1
      while s < lastPartial && c[s] == 0 { s += 1 }
      rightRun = (s, lastPartial + 1)
    }
    return (leftRun, rightRun, false)
  }
}

extension Bitmap {
  /// A copy of the pixels of `rect` (inside the bitmap).
  func copy(of rect: PixelRect) -> Bitmap {
    var out = Bitmap(width: rect.width, height: rect.height)
    pixels.withUnsafeBytes { s in
      out.pixels.withUnsafeMutableBytes { d in
        for y in 0..<rect.height {
          let from = s.baseAddress! + ((rect.y + y) * width + rect.x) * 4
          (d.baseAddress! + y * rect.width * 4).copyMemory(from: from, byteCount: rect.width * 4)
        }
      }
    }
    return out
  }

  /// Writes the pixels of `patch` (placed at `rect`) where `clip`'s coverage is partial,
  /// strictly between 0 and 255; every other pixel stays.
  mutating func paste(_ patch: Bitmap, at rect: PixelRect, wherePartial clip: Mask) {
    var cov = [UInt8](repeating: 0, count: rect.width)
    let w = width
    cov.withUnsafeMutableBufferPointer { cb in
      let c = cb.baseAddress!
      patch.pixels.withUnsafeBytes { s in
        withPixels { base in
          for y in 0..<rect.height {
            if clip.row(rect.y + y, rect.x, rect.maxX, into: c) { continue }
            let src = s.baseAddress!.assumingMemoryBound(to: UInt32.self) + y * rect.width
            let dst = UnsafeMutableRawPointer(base + ((rect.y + y) * w + rect.x) * 4).assumingMemoryBound(to: UInt32.self)
            for x in 0..<rect.width where c[x] != 0 && c[x] != 255 { dst[x] = src[x] }
          }
        }
      }
    }
  }
}
