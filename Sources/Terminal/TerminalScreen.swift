import CNcursesw
import CTerminalShim
import TableKit

#if canImport(Glibc)
    import Glibc
#endif

/// The real terminal, through ncursesw: set-up and give-back, colours, and writing the
/// cells a frame changed.
///
/// Opening it refuses a terminal the table cannot be drawn on (``TerminalCapabilities``),
/// starts watching signals before anything is written (``SignalWatcher``, ``SignalPolicy``),
/// takes the keyboard (``GameKeyboard``), and starts colour only when there is colour to show
/// (``ColorMode``): in monochrome no colour sequence is ever written. Every way out gives the
/// terminal back: mouse off, keypad mode off, attributes off, cursor shown, the main screen
/// (or, on a terminal without an alternate screen, a cleared one) and the player's modes.
///
/// On a terminal that takes ECMA-48 sequences as xterm does (nearly every one), frames are
/// written by ``FrameEncoder``, which sends only the colours and attributes that change;
/// elsewhere ncurses writes them from terminfo. ``bytesWritten`` is the kernel's count of
/// bytes this process wrote since the screen opened (the terminal's, and any file's too).
/// Mouse reporting is xterm mode 1002 (drags) with SGR 1006 coordinates, focus
/// reports (1004) and bracketed paste (2004), written by hand: terminfo asks only for 1000.
public final class TerminalScreen: SessionScreen {
    public enum OpenError: Error, CustomStringConvertible {
        case notATerminal
        case unknownTerminal(String)
        /// terminfo knows the terminal, but a table cannot be drawn on it.
        case unusableTerminal(String)

        public var description: String {
            switch self {
            case .notATerminal: "standard input and output must be a terminal"
            case .unknownTerminal(let name): "cannot use terminal type '\(name)' (is TERM set?)"
            case .unusableTerminal(let problem): problem
            }
        }
    }

    public let colorMode: ColorMode
    /// The locale is UTF-8, so Unicode suits and box lines can be shown.
    public let isUTF8: Bool
    public let capabilities: TerminalCapabilities
    /// Signals, watched from before the screen opens until the process ends.
    public let signals: SignalWatcher
    public private(set) var isOpen = false
    /// Writes frames on an ECMA-48 terminal; nil where ncurses does.
    private var encoder: FrameEncoder?
    private var pairs: [Int: Int32] = [:]
    private var nextPair: Int32 = 1
    private let maxPairs: Int

    /// The input modes: mouse, focus reports, and bracketed paste (2004), so that pasted
    /// text arrives as one paste, which the game ignores, rather than as keys.
    static let mouseOn = "\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?1004h\u{1B}[?2004h"
    static let mouseOff = "\u{1B}[?2004l\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1000l"

