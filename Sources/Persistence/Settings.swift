import Layouts
import Solitaire

/// The player's settings: how games play and how the table is drawn. Read from
/// `$XDG_CONFIG_HOME/cardtable/config.toml` (``SettingsFile``), overridden by command-line
/// options, changed in the game's settings screen and written back. A missing file, key or
/// bad value means the default.
///
/// ```toml
/// animation = "normal"   # off, fast, normal, slow
/// autoplay = "off"       # off, safe, all
/// mouse = "drag"         # drag, click
/// card-size = "auto"     # auto, or a size: 13x9, 11x9, 9x7, 7x5, 6x4, 5x4, 5x3, 4x3, 3x2
/// winnable = true        # the status line says whether the game can still be won
/// winnable-only = false  # new random deals only when the solver finds a win
///
/// [theme]
/// background = "felt"    # felt, terminal
/// four-colour = false
/// ascii = false
/// ```
public struct Settings: Hashable, Sendable {
    public var animation: AnimationSpeed = .normal
    public var autoplay: AutoplayMode = .off
    public var mouse: MouseMode = .drag
    public var cardSize: CardSizeChoice = .automatic
    /// The status line says whether the game can still be won (the solver works it out in
    /// the background after each move).
    public var winnable = true
    /// A new random deal is one the solver finds a win for: its number goes up from the one
    /// drawn to the first such deal.
    public var winnableOnly = false
    public var background: Background = .felt
    /// A four-colour deck: clubs green, diamonds blue.
    public var fourColour = false
    /// ASCII only: letters for suits, `+-|` for lines.
    public var ascii = false

    /// The defaults.
    public init() {}
}

/// How fast cards move.
public enum AnimationSpeed: String, CaseIterable, Sendable {
    /// Every move applies at once.
    case off
    case fast
    case normal
    case slow

    /// What every animation's duration is multiplied by; `nil` when there is no animation.
    public var timeScale: Double? {
        switch self {
        case .off: nil
        case .fast: 0.5
        case .normal: 1
        case .slow: 2
        }
    }
}

/// How the mouse moves cards. Both modes drag; they differ in what a click on a card does.
public enum MouseMode: String, CaseIterable, Sendable {
    /// Cards are dragged onto a pile; a click on a card does nothing (the stock's deals).
    case drag
    /// Click-to-move: a click on a card plays it where it obviously goes, or picks it up to
    /// be put down by a click on a pile.
    case click
}

/// What the table is drawn on.
public enum Background: String, CaseIterable, Sendable {
    /// Green felt.
    case felt
    /// The terminal's own background colour.
    case terminal
}

/// The size of the cards: the largest that fits the terminal, or a fixed one (which gives way
/// to the largest that fits when the terminal is too small for it).
public enum CardSizeChoice: Hashable, Sendable, CustomStringConvertible {
    case automatic
    case fixed(CardSize)

    /// Every choice: automatic, then the sizes a table can be drawn at, largest first.
    public static var allCases: [CardSizeChoice] { [.automatic] + Placement.cardSizes.map { .fixed($0) } }

    /// `auto`, or one of ``Placement/cardSizes`` written `WxH` (`9x7`; `9X7` too); `nil` for
    /// anything else.
    public init?(text: String) {
        if text == "auto" {
            self = .automatic
            return
        }
        guard let size = Placement.cardSizes.first(where: { $0.description == text.lowercased() }) else { return nil }
        self = .fixed(size)
    }

    /// `auto` or `9x7`, as the file and the option write it.
    public var description: String {
        switch self {
        case .automatic: "auto"
        case .fixed(let size): size.description
        }
    }

    /// The size asked for; `nil` for automatic.
    public var fixedSize: CardSize? {
        if case .fixed(let size) = self { return size }
        return nil
    }
}

/// One setting: its key in the file, the table it lives in, its values and its name on the
/// settings screen. The reader, the writer, the screen and the man page's test all go
/// through this list.
public enum Setting: String, CaseIterable, Sendable {
    case animation
    case autoplay
    case mouse
    case cardSize = "card-size"
    case background
    case fourColour = "four-colour"
    case ascii
    // Last on the settings screen, though at the top of the file.
    case winnable
    case winnableOnly = "winnable-only"

