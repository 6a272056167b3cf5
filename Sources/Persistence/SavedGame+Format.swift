import Layouts
import Solitaire

/// The save file: plain text, one fact per line, so a player can read it and a damaged one is
/// noticed. The last line is a checksum of every byte before it, so a file cut short or
/// changed is refused rather than resumed wrong.
///
/// ```
/// cardtable-save 1
/// id 1f3a9c0e2b7d4a65
/// variant klondike
/// layout klondike
/// title Klondike
/// fingerprint 0123456789abcdef
/// deal 12345
/// elapsed 192.400
/// history 2
/// t 11 7 1 | 11 7 1 - ; 11 11 1 fa
/// s 0 | 0 1 1 f
/// undone 0
/// checksum 8c3e5f0a9b1d2c47
/// ```
///
/// A scripted variant's options follow the fingerprint, one `option NAME VALUE` line each,
/// sorted by name. A game from a position has `position REDEALS BASE PILES` and a `pile` line per pile (the
/// cards' bytes in hex, bottom first) instead of `deal`. A record is its move (`t FROM TO
/// COUNT`, `s PILE`, `c PILE`), a bar, and its steps `FROM TO COUNT FLAGS` separated by `;`,
/// the flags letters of f (turned over), r (reversed), d (spends a redeal), a (automatic), or
/// `-` for none; a shuffle's flags end with `s` and its number in hex (`ds1f3a…`). A game the demo played moves of has an `assisted` line after `elapsed`.
extension SavedGame {
    public static let formatVersion = 1
    static let magic = "cardtable-save"
    /// More moves than any game needs: a file claiming more is refused before reading them.
    static let maximumRecords = 1_000_000
    /// The most seconds of play a save holds (31 years), as the statistics do: more is
    /// refused when read, and never written.
    static let maximumElapsed = 999_999_999.0

    /// What of the game's one-line fields holds a line feed, which would end its line early
    /// in the save (a layout read from a path with one, named after it): nil when none does.
    public var fieldBreakingItsLine: String? {
        let fields = [
            ("game's id", id), ("layout's name", variant), ("layout's path", layout), ("layout's title", title),
            ("layout's fingerprint", fingerprint),
        ]
        if let (what, _) = fields.first(where: { $0.1.unicodeScalars.contains("\n") }) { return what }
        for (name, value) in options where (name + value).unicodeScalars.contains("\n") {
            return "option \(name)"
        }
        return nil
    }

    /// An option whose name would not read back from its `option NAME VALUE` line (empty, or
    /// holding a space, which the line would cut the name at): nil when every name is one word.
    /// A script's check refuses such names; this keeps the save from ever writing one.
    public var optionNameNotAWord: String? {
        options.keys.sorted().first { $0.isEmpty || $0.unicodeScalars.contains(" ") }
    }

    public func encoded() -> String {
        var text = "\(Self.magic) \(Self.formatVersion)\n"
        text += "id \(id)\nvariant \(variant)\nlayout \(layout)\ntitle \(title)\nfingerprint \(fingerprint)\n"
        for (name, value) in options.sorted(by: { $0.key < $1.key }) { text += "option \(name) \(value)\n" }
        switch start {
        case .deal(let number):
            text += "deal \(number)\n"
        case .position(let state):
            let redeals = state.redealsLeft == Int.max ? "unlimited" : "\(state.redealsLeft)"
            text += "position \(redeals) \(state.dealtBase) \(state.piles.count)\n"
            for pile in state.piles {
                text += "pile"
                for card in pile { text += " " + Self.hexByte(card.raw) }
                text += "\n"
            }
        }
        text += "elapsed \(Self.seconds(elapsed))\n"
        if assisted { text += "assisted\n" }
        text += "history \(history.count)\n"
        for record in history { text += Self.encode(record) + "\n" }
        text += "undone \(undone.count)\n"
        for record in undone { text += Self.encode(record) + "\n" }
        return text + "checksum \(FNV1a64.hex(of: text))\n"
    }

    /// Reads a save file's text; `file` names it in errors.
    public static func decode(_ text: String, file: String) throws(SaveError) -> SavedGame {
        var reader = SaveReader(text: text, file: file)
        return try reader.read()
    }

