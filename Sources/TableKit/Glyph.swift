import Synchronization

/// What one cell shows: a grapheme cluster and how many columns it takes.
///
/// A glyph is plain data (a number and a width) so cells copy and compare as fast as
/// integers. Nearly every cell holds a single Unicode scalar, stored as its value; the rare
/// clusters of several scalars (a letter with a combining accent) are interned once in a
/// process-wide table and stored by index.
///
/// A wide glyph (width 2) occupies its cell and the next one; the next cell then holds
/// ``Glyph/continuation`` (width 0), which terminals never print.
///
/// **What a cell can show.** A terminal cell (ncurses' `cchar_t`) holds one spacing character
/// and at most four that take no column (``maximumScalars`` in all), and terminals disagree on
/// how wide anything else is. So a cluster is drawn whole when it is one printable character
/// followed by combining marks, five scalars at most; joiners, other format characters and
/// variation selectors in it are left out (an emoji selector does not widen the character:
/// terminals disagree on it too). Any other cluster (an emoji sequence joined by ZWJ, a flag, an
/// emoji with a skin tone, more than four marks stacked) is replaced by one
/// ``replacement`` glyph of the cluster's width. Control characters show as `?`; a format
/// character or a mark standing alone takes no column and is not drawn.
///
/// ```
/// Glyph("A").width    // 1
/// Glyph("漢").width   // 2
/// Glyph("e\u{301}")   // "é" as two scalars: width 1, interned
/// Glyph("👨‍👩‍👧‍👦")          // ？ (the wide replacement): seven scalars joined
/// ```
public struct Glyph: Hashable, Sendable, CustomStringConvertible {
    /// A scalar value (below 0x110000), or `clusterFlag | index` into the cluster table.
    let value: UInt32
    public let width: UInt8

    static let clusterFlag: UInt32 = 0x8000_0000

    /// The most scalars one cell shows: ncurses' `cchar_t` holds five (`CCHARW_MAX`), a
    /// spacing character and up to four combining ones.
    public static let maximumScalars = 5

    public init(_ character: Character) {
        let scalars = character.unicodeScalars
        let first = scalars.first ?? " "
        if scalars.index(after: scalars.startIndex) == scalars.endIndex {
            self.init(scalar: first)
        } else {
            self = Glyph.cluster(scalars)
        }
    }

    public init(scalar: Unicode.Scalar) {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F {
            value = v
            width = 1
        } else if DisplayWidth.isControl(scalar) {
            self = .unprintable
        } else if DisplayWidth.isCommon(v) {
            value = v
            width = 1
        } else {
            let category = scalar.properties.generalCategory
            if category == .unassigned {
                self = .replacement
            } else {
                value = v
                width = UInt8(DisplayWidth.of(v, category))
            }
        }
    }

    init(value: UInt32, width: UInt8) {
        self.value = value
        self.width = width
    }

    public static let space = Glyph(value: 0x20, width: 1)
    /// The right half of a wide glyph.
    public static let continuation = Glyph(value: 0, width: 0)
    /// What a cluster a cell cannot show is drawn as: U+FFFD, one column.
    public static let replacement = Glyph(value: 0xFFFD, width: 1)
    /// The replacement of a wide cluster: U+FF1F, a fullwidth question mark, two columns.
    public static let wideReplacement = Glyph(value: 0xFF1F, width: 2)
    /// What a control character is drawn as.
    public static let unprintable = Glyph(value: 0x3F, width: 1)

    public var isContinuation: Bool { value == 0 && width == 0 }

    /// The glyph of a cluster of several scalars, after the rule above.
    private static func cluster(_ scalars: Character.UnicodeScalarView) -> Glyph {
        let base = scalars.first!
        if DisplayWidth.isControl(base) { return .unprintable }  // "\r\n" is one cluster
        if DisplayWidth.isUnassigned(base) { return .replacement }
        let width = DisplayWidth.of(base)
        // Marks with nothing to sit on: no column, nothing drawn.
        if width == 0 { return Glyph(value: base.value, width: 0) }
        var kept = String.UnicodeScalarView()
        kept.append(base)
        var count = 1
        for scalar in scalars.dropFirst() {
            if DisplayWidth.isLeftOut(scalar) { continue }
            guard DisplayWidth.of(scalar) == 0, !DisplayWidth.isControl(scalar) else {
                return width == 2 ? .wideReplacement : .replacement
            }
            kept.append(scalar)
            count += 1
        }
        guard count <= maximumScalars else { return width == 2 ? .wideReplacement : .replacement }
        if count == 1 { return Glyph(scalar: base) }
        return Glyph(value: clusterFlag | ClusterTable.shared.index(of: String(kept)), width: UInt8(width))
    }

