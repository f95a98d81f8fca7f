// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Detent",
  products: [
    .library(name: "Detent", targets: ["Detent"]),
    .executable(name: "detent", targets: ["DetentApp"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .target(name: "Detent"),
    .systemLibrary(
      name: "CSDL2",
      pkgConfig: "sdl2",
      providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]
    ),
    .systemLibrary(
      name: "CWebP",
      pkgConfig: "libwebpmux",
      providers: [.apt(["libwebp-dev"])]
    ),
    .executableTarget(
      name: "DetentApp",
      dependencies: [
        "Detent", "CSDL2", "CWebP",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "DetentTests", dependencies: ["Detent"]),
    .testTarget(name: "DetentAppTests", dependencies: ["DetentApp", "Detent", "CWebP"]),
  ]
)
