// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "AsyncNet",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "AsyncNet", targets: ["AsyncNet"]),
    ],
    targets: [
        .target(name: "AsyncNet"),
        .executableTarget(name: "Fetch", dependencies: ["AsyncNet"], path: "Examples/Fetch"),
        .executableTarget(name: "StubbedClient", dependencies: ["AsyncNet"], path: "Examples/StubbedClient"),
        .testTarget(name: "AsyncNetTests", dependencies: ["AsyncNet"]),
    ],
    swiftLanguageModes: [.v6]
)