    /// The key in the file.
    public var key: String { rawValue }

    /// The table the key is in (`[theme]`), or `nil` at the top of the file.
    public var table: String? {
        switch self {
        case .background, .fourColour, .ascii: Setting.themeTable
        case .animation, .autoplay, .mouse, .cardSize, .winnable, .winnableOnly: nil
        }
    }

    /// The one table of the file.
    public static let themeTable = "theme"

    /// The key as written in messages: `animation`, `theme.ascii`.
    public var path: String { table.map { "\($0).\(key)" } ?? key }

    /// Whether the value is `true` or `false` (otherwise a string).
    public var isBoolean: Bool {
        switch self {
        case .fourColour, .ascii, .winnable, .winnableOnly: true
        case .animation, .autoplay, .mouse, .cardSize, .background: false
        }
    }

    /// Every value the setting takes, in the order the settings screen goes through them.
    public var choices: [String] {
        switch self {
        case .animation: AnimationSpeed.allCases.map(\.rawValue)
        case .autoplay: AutoplayMode.allCases.map(\.rawValue)
        case .mouse: MouseMode.allCases.map(\.rawValue)
        case .cardSize: CardSizeChoice.allCases.map(\.description)
        case .background: Background.allCases.map(\.rawValue)
        case .fourColour, .ascii, .winnable, .winnableOnly: ["false", "true"]
        }
    }

    /// The setting's name on the settings screen.
    public var title: String {
        switch self {
        case .animation: "Animation"
        case .autoplay: "Autoplay"
        case .mouse: "Mouse"
        case .cardSize: "Card size"
        case .winnable: "Still winnable"
        case .winnableOnly: "Winnable deals"
        case .background: "Background"
        case .fourColour: "Four-colour deck"
        case .ascii: "ASCII only"
        }
    }
}

extension Settings {
    /// A setting's value as the file writes it, unquoted: `normal`, `true`, `9x7`.
    public func value(of setting: Setting) -> String {
        switch setting {
        case .animation: animation.rawValue
        case .autoplay: autoplay.rawValue
        case .mouse: mouse.rawValue
        case .cardSize: cardSize.description
        case .winnable: String(winnable)
        case .winnableOnly: String(winnableOnly)
        case .background: background.rawValue
        case .fourColour: String(fourColour)
        case .ascii: String(ascii)
        }
    }

    /// Sets a setting from its written value (one of ``Setting/choices``); false, and nothing
    /// changes, for any other.
    @discardableResult
    public mutating func set(_ setting: Setting, to value: String) -> Bool {
        switch setting {
        case .animation:
            guard let speed = AnimationSpeed(rawValue: value) else { return false }
            animation = speed
        case .autoplay:
            guard let mode = AutoplayMode(rawValue: value) else { return false }
            autoplay = mode
        case .mouse:
            guard let mode = MouseMode(rawValue: value) else { return false }
            mouse = mode
        case .cardSize:
            guard let choice = CardSizeChoice(text: value) else { return false }
            cardSize = choice
        case .background:
            guard let background = Background(rawValue: value) else { return false }
            self.background = background
        case .fourColour, .ascii, .winnable, .winnableOnly:
            guard let flag = Bool(value) else { return false }
            switch setting {
            case .ascii: ascii = flag
            case .fourColour: fourColour = flag
            case .winnable: winnable = flag
            default: winnableOnly = flag
            }
        }
        return true
    }

    /// Moves a setting `steps` values on through its choices (back when negative), round.
    public mutating func cycle(_ setting: Setting, by steps: Int) {
        let choices = setting.choices
        let current = choices.firstIndex(of: value(of: setting)) ?? 0
        let next = ((current + steps) % choices.count + choices.count) % choices.count
        set(setting, to: choices[next])
    }

    /// A setting's value as a TOML literal: `"normal"`, `true`.
    public func literal(of setting: Setting) -> String {
        setting.isBoolean ? value(of: setting) : "\"\(value(of: setting))\""
    }
}
