// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "MyProgram",
  dependencies: [
    // TextEffects, in a folder beside this package's.
    .package(path: "../TextEffects")
  ],
  targets: [
    .executableTarget(
      name: "typewriter-loop",
      dependencies: [
        .product(name: "TextEffects", package: "TextEffects"),
        .product(name: "TextEffectsSDL", package: "TextEffects"),
      ])
  ]
)
