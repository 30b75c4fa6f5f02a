// swift-tools-version:6.0
//
// touchscroll — UIScrollView behaviour for Linux touchscreens.
//
// Layers, bottom up (imports only ever point downwards):
//   ScrollEngine                 pure: geometry, physics, recognizers, delivery, delegate events; no I/O, no clock
//   SystemInterface              the one system-call layer (SystemCalls, SystemCallFaults) and Errno
//   JSONDocument                 JSON text ↔ value: the one JSON parser and writer
//   Recordings, Configuration,   edges: readers of recorded sessions / touch scripts, YAML config,
//   StreamOutput, Renderer,      the JSON Lines encoder, the framebuffer renderer,
//   LiveInput                    libinput / libevdev backends
//   Daemon                       the live session (run and daemon): run loop, display, systemd, state, control
//   touchscroll                  the thin executable
//
// Each block below belongs to one part of the tree, so parallel work touches separate lines.
import PackageDescription

/// This manifest's directory (the link of the executable names a file in it).
let packageDirectory = String(#filePath.dropLast("/Package.swift".count))

// The modules on replay's per-input-line path (readers, engine, playback, JSON writer, the executable)
// are built without the runtime's dynamic exclusivity checks in release builds: they are
// single-threaded, the compile-time checks stay on, and debug builds (every test) keep the dynamic
// checks, so an overlapping access is still caught by `swift test`. The checks were ~12 % of a
// replay's instructions (swift_beginAccess, AccessSet::insert, swift_endAccess per property access).
let replayHotPath: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let engine: [Target] = [
    // Real recorded sessions through the engine (zooming, touch delivery); reads ../shared/recordings.
    .testTarget(
        name: "RecordedSessionTests",
        dependencies: ["ScrollEngine", "Recordings"],
        path: "Tests/RecordedSessionTests"
    ),
    .target(
        name: "ScrollEngine",
        dependencies: [.product(name: "RealModule", package: "swift-numerics")],
        path: "Sources/ScrollEngine",
        swiftSettings: replayHotPath
    ),
    // Random gesture sessions against the engine's invariants (PROPERTY_SESSIONS; `make soak` runs 100 000).
    .testTarget(name: "ScrollEnginePropertyTests", dependencies: ["ScrollEngine"], path: "Tests/ScrollEnginePropertyTests"),
    .testTarget(
        name: "ScrollEngineTests",
        dependencies: ["ScrollEngine", .product(name: "RealModule", package: "swift-numerics")],
        path: "Tests/ScrollEngineTests"
    ),
]

// Recordings: evemu / libinput-record / touch-script readers and the evdev decoder.
let recordings: [Target] = [
    .target(
        name: "Recordings",
        dependencies: ["ScrollEngine", "YAMLDocument", "JSONDocument"],
        path: "Sources/Recordings",
        swiftSettings: replayHotPath
    ),
    // YAML for a libinput-record header and a configuration (both Recordings and Configuration use it):
    // libyaml's events into a small node tree with marks, libyaml's emitter, and the byte-level check
    // that refuses anchors, aliases, tags, complex keys and deep nesting before anything is parsed.
    // libyaml is linked statically (libyaml.a), so a board needs no libyaml shared library.
    .systemLibrary(name: "CYAML", path: "Sources/CYAML", providers: [.apt(["libyaml-dev"])]),
    .target(name: "YAMLDocument", dependencies: ["CYAML"], path: "Sources/YAMLDocument",
            linkerSettings: [.linkedLibrary(":libyaml.a")]),
    .testTarget(name: "YAMLDocumentTests", dependencies: ["YAMLDocument"], path: "Tests/YAMLDocumentTests"),
    // JSON (RFC 8259) as a value: the one parser and writer of the tree, below the touch-script reader
    // (lines off the scanner's path) and the daemon (control requests, replies, the state file).
    .target(name: "JSONDocument", path: "Sources/JSONDocument"),
    .testTarget(name: "JSONDocumentTests", dependencies: ["JSONDocument"], path: "Tests/JSONDocumentTests"),
    .executableTarget(name: "generate-recordings", dependencies: ["Recordings", "StreamOutput", "SystemInterface"],
                      path: "Sources/generate-recordings"),
    .executableTarget(name: "recordings-bench", dependencies: ["Recordings", "ScrollEngine", "Configuration", "StreamOutput", "SystemInterface"],
                      path: "Sources/recordings-bench"),
    .testTarget(name: "RecordingsTests", dependencies: ["Recordings"], path: "Tests/RecordingsTests"),
]

// Configuration (YAML via YAMLDocument) and the JSON Lines stream encoder.
let configurationAndOutput: [Target] = [
    .target(
        name: "Configuration",
        dependencies: ["ScrollEngine", "YAMLDocument"],
        path: "Sources/Configuration"
    ),
    .target(name: "StreamOutput", dependencies: ["ScrollEngine", "SystemInterface"], path: "Sources/StreamOutput",
            swiftSettings: replayHotPath),
    .target(name: "Playback", dependencies: ["ScrollEngine"], path: "Sources/Playback", swiftSettings: replayHotPath),
    .target(name: "SessionPlot", dependencies: ["ScrollEngine"], path: "Sources/SessionPlot"),
    .testTarget(name: "ConfigurationTests", dependencies: ["Configuration"], path: "Tests/ConfigurationTests"),
    .testTarget(name: "StreamOutputTests", dependencies: ["StreamOutput"], path: "Tests/StreamOutputTests"),
    .testTarget(name: "PlaybackTests", dependencies: ["Playback"], path: "Tests/PlaybackTests"),
    .testTarget(name: "SessionPlotTests", dependencies: ["SessionPlot"], path: "Tests/SessionPlotTests"),
    // The vendored swift-argument-parser's own changes, tried on commands of the test's own.
    .testTarget(name: "ArgumentParserCopyUnitTests",
                dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
                path: "Tests/ArgumentParserCopyUnitTests"),
    // Runs the built `touchscroll` executable (config check, replay, plot) as a process and compares
    // golden transcripts; `swift build --build-tests` builds the executable beside the test bundle.
    .testTarget(name: "TouchscrollCLITests", dependencies: [], path: "Tests/TouchscrollCLITests",
                // Read from the source tree by path (GoldenTranscriptTests), not bundled.
                exclude: ["Golden"]),
]

// Live input: C system libraries (libinput, libevdev, libudev), backends, run loop.
let liveInput: [Target] = [
    // Headers only (libinput-dev, libevdev-dev, libudev-dev): the libraries are not linked but loaded
    // by the commands that read live input (CInputShim's input_libraries.c, LiveInput's InputLibraries).
    .systemLibrary(name: "CLibinput", path: "Sources/CLibinput"),
    .systemLibrary(name: "CLibevdev", path: "Sources/CLibevdev"),
    .systemLibrary(name: "CLibudev", path: "Sources/CLibudev"),
    .target(name: "CInputShim", dependencies: ["CLibinput"], path: "Sources/CInputShim"),
    .target(
        name: "LiveInput",
        dependencies: [
            "ScrollEngine", "Playback", "Recordings", "SystemInterface", "CLibinput", "CLibevdev", "CLibudev", "CInputShim",
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Sources/LiveInput"
    ),
    .testTarget(name: "LiveInputTests", dependencies: ["LiveInput", "Recordings", "Playback", "SystemInterface"], path: "Tests/LiveInputTests"),
    // The one system-call layer of the tree (with its errno type and fault injection), below live
    // input, the renderer, the daemon and the executable; its C shim exports epoll/timerfd/signalfd/
    // inotify and a non-variadic ioctl.
    .target(name: "CSystemCalls", path: "Sources/CSystemCalls"),
    .target(name: "SystemInterface", dependencies: ["CSystemCalls"], path: "Sources/SystemInterface"),
]

// Renderer: pixman, libpng, fbdev, DRM/KMS.
// pixman, libpng (with zlib), libjpeg and libdrm are linked statically, from their archives, as libyaml is:
// no command loads them at start (loading and relocating the five shared libraries was 0.5 ms of every
// start, `replay` included, which draws nothing), and a board needs none of them installed. Their headers
// are found through `drawingHeaders` (below), not pkg-config, whose `-l` flags would link the shared ones.
let renderer: [Target] = [
    .systemLibrary(name: "CPixman", path: "Sources/CPixman", providers: [.apt(["libpixman-1-dev"])]),
    .systemLibrary(name: "CPNG", path: "Sources/CPNG", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CDRM", path: "Sources/CDRM", providers: [.apt(["libdrm-dev"])]),
    .target(name: "CFramebuffer", path: "Sources/CFramebuffer"),
    .target(name: "CJPEGShim", path: "Sources/CJPEGShim", linkerSettings: [.linkedLibrary(":libjpeg.a")]),
    .target(name: "CPNGShim", path: "Sources/CPNGShim", linkerSettings: [.linkedLibrary(":libpng16.a"), .linkedLibrary(":libz.a")]),
    .target(
        name: "Renderer",
        dependencies: ["ScrollEngine", "SystemInterface", "CPixman", "CPNG", "CDRM", "CFramebuffer", "CJPEGShim", "CPNGShim", .product(name: "Logging", package: "swift-log")],
        path: "Sources/Renderer",
        linkerSettings: [.linkedLibrary(":libpixman-1.a"), .linkedLibrary(":libdrm.a")]
    ),
    .testTarget(name: "RendererTests", dependencies: ["Renderer", "ScrollEngine", "SystemInterface", "DisplayTestSupport"], path: "Tests/RendererTests", exclude: ["Fixtures"]),
    // A DRM card in memory behind DRMCalls, for the renderer's and the live session's tests.
    .target(name: "DisplayTestSupport", dependencies: ["Renderer", "SystemInterface", "CDRM"], path: "Tests/DisplayTestSupport"),
    .executableTarget(name: "RendererBench", dependencies: ["Renderer", "ScrollEngine"], path: "Sources/RendererBench"),
]

// The daemon: systemd notify, state preservation, control channel.
let daemon: [Target] = [
    .target(
        name: "Daemon",
        dependencies: [
            "ScrollEngine", "Configuration", "StreamOutput", "LiveInput", "Renderer", "SystemInterface", "CSystemCalls", "CInputShim",
            "JSONDocument", .product(name: "Logging", package: "swift-log"),
        ],
        path: "Sources/Daemon"
    ),
    // A helper process for the crash-safety test: writes state files in a loop until it is SIGKILLed.
    .executableTarget(name: "daemon-state-writer", dependencies: ["Daemon"], path: "Tests/DaemonStateWriter"),
    .testTarget(
        name: "DaemonTests",
        dependencies: ["Daemon", "daemon-state-writer", "LiveInput", "Renderer", "Configuration", "StreamOutput", "SystemInterface",
                       "DisplayTestSupport", "JSONDocument",
                       .product(name: "Logging", package: "swift-log")],
        path: "Tests/DaemonTests"
    ),
]

let executable: [Target] = [
    // The command line for Swift's `CommandLine`, as glibc hands it to the program's initialisers: the
    // Swift runtime's own way reads /proc/self/maps at every start (process_arguments.c says more).
    .target(name: "CProcessArguments", path: "Sources/CProcessArguments"),
    .testTarget(name: "ProcessArgumentsTests", dependencies: ["CProcessArguments"], path: "Tests/ProcessArgumentsTests"),
    .executableTarget(
        name: "touchscroll",
        dependencies: [
            "CProcessArguments",
            "ScrollEngine",
            "Configuration", "StreamOutput", "Playback", "SessionPlot", "Recordings",
            "LiveInput",
            "Renderer",
            "Daemon",
            "SystemInterface", "JSONDocument",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Sources/touchscroll",
        exclude: ["hot-symbols.order", "static-libraries"],
        swiftSettings: replayHotPath,
        // Release: linked by lld
        // - with packed relative relocations (DT_RELR, glibc ≥ 2.36): the position-independent binary's
        //   ~44 000 relative relocations take a few KiB instead of a 1 MiB table that the dynamic loader
        //   reads at every start (-0.9 MiB peak RSS of a replay);
        // - with the functions a replay runs placed together first in their text sections, and the data it
        //   reads first in their sections (hot-symbols.order, written by bench/symbol_order.py): the kernel maps 64 KiB
        //   around each page fault of a file, so code scattered over 11 MiB of .text made most of it
        //   resident, and metadata spread over 2 MiB of .rodata and .data.rel.ro did the same;
        // - with the blocks the training run never reached split out of each profiled function (LLVM's
        //   machine function splitting, run by the link-time code generator with the profile's counts):
        //   error paths, traps and rare branches go to a `.cold` part of their own, in `.text.split`,
        //   so a function's hot path is dense and the hot code a replay runs fits in fewer cache lines
        //   and pages;
        // - with the output sections kept apart by the compiler's prefixes (`.text.hot`,
        //   `.text.unlikely`, `.text.split`, `.text.startup`), so the split-off parts and the functions
        //   the profile calls cold do not sit between the hot ones.
        //   Together, measured against the same build without them: 1.4 % less CPU for the touch-script
        //   replay, 1.5 % for the evemu one, the same size, 13 fewer page faults at start. (Each alone: the
        //   splitting 1.000, the prefixes 1.012. Measured over six fresh copies of each binary, run in
        //   random order: the same bytes in two files timed up to 3 % apart here, as the kernel placed
        //   their page-cache pages, so one file of each compares placements as much as code.)
        linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                                       "-Xlinker", "-mllvm", "-Xlinker", "-enable-split-machine-functions",
                                       "-Xlinker", "-z", "-Xlinker", "keep-text-section-prefix",
                                       "-Xlinker", "--symbol-ordering-file=\(packageDirectory)/Sources/touchscroll/hot-symbols.order",
                                       "-Xlinker", "--no-warn-symbol-ordering",
                                       // No dynamic symbol table of the executable's own ~8 600 functions (the
                                       // driver exports them): nothing loads symbols from the executable, and
                                       // the loader no longer reads 700 KiB of tables at start.
                                       "-Xlinker", "--no-export-dynamic",
                                       // The C++ standard library and the unwinder that the Swift runtime uses,
                                       // linked statically (as a fully static Swift executable links them): the
                                       // linker scripts in static-libraries/ stand where `-lstdc++` and `-lgcc_s`
                                       // look first and name the archives. Loading libstdc++.so and relocating its
                                       // symbols was 0.7 ms of every start, and its pages 0.9 MiB of a replay.
                                       "-L", "\(packageDirectory)/Sources/touchscroll/static-libraries"],
                                      .when(configuration: .release))]
    ),
]

let package = Package(
    name: "touchscroll",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "touchscroll", targets: ["touchscroll"]),
        .library(name: "ScrollEngine", targets: ["ScrollEngine"]),
        // The parsers, for the libFuzzer harnesses in fuzz/ (a package of their own: see mk/fuzz.mk).
        .library(name: "TouchscrollParsers", targets: ["Recordings", "Configuration", "Daemon", "JSONDocument"]),
    ],
    dependencies: [
        // swift-argument-parser 1.8.2 without FoundationEssentials (Vendor/swift-argument-parser/README.md).
        .package(path: "Vendor/swift-argument-parser"),
        // swift-log 1.16.2 without its task-local logger, which links Swift concurrency (Vendor/swift-log/README.md).
        .package(path: "Vendor/swift-log"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
    ],
    targets: engine + recordings + configurationAndOutput + liveInput + renderer + daemon + executable
)

// The directories of pixman's and libdrm's headers (pixman.h includes <pixman-version.h>, xf86drm.h
// <drm.h>), where their packages install them; png.h, jpeglib.h and libyaml's are in /usr/include. Every
// Swift module that imports the Renderer loads CPixman and CDRM, so every target gets them.
let drawingHeaders: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/pixman-1", "-Xcc", "-I/usr/include/libdrm"])]
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + drawingHeaders
}

// Release builds emit each Swift function into a section of its own, so that the link can place the
// functions a replay runs side by side (the executable's hot-symbols.order) instead of whole files.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) +
        [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]
}
