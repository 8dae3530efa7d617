// swift-tools-version: 6.2
// AsyncNet's benchmarks against raw URLSession clients, each client in its own process. Run them with scripts/bench
// from the repository root. No dependencies other than AsyncNet by path.
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
