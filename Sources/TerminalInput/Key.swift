/// A key the terminal reported.
///
/// Printable text arrives as `.character`; keys that have no text of their own
/// (arrows, function keys, ...) have dedicated cases.
public enum Key: Hashable, Sendable {
    /// Printable text, UTF-8 decoded. Multi-byte characters arrive whole.
    case character(Character)
    case enter, tab, backTab, backspace, escape, delete, insert
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1 ... F12 as `function(1)` ... `function(12)`.
    case function(Int)
    /// A C0 control typed as Ctrl+letter, as the lowercase letter: Ctrl-C (0x03)
    /// is `control("c")`. Bytes that have their own key (tab 0x09, enter
    /// 0x0d/0x0a, backspace 0x08) never appear here. 0x00 (Ctrl-Space / Ctrl-@)
    /// is `control(" ")`; 0x1c...0x1f are `control("\\")`, `control("]")`,
    /// `control("^")` and `control("_")`.
    case control(Character)
}

/// Modifier keys held with a key or mouse event.
///
/// The raw values match the xterm modifier encoding minus one
/// (`CSI 1;<1 + rawValue> A`), which is how the decoder builds them.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = Modifiers(rawValue: 1 << 0)
    /// Alt or Meta, as a sequence reports it: xterm's alt and meta modifier bits
    /// (`CSI 1;3A`), a mouse report's meta bit. ESC followed by a key is not
    /// Alt+key: the decoder reads it as Escape and then the key.
    public static let alt = Modifiers(rawValue: 1 << 1)
    public static let control = Modifiers(rawValue: 1 << 2)
}

/// One key press with the modifiers that were held.
///
/// `.control(_)` keys carry `.control` implicitly in the key itself; their
/// `modifiers` are empty.
public struct KeyPress: Hashable, Sendable {
    public var key: Key
    public var modifiers: Modifiers

    public init(key: Key, modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    public init(_ key: Key, modifiers: Modifiers = []) {
        self.init(key: key, modifiers: modifiers)
    }
}
