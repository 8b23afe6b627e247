// swift-tools-version:6.0
// Flipbook: renders iOS view-controller transitions offline into PNG frames and MP4 clips.
//
// Module graph (each arrow is "imports"; nothing else is allowed):
//   Geometry   -> (none)                     points, rects, transforms, paths (SVG path data), colours
//   Symbols    -> Geometry                   the built-in iOS-like symbols as vector paths
//   JSONText   -> OrderedCollections         the one JSON value (canonical and ordered printing, reading back), string literals
//   Motion     -> Geometry                   springs, curves, animators, gestures (no pixels)
//   Text       -> Geometry, CFreeType        the only importer of FreeType
//   CPixelKernels -> (none)                  C: AVX2 pixel loops, chosen at run time where the CPU has them
//   Raster     -> Geometry, Text, CPixelKernels, HeapModule  bitmaps, coverage, compositing, layer trees;
//                                            the only importer of CPixelKernels
//   CPNGCodec  -> CLibPNG                    C: every libpng call, each behind its own setjmp
//   PNG        -> Raster, CPNGCodec          the only importer of the libpng interop (C) target
//   Scene      -> Geometry, Motion, Symbols, JSONText, Yams   the file format (its key tables drive
//                                            both validation and the JSON Schema), presets
//   CSpawn     -> (none)                     C: fork/exec of children that die with Flipbook (watchdog)
//   CYUVKernels -> (none)                    C: AVX2 loops of the yuv420p conversion, chosen at run time where the CPU has them
//   YUV        -> Raster, CYUVKernels        frames to BT.709 limited-range yuv420p, the encoder's input;
//                                            the only importer of CYUVKernels
//   Stage      -> Scene, Motion, Geometry, Raster, PNG, Text, JSONText, CSpawn, YUV, Crypto   timeline -> layer trees -> frames;
//                                            the only importer of CSpawn (ChildProcess) and of Crypto (ContentHash)
//   Charts     -> Motion, Geometry, Raster, Text, JSONText   the chart engine (ChartCanvas): curve and progress charts
//   Review     -> Stage, Scene, Motion, Geometry, Raster, Text, JSONText, Charts   compare grids, contact sheets, overlays, progress strip
//   Spec       -> Geometry, Motion, Scene, Stage   a scene's motion as UIKit / SwiftUI / Compose / CSS code
//                                            and a numbers table (conversions, linear() easings)
//   Bench      -> Geometry, Raster, PNG, YUV   the canonical benchmark frame, timing, encoder settings
//   Match      -> Geometry, Motion, Raster, PNG, Scene, Stage, Review, Charts, JSONText   a screen recording held against a
//                                            scene: read, aligned, views tracked, timing fitted, verdict
//   Preview    -> Geometry, Scene, Stage, Review, Charts, Spec, Raster, PNG, JSONText, NIOCore, NIOPosix, NIOHTTP1, NIOWebSocket
//                                            the live preview server on SwiftNIO (the only module that
//                                            knows HTTP, WebSockets and sockets) and the player page
//                                            (Resources/), frozen into review pages; the review bundle (ReviewBundle)
//   flipbook   -> Geometry, Motion, Raster, Text, PNG, Scene, Stage, Charts, Review, Spec, Bench, Preview, JSONText, Match, ArgumentParser
//                                            the command line: the only module that knows flags
//
// scripts/check-imports (run by scripts/test) reads this file and fails when a target imports a module its
// `dependencies` do not declare, declares one it does not import, or differs from its line above.
import PackageDescription

// The pixel-pushing modules are optimised in debug builds too (-O, checked arithmetic kept): the
// tests render catalog frames through them, and unoptimised they are about 10x slower.
let release: [SwiftSetting] = [
  .unsafeFlags(["-Ounchecked", "-wmo"], .when(configuration: .release)),
  .unsafeFlags(["-O"], .when(configuration: .debug)),
]