    static func encode(_ record: MoveRecord) -> String {
        let move = record.move
        var text: String
        switch move.kind {
        case .transfer: text = "t \(move.from) \(move.to) \(move.count)"
        case .stock: text = "s \(move.from)"
        case .create: text = "c \(move.to)"
        case .click: text = "k \(move.from) \(move.count)"
        }
        text += " |"
        for (index, step) in record.steps.enumerated() {
            if index > 0 { text += " ;" }
            var flags = ""
            if step.flip { flags += "f" }
            if step.reverse { flags += "r" }
            if step.spendsRedeal { flags += "d" }
            if step.automatic { flags += "a" }
            if step.shuffle != 0 { flags += "s" + String(step.shuffle, radix: 16) }
            text += " \(step.from) \(step.to) \(step.count) \(flags.isEmpty ? "-" : flags)"
        }
        return text
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// Milliseconds are enough for a clock shown to the second.
    static func seconds(_ value: Double) -> String {
        let millis = Int((min(max(0, value), maximumElapsed) * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// Reads a save line by line, saying which line is wrong.
struct SaveReader {
    let file: String
    var lines: [Substring]
    var index = 0
    let text: String

    init(text: String, file: String) {
        self.text = text
        self.file = file
        // Lines and fields are cut by Unicode scalars, not characters: a title ending in a
        // carriage return made one character of it and the line feed, and one starting with an
        // accent one of it and the space before it, and either save failed to read back.
        lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
        if lines.last == "" { lines.removeLast() }
    }

    mutating func read() throws(SaveError) -> SavedGame {
        guard let first = lines.first else { throw SaveError(.truncated, file: file, "empty file") }
        let header = first.split(separator: " ")
        guard header.count == 2, header[0] == Substring(SavedGame.magic) else {
            throw SaveError(.notASave, file: file, line: 1, "not a CardTable save")
        }
        guard let version = Int(header[1]), version >= 1 else {
            throw SaveError(.corrupt, file: file, line: 1, "unreadable format version '\(header[1])'")
        }
        if version > SavedGame.formatVersion {
            throw SaveError(
                .futureVersion, file: file, line: 1,
                "saved by a later CardTable (format \(version); this one reads \(SavedGame.formatVersion))")
        }
        try checkChecksum()
        index = 1
        let id = try field("id")
        // A game renamed since it was saved is resumed under its new name.
        let variant = ShippedLayouts.currentName(of: try field("variant"))
        let layout = try field("layout")
        let title = try field("title")
        let fingerprint = try field("fingerprint")
        var options: [String: String] = [:]
        while index < lines.count - 1, lines[index].unicodeScalars.starts(with: "option ".unicodeScalars) {
            // A value may be empty (`--option label=`, an option of any text): `option label `.
            let words = lines[index].unicodeScalars.dropFirst("option ".count)
                .split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
                .map { String(Substring($0)) }
            guard words.count == 2, !words[0].isEmpty, options[words[0]] == nil else {
                throw corrupt("bad option line")
            }
            options[words[0]] = words[1]
            index += 1
        }
        let start = try readStart()
        guard let elapsed = Double(try field("elapsed")), elapsed.isFinite, elapsed >= 0 else {
            throw badValue("the time played is not a number of seconds")
        }
        // A larger time (an edited save) stopped the program when the game was saved again.
        guard elapsed <= SavedGame.maximumElapsed else {
            throw badValue("the time played is more than \(Int(SavedGame.maximumElapsed)) seconds")
        }
        let assisted = index < lines.count - 1 && lines[index] == "assisted"
        if assisted { index += 1 }
        let history = try readRecords("history")
        let undone = try readRecords("undone")
        guard index == lines.count - 1 else { throw corrupt("unexpected line") }
        return SavedGame(
            id: id, variant: variant, layout: layout, title: title, fingerprint: fingerprint, start: start,
            history: history, undone: undone, elapsed: elapsed, options: options, assisted: assisted)
    }

    /// The last line must be the checksum of everything before it.
    private func checkChecksum() throws(SaveError) {
        guard let last = lines.last, last.hasPrefix("checksum "), text.hasSuffix("\n") else {
            throw SaveError(.truncated, file: file, "cut short (no checksum at the end)")
        }
        let body = text.utf8.dropLast(last.utf8.count + 1)
        var hash = FNV1a64()
        hash.add(body)
        guard last.dropFirst("checksum ".count) == Substring(hash.hex) else {
            throw SaveError(.corrupt, file: file, line: lines.count, "checksum does not match: the file is damaged")
        }
    }

    private func corrupt(_ message: String) -> SaveError {
        SaveError(.corrupt, file: file, line: min(index, lines.count - 1) + 1, message)
    }

    /// A field's value is wrong: the line just read.
    private func badValue(_ message: String) -> SaveError {
        SaveError(.corrupt, file: file, line: index, message)
    }

    /// The value of a `NAME value` line.
    private mutating func field(_ name: String) throws(SaveError) -> String {
        guard index < lines.count - 1 else { throw corrupt("missing '\(name)'") }
        let line = lines[index]
        let prefix = (name + " ").unicodeScalars
        guard line.unicodeScalars.starts(with: prefix) else { throw corrupt("expected '\(name)'") }
        index += 1
        return String(line.unicodeScalars.dropFirst(prefix.count))
    }

    private mutating func readStart() throws(SaveError) -> GameStart {
        guard index < lines.count - 1 else { throw corrupt("missing 'deal' or 'position'") }
        if lines[index].hasPrefix("deal ") {
            guard let number = UInt64(try field("deal")), number > 0 else { throw badValue("bad deal number") }
            return .deal(number)
        }
        let words = try field("position").split(separator: " ")
        guard words.count == 3, let base = Int(words[1]), (0...13).contains(base), let count = Int(words[2]),
            (1...256).contains(count)
        else { throw badValue("expected 'position REDEALS BASE PILES'") }
        let redeals: Int
        if words[0] == "unlimited" {
            redeals = Int.max
        } else if let number = Int(words[0]), number >= 0 {
            redeals = number
        } else {
            throw badValue("bad number of redeals")
        }
        var piles: [[PileCard]] = []
        for _ in 0..<count {
            guard index < lines.count - 1, lines[index] == "pile" || lines[index].hasPrefix("pile ") else {
                throw corrupt("expected 'pile'")
            }
            var pile: [PileCard] = []
            for word in lines[index].split(separator: " ").dropFirst() {
                guard word.count == 2, let raw = UInt8(word, radix: 16), (1...13).contains(raw & 0x0F),
                    raw & 0x40 == 0
                else { throw corrupt("bad card '\(word)'") }
                pile.append(PileCard(raw: raw))
            }
            piles.append(pile)
            index += 1
        }
        return .position(GameState(piles: piles, redealsLeft: redeals, dealtBase: base))
    }

    private mutating func readRecords(_ name: String) throws(SaveError) -> [MoveRecord] {
        guard let count = Int(try field(name)), count >= 0 else { throw badValue("bad number of moves") }
        guard count <= SavedGame.maximumRecords, count <= lines.count - 1 - index else {
            throw badValue("\(count) moves announced, fewer written")
        }
        var records: [MoveRecord] = []
        records.reserveCapacity(count)
        for _ in 0..<count {
            records.append(try readRecord(lines[index]))
            index += 1
        }
        return records
    }

    private func readRecord(_ line: Substring) throws(SaveError) -> MoveRecord {
        let halves = line.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 else { throw corrupt("expected 'MOVE | STEPS'") }
        let moveWords = halves[0].split(separator: " ")
        func number(_ word: Substring) throws(SaveError) -> Int {
            guard let value = Int(word), (0...100_000).contains(value) else { throw corrupt("bad number '\(word)'") }
            return value
        }
        let move: Move
        switch (moveWords.first, moveWords.count) {
        case ("t", 4):
            move = .transfer(
                from: try number(moveWords[1]), to: try number(moveWords[2]), count: try number(moveWords[3]))
        case ("s", 2): move = .stock(try number(moveWords[1]))
        case ("c", 2): move = .create(at: try number(moveWords[1]))
        case ("k", 3):
            let clicks = try number(moveWords[2])
            guard clicks == 1 || clicks == 2 else { throw corrupt("bad click count '\(clicks)'") }
            move = .click(try number(moveWords[1]), clicks: clicks)
        default: throw corrupt("bad move '\(halves[0].trimmingSpaces)'")
        }
        var steps: [Step] = []
        for part in halves[1].split(separator: ";") {
            let words = part.split(separator: " ")
            guard words.count == 4 else { throw corrupt("bad step '\(part.trimmingSpaces)'") }
            var flags = words[3]
            var shuffle: UInt64 = 0
            if let mark = flags.firstIndex(of: "s") {
                guard let number = UInt64(flags[flags.index(after: mark)...], radix: 16), number != 0 else {
                    throw corrupt("bad step flags '\(flags)'")
                }
                shuffle = number
                flags = flags[..<mark]
            }
            guard flags == "-" || flags.allSatisfy({ "frda".contains($0) }) else {
                throw corrupt("bad step flags '\(words[3])'")
            }
            steps.append(
                Step(
                    from: try number(words[0]), to: try number(words[1]), count: try number(words[2]),
                    flip: flags.contains("f"), reverse: flags.contains("r"), spendsRedeal: flags.contains("d"),
                    automatic: flags.contains("a"), shuffle: shuffle))
        }
        guard !steps.isEmpty else { throw corrupt("a move with no steps") }
        return MoveRecord(move: move, steps: steps)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
