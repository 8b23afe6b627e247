/// What iOS does to the system font by point size, applied to Inter so that labels space and
/// cut like SF Pro: the tracking table and the Text/Display switch. The rules and their
/// sources are in docs/text.md ("System tracking and optical size").
extension Label {
  /// SF Pro's tracking on iOS, in 1/1000 em, at the point sizes Apple's Human Interface
  /// Guidelines list (Typography > Specifications > Tracking values, SF Pro).
  static let systemTrackingTable: [(size: Double, milliEm: Double)] = [
    (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11),
    (15, -16), (16, -20), (17, -26), (18, -25), (19, -24), (20, -23), (21, -18), (22, -12),
    (23, -4), (24, 3), (25, 6), (26, 8), (27, 11), (28, 14), (29, 14), (30, 14), (31, 13),
    (32, 13), (33, 12), (34, 12), (35, 11), (36, 10), (37, 10), (38, 10), (39, 10), (40, 10),
    (41, 9), (42, 9), (43, 9), (44, 8), (45, 8), (46, 8), (47, 8), (48, 8), (49, 7), (50, 7),
    (51, 7), (52, 6), (53, 6), (54, 6), (56, 6), (58, 5), (60, 4), (62, 4), (64, 4), (66, 3),
    (68, 2), (70, 2), (72, 2), (76, 1), (80, 0), (84, 0), (88, 0), (92, 0), (96, 0),
  ]

  /// The letter spacing iOS gives the system font at `pointSize`, in points: the table's
  /// 1/1000 em times the size, linearly interpolated between listed sizes, and held at the
  /// ends (6 pt's +41 below 6 pt, 0 above 96 pt). 17 pt gives -0.442 pt. Not finite or not
  /// positive gives 0.
  public static func systemTracking(forPointSize pointSize: Double) -> Double {
    guard pointSize.isFinite, pointSize > 0 else { return 0 }
    let table = systemTrackingTable
    guard let first = table.first, let last = table.last else { return 0 }
    if pointSize <= first.size { return first.milliEm / 1000 * pointSize }
    if pointSize >= last.size { return last.milliEm / 1000 * pointSize }
    var i = 1
    while table[i].size < pointSize { i += 1 }
    let (a, b) = (table[i - 1], table[i])
    let f = (pointSize - a.size) / (b.size - a.size)
    return (a.milliEm + (b.milliEm - a.milliEm) * f) / 1000 * pointSize
  }

  /// The cut iOS draws the system font in at `pointSize`: Display from 20 pt (SF Pro
  /// Display), Text below (SF Pro Text).
  public static func systemOpticalSize(forPointSize pointSize: Double) -> OpticalSize {
    pointSize >= 20 ? .display : .text
  }
}
