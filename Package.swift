// swift-tools-version:6.0
import PackageDescription

#if os(Linux)
    /// Release builds of the program (what `scripts/play` runs) are linked into one static
    /// executable by lld, with the functions a launch runs put together at the start of the code
    /// (docs/PERFORMANCE.md, docs/ARCHITECTURE.md "Decisions"):
    /// - no dynamic loader, no shared libraries to map and relocate: a Swift hello world starts
    ///   in 0.55 ms instead of 1.3 ms, and the program takes 4 MiB less memory;
    /// - `linker/launch-order.txt` (written by `scripts/make-launch-order`) lists the functions;
    ///   each Swift function has a section of its own (`-function-sections`) so that it can move.
    ///   Names no longer in the program are passed over.
    /// - a generic type such as `[String: Int]` is made by calling its metadata function with the
    ///   types and conformances the compiler already knows
    ///   (`-disable-concrete-type-metadata-mangled-name-accessors`), not by the runtime decoding
    ///   its mangled name and searching every conformance in the program for its requirements:
    ///   the first frame 10% sooner.
    let releaseSwiftFlags = [
        "-Xfrontend", "-function-sections",
        "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
    ]
    let releaseLinkerFlags = [
        "-static-executable", "-use-ld=lld",
        // What swift-argument-parser's FoundationEssentials needs, which only a build with
        // `--static-swift-stdlib` names by itself: a plain `swift build -c release` links too.
        "-l_FoundationCollections", "-l_FoundationCShims",
        "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/linker/launch-order.txt",
        "-Xlinker", "--no-warn-symbol-ordering",
    ]
#else
    let releaseSwiftFlags: [String] = []
    let releaseLinkerFlags: [String] = []
#endif

/// The release flags of every module of the program.
let releaseSettings: [SwiftSetting] = [
    .unsafeFlags(releaseSwiftFlags, .when(platforms: [.linux], configuration: .release))
]

