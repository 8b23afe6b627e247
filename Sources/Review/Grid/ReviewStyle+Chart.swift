import Charts

extension ReviewStyle {
  /// The progress charts' look on review material: `ChartStyle.dark` at this scale, on this
  /// style's background, with its label colours.
  public var chart: ChartStyle {
    var c = ChartStyle.dark(scale: scale)
    c.background = background
    c.title = labelColor
    c.label = secondaryColor
    return c
  }
}
