/// Advance widths of Inter 3.019 (the font Text draws labels with) for printable ASCII, in
/// font units (2,816 per em), read from each face's hmtx table. Scene does not import Text,
/// so it estimates a label's width from these where a transition needs one (a title sliding
/// onto its back button). Kerning is left out: within about half a point for short titles.
/// The rows are printed by `scripts/inter-advances`.
enum InterAdvances {
  static let unitsPerEm = 2816.0

  /// The width of `text` on one line, in points, without kerning. Characters outside
  /// printable ASCII count as an "n".
  static func width(of text: String, fontSize: Double, weight: SceneView.Text.Weight) -> Double {
    let table: [Int]
    switch weight {
    case .thin, .light, .regular: table = regular
    case .medium, .semibold: table = semibold
    case .bold, .heavy: table = bold
    }
    let fallback = table[Int(("n" as Unicode.Scalar).value) - 32]
    let units = text.unicodeScalars.reduce(0) { sum, c in
      let i = Int(c.value) - 32
      return sum + (table.indices.contains(i) ? table[i] : fallback)
    }
    return Double(units) * fontSize / unitsPerEm
  }

  // U+0020 to U+007E, in order.
  static let regular: [Int] = [
    792, 784, 1136, 1776, 1796, 2288, 1800, 624, 1020, 1020, 1408, 1856, 788, 1296, 776, 1004,
    1760, 1308, 1704, 1792, 1808, 1712, 1756, 1608, 1736, 1756, 776, 788, 1856, 1856, 1856, 1428,
    2636, 1904, 1832, 2048, 2024, 1684, 1652, 2092, 2084, 744, 1528, 1836, 1584, 2504, 2120, 2144,
    1788, 2144, 1800, 1796, 1808, 2088, 1904, 2672, 1808, 1872, 1760, 1020, 1004, 1020, 1320, 1272,
    1400, 1588, 1748, 1572, 1748, 1640, 1016, 1716, 1664, 668, 668, 1532, 668, 2448, 1648, 1680,
    1716, 1716, 1048, 1472, 1024, 1636, 1568, 2288, 1520, 1568, 1524, 1020, 920, 1020, 1856,
  ]
  static let semibold: [Int] = [
    699, 870, 1115, 1811, 1828, 2376, 1866, 600, 1108, 1108, 1530, 1894, 831, 1312, 818, 1066,
    1878, 1354, 1750, 1835, 1875, 1781, 1825, 1653, 1819, 1825, 818, 831, 1894, 1894, 1894, 1532,
    2814, 2038, 1851, 2094, 2040, 1711, 1649, 2126, 2095, 774, 1579, 1906, 1594, 2552, 2086, 2182,
    1812, 2184, 1832, 1828, 1858, 2066, 2038, 2835, 1944, 1984, 1838, 1108, 1066, 1108, 1355, 1318,
    1400, 1618, 1775, 1626, 1775, 1669, 1062, 1761, 1726, 734, 734, 1602, 734, 2528, 1717, 1712,
    1759, 1759, 1117, 1546, 1070, 1713, 1622, 2358, 1584, 1622, 1582, 1108, 1008, 1108, 1894,
  ]
  static let bold: [Int] = [
    653, 914, 1105, 1829, 1844, 2420, 1898, 588, 1152, 1152, 1590, 1914, 853, 1320, 838, 1098,
    1938, 1378, 1774, 1857, 1909, 1815, 1859, 1675, 1861, 1859, 838, 853, 1914, 1914, 1914, 1584,
    2902, 2106, 1861, 2118, 2048, 1725, 1647, 2142, 2101, 790, 1605, 1942, 1598, 2576, 2070, 2202,
    1824, 2204, 1848, 1844, 1882, 2054, 2106, 2917, 2012, 2040, 1878, 1152, 1098, 1152, 1373, 1342,
    1400, 1634, 1789, 1654, 1789, 1683, 1086, 1783, 1758, 766, 766, 1638, 766, 2568, 1751, 1728,
    1781, 1781, 1151, 1582, 1094, 1751, 1650, 2394, 1616, 1650, 1610, 1152, 1052, 1152, 1914,
  ]
}
