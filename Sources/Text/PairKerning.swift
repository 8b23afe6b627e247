/// Pair kerning read from a font's GPOS table: the lookups of the `kern` feature, of type 2
/// (pair adjustment, formats 1 and 2), also when wrapped in type 9 (extension) lookups.
/// Only the first glyph's XAdvance is used, which is what horizontal kerning sets.
///
/// CoreText applies the `kern` feature by default. FreeType's FT_Get_Kerning reads only the
/// legacy `kern` table, which Inter does not have, so Flipbook reads GPOS itself. Every read
/// is bounds-checked: a malformed table kerns nothing rather than trapping.
struct PairKerning {
  private let table: [UInt8]
  /// Offsets (from the table's start) of the pair-adjustment subtables of each lookup of
  /// the `kern` feature, in lookup order.
  private let lookups: [[Int]]

  init(gpos: [UInt8]?) {
    table = gpos ?? []
    lookups = PairKerning.kernLookups(in: table)
  }

  /// Whether the font has any pair kerning.
  var isEmpty: Bool { lookups.allSatisfy(\.isEmpty) }

  /// The advance adjustment between two glyphs, in font units (negative tightens): the sum
  /// over the kern lookups of the first subtable in each that applies to the pair.
  func adjustment(_ left: UInt32, _ right: UInt32) -> Int {
    guard left <= 0xFFFF, right <= 0xFFFF else { return 0 }
    var total = 0
    for subtables in lookups {
      for offset in subtables {
        if let value = pairValue(subtable: offset, Int(left), Int(right)) {
          total += value
          break
        }
      }
    }
    return total
  }

  // MARK: - Reading

  private func u16(_ at: Int) -> Int? {
    guard at >= 0, at + 2 <= table.count else { return nil }
    return Int(table[at]) << 8 | Int(table[at + 1])
  }

  private func s16(_ at: Int) -> Int? { u16(at).map { Int(Int16(truncatingIfNeeded: $0)) } }

  private func u32(_ at: Int) -> Int? {
    guard let hi = u16(at), let lo = u16(at + 2) else { return nil }
    return hi << 16 | lo
  }

  private static func kernLookups(in table: [UInt8]) -> [[Int]] {
    let reader = PairKerning(raw: table)
    guard let major = reader.u16(0), major == 1, let featureList = reader.u16(6),
      let lookupList = reader.u16(8), let featureCount = reader.u16(featureList)
    else { return [] }
    var lookupIndices: [Int] = []
    for f in 0..<featureCount {
      let record = featureList + 2 + f * 6
      guard table.count >= record + 6, String(decoding: table[record..<record + 4], as: UTF8.self) == "kern",
        let featureOffset = reader.u16(record + 4), let count = reader.u16(featureList + featureOffset + 2)
      else { continue }
      for i in 0..<count {
        if let index = reader.u16(featureList + featureOffset + 4 + i * 2), !lookupIndices.contains(index) {
          lookupIndices.append(index)
        }
      }
    }
    guard let lookupCount = reader.u16(lookupList) else { return [] }
    return lookupIndices.sorted().compactMap { index -> [Int]? in
      guard index < lookupCount, let lookupOffset = reader.u16(lookupList + 2 + index * 2) else { return nil }
      let lookup = lookupList + lookupOffset
      guard let type = reader.u16(lookup), let subtableCount = reader.u16(lookup + 4) else { return nil }
      var subtables: [Int] = []
      for s in 0..<subtableCount {
        guard let offset = reader.u16(lookup + 6 + s * 2) else { continue }
        var subtable = lookup + offset
        if type == 9 {
          guard reader.u16(subtable + 2) == 2, let extensionOffset = reader.u32(subtable + 4) else { continue }
          subtable += extensionOffset
        } else if type != 2 {
          continue
        }
        subtables.append(subtable)
      }
      return subtables
    }
  }

  private init(raw: [UInt8]) {
    table = raw
    lookups = []
  }

