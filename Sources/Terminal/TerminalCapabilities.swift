import CTerminalShim
import TableKit

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
    /// `cup` is ANSI's (ECMA-48's) `ESC [ row ; col H`: the terminal takes the ANSI sequences
    /// written beside terminfo's (the mouse, focus and paste modes), as every terminal since the
    /// VT100 does. A VT52 (`ESC Y`) showed them as text.
    public var movesCursorAsANSI: Bool
    /// `smcup` and `rmcup`.
    public var hasAlternateScreen: Bool
    /// `colors#`, or 0.
    public var colors: Int
    /// The terminal takes ECMA-48 sequences as xterm does (`cup` is `ESC [ row ; col H`,
    /// `sgr0` holds `ESC [ m`, `setaf` and `setab` are `ESC [ 3N m` and `ESC [ 4N m`): frames
    /// are then written by ``FrameEncoder``, otherwise by ncurses from terminfo.
    public var takesECMA48: Bool
    /// SGR 22, 23, 24 and 27 turn single attributes off (`rmul` is `ESC [ 24 m`).
    public var turnsAttributesOffOneByOne: Bool
    /// `bce`: erasing fills with the current background colour.
    public var erasesInBackgroundColor: Bool
    /// `ech` is `ESC [ N X`.
    public var erasesCharacters: Bool
    /// `el` is `ESC [ K`.
    public var erasesLine: Bool
    /// `am` without `xenl`: writing the last column wraps at once.
    public var wrapsAtLastColumn: Bool
    /// The attributes the terminal has a sequence for (`bold`, `dim`, `sitm`, `smul`, `rev`).
    public var shownAttributes: CellAttributes

    public init(
        isKnown: Bool, movesCursor: Bool, movesCursorAsANSI: Bool = true, hasAlternateScreen: Bool, colors: Int,
        takesECMA48: Bool = false,
        turnsAttributesOffOneByOne: Bool = false, erasesInBackgroundColor: Bool = false,
        erasesCharacters: Bool = false, erasesLine: Bool = false, wrapsAtLastColumn: Bool = false,
        shownAttributes: CellAttributes = []
    ) {
        self.isKnown = isKnown
        self.movesCursor = movesCursor
        self.movesCursorAsANSI = movesCursorAsANSI
        self.hasAlternateScreen = hasAlternateScreen
        self.colors = colors
        self.takesECMA48 = takesECMA48
        self.turnsAttributesOffOneByOne = turnsAttributesOffOneByOne
        self.erasesInBackgroundColor = erasesInBackgroundColor
        self.erasesCharacters = erasesCharacters
        self.erasesLine = erasesLine
        self.wrapsAtLastColumn = wrapsAtLastColumn
        self.shownAttributes = shownAttributes
    }

    /// Why a table cannot be played on terminal type `name`, or nil when it can.
    public func problem(terminal name: String) -> String? {
        guard isKnown else { return "cannot use terminal type '\(name)' (is TERM set?)" }
        guard movesCursor else { return "terminal type '\(name)' cannot move the cursor (terminfo has no cup)" }
        guard movesCursorAsANSI else {
            // Its frames ncurses could write, but the mouse, focus and paste modes are ANSI
            // sequences, and a VT52 showed them as text among the cards.
            return "terminal type '\(name)' does not take ANSI (ECMA-48) sequences, "
                + "which the table is played with (set TERM to the terminal's own type)"
        }
        return nil
    }

    /// Reads the terminfo entry of the environment's `TERM`, writing nothing to the terminal.
    public static func read(outputDescriptor: Int32, environment: [String: String]) -> TerminalCapabilities {
        var facts = ct_terminal_facts()
        let found = environment["TERM"].map { ct_read_terminal_facts($0, outputDescriptor, &facts) }
        guard found == 0 else {
            return TerminalCapabilities(isKnown: false, movesCursor: false, hasAlternateScreen: false, colors: 0)
        }
        var shown: CellAttributes = []
        if facts.bold != 0 { shown.insert(.bold) }
        if facts.dim != 0 { shown.insert(.dim) }
        if facts.italic != 0 { shown.insert(.italic) }
        if facts.underline != 0 { shown.insert(.underline) }
        if facts.reverse != 0 { shown.insert(.reverse) }
        return TerminalCapabilities(
            isKnown: true, movesCursor: facts.cursor_addressing != 0, movesCursorAsANSI: facts.ansi_cursor != 0,
            hasAlternateScreen: facts.alternate_screen != 0,
            colors: Int(facts.colors), takesECMA48: facts.ecma48 != 0,
            turnsAttributesOffOneByOne: facts.attributes_off_one_by_one != 0,
            erasesInBackgroundColor: facts.background_color_erase != 0, erasesCharacters: facts.erase_characters != 0,
            erasesLine: facts.erase_line != 0, wrapsAtLastColumn: facts.wraps_at_last_column != 0,
            shownAttributes: shown)
    }
}
