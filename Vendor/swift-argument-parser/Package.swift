// swift-tools-version:6.0
//
// swift-argument-parser 1.8.2 (commit 436bde4bb9489201ca6662f5cf94ec45fa8e244e), carried in the tree
// with a few files changed and its asynchronous commands left out: see README.md beside this file.
// Only its two library targets are here.
import PackageDescription

let package = Package(
    name: "swift-argument-parser",
    products: [
        .library(name: "ArgumentParser", targets: ["ArgumentParser"]),
    ],
    targets: [
        // Upstream's own deprecation warnings, which SwiftPM shows for a package in the tree (and hides
        // for a fetched one), are not ours to act on.
        .target(name: "ArgumentParser", dependencies: ["ArgumentParserToolInfo"],
                swiftSettings: [.unsafeFlags(["-suppress-warnings"])]),
        .target(name: "ArgumentParserToolInfo", swiftSettings: [.unsafeFlags(["-suppress-warnings"])]),
    ]
)