let package = Package(
  name: "Flipbook",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "flipbook", targets: ["flipbook"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
  ],
  targets: [
    .target(name: "Geometry", swiftSettings: release),
    .target(name: "Symbols", dependencies: ["Geometry"]),
    .target(name: "JSONText", dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]),
    .target(name: "Motion", dependencies: ["Geometry"]),
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]),
    .target(
      name: "Text", dependencies: ["Geometry", "CFreeType"], resources: [.copy("Fonts")],
      swiftSettings: release),
    // Optimised in debug builds too, as the Swift pixel modules are.
    .target(name: "CPixelKernels", cSettings: [.unsafeFlags(["-O2"])]),
    .target(
      name: "Raster", dependencies: ["Geometry", "Text", "CPixelKernels", .product(name: "HeapModule", package: "swift-collections")],
      swiftSettings: release),
    .systemLibrary(
      name: "CLibPNG", pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]),
    // zlib (libpng's own dependency) for the IDAT strips that libpng's chunk writer wraps.
    .target(name: "CPNGCodec", dependencies: ["CLibPNG"], linkerSettings: [.linkedLibrary("z")]),
    .target(name: "PNG", dependencies: ["Raster", "CPNGCodec"], swiftSettings: release),
    .target(name: "Scene", dependencies: ["Geometry", "Motion", "Symbols", "JSONText", .product(name: "Yams", package: "Yams")]),
    .target(name: "CSpawn"),
    // Optimised in debug builds too, as CPixelKernels is.
    .target(name: "CYUVKernels", cSettings: [.unsafeFlags(["-O2"])]),
    .target(name: "YUV", dependencies: ["Raster", "CYUVKernels"], swiftSettings: release),
    .target(
      name: "Stage",
      dependencies: [
        "Scene", "Motion", "Geometry", "Raster", "PNG", "Text", "JSONText", "CSpawn", "YUV",
        .product(name: "Crypto", package: "swift-crypto"),
      ]),
    .target(name: "Charts", dependencies: ["Motion", "Geometry", "Raster", "Text", "JSONText"]),
    .target(name: "Review", dependencies: ["Stage", "Scene", "Motion", "Geometry", "Raster", "Text", "JSONText", "Charts"]),
    .target(name: "Spec", dependencies: ["Geometry", "Motion", "Scene", "Stage"]),
    .target(name: "Bench", dependencies: ["Geometry", "Raster", "PNG", "YUV"], swiftSettings: release),
    .target(
      name: "Match", dependencies: ["Geometry", "Motion", "Raster", "PNG", "Scene", "Stage", "Review", "Charts", "JSONText"], swiftSettings: release),
    .target(
      name: "Preview",
      dependencies: [
        "Geometry", "Scene", "Stage", "Review", "Charts", "Spec", "Raster", "PNG", "JSONText",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
      ],
      resources: [.copy("Resources")]),
    .executableTarget(
      name: "flipbook",
      dependencies: [
        "Geometry", "Motion", "Raster", "Text", "PNG", "Scene", "Stage", "Charts", "Review", "Spec", "Bench", "Preview", "JSONText", "Match",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // Helpers the test targets share: runFlipbook, runProcess (the built binary, ffmpeg, scripts), SplitMix64.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
    .testTarget(name: "SymbolsTests", dependencies: ["Symbols", "Geometry", "Raster", "Text"]),
    .testTarget(name: "JSONTextTests", dependencies: ["JSONText"]),
    .testTarget(
      name: "StageTests", dependencies: ["TestSupport", "Stage", "Scene", "Motion", "Raster", "PNG", "Geometry", "Text", "JSONText"],
      exclude: ["Fixtures"]),
    .testTarget(name: "ReviewTests", dependencies: ["TestSupport", "Review", "Raster", "Geometry", "Stage", "Scene", "PNG", "JSONText", "flipbook"], exclude: ["Fixtures"]),
    .testTarget(name: "TextTests", dependencies: ["TestSupport", "Text", "Geometry"], exclude: ["FontFacts"]),
    .testTarget(name: "MotionTests", dependencies: ["Motion", "Geometry"]),
    .testTarget(name: "ChartsTests", dependencies: ["Charts", "Motion", "Raster", "Geometry"]),
    .testTarget(name: "CurvesCLITests", dependencies: ["TestSupport", "flipbook"]),
    .testTarget(name: "BenchTests", dependencies: ["Bench", "Raster", "Geometry"]),
    .testTarget(name: "BenchCLITests", dependencies: ["TestSupport", "flipbook", "PNG", "Raster"]),
    .testTarget(name: "PNGTests", dependencies: ["TestSupport", "PNG", "Raster"], exclude: ["Fixtures"]),
    .testTarget(name: "RasterTests", dependencies: ["TestSupport", "Raster", "Geometry", "PNG", "Text"], exclude: ["__Goldens__"]),
    .testTarget(name: "SceneTests", dependencies: ["TestSupport", "Scene", "Geometry", "Motion", "Symbols"], exclude: ["Fixtures"]),
    .testTarget(
      name: "PreviewTests",
      dependencies: [
        "TestSupport", "Preview", "Review", "PNG", "Raster", "flipbook",
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]),
    .testTarget(name: "YUVTests", dependencies: ["TestSupport", "YUV", "Raster", "PNG"]),
    .testTarget(name: "SpecTests", dependencies: ["TestSupport", "Spec", "Motion", "Scene", "flipbook"]),
    .testTarget(name: "MatchTests", dependencies: ["TestSupport", "Match", "Motion", "Raster", "Scene", "Stage", "Geometry", "flipbook"]),
    .testTarget(name: "CatalogTests", dependencies: ["TestSupport", "Scene", "Stage", "Motion", "Raster", "Geometry"]),
  ]
)
