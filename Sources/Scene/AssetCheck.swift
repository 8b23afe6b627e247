import Foundation

extension Reader {
  /// The largest PNG side accepted, in pixels.
  static let maxAssetSide = 16384

  /// `assets: {name: path}`: each file must exist, be readable and start like a PNG.
  func assets(_ node: SourceNode, directory: String) -> [Asset] {
    guard case .mapping(let entries, _) = node else {
      if !node.isNull { report(.wrongType(key: "assets", expected: "a mapping of names to PNG paths", got: node.summary), at: node.location) }
      return []
    }
    var result: [Asset] = []
    for entry in entries {
      guard let name = identifier(.scalar(.init(entry.key), entry.keyLocation), "asset name") else { continue }
      if let first = result.first(where: { $0.name == name }) {
        report(.duplicate(kind: "asset", name: name, first: first.location!), at: entry.keyLocation)
        continue
      }
      guard let path = string(entry.value, "asset path") else { continue }
      let resolved = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
      switch Self.pngHeader(at: resolved) {
      case .success(let (w, h)):
        result.append(Asset(name: name, path: path, resolvedPath: resolved, pixelWidth: w, pixelHeight: h, location: entry.value.location))
      case .failure(let problem):
        report(.asset(name: name, path: path, problem: problem.text), at: entry.value.location)
        // Keep the name so views using it do not also report an unknown asset.
        result.append(Asset(name: name, path: path, resolvedPath: resolved, pixelWidth: 0, pixelHeight: 0, location: entry.value.location))
      }
    }
    return result
  }

  struct AssetProblem: Error { var text: String }

  /// Width and height from a PNG's signature and IHDR chunk.
  static func pngHeader(at path: String) -> Result<(Int, Int), AssetProblem> {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return .failure(AssetProblem(text: "file not found"))
    }
    if isDirectory.boolValue { return .failure(AssetProblem(text: "is a directory, not a PNG file")) }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      return .failure(AssetProblem(text: "cannot be read (permission denied?)"))
    }
    defer { try? handle.close() }
    let bytes = [UInt8]((try? handle.read(upToCount: 33)) ?? Data())
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
    guard w <= maxAssetSide, h <= maxAssetSide else {
      return .failure(AssetProblem(text: "the image is \(w) x \(h) px, more than Flipbook's limit of \(maxAssetSide) px a side"))
    }
    return .success((w, h))
  }
}
