import TableKit

/// What ``FrameEncoder`` may send to a terminal that takes ECMA-48 sequences as xterm does:
/// the colours it shows, the attributes it has, and which erasing and attribute-off
/// sequences it understands.
public struct TerminalDialect: Equatable, Sendable {
    public var colorMode: ColorMode
    /// The attributes the terminal has a sequence for; others are not sent (as ncurses does not).
    public var shownAttributes: CellAttributes
    /// SGR 22 (bold and dim off), 23, 24 and 27 turn single attributes off; otherwise a full
    /// reset (SGR 0) turns any off, and what stays on is set again.
    public var turnsAttributesOffOneByOne: Bool
    /// Erasing fills cells with the current background (`bce`); otherwise only cells of the
    /// terminal's own background are ever erased rather than written.
    public var erasesInBackgroundColor: Bool
    /// ECH, `ESC [ N X`.
    public var erasesCharacters: Bool
    /// EL, `ESC [ K`.
    public var erasesLine: Bool
    /// Writing the last column wraps at once (`am` without `xenl`): the bottom-right cell is
    /// never written, since writing it would scroll the screen.
    public var wrapsAtLastColumn: Bool
    /// Text goes out as UTF-8; otherwise in the locale's multibyte encoding.
    public var isUTF8: Bool

    public init(
        colorMode: ColorMode, shownAttributes: CellAttributes = [.bold, .dim, .italic, .underline, .reverse],
        turnsAttributesOffOneByOne: Bool = true, erasesInBackgroundColor: Bool = true, erasesCharacters: Bool = true,
        erasesLine: Bool = true, wrapsAtLastColumn: Bool = false, isUTF8: Bool = true
    ) {
        self.colorMode = colorMode
        self.shownAttributes = shownAttributes
        self.turnsAttributesOffOneByOne = turnsAttributesOffOneByOne
        self.erasesInBackgroundColor = erasesInBackgroundColor
        self.erasesCharacters = erasesCharacters
        self.erasesLine = erasesLine
        self.wrapsAtLastColumn = wrapsAtLastColumn
        self.isUTF8 = isUTF8
    }

    /// The dialect of a terminal, or nil when it does not take ECMA-48 sequences (ncurses then
    /// writes frames from its terminfo entry).
    public init?(capabilities: TerminalCapabilities, colorMode: ColorMode, isUTF8: Bool) {
        guard capabilities.takesECMA48 else { return nil }
        self.init(
            colorMode: colorMode, shownAttributes: capabilities.shownAttributes,
            turnsAttributesOffOneByOne: capabilities.turnsAttributesOffOneByOne,
            erasesInBackgroundColor: capabilities.erasesInBackgroundColor,
            erasesCharacters: capabilities.erasesCharacters, erasesLine: capabilities.erasesLine,
            wrapsAtLastColumn: capabilities.wrapsAtLastColumn, isUTF8: isUTF8)
    }
}
