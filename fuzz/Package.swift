// swift-tools-version:6.0
//
// libFuzzer harnesses for touchscroll's parsers, a package of its own so that `swift build` of the
// main package never builds them (each harness gets its `main` from libFuzzer, which exists only
// with `--sanitize=fuzzer`). Built and run by mk/fuzz.mk (`make fuzz`, `make fuzz-smoke`) into the
// scratch path .build-fuzz; the checked-in seeds are in corpus/<harness>/.
import PackageDescription

let harnesses = [
    "FuzzEvemu", "FuzzEvemuSplit", "FuzzLibinputRecord", "FuzzTouchScript", "FuzzConfiguration", "FuzzControl", "FuzzStateFile",
]

let parsers: [Target.Dependency] = [
    .product(name: "TouchscrollParsers", package: "touchscroll"), .product(name: "ScrollEngine", package: "touchscroll"),
]

// Where pixman's and libdrm's headers are (the main package's manifest says why): the parsers' modules
// import the Renderer, so every module here loads CPixman and CDRM.
let drawingHeaders = ["-Xcc", "-I/usr/include/pixman-1", "-Xcc", "-I/usr/include/libdrm"]

let package = Package(
    name: "touchscroll-fuzz",
    dependencies: [.package(name: "touchscroll", path: "..")],
    targets: [
        // What every harness shares: the input as bytes, and a check that stops the fuzzer with a
        // message (a failed round trip is a finding like a crash).
        .target(name: "FuzzSupport", dependencies: parsers, path: "Sources/FuzzSupport",
                swiftSettings: [.unsafeFlags(drawingHeaders)]),
    ] + harnesses.map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzSupport"] + parsers,
            path: "Sources/\(name)",
            // No top-level code: libFuzzer's main calls LLVMFuzzerTestOneInput.
            swiftSettings: [.unsafeFlags(["-parse-as-library"] + drawingHeaders)]
        )
    }
)
