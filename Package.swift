// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CardTable",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cardtable", targets: ["cardtable"]),
        .library(name: "TableKit", targets: ["TableKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // System libraries, through pkg-config.
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        // C helpers that Swift cannot express: mouse-mask constants, a byte-counting
        // output stream for ncurses, and async-signal-safe terminal restoration.
        .target(name: "CTerminalShim", dependencies: ["CNcursesw"]),

        // Engine: geometry, views, hit testing, gestures, animation, canvas, run loop.
        // Release builds skip dynamic exclusivity checks in the engine: they cost 80% of a hit
        // test (docs/PERFORMANCE.md). Debug builds, which run the tests, keep them.
        .target(
            name: "TableKit",
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        // Layout files -> table descriptions (no UI).
        .target(name: "Layouts", dependencies: [.product(name: "TOMLKit", package: "TOMLKit")]),
        // Cards, decks and table rules (no UI).
        .target(name: "Solitaire", dependencies: ["Layouts"]),
        // Terminal bytes -> key and mouse events (pure, no curses).
        .target(name: "TerminalInput"),
        // ncursesw screen, colours, signals, terminal life.
        .target(name: "Terminal", dependencies: ["TableKit", "TerminalInput", "CNcursesw", "CTerminalShim"]),
        // Views and controllers for a table; headless.
        .target(name: "App", dependencies: ["TableKit", "Layouts", "Solitaire", "TerminalInput"]),

        .executableTarget(
            name: "cardtable",
            dependencies: [
                "App", "Terminal", "Layouts", "TableKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "cardtable-bench", dependencies: ["TableKit", "Solitaire"]),

        .testTarget(name: "TableKitTests", dependencies: ["TableKit"]),
        .testTarget(name: "TerminalInputTests", dependencies: ["TerminalInput"]),
        .testTarget(name: "LayoutsTests", dependencies: ["Layouts"]),
        .testTarget(name: "SolitaireTests", dependencies: ["Solitaire"]),
        .testTarget(name: "RulesTests", dependencies: ["Solitaire", "Layouts"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TableKit"]),
        .testTarget(name: "AppTests", dependencies: ["App", "TableKit", "Layouts", "TerminalInput"]),
    ]
)
