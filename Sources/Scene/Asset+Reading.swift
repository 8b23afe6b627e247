import Foundation

extension Asset {
  /// `assets: {name: path}`: each file must be a readable regular file that starts like a PNG
  /// within the size limits, and all of them together must fit `SceneLimits.maxTotalAssetPixels`
  /// once decoded. Every bad asset is reported, each at its own path's line and column.
  static func readAll(_ node: SourceNode, directory: String, in reader: Reader) -> [Asset] {
    guard case .mapping(let entries, _) = node else {
      if !node.isNull { reader.report(.wrongType(key: "assets", expected: "a mapping of names to PNG paths", got: node.summary), at: node.location) }
      return []
    }
    var result: [Asset] = []
    var seen: [String: SourceLocation] = [:]
    // Decoded pixels so far, each file counted once (assets sharing a file share its pixels).
    var pixelsByFile: [String: Int] = [:]
    var totalPixels = 0
    var overBudget = false
    for entry in entries {
      guard let name = reader.identifier(.scalar(.init(entry.key), entry.keyLocation), "asset name") else { continue }
      if let first = seen[name] {
        reader.report(.duplicate(kind: "asset", name: name, first: first), at: entry.keyLocation)
        continue
      }
      seen[name] = entry.value.location
      guard let path = reader.string(entry.value, "asset path") else { continue }
      let resolved = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
      switch Self.pngHeader(at: resolved) {
      case .success(let (w, h)):
        result.append(Asset(name: name, path: path, resolvedPath: resolved, pixelWidth: w, pixelHeight: h, location: entry.value.location))
        if pixelsByFile[resolved] == nil {
          pixelsByFile[resolved] = w * h
          totalPixels += w * h
          if totalPixels > SceneLimits.maxTotalAssetPixels, !overBudget {
            overBudget = true
            reader.report(.limit(
              what: "the decoded size of the assets up to '\(name)' (\(totalPixels * 4 / 1_000_000) MB as RGBA)",
              value: Double(totalPixels), limit: Double(SceneLimits.maxTotalAssetPixels), unit: " px"), at: entry.value.location)
          }
        }
      case .failure(let problem):
        reader.report(.asset(name: name, path: path, problem: problem.text), at: entry.value.location)
        // Keep the name so views using it do not also report an unknown asset.
        result.append(Asset(name: name, path: path, resolvedPath: resolved, pixelWidth: 0, pixelHeight: 0, location: entry.value.location))
      }
    }
    return result
  }

  struct AssetProblem: Error { var text: String }

  /// Width and height from a PNG's signature and IHDR chunk.
  static func pngHeader(at path: String) -> Result<(Int, Int), AssetProblem> {
    let bytes: [UInt8]
    switch InputFile.prefix(path, count: 33) {
    case .success(let b): bytes = b
    case .failure(.missing): return .failure(AssetProblem(text: "file not found"))
    case .failure(.directory): return .failure(AssetProblem(text: "is a directory, not a PNG file"))
    case .failure(let problem): return .failure(AssetProblem(text: problem.text))
    }
    if bytes.isEmpty { return .failure(AssetProblem(text: "the file is empty")) }
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
      return .failure(AssetProblem(text: "not a PNG file (it does not start with the PNG signature)"))
    }
    guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
      return .failure(AssetProblem(text: "corrupt PNG (the header chunk is missing or truncated)"))
    }
    func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
    let w = be32(16), h = be32(20)
    guard w > 0, h > 0 else { return .failure(AssetProblem(text: "corrupt PNG (its size is \(w) x \(h))")) }
    let side = SceneLimits.maxAssetSide
    guard w <= side, h <= side else {
      return .failure(AssetProblem(text: "the image is \(w) x \(h) px, more than Flipbook's limit of \(side) px a side"))
    }
    guard w * h <= SceneLimits.maxAssetPixels else {
      return .failure(AssetProblem(text: "the image is \(w) x \(h) px (\(w * h) px), more than Flipbook's limit of \(SceneLimits.maxAssetPixels) px in one asset"))
    }
    return .success((w, h))
  }
}
