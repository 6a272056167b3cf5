import ArgumentParser
import Persistence
import Solitaire

/// Reads a command line that plays a game (`cardtable klondike --deal 7`, `cardtable play
/// freecell --no-winnable`) without building the argument parser's command tree: that tree (every
/// command's options found by reflection, every option's type made at run time) costs more than
/// the rest of the start to the first frame together (docs/PERFORMANCE.md).
///
/// It answers only lines it reads exactly as ``PlayCommand`` would, and nil for any other:
/// another command, help or version, an option it does not know, an option given twice, a value
/// the parser might take differently or would refuse. Those lines go to the parser, whose
/// messages and help stay the only ones. `QuickPlayLineTests` holds the two to the same answers
/// over thousands of generated lines.
///
/// ```
/// QuickPlayLine.request(["klondike", "--deal", "7"])   // PlayRequest(layout: "klondike", deal: 7)
/// QuickPlayLine.request(["list"])                      // nil: the parser runs `list`
/// ```
enum QuickPlayLine {
    /// The request a line plays, or nil when the parser must read it. `arguments` leave out the
    /// program's name.
    static func request(_ arguments: [String]) -> PlayRequest? {
        var rest = arguments[...]
        if let first = rest.first {
            if first == playCommandName {
                rest = rest.dropFirst()
            } else if commandNames.contains(first) {
                return nil
            }
        }
        var request = PlayRequest()
        var seen: [String] = []  // a few options: an array is enough
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                guard request.layout == nil else { return nil }
                request.layout = argument
                continue
            }
            let (name, attached) = split(argument)
            guard let option = option(named: name), !seen.contains(option.key) || option.repeats else {
                return nil
            }
            seen.append(option.key)
            switch option.kind {
            case .flag(let value):
                guard attached == nil else { return nil }
                set(option.key, flag: value, in: &request)
            case .value(let anyText):
                let value: String
                if let attached {
                    // `--name=` with nothing after it: the parser may take the next argument.
                    guard !attached.isEmpty else { return nil }
                    value = attached
                } else {
                    guard let next = rest.popFirst() else { return nil }
                    // The parser takes a value beginning with '-' only for options that say so.
                    guard anyText || !next.hasPrefix("-") else { return nil }
                    value = next
                }
                guard set(option.key, value: value, in: &request) else { return nil }
            }
        }
        do {
            try request.validate()
        } catch {
            return nil
        }
        return request
    }

    /// `--name=value` as its name and value; any other argument as itself and nil.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private enum Kind {
        /// A flag, and the value it sets.
        case flag(Bool)
        /// An option with a value; true when the value may begin with '-' (`parsing: .unconditional`).
        case value(anyText: Bool)
    }

    private struct Option {
        /// The request field it sets (a flag and its `--no-` form share one).
        var key: String
        var kind: Kind
        var repeats = false
    }

    /// The option a name stands for: every name ``PlayCommand`` takes, with ``DisplayOptions`` and
    /// ``GamepadOptions``. (A switch, not a dictionary: a table made at start-up would cost more
    /// than the lines it reads.)
    private static func option(named name: String) -> Option? {
        switch name {
        case "--deal", "--seed": Option(key: "deal", kind: .value(anyText: true))
        case "--position": Option(key: "position", kind: .value(anyText: false))
        case "--autoplay": Option(key: "autoplay", kind: .value(anyText: false))
        case "--mouse": Option(key: "mouse", kind: .value(anyText: false))
        case "--animation": Option(key: "animation", kind: .value(anyText: false))
        case "--no-animation": Option(key: "no-animation", kind: .flag(true))
        case "--card-size": Option(key: "card-size", kind: .value(anyText: true))
        case "--stats": Option(key: "stats", kind: .value(anyText: false))
        case "--gamepads": Option(key: "gamepads", kind: .value(anyText: false))
        case "--option": Option(key: "option", kind: .value(anyText: true), repeats: true)
        case "--ascii", "--four-colour", "--four-color", "--terminal-background", "--winnable", "--winnable-only":
            Option(key: flagKey(name.dropFirst(2)), kind: .flag(true))
        case "--no-ascii", "--no-four-colour", "--no-four-color", "--no-terminal-background", "--no-winnable",
            "--no-winnable-only":
            Option(key: flagKey(name.dropFirst(5)), kind: .flag(false))
        default: nil
        }
    }

    /// A flag's field: `four-color` is `four-colour`'s.
    private static func flagKey(_ name: Substring) -> String { name == "four-color" ? "four-colour" : String(name) }

    /// The play command's name. Written out here, as ``commandNames`` are, rather than read from
    /// the parser's configurations, which are made for every command when read (0.13 ms at each
    /// start); `QuickPlayLineTests` holds both to the parser's.
    static let playCommandName = "play"

    /// The commands' names, and `help`: a line starting with one (but `play`) is theirs.
    /// (An array: 13 names are looked through as fast as hashed.)
    static let commandNames: [String] = [
        "play", "list", "stats", "export", "check", "preview", "render", "copy", "design", "solve", "balls", "screen",
        "help",
    ]

    private static func set(_ key: String, flag: Bool, in request: inout PlayRequest) {
        switch key {
        case "no-animation": request.noAnimation = true
        case "ascii": request.ascii = flag
        case "four-colour": request.fourColour = flag
        case "terminal-background": request.terminalBackground = flag
        case "winnable": request.winnable = flag
        default: request.winnableOnly = flag
        }
    }

    /// Sets an option's value; false when the parser would refuse it.
    private static func set(_ key: String, value: String, in request: inout PlayRequest) -> Bool {
        switch key {
        case "deal":
            guard let deal = try? NumberOptions.deal(value) else { return false }
            request.deal = deal
        case "position": request.position = value
        case "autoplay":
            guard let mode = AutoplayMode(rawValue: value) else { return false }
            request.autoplay = mode
        case "mouse":
            guard let mode = MouseMode(rawValue: value) else { return false }
            request.mouse = mode
        case "animation":
            guard let speed = AnimationSpeed(rawValue: value) else { return false }
            request.animation = speed
        case "card-size":
            guard let size = CardSizeChoice(text: value) else { return false }
            request.cardSize = size
        case "stats": request.stats = value
        case "gamepads": request.gamepadFolder = value
        default: request.scriptOptions.append(value)
        }
        return true
    }
}