    /// How many columns a character takes when drawn (0: it is not drawn), as ``init(_:)``
    /// decides, without interning anything.
    public static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        let first = scalars.first ?? " "
        let v = first.value
        if v >= 0x20 && v < 0x7F && scalars.index(after: scalars.startIndex) == scalars.endIndex { return 1 }
        if DisplayWidth.isControl(first) || DisplayWidth.isUnassigned(first) { return 1 }
        return DisplayWidth.of(first)
    }

    /// The glyph's scalar when it is a single one (nearly always), without a lookup.
    var singleScalar: Unicode.Scalar? {
        value & Glyph.clusterFlag == 0 && !isContinuation ? Unicode.Scalar(value) : nil
    }

    /// The first scalar of the glyph.
    public var scalar: Unicode.Scalar {
        if value & Glyph.clusterFlag != 0 {
            return ClusterTable.shared.text(at: value & ~Glyph.clusterFlag).unicodeScalars.first ?? " "
        }
        return Unicode.Scalar(value) ?? " "
    }

    /// The text to send to a terminal ("" for a continuation cell): at most ``maximumScalars``
    /// scalars.
    public var text: String {
        if isContinuation { return "" }
        if value & Glyph.clusterFlag != 0 { return ClusterTable.shared.text(at: value & ~Glyph.clusterFlag) }
        return String(Character(Unicode.Scalar(value) ?? " "))
    }

    public var description: String { text }
}

/// Interned multi-scalar grapheme clusters. Written rarely (a new cluster), read when a
/// cell is printed; guarded by a mutex so that glyphs can be made on any thread.
final class ClusterTable: Sendable {
    static let shared = ClusterTable()

    private let state = Mutex<(texts: [String], indices: [String: UInt32])>(([], [:]))

    func index(of text: String) -> UInt32 {
        state.withLock { state in
            if let index = state.indices[text] { return index }
            let index = UInt32(state.texts.count)
            state.texts.append(text)
            state.indices[text] = index
            return index
        }
    }

    func text(at index: UInt32) -> String {
        state.withLock { state in Int(index) < state.texts.count ? state.texts[Int(index)] : " " }
    }
}

/// Display widths of characters in a terminal, after Unicode's East Asian Width property
/// and the usual terminal practice (wcwidth): combining marks, format characters and
/// zero-width joiners take no column, wide and fullwidth forms and most emoji take two,
/// everything else one.
public enum DisplayWidth {
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        return isCommon(v) ? 1 : of(v, scalar.properties.generalCategory)
    }

    /// One column, known without looking the scalar up: Latin, box drawing, blocks and
    /// shapes (every card's border).
    static func isCommon(_ v: UInt32) -> Bool { v < 0x300 || (v >= 0x2500 && v < 0x25FD) }

    static func of(_ v: UInt32, _ category: Unicode.GeneralCategory) -> Int {
        if isZeroWidth(v) { return 0 }
        switch category {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return isWide(v) ? 2 : 1
        }
    }

    /// A cluster is as wide as its first scalar (the one a cell shows; see ``Glyph``); a
    /// cluster that is not drawn (a mark alone, a format character) takes no column.
    public static func of(_ character: Character) -> Int {
        Glyph.columns(of: character)
    }

    /// Control characters (C0, DEL, C1) and the line and paragraph separators: they would move
    /// the terminal's cursor, so they are drawn as `?`.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029
    }

    /// Code points with no character assigned (terminals draw them as they please).
    static func isUnassigned(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x300 && scalar.properties.generalCategory == .unassigned
    }

    /// Scalars a cluster is drawn without: format characters (joiners, direction marks) and
    /// variation selectors.
    static func isLeftOut(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if (v >= 0xFE00 && v <= 0xFE0F) || (v >= 0xE0100 && v <= 0xE01EF) { return true }
        return scalar.properties.generalCategory == .format
    }

    private static func isZeroWidth(_ v: UInt32) -> Bool {
        switch v {
        case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
            0x0E31, 0x0E34...0x0E3A, 0x0E47...0x0E4E, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF,
            0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }

    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
            0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
            0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x18AFF, 0x1B000...0x1B2FF,
            0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
            0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
