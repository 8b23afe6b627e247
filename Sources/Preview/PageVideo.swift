import Foundation
import JSONText
import Raster
import Review
import Stage

/// The review page's clip as one H.264 video: every variant of a `PlayerData` side by side in
/// one frame (a grid one row high), so they cannot drift apart while playing. Video frame n is
/// shared frame n of the player's timebase (n / fps seconds); variant v's cell holds its frame
/// `variantFrame(v, n)`, exactly `flipbook render`'s frame before encoding.
///
/// Encoded through Stage's `ClipWriter` with the clip settings of every MP4 Flipbook writes
/// (`MP4Settings`: yuv420p, BT.709 limited range, `+faststart`, x264 threads fixed), at
/// `ClipQuality.final` (x264 slow, CRF 16): the most faithful preset, and about half the bytes
/// of the bundle's own `review` MP4 at the same size, so the page stays lighter than the MP4
/// even at the clip's scale. The same frames give the same bytes.
struct PageVideo {
  /// Top-left pixel of each variant's cell in the video frame.
  let cells: [(x: Int, y: Int)]
  /// The video frame's size in pixels (even: the cells' row, padded with black).
  let width: Int, height: Int
  /// The MP4 file's bytes.
  let mp4: [UInt8]

  static let quality = ClipQuality.final

  /// Renders and encodes the whole clip on `jobs` threads.
  static func encode(_ data: PlayerData, jobs: Int) throws -> PageVideo {
    var cells: [(x: Int, y: Int)] = []
    var x = 0
    for v in data.variants {
      cells.append((x, 0))
      x += v.clip.pixelWidth
    }
    let height = data.variants.map(\.clip.pixelHeight).max()!
    let width = x + x % 2, evenHeight = height + height % 2
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("flipbook-page-\(getpid())-\(UUID().uuidString).mp4")
    InterruptCleanup.shared.register(file: path)
    defer {
      try? FileManager.default.removeItem(atPath: path)
      InterruptCleanup.shared.unregister(file: path)
    }
    let manifest = Manifest(
      fps: data.fps, pixelWidth: width, pixelHeight: evenHeight, scale: data.variants[0].clip.scale,
      frameCount: data.frameCount, frames: 0...(data.frameCount - 1), sceneHash: "", events: [])
    let placed = cells
    try ClipWriter.render(
      manifest: manifest, outputs: ClipOutputs(mp4: path, quality: quality), pipeline: FramePipeline(jobs: jobs),
      frame: { n in
        var grid = Bitmap(width: width, height: evenHeight)
        for (v, variant) in data.variants.enumerated() {
          let clip = variant.clip
          let f = data.variantFrame(v, sharedFrame: n)
          let picture = try clip.picture(at: clip.timeline.time(ofFrame: f), frameNumber: f, overlays: OverlaySet())
          if data.variants.count == 1, picture.width == width, picture.height == evenHeight { return picture }
          grid.copy(picture, toX: placed[v].x, y: placed[v].y)
        }
        return grid
      },
      encode: { _ in [] })
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    return PageVideo(cells: cells, width: width, height: evenHeight, mp4: bytes)
  }

  /// What the page's script reads: `src` (a data URL), the frame size, and each variant's cell.
  var json: JSONValue {
    .object([
      "src": .string("data:video/mp4;base64," + Data(mp4).base64EncodedString()),
      "width": .int(width), "height": .int(height),
      "cells": .array(cells.map { .object(["x": .int($0.x), "y": .int($0.y)]) }),
    ])
  }
}
