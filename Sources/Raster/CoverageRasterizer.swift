import Geometry

/// Exact-area anti-aliasing: every edge adds, to each pixel cell it crosses, the signed
/// area it leaves to its right and the signed height it covers ("area and cover" cells,
/// as FreeType's gray rasterizer and font-rs accumulate them). A running sum along each row
/// then gives, per pixel, the winding-weighted area of the pixel inside the path. Non-zero
/// takes min(1, |sum|); even-odd folds the sum into [0, 1] (|sum| mod 2, mirrored above 1).
/// Coverage bytes are round(255 · area), so an edge at x = 10.5 gives column 10 a 128.
enum CoverageRasterizer {
  /// Rows per band: the cell buffer of one band stays in cache however large the mask.
  static let bandHeight = 16

  /// The coverage of `edges` (device pixels) over `box`, row-major, one byte per pixel.
  /// Works in bands of `bandHeight` rows: each edge is clipped to the box's columns once,
  /// filed under the bands it crosses, and accumulated band by band into a small buffer
  /// that the row sums read and clear as they go.
  static func rasterize(_ edges: [Edge], in box: PixelRect, rule: Path.FillRule) -> [UInt8] {
    let w = box.width, h = box.height
    guard w > 0, h > 0 else { return [] }
    let stride = w + 2
    let ox = Double(box.x), oy = Double(box.y), fw = Double(w), fh = Double(h)
    var local: [Edge] = []
    local.reserveCapacity(edges.count + 8)
    for e in edges {
      let x0 = e.x0 - ox, y0 = e.y0 - oy, x1 = e.x1 - ox, y1 = e.y1 - oy
      guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { continue }
      if max(y0, y1) <= 0 || min(y0, y1) >= fh || y0 == y1 { continue }
      clipX(x0, y0, x1, y1, width: fw) { ax, ay, bx, by in
        if ay != by { local.append(Edge(x0: ax, y0: ay, x1: bx, y1: by)) }
      }
    }
    let bandH = bandHeight
    let bands = (h + bandH - 1) / bandH
    var buckets = [[Int32]](repeating: [], count: bands)
    for (i, e) in local.enumerated() {
      // Clamped before the conversion: an edge may run to y = ±1e300 (finite path data).
      let top = Int(max(0, min(e.y0, e.y1)).rounded(.down))
      let bottom = Int(min(fh, max(e.y0, e.y1)).rounded(.up))
      if top >= bottom { continue }
      for band in (top / bandH)...((bottom - 1) / bandH) { buckets[band].append(Int32(i)) }
    }
    var acc = [Float](repeating: 0, count: stride * bandH)
    var out = [UInt8](repeating: 0, count: w * h)
    acc.withUnsafeMutableBufferPointer { buf in
      out.withUnsafeMutableBufferPointer { o in
        local.withUnsafeBufferPointer { edgeBuf in
          let a = buf.baseAddress!, q = o.baseAddress!
          for band in 0..<bands {
            let top = band * bandH, bottom = min(h, top + bandH)
            for i in buckets[band] {
              let e = edgeBuf[Int(i)]
              addLine(a, stride: stride, top: top, bottom: bottom, e.x0, e.y0, e.x1, e.y1)
            }
            for y in top..<bottom {
              let row = a + (y - top) * stride, orow = q + y * w
              var sum: Float = 0
              switch rule {
              case .nonZero:
                var x = 0
                // The current sum's coverage byte in all eight bytes (the sum starts at 0);
                // recomputed only after a cell changes the sum.
                var fill: UInt64 = 0
                while x < w {
                  // Eight untouched cells in a row keep the sum: store its coverage 8 times.
                  if x &+ 8 <= w {
                    let p = UnsafeRawPointer(row + x)
                    let z = p.loadUnaligned(as: UInt64.self) | p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                      | p.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | p.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                    if z == 0 {
                      UnsafeMutableRawPointer(orow + x).storeBytes(of: fill, as: UInt64.self)
                      x &+= 8
                      continue
                    }
                  }
                  sum += row[x]
                  row[x] = 0
                  let c = UInt8(min(abs(sum), 1) * 255 + 0.5)
                  orow[x] = c
                  fill = UInt64(c) &* 0x0101_0101_0101_0101
                  x &+= 1
                }
              case .evenOdd:
                for x in 0..<w {
                  sum += row[x]
                  row[x] = 0
                  var c = abs(sum)
                  c -= 2 * (c * 0.5).rounded(.down)
                  if c > 1 { c = 2 - c }
                  orow[x] = UInt8(min(max(c, 0), 1) * 255 + 0.5)
                }
              }
              row[w] = 0; row[w + 1] = 0
            }
          }
        }
      }
    }
    return out
  }