    public init(environment: [String: String]) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw OpenError.notATerminal }
        // The character set only (what ncursesw and the cell widths need): messages stay in English,
        // numbers keep their dot, and one locale file is read instead of twelve.
        setlocale(LC_CTYPE, "")
        isUTF8 = String(cString: nl_langinfo(Int32(CODESET))).uppercased().filter { $0 != "-" } == "UTF8"
        let name = environment["TERM"] ?? ""
        capabilities = TerminalCapabilities.read(outputDescriptor: STDOUT_FILENO, environment: environment)
        guard capabilities.isKnown else { throw OpenError.unknownTerminal(name) }
        if let problem = capabilities.problem(terminal: name) { throw OpenError.unusableTerminal(problem) }
        // From here a signal that would end the process waits on the pipe for the run loop.
        signals = SignalWatcher()
        for signal in SignalPolicy.handledSignals where SignalPolicy.policy(for: signal) == .crash {
            _ = ct_install_crash_handler(signal)
        }
        ct_save_terminal_modes(STDIN_FILENO)
        // Before ncurses sets any mode: it waits for the output to drain, which output stopped
        // by a Ctrl-S typed while starting never would.
        _ = ct_take_keyboard(STDIN_FILENO)
        ct_set_terminal_taken(1)
        // ncurses draws only where the terminal does not take ECMA-48 (``FrameEncoder`` draws
        // everywhere else).
        guard
            ct_open_screen(
                STDIN_FILENO, STDOUT_FILENO, capabilities.takesECMA48 ? 0 : 1, Int32(Self.largest.columns),
                Int32(Self.largest.rows)) == 0
        else {
            ct_emergency_restore()
            signals.restoreDefaults()
            throw OpenError.unknownTerminal(name)
        }
        isOpen = true
        colorMode = ColorMode.detect(colors: capabilities.colors, hasColors: has_colors(), environment: environment)
        ct_setup_modes(colorMode == .monochrome ? 0 : 1)
        maxPairs = colorMode == .monochrome ? 0 : Int(ct_color_pairs())
        if let dialect = TerminalDialect(capabilities: capabilities, colorMode: colorMode, isUTF8: isUTF8) {
            let (width, height) = size
            encoder = FrameEncoder(width: width, height: height, dialect: dialect)
        }
        ct_write_raw(TerminalScreen.mouseOn)
    }

    /// The largest area drawn: a larger terminal is drawn in its top-left part. Every frame
    /// keeps a cell of memory for each cell drawn: a 65535x65535 terminal would ask for 51 GB.
    public static let largest = (columns: 1000, rows: 500)

    /// Columns and rows, from the tty (or ncurses's, from LINES and COLUMNS or terminfo), at
    /// most ``largest``.
    public var size: (width: Int, height: Int) {
        var columns: Int32 = 0
        var rows: Int32 = 0
        if ct_terminal_size(STDOUT_FILENO, &columns, &rows) == 0 { return Self.drawn(Int(columns), Int(rows)) }
        return Self.drawn(max(1, Int(ct_screen_columns())), max(1, Int(ct_screen_lines())))
    }

    /// The part of a terminal of this size that is drawn: all of it, up to ``largest``.
    public static func drawn(_ columns: Int, _ rows: Int) -> (width: Int, height: Int) {
        (min(max(1, columns), largest.columns), min(max(1, rows), largest.rows))
    }

    public var bytesWritten: UInt64 { UInt64(ct_bytes_written()) }

    /// Tells whichever draws the frames (ncurses or the encoder) the new size after SIGWINCH.
    public func resize(width: Int, height: Int) {
        guard encoder != nil else {
            resizeterm(Int32(height), Int32(width))
            return
        }
        encoder!.resize(width: width, height: height)
    }

    /// Writes the changed cells and shows them.
    public func draw(_ changes: [CellRun]) {
        if encoder != nil {
            let bytes = encoder!.encode(changes)
            bytes.withUnsafeBufferPointer { ct_write_bytes($0.baseAddress, UInt($0.count)) }
            return
        }
        var text = [wchar_t](repeating: 0, count: 8)
        for run in changes {
            var x = run.x
            for cell in run.cells {
                defer { x += 1 }
                if cell.glyph.isContinuation { continue }
                var count = 0
                // A glyph holds at most Glyph.maximumScalars scalars: what a cchar_t takes.
                for scalar in cell.glyph.text.unicodeScalars where count < Glyph.maximumScalars {
                    text[count] = wchar_t(bitPattern: scalar.value)
                    count += 1
                }
                if count == 0 {
                    text[0] = 0x20
                    count = 1
                }
                text[count] = 0
                _ = ct_put_cell(Int32(run.y), Int32(x), text, attributes(of: cell), pair(for: cell))
            }
        }
        ct_present()
    }

    /// Everything on the terminal must be sent again (after a resume or a resize).
    public func invalidate() {
        ct_invalidate()
        encoder?.invalidate()
    }

    private func attributes(of cell: Cell) -> UInt32 {
        var result: UInt32 = 0
        if cell.attributes.contains(.bold) { result |= ct_attr_bold() }
        if cell.attributes.contains(.dim) { result |= ct_attr_dim() }
        if cell.attributes.contains(.italic) { result |= ct_attr_italic() }
        if cell.attributes.contains(.underline) { result |= ct_attr_underline() }
        if cell.attributes.contains(.reverse) { result |= ct_attr_reverse() }
        return result
    }

    /// A colour pair for the cell's colours, made on first use.
    private func pair(for cell: Cell) -> Int32 {
        guard colorMode != .monochrome else { return 0 }
        let foreground = colorMode.colorNumber(for: cell.foreground)
        let background = colorMode.colorNumber(for: cell.background)
        let key = foreground &* 0x100_0001 &+ background
        if let pair = pairs[key] { return pair }
        guard Int(nextPair) < maxPairs else { return 0 }
        let pair = nextPair
        nextPair += 1
        _ = ct_init_pair(pair, Int32(foreground), Int32(background))
        pairs[key] = pair
        return pair
    }

    // MARK: Life

    /// Gives the terminal back for a while (Ctrl-Z): mouse off, main screen, modes restored.
    public func suspend() {
        guard isOpen else { return }
        giveBack()
    }

    /// Takes the terminal again after `fg`: modes, mouse, and a full redraw.
    public func resume() {
        guard isOpen else { return }
        ct_set_terminal_taken(1)
        // Output stopped by a Ctrl-S typed at the shell would never let ncurses's modes in.
        _ = ct_take_keyboard(STDIN_FILENO)
        refresh()  // ncurses sets its program modes again, the game's keyboard with them
        ct_write_raw(TerminalScreen.mouseOn)
        invalidate()
    }

    /// Takes the terminal again after a stop that was not the game's own (SIGSTOP, SIGTTOU):
    /// the shell may have set its own modes, turned the mouse off or drawn on the screen.
    public func retake() {
        guard isOpen else { return }
        _ = ct_take_keyboard(STDIN_FILENO)
        reset_prog_mode()
        ct_write_raw(TerminalScreen.mouseOn)
        invalidate()
    }

    /// Gives the terminal back for good: mouse off, cursor shown, main screen. Idempotent.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        curs_set(1)
        giveBack()
    }

    /// Mouse off, ncurses's end (keypad mode off, cursor shown, main screen), then the screen
    /// cleared where there is no alternate screen, and the player's own modes.
    private func giveBack() {
        // ncurses resets what it set; the encoder's pen is the encoder's to reset.
        if encoder != nil {
            let reset = encoder!.resetPen()
            reset.withUnsafeBufferPointer { ct_write_bytes($0.baseAddress, UInt($0.count)) }
            encoder!.invalidate()
        }
        ct_write_raw(TerminalScreen.mouseOff)
        endwin()
        if !capabilities.hasAlternateScreen { ct_clear_main_screen() }
        ct_restore_terminal_modes()
        ct_set_terminal_taken(0)
    }
}