let package = Package(
    name: "CardTable",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cardtable", targets: ["cardtable"]),
        .library(name: "TableKit", targets: ["TableKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // System libraries, through pkg-config.
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // The Lua sandbox of a variant's script: libraries, budgets, the game API. In C, because Lua's
        // errors are longjmps that must not cross Swift frames.
        .target(name: "CScriptSandbox", dependencies: ["CLua"]),
        // C helpers that Swift cannot express: ncurses attribute constants, modes and drawing,
        // and async-signal-safe terminal restoration.
        .target(name: "CTerminalShim", dependencies: ["CNcursesw"]),

        // Engine: geometry, views, hit testing, gestures, animation, canvas, run loop.
        // Release builds skip dynamic exclusivity checks in the engine: they cost 80% of a hit
        // test (docs/PERFORMANCE.md). Debug builds, which run the tests, keep them.
        .target(
            name: "TableKit",
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        // Layout files -> table descriptions (no UI); its own TOML parser.
        .target(name: "Layouts"),
        // Cards, decks and table rules (no UI).
        .target(name: "Solitaire", dependencies: ["Layouts"]),
        // The solver: a search from a position to a win under any variant's rules (no UI).
        .target(name: "Solver", dependencies: ["Layouts", "Solitaire"]),
        // Variants scripted in Lua: a layout's script over its declarative rules (no UI).
        .target(name: "Scripting", dependencies: ["Layouts", "Solitaire", "CScriptSandbox"]),
        // Saved games, statistics, settings and positions as text, in the XDG folders (no UI).
        .target(
            name: "Persistence",
            dependencies: ["Layouts", "Solitaire", "Scripting"]),
        // The balls game's model: balls, explosions, levels, a fixed-rate clock (no UI).
        .target(name: "Balls"),
        // What Swift cannot call itself (variadic ioctls, function-like macros): the evdev
        // questions and passing a descriptor over a Unix socket.
        .target(name: "CDeviceShim"),
        // Gamepads in a device folder (evdev, inotify) -> connect, disconnect and button presses.
        .target(name: "Gamepads", dependencies: ["CDeviceShim"]),
        // A second terminal joining a running game: the socket, the descriptor passed over it.
        .target(name: "SecondScreen", dependencies: ["CDeviceShim"]),
        // Terminal bytes -> key and mouse events (pure, no curses).
        .target(name: "TerminalInput", dependencies: ["TableKit"]),
        // ncursesw screen, colours, signals, terminal life, and the session's loop (input,
        // escape timer, resize, suspend, signals) that tests drive with a fake poller.
        .target(name: "Terminal", dependencies: ["TableKit", "TerminalInput", "CNcursesw", "CTerminalShim"]),
        // Views and controllers for a table; headless.
        .target(
            name: "App",
            dependencies: [
                "TableKit", "Layouts", "Solitaire", "Solver", "Scripting", "Persistence", "TerminalInput", "Balls",
                "Gamepads",
            ]),

        .executableTarget(
            name: "cardtable",
            dependencies: [
                "App", "Terminal", "Layouts", "Persistence", "Scripting", "Solitaire", "Solver", "TableKit",
                "TerminalInput", "Gamepads", "SecondScreen",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [.unsafeFlags(releaseLinkerFlags, .when(platforms: [.linux], configuration: .release))]
        ),
        .executableTarget(
            name: "cardtable-bench",
            dependencies: [
                "TableKit", "Layouts", "Solitaire", "Solver", "Scripting", "Persistence", "App", "TerminalInput",
            ]),

        // Shared by the tests: the tests' random numbers, a headless pilot that clicks, drags
        // and types, a recording screen that keeps colours, snapshot comparison.
        .target(
            name: "TestSupport", dependencies: ["TableKit", "TerminalInput", "Layouts", "Solitaire", "CTerminalShim"],
            path: "Tests/TestSupport"),
        .testTarget(name: "TableKitTests", dependencies: ["TableKit", "TerminalInput", "TestSupport"]),
        .testTarget(name: "TerminalInputTests", dependencies: ["TerminalInput", "TableKit", "TestSupport"]),
        .testTarget(name: "BallsTests", dependencies: ["Balls"]),
        // toml-test/ holds TOML's official test suite, read from the folder (not resources).
        .testTarget(name: "LayoutsTests", dependencies: ["Layouts", "TestSupport"], exclude: ["toml-test"]),
        .testTarget(name: "SolitaireTests", dependencies: ["Solitaire", "Layouts"]),
        .testTarget(name: "RulesTests", dependencies: ["Solitaire", "Layouts", "TestSupport"]),
        .testTarget(name: "SolverTests", dependencies: ["Solver", "Solitaire", "Layouts", "Scripting", "TestSupport"]),
        // Hostile/ holds the hostile scripts the tests read from their folder (not resources).
        .testTarget(
            name: "ScriptingTests", dependencies: ["Scripting", "Solitaire", "Layouts", "Persistence", "TestSupport"],
            exclude: ["Hostile"]),
        .testTarget(
            name: "PersistenceTests",
            dependencies: ["Persistence", "Scripting", "Solitaire", "Layouts", "TableKit", "TestSupport"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TableKit", "TerminalInput", "TestSupport"]),
        .testTarget(name: "GamepadsTests", dependencies: ["Gamepads", "TestSupport"]),
        .testTarget(name: "SecondScreenTests", dependencies: ["SecondScreen", "CDeviceShim", "TestSupport"]),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App", "TableKit", "Layouts", "Persistence", "Scripting", "Solitaire", "Solver", "TerminalInput",
                "TestSupport", "Balls", "Gamepads",
            ]),
        // The command line itself (the executable's module): options and their ranges, what
        // `preview --watch` follows, where `--stats` may write.
        .testTarget(
            name: "CommandLineTests",
            dependencies: [
                "cardtable", "Layouts", "Persistence", "Scripting", "Solitaire", "Solver", "TestSupport", "App",
                "Terminal", "SecondScreen", "TableKit", "CTerminalShim",
            ]),
    ]
)

// Every module of ours is built with the release flags above.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + releaseSettings
}