  /// Splits a segment where it crosses x = 0 and x = width; the parts outside are moved
  /// onto those lines as vertical edges, which leaves the coverage inside unchanged.
  @inline(__always)
  private static func clipX(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width: Double,
    _ emit: (Double, Double, Double, Double) -> Void
  ) {
    if x0 >= 0, x1 >= 0, x0 <= width, x1 <= width {
      emit(x0, y0, x1, y1)
      return
    }
    var ts: [Double] = [0, 1]
    if x0 != x1 {
      for bound in [0.0, width] {
        let t = (bound - x0) / (x1 - x0)
        if t > 0 && t < 1 { ts.append(t) }
      }
    }
    ts.sort()
    for i in 0..<(ts.count - 1) {
      let ta = ts[i], tb = ts[i + 1]
      let ya = y0 + (y1 - y0) * ta, yb = y0 + (y1 - y0) * tb
      let xm = x0 + (x1 - x0) * (ta + tb) / 2
      if xm <= 0 {
        emit(0, ya, 0, yb)
      } else if xm >= width {
        emit(width, ya, width, yb)
      } else {
        let xa = min(max(x0 + (x1 - x0) * ta, 0), width), xb = min(max(x0 + (x1 - x0) * tb, 0), width)
        emit(xa, ya, xb, yb)
      }
    }
  }

  /// Accumulates the part of one edge (local pixel coordinates, 0 <= x <= width) within
  /// rows `top ..< bottom` into the band's cells (row `top` is the buffer's first row).
  @inline(__always)
  private static func addLine(
    _ a: UnsafeMutablePointer<Float>, stride: Int, top: Int, bottom: Int,
    _ px0: Double, _ py0: Double, _ px1: Double, _ py1: Double
  ) {
    if py0 == py1 { return }
    let dir: Double
    let (ax, ay, bx, by): (Double, Double, Double, Double)
    if py0 < py1 { dir = 1; (ax, ay, bx, by) = (px0, py0, px1, py1) } else { dir = -1; (ax, ay, bx, by) = (px1, py1, px0, py0) }
    let dxdy = (bx - ax) / (by - ay)
    let yStart = Int(max(Double(top), ay).rounded(.down))
    let yEnd = Int(min(Double(bottom), by).rounded(.up))
    if yStart >= yEnd { return }
    var x = ax + (max(Double(yStart), ay) - ay) * dxdy
    for y in yStart..<yEnd {
      let row = a + (y - top) * stride
      let dy = min(Double(y + 1), by) - max(Double(y), ay)
      let xnext = x + dxdy * dy
      let d = dy * dir
      let (l, r) = x < xnext ? (x, xnext) : (xnext, x)
      let lf = l.rounded(.down)
      let li = Int(lf)
      let rc = r.rounded(.up)
      let ri = Int(rc)
      if ri <= li + 1 {
        // Within one column: the part of the cell right of the edge's mean x.
        let xm = 0.5 * (x + xnext) - lf
        row[li] += Float(d - d * xm)
        row[li + 1] += Float(d * xm)
      } else {
        let s = 1 / (r - l)
        let lfrac = l - lf
        let a0 = 0.5 * s * (1 - lfrac) * (1 - lfrac)
        let rfrac = r - rc + 1
        let am = 0.5 * s * rfrac * rfrac
        row[li] += Float(d * a0)
        if ri == li + 2 {
          row[li + 1] += Float(d * (1 - a0 - am))
        } else {
          let a1 = s * (1.5 - lfrac)
          row[li + 1] += Float(d * (a1 - a0))
          if li + 2 < ri - 1 {
            let ds = Float(d * s)
            for xi in (li + 2)..<(ri - 1) { row[xi] += ds }
          }
          let a2 = a1 + Double(ri - li - 3) * s
          row[ri - 1] += Float(d * (1 - a2 - am))
        }
        row[ri] += Float(d * am)
      }
      x = xnext
    }
  }
}