  /// The XAdvance a pair-adjustment subtable gives (left, right), or nil if it does not apply.
  private func pairValue(subtable: Int, _ left: Int, _ right: Int) -> Int? {
    guard let format = u16(subtable), let coverage = u16(subtable + 2),
      let format1 = u16(subtable + 4), let format2 = u16(subtable + 6),
      let coverageIndex = coverageIndex(subtable + coverage, glyph: left)
    else { return nil }
    let size1 = valueRecordSize(format1), size2 = valueRecordSize(format2)
    switch format {
    case 1:
      guard let setCount = u16(subtable + 8), coverageIndex < setCount,
        let setOffset = u16(subtable + 10 + coverageIndex * 2)
      else { return nil }
      let set = subtable + setOffset
      guard let count = u16(set) else { return nil }
      let recordSize = 2 + size1 + size2
      var low = 0, high = count - 1
      while low <= high {
        let mid = (low + high) / 2
        guard let second = u16(set + 2 + mid * recordSize) else { return nil }
        if second == right { return xAdvance(set + 2 + mid * recordSize + 2, format: format1) }
        if second < right { low = mid + 1 } else { high = mid - 1 }
      }
      return nil
    case 2:
      guard let classDef1 = u16(subtable + 8), let classDef2 = u16(subtable + 10),
        let class1Count = u16(subtable + 12), let class2Count = u16(subtable + 14)
      else { return nil }
      let class1 = glyphClass(subtable + classDef1, glyph: left)
      let class2 = glyphClass(subtable + classDef2, glyph: right)
      guard class1 < class1Count, class2 < class2Count else { return nil }
      let record = subtable + 16 + (class1 * class2Count + class2) * (size1 + size2)
      return xAdvance(record, format: format1)
    default:
      return nil
    }
  }

  /// Bytes in a ValueRecord of this ValueFormat: two for each bit set.
  private func valueRecordSize(_ format: Int) -> Int { 2 * (format & 0xFF).nonzeroBitCount }

  /// The XAdvance field (ValueFormat bit 0x4) of the ValueRecord at `at`; 0 when absent.
  private func xAdvance(_ at: Int, format: Int) -> Int {
    guard format & 0x4 != 0 else { return 0 }
    let before = (format & 0x3).nonzeroBitCount
    return s16(at + 2 * before) ?? 0
  }

  /// Index of `glyph` in a Coverage table, or nil when it is not covered.
  private func coverageIndex(_ coverage: Int, glyph: Int) -> Int? {
    guard let format = u16(coverage), let count = u16(coverage + 2) else { return nil }
    var low = 0, high = count - 1
    while low <= high {
      let mid = (low + high) / 2
      if format == 1 {
        guard let g = u16(coverage + 4 + mid * 2) else { return nil }
        if g == glyph { return mid }
        if g < glyph { low = mid + 1 } else { high = mid - 1 }
      } else if format == 2 {
        let record = coverage + 4 + mid * 6
        guard let start = u16(record), let end = u16(record + 2), let startIndex = u16(record + 4) else {
          return nil
        }
        if glyph < start { high = mid - 1 } else if glyph > end { low = mid + 1 } else {
          return startIndex + glyph - start
        }
      } else {
        return nil
      }
    }
    return nil
  }

  /// The class of `glyph` in a ClassDef table; 0 when it is not listed.
  private func glyphClass(_ classDef: Int, glyph: Int) -> Int {
    guard let format = u16(classDef) else { return 0 }
    if format == 1 {
      guard let start = u16(classDef + 2), let count = u16(classDef + 4),
        glyph >= start, glyph < start + count
      else { return 0 }
      return u16(classDef + 6 + (glyph - start) * 2) ?? 0
    }
    guard format == 2, let count = u16(classDef + 2) else { return 0 }
    var low = 0, high = count - 1
    while low <= high {
      let mid = (low + high) / 2
      let record = classDef + 4 + mid * 6
      guard let start = u16(record), let end = u16(record + 2) else { return 0 }
      if glyph < start { high = mid - 1 } else if glyph > end { low = mid + 1 } else {
        return u16(record + 4) ?? 0
      }
    }
    return 0
  }
}
