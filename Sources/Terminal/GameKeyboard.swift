import CTerminalShim

#if canImport(Glibc)
    import Glibc
#endif

/// The game owns its keyboard: the terminal's modes it plays in, laid over the player's own
/// (which are restored on every way out and while suspended). ncurses's cbreak and noecho
/// come first; on top of them no key may freeze or swallow input:
///
/// - no flow control (`-ixon -ixoff -ixany`): Ctrl-S would stop the output until Ctrl-Q;
/// - no extended processing (`-iexten`): Ctrl-V (literal next) and Ctrl-O (discard output),
///   and on BSD Ctrl-Y (delayed suspend) and Ctrl-T (status);
/// - input bytes as typed (`-istrip -inlcr -igncr -parmrk -iuclc`);
/// - of the keys that send signals, Ctrl-C (SIGINT: a clean quit) and Ctrl-Z (SIGTSTP:
///   suspend) only, whatever `stty` set them to; Ctrl-\ (quit) is a plain key.
public enum GameKeyboard {
    /// `modes` with the game's keyboard laid over them.
    public static func modes(over modes: termios) -> termios {
        var result = modes
        ct_game_keyboard(&result)
        return result
    }

    /// The value of a control character that is switched off (`_POSIX_VDISABLE`).
    public static var disabledCharacter: cc_t { cc_t(ct_disabled_character()) }
}
