// swift-tools-version:6.0
//
// swift-log 1.16.2 (commit c2cb5297956b2a95420f70d1f51e8dc4b4f94708), carried in the tree with its
// task-local logger left out: see README.md beside this file. Only its `Logging` library is here.
import PackageDescription

let package = Package(
    name: "swift-log",
    products: [
        .library(name: "Logging", targets: ["Logging"]),
    ],
    targets: [
        // Upstream's language settings for its sources, as its own Package.swift sets them.
        .target(name: "Logging", swiftSettings: [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .unsafeFlags(["-Xfrontend", "-require-explicit-sendable"]),
        ]),
    ]
)
