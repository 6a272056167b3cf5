import CTerminalShim

/// What a terminal type can do, from its terminfo entry, and whether a table can be played on
/// it: the table is drawn by moving the cursor anywhere (`cup`). A terminal whose size is not
/// known is taken to be as ncurses takes it (`LINES` and `COLUMNS`, terminfo's `lines#` and
/// `cols#`, else 80×24). A terminal without an alternate screen (`smcup`, `rmcup`, as on a
/// VT100) plays; its screen is cleared when the game ends instead.
public struct TerminalCapabilities: Equatable, Sendable {
    /// terminfo knows the type, and it is neither hardcopy (`hc`) nor generic (`gn`).
    public var isKnown: Bool
    /// Cursor addressing: `cup`.
    public var movesCursor: Bool
    /// `smcup` and `rmcup`.
    public var hasAlternateScreen: Bool
    /// `colors#`, or 0.
    public var colors: Int

    public init(isKnown: Bool, movesCursor: Bool, hasAlternateScreen: Bool, colors: Int) {
        self.isKnown = isKnown
        self.movesCursor = movesCursor
        self.hasAlternateScreen = hasAlternateScreen
        self.colors = colors
    }

    /// Why a table cannot be played on terminal type `name`, or nil when it can.
    public func problem(terminal name: String) -> String? {
        guard isKnown else { return "cannot use terminal type '\(name)' (is TERM set?)" }
        guard movesCursor else { return "terminal type '\(name)' cannot move the cursor (terminfo has no cup)" }
        return nil
    }

    /// Reads the terminfo entry of the environment's `TERM`, writing nothing to the terminal.
    public static func read(outputDescriptor: Int32, environment: [String: String]) -> TerminalCapabilities {
        var facts = ct_terminal_facts()
        let found = environment["TERM"].map { ct_read_terminal_facts($0, outputDescriptor, &facts) }
        guard found == 0 else {
            return TerminalCapabilities(isKnown: false, movesCursor: false, hasAlternateScreen: false, colors: 0)
        }
        return TerminalCapabilities(
            isKnown: true, movesCursor: facts.cursor_addressing != 0, hasAlternateScreen: facts.alternate_screen != 0,
            colors: Int(facts.colors))
    }
}
