import Layouts

/// A 64-bit FNV-1a hash: the same bytes give the same value in every process and on every
/// machine (Swift's `Hasher` is seeded afresh per process). Fingerprints variants and checks
/// that a file was written whole.
public struct FNV1a64: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    public mutating func add(_ text: String) { add(text.utf8) }

    /// Sixteen lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    public static func hex(of text: String) -> String {
        var hash = FNV1a64()
        hash.add(text)
        return hash.hex
    }
}

extension TableLayout {
    /// A fingerprint of what the game is: its piles and its rules, not how they are drawn
    /// (positions, fans, labels) nor how the file is written (comments, order of keys). A saved
    /// game keeps its variant's fingerprint, so a variant changed since is noticed.
    public var fingerprint: String {
        var text = "slots\n"
        for slot in slots {
            let capacity = slot.capacity.map(String.init) ?? "-"
            text += "\(slot.id) \(slot.group) \(slot.kind) \(capacity) \(slot.tapToCreate) \(slot.deleteOnDrop)\n"
        }
        if let rules {
            text += "decks \(rules.decks) suits \(String(rules.suits)) win \(String(reflecting: rules.win))\n"
            for group in rules.groups.keys.sorted() {
                text += "group \(group) \(String(reflecting: rules.groups[group]!))\n"
            }
        }
        // A script is part of the rules: any change to its text is a change of the game.
        if let script { text += "script \(script.name)\n\(script.source)" }
        return FNV1a64.hex(of: text)
    }
}
