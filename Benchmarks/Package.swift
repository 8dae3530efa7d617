// swift-tools-version: 6.2
// AsyncNet's benchmarks, side by side with raw URLSession. Run them with scripts/bench from the repository root.
import PackageDescription

let package = Package(
    name: "AsyncNetBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "AsyncNet", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "AsyncNetBench",
            dependencies: [.product(name: "AsyncNet", package: "AsyncNet")]),
    ],
    swiftLanguageModes: [.v6]
)
