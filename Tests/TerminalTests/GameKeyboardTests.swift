import XCTest

@testable import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// The modes the game plays in: no key may freeze it or be swallowed by the terminal.
final class GameKeyboardTests: XCTestCase {
    /// A terminal as `stty sane` leaves it, after ncurses's cbreak and noecho.
    private func saneCbreak() -> termios {
        var modes = termios()
        modes.c_iflag = tcflag_t(BRKINT | ICRNL | IXON | IXANY | IMAXBEL | IUTF8)
        modes.c_oflag = tcflag_t(OPOST | ONLCR)
        modes.c_cflag = tcflag_t(CS8 | CREAD)
        modes.c_lflag = tcflag_t(ISIG | IEXTEN | ECHOE | ECHOK | ECHOCTL | ECHOKE)
        set(
            &modes,
            [
                VINTR: 0x03, VQUIT: 0x1C, VERASE: 0x7F, VKILL: 0x15, VEOF: 0x04, VSTART: 0x11, VSTOP: 0x13,
                VSUSP: 0x1A, VREPRINT: 0x12, VDISCARD: 0x0F, VWERASE: 0x17, VLNEXT: 0x16, VMIN: 1, VTIME: 0,
            ])
        return modes
    }

    private func set(_ modes: inout termios, _ characters: [Int32: UInt8]) {
        withUnsafeMutableBytes(of: &modes.c_cc) { bytes in
            for (index, value) in characters { bytes[Int(index)] = value }
        }
    }

    private func character(_ modes: termios, _ index: Int32) -> UInt8 {
        withUnsafeBytes(of: modes.c_cc) { $0[Int(index)] }
    }

    private func has(_ flags: tcflag_t, _ flag: Int32) -> Bool { flags & tcflag_t(flag) != 0 }

    /// The bytes the terminal itself acts on instead of passing them to the game, in
    /// non-canonical mode (Linux's line discipline; BSD's acts on VDISCARD and VLNEXT there too,
    /// under IEXTEN).
    private func bytesTheTerminalTakes(_ modes: termios) -> Set<UInt8> {
        var taken: Set<UInt8> = []
        let disabled = UInt8(GameKeyboard.disabledCharacter)
        func take(_ index: Int32) {
            let value = character(modes, index)
            if value != disabled { taken.insert(value) }
        }
        if has(modes.c_iflag, IXON) { [VSTART, VSTOP].forEach(take) }
        if has(modes.c_lflag, ISIG) { [VINTR, VQUIT, VSUSP].forEach(take) }
        if has(modes.c_lflag, IEXTEN) { [VDISCARD, VLNEXT].forEach(take) }
        if has(modes.c_lflag, ICANON) { [VEOF, VERASE, VKILL, VWERASE, VREPRINT].forEach(take) }
        return taken
    }

    func testOnlyCtrlCAndCtrlZAreTheTerminalsOwn() {
        let shell = saneCbreak()
        XCTAssertEqual(
            bytesTheTerminalTakes(shell), [0x03, 0x1C, 0x1A, 0x11, 0x13, 0x0F, 0x16],
            "the player's modes: Ctrl-S and Ctrl-Q, Ctrl-O, Ctrl-V and Ctrl-\\ besides")
        let game = GameKeyboard.modes(over: shell)
        XCTAssertEqual(
            bytesTheTerminalTakes(game), [0x03, 0x1A], "Ctrl-C quits, Ctrl-Z suspends; no other key is taken")
    }

    func testFlowControlAndExtendedProcessingAreOff() {
        let game = GameKeyboard.modes(over: saneCbreak())
        XCTAssertFalse(has(game.c_iflag, IXON), "Ctrl-S would stop the output until Ctrl-Q")
        XCTAssertFalse(has(game.c_iflag, IXOFF))
        XCTAssertFalse(has(game.c_iflag, IXANY))
        XCTAssertFalse(has(game.c_lflag, IEXTEN), "Ctrl-V and Ctrl-O")
        XCTAssertTrue(has(game.c_lflag, ISIG), "Ctrl-C and Ctrl-Z still send their signals")
        XCTAssertEqual(character(game, VQUIT), UInt8(GameKeyboard.disabledCharacter), "Ctrl-\\ is a plain key")
    }

    func testTheSignalKeysAreTheDocumentedOnesWhateverSttySaid() {
        var odd = saneCbreak()
        odd.c_lflag &= ~tcflag_t(ISIG)
        odd.c_iflag |= tcflag_t(ISTRIP | INLCR | IGNCR | PARMRK | IXOFF)
        set(&odd, [VINTR: UInt8(ascii: "q"), VSUSP: 0x13, VQUIT: 0x03])
        let game = GameKeyboard.modes(over: odd)
        XCTAssertEqual(character(game, VINTR), 0x03)
        XCTAssertEqual(character(game, VSUSP), 0x1A)
        XCTAssertTrue(has(game.c_lflag, ISIG))
        XCTAssertEqual(bytesTheTerminalTakes(game), [0x03, 0x1A], "neither q nor Ctrl-S is taken")
        for flag in [ISTRIP, INLCR, IGNCR, PARMRK, IXOFF] {
            XCTAssertFalse(has(game.c_iflag, flag), "input bytes reach the game as typed (flag \(flag))")
        }
    }

    func testEverythingElseIsLeftAsItWas() {
        let shell = saneCbreak()
        let game = GameKeyboard.modes(over: shell)
        XCTAssertEqual(game.c_oflag, shell.c_oflag)
        XCTAssertEqual(game.c_cflag, shell.c_cflag)
        XCTAssertEqual(game.c_lflag | tcflag_t(IEXTEN), shell.c_lflag, "only IEXTEN goes")
        XCTAssertEqual(game.c_iflag | tcflag_t(IXON | IXANY), shell.c_iflag, "only flow control goes")
        for index in [VMIN, VTIME, VERASE, VKILL, VEOF, VWERASE] {
            XCTAssertEqual(character(game, index), character(shell, index), "c_cc[\(index)]")
        }
    }
}
