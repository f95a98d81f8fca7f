// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Detent",
  products: [
    .library(name: "Detent", targets: ["Detent"]),
    .library(name: "DetentJSON", targets: ["DetentJSON"]),
    .executable(name: "detent", targets: ["DetentApp"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    // The engine: no parsing, no I/O, no clock. Tunings are values built in code.
    .target(name: "Detent"),
    // Tuning files: JSON reading and writing, the key schema and the tuning codec, over the engine.
    .target(name: "DetentJSON", dependencies: ["Detent"]),
    // No pkgConfig: sdl2.pc adds -D_REENTRANT, which SwiftPM refuses with a warning on every
    // build. The shim includes <SDL2/...> from the default include path and the modulemap links
    // the libraries, which is all Debian's libsdl2-dev needs.
    .systemLibrary(
      name: "CSDL2",
      providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]
    ),
    .systemLibrary(
      name: "CWebP",
      pkgConfig: "libwebpmux",
      providers: [.apt(["libwebp-dev"])]
    ),
    // Pixel loops the Swift compiler cannot vectorise for the CPU at hand (AVX2 chosen at run
    // time): the map's dimming and its view composed from tiles.
    .target(name: "CPixels"),
    .executableTarget(
      name: "DetentApp",
      dependencies: [
        "Detent", "DetentJSON", "CSDL2", "CWebP", "CPixels",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // A second host: the engine driven from a CSV of pointer samples, no SDL (Examples/).
    .executableTarget(
      name: "PointerCSV", dependencies: ["Detent", "DetentJSON"], path: "Examples/PointerCSV",
      exclude: ["two-gestures.csv", "two-gestures.expected"]
    ),
    .testTarget(name: "DetentTests", dependencies: ["Detent"]),
    .testTarget(name: "DetentJSONTests", dependencies: ["DetentJSON", "Detent"]),
    .testTarget(
      name: "DetentAppTests", dependencies: ["DetentApp", "Detent", "DetentJSON", "CWebP", "CPixels"]),
  ]
)
