import Foundation
import Raster
import TestSupport

/// When FLIPBOOK_PREVIEW names a folder, writes `bitmap` there as NAME.png (through ffmpeg,
/// from raw RGBA) so a person can look at what a test drew. Does nothing otherwise.
func preview(_ bitmap: Bitmap, _ name: String) {
  guard let dir = ProcessInfo.processInfo.environment["FLIPBOOK_PREVIEW"] else { return }
  let raw = URL(fileURLWithPath: dir).appendingPathComponent(name + ".rgba")
  try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  try? Data(bitmap.pixels).write(to: raw)
  _ = try? runProcess("ffmpeg", [
    "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(bitmap.width)x\(bitmap.height)",
    "-i", raw.path, dir + "/" + name + ".png",
  ])
  try? FileManager.default.removeItem(at: raw)
}

/// A synthetic frame: a vertical gradient with a coloured block whose position depends on `n`.
func syntheticFrame(width: Int, height: Int, n: Int, hue: Int = 0) -> Bitmap {
  var px = [UInt8](repeating: 255, count: width * height * 4)
  for y in 0..<height {
    for x in 0..<width {
      let i = (y * width + x) * 4
      px[i] = UInt8(40 + (y * 150) / max(1, height))
      px[i + 1] = UInt8(60 + (x * 100) / max(1, width))
      px[i + 2] = UInt8((hue * 80) % 256)
      let bx = (n * 7) % max(1, width - 10)
      if x >= bx && x < bx + 10 && y >= height / 3 && y < height / 3 + 10 {
        px[i] = 255; px[i + 1] = 255; px[i + 2] = 255
      }
    }
  }
  return Bitmap(width: width, height: height, pixels: px)
}
