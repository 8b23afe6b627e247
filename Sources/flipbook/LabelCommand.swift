import ArgumentParser
import Geometry
import PNG
import Raster
import Text

extension Label.Weight: ExpressibleByArgument {}
extension Label.Alignment: ExpressibleByArgument {}
extension Label.LineBreak: ExpressibleByArgument {}

/// `flipbook label`: renders one UILabel-style label to a PNG, to check type at a glance.
struct LabelCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "label",
    abstract: "Render a text label (Inter, laid out as UILabel) to a PNG.",
    discussion: """
      Sizes are in points; --scale turns them into pixels. Without --width the label is as \
      wide as its text (one line per paragraph); without --height it is as tall as its \
      lines. Example:
        flipbook label "Photos" --font-size 34 --weight bold --width 375 --scale 3 --out title.png
      """)

  @Argument(help: "The text. \\n in the shell's string is a real newline only if the shell makes one.")
  var text: String

  @Option(help: "Font size in points (UIFont.pointSize).")
  var fontSize: Double = 17

  @Option(help: "Weight: \(Label.Weight.allCases.map(\.rawValue).joined(separator: ", ")).")
  var weight: Label.Weight = .regular

  @Option(help: "Text colour, #RGB, #RRGGBB or #RRGGBBAA.")
  var color: String = "#000000"

  @Option(help: "Background colour, #RGB, #RRGGBB or #RRGGBBAA (#0000 for transparent).")
  var background: String = "#FFFFFF"

  @Option(help: "Alignment: left, center, right.")
  var align: Label.Alignment = .left

  @Option(help: "Line break: wordWrap or truncateTail.")
  var lineBreak: Label.LineBreak = .truncateTail

  @Option(help: "Maximum number of lines; 0 for no limit.")
  var lines: Int = 1

  @Option(help: "Extra space after each character, points (NSAttributedString kern).")
  var letterSpacing: Double = 0

  @Option(help: "Line height multiple (NSParagraphStyle.lineHeightMultiple).")
  var lineHeightMultiple: Double = 1

  @Option(help: "Box width in points (default: the text's width).")
  var width: Double?

  @Option(help: "Box height in points (default: the height of the laid-out lines).")
  var height: Double?

  @Option(help: "Pixels per point (a phone's screen is 2 or 3).")
  var scale: Double = 3

  @Option(help: "Where to write the PNG.")
  var out: String

  func validate() throws {
    guard fontSize > 0, fontSize.isFinite, fontSize <= 2000 else {
      throw ValidationError("--font-size must be in (0, 2000] points, got \(fontSize)")
    }
    guard scale > 0, scale <= 8 else { throw ValidationError("--scale must be in (0, 8], got \(scale)") }
    guard lines >= 0 else { throw ValidationError("--lines must be >= 0, got \(lines)") }
    guard lineHeightMultiple > 0, lineHeightMultiple.isFinite else {
      throw ValidationError("--line-height-multiple must be > 0, got \(lineHeightMultiple)")
    }
    guard letterSpacing.isFinite else { throw ValidationError("--letter-spacing must be finite") }
    for (name, value) in [("--width", width), ("--height", height)] {
      if let value, !(value > 0 && value <= 10_000) {
        throw ValidationError("\(name) must be in (0, 10000] points, got \(value)")
      }
    }
    for (name, value) in [("--color", color), ("--background", background)] where Color(hex: value) == nil {
      throw ValidationError("\(name) must look like #RGB, #RRGGBB or #RRGGBBAA, got '\(value)'")
    }
  }

  func run() throws {
    let label = Label(
      text, fontSize: fontSize, weight: weight, color: Color(hex: color) ?? .black, alignment: align,
      lineBreak: lineBreak, numberOfLines: lines, letterSpacing: letterSpacing,
      lineHeightMultiple: lineHeightMultiple)
    let fitted = try measure(label, maxWidth: width, scale: scale)
    let box = Size(width ?? max(fitted.width, 1 / scale), height ?? max(fitted.height, 1 / scale))
    let mask = try rasterize(label, boxSize: box, scale: scale)
    let bitmap = LabelImage.bitmap(mask, color: label.color, background: Color(hex: background) ?? .white)
    try writePNG(bitmap, to: out, encoder: PNGEncoder(level: 6), makeFolder: false)
    print("\(out): \(bitmap.width) x \(bitmap.height) px (\(box.width) x \(box.height) pt at \(scale)x)")
  }
}
