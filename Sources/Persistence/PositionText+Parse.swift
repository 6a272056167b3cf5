import Layouts
import Solitaire

extension PositionText {
    /// Reads a position written as text (see ``PositionText``) for the game on `layout`: the
    /// position, or every problem found (up to ``PositionErrors/limit``) as
    /// `FILE:LINE:COL: error: message`, `file` being the name the messages give. Any text is
    /// read in one pass, in time and memory proportional to its length, and never traps.
    public static func parse(_ text: String, layout: TableLayout, file: String) -> Result<GameState, PositionErrors> {
        var parser = PositionTextParser(layout: layout, file: file)
        let end = PositionLine.scan(text) { parser.read($0) }
        return parser.finish(end: end)
    }

    /// The words that begin a line other than a slot's.
    static let keywords = ["game", "redeals", "base", "deck"]
}

/// Reads a text position line by line (``PositionText/parse(_:layout:file:)``).
struct PositionTextParser {
    let game: PositionGame
    var errors: PositionErrors
    /// Each slot's index by id.
    let slotIndex: [String: Int]
    /// What each pile was given, and on which line; `nil` until its line is read.
    var piles: [[PileCard]?]
    var pileLines: [Int?]
    /// Every card read, in file order, for the count against the game's cards.
    var placed: [PlacedCard] = []
    /// A card, a slot or a line went wrong: the cards are not counted (they would be reported
    /// missing or extra for a problem already said).
    var cardsUnreliable = false
    /// The line each header was first given on.
    var headerLines: [String: Int] = [:]
    var gameGiven = false
    /// Slots and headers a message has already been about (an unknown slot that looks like one,
    /// a slot id without its ':'): they are not reported missing as well.
    var excused: Set<String> = []
    var redeals: Int?
    var base: Int?

    var name: String { game.layout.name }

    init(layout: TableLayout, file: String) {
        game = PositionGame(layout: layout)
        errors = PositionErrors(file: file)
        var index: [String: Int] = [:]
        for (number, slot) in layout.slots.enumerated() where index[slot.id] == nil { index[slot.id] = number }
        slotIndex = index
        piles = Array(repeating: nil, count: game.pileCount)
        pileLines = Array(repeating: nil, count: game.pileCount)
    }

    mutating func read(_ line: PositionLine) {
        guard let start = line.firstWordIndex else { return }
        if let colon = line.scalars.firstIndex(of: ":") {
            readSlotLine(line, start: start, colon: colon)
        } else {
            var tokens = line.tokens(from: start)
            let keyword = tokens.removeFirst()
            readHeader(keyword, values: tokens, line: line)
        }
    }

    // MARK: Slot lines

    mutating func readSlotLine(_ line: PositionLine, start: Int, colon: Int) {
        var end = colon
        while end > start, PositionLine.isSpace(line.scalars[end - 1]) { end -= 1 }
        let id = line.text(start..<end)
        let cardTokens = line.tokens(from: colon + 1)
        if id.isEmpty {
            errors.add("a slot line begins with the slot's id: 'ID: cards'", at: line.position(colon))
            cardsUnreliable = true
            return
        }
        guard let slot = slotIndex[id] else {
            if PositionText.keywords.contains(id) {
                errors.add("write '\(id)' without ':'", at: line.position(colon))
                readHeader(PositionToken(text: id, position: line.position(start)), values: cardTokens, line: line)
            } else {
                unknownSlot(id, at: line.position(start))
            }
            return
        }
        if let first = pileLines[slot] {
            errors.add("'\(id)' is given twice (first on line \(first))", at: line.position(start))
            cardsUnreliable = true
            return
        }
        pileLines[slot] = line.number
        let cards = readCards(cardTokens)
        game.checkPile(slot, cards: cards, into: &errors)
        // A trash's cards are said to be wrong, not counted as well.
        if game.layout.slots[slot].deleteOnDrop { placed.removeLast(cards.count) }
        piles[slot] = cards.map(\.card)
    }

    mutating func unknownSlot(_ id: String, at position: SourcePosition) {
        var message = "unknown slot '\(PositionText.shortened(id))'"
        if let suggestion = Suggestions.closest(to: id, in: game.layout.slots.map(\.id)) {
            message += "; did you mean '\(suggestion)'?"
            excused.insert(suggestion)
        }
        errors.add(message, at: position)
        cardsUnreliable = true
    }

    /// The cards of a line, each checked and remembered for the count.
    mutating func readCards(_ tokens: [PositionToken]) -> [PlacedCard] {
        var cards: [PlacedCard] = []
        for token in tokens {
            guard let card = PositionText.card(token.text) else {
                errors.add(PositionText.notACard(token.text), at: token.position)
                cardsUnreliable = true
                continue
            }
            cards.append(PlacedCard(card: card, position: token.position))
        }
        placed.append(contentsOf: cards)
        return cards
    }

    // MARK: Headers

    mutating func readHeader(_ keyword: PositionToken, values: [PositionToken], line: PositionLine) {
        guard PositionText.keywords.contains(keyword.text) else {
            unknownWord(keyword)
            return
        }
        if let first = headerLines[keyword.text] {
            errors.add("'\(keyword.text)' is given twice (first on line \(first))", at: keyword.position)
            if keyword.text == "deck" { cardsUnreliable = true }
            return
        }
        headerLines[keyword.text] = line.number
        switch keyword.text {
        case "game": readGame(keyword, values)
        case "redeals": readRedeals(keyword, values)
        case "base": readBase(keyword, values)
        default: readDeck(keyword, values, line: line)
        }
    }

    mutating func unknownWord(_ word: PositionToken) {
        if slotIndex[word.text] != nil {
            let position = SourcePosition(
                line: word.position.line, column: word.position.column + word.text.unicodeScalars.count)
            errors.add("':' expected after the slot id '\(word.text)'", at: position)
            excused.insert(word.text)
            cardsUnreliable = true
            return
        }
        let candidates = PositionText.keywords + game.layout.slots.map(\.id)
        if let suggestion = Suggestions.closest(to: word.text, in: candidates) {
            excused.insert(suggestion)
            errors.add(
                "unknown word '\(PositionText.shortened(word.text))'; did you mean '\(suggestion)'?", at: word.position)
        } else {
            errors.add(
                "unknown word '\(PositionText.shortened(word.text))': lines are 'game NAME', 'redeals N', 'base RANK' "
                    + "or a slot's 'ID: cards'", at: word.position)
        }
        cardsUnreliable = true
    }

    /// The one value a header takes, or `nil` (said) when there is none or more.
    mutating func single(_ keyword: PositionToken, _ values: [PositionToken], what: String) -> PositionToken? {
        guard let value = values.first else {
            let position = SourcePosition(
                line: keyword.position.line, column: keyword.position.column + keyword.text.unicodeScalars.count)
            errors.add("'\(keyword.text)' needs \(what)", at: position)
            return nil
        }
        if values.count > 1 {
            errors.add("'\(keyword.text)' takes one value, \(what)", at: values[1].position)
            return nil
        }
        return value
    }

    /// The `game` line names the game as export wrote it: a name may hold spaces (`my game`)
    /// or a `#`, so the name is compared as the line reads it back, words up to the comment.
    mutating func readGame(_ keyword: PositionToken, _ values: [PositionToken]) {
        gameGiven = true
        let words = PositionText.wordsAsRead(name)
        let what = "the game's name, as 'game \(name)'"
        if words.count == 1 {
            guard let value = single(keyword, values, what: what) else { return }
            if value.text.lowercased() != words[0].lowercased() {
                errors.add(
                    "the position is for '\(PositionText.shortened(value.text))', not '\(name)'", at: value.position)
            }
            return
        }
        guard values.map({ $0.text.lowercased() }) != words.map({ $0.lowercased() }) else { return }
        guard let first = values.first else {
            _ = single(keyword, values, what: what)
            return
        }
        let given = values.map(\.text).joined(separator: " ")
        errors.add("the position is for '\(PositionText.shortened(given))', not '\(name)'", at: first.position)
    }

    mutating func readRedeals(_ keyword: PositionToken, _ values: [PositionToken]) {
        guard let value = single(keyword, values, what: "a number of redeals or 'unlimited'") else { return }
        let count: Int
        if value.text == "unlimited" {
            count = Int.max
        } else if value.text.unicodeScalars.count <= 9,
            value.text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }),
            let number = Int(value.text)
        {
            count = number
        } else {
            errors.add(
                "'\(PositionText.shortened(value.text))' is not a number of redeals: a number or 'unlimited'",
                at: value.position)
            return
        }
        let allowed = game.dealt.redealsLeft
        let fits = allowed == Int.max ? count == Int.max : count <= allowed
        guard fits else {
            let message =
                switch allowed {
                case 0: "\(name) has no redeals"
                case Int.max: "\(name)'s redeals are unlimited: 'redeals unlimited'"
                default: "\(name) allows 0 to \(allowed) redeals"
                }
            errors.add(message, at: value.position)
            return
        }
        redeals = count
    }

    mutating func readBase(_ keyword: PositionToken, _ values: [PositionToken]) {
        guard let value = single(keyword, values, what: "a rank, as 'base 7'") else { return }
        guard game.dealsBase else {
            errors.add(
                "\(name)'s foundations begin with a rank of their own: 'base' is for games that deal it",
                at: keyword.position)
            return
        }
        let number = value.text.unicodeScalars.count <= 2 ? Int(value.text) : nil
        guard let rank = PositionText.rank(value.text) ?? number.flatMap({ (1...13).contains($0) ? $0 : nil }) else {
            errors.add(
                "'\(PositionText.shortened(value.text))' is not a rank: A 2 3 4 5 6 7 8 9 T J Q K", at: value.position)
            return
        }
        base = rank
    }

    mutating func readDeck(_ keyword: PositionToken, _ values: [PositionToken], line: PositionLine) {
        guard game.isFreeTable else {
            errors.add("'deck' is a free table's: \(name) deals every card to its slots", at: keyword.position)
            cardsUnreliable = true
            return
        }
        piles[game.layout.slots.count] = readCards(values).map(\.card)
    }

    // MARK: The end

    mutating func finish(end: SourcePosition) -> Result<GameState, PositionErrors> {
        if !gameGiven && !excused.contains("game") {
            errors.add(
                "the position does not say its game: begin it with 'game \(name)'",
                at: SourcePosition(line: 1, column: 1))
        }
        for (index, slot) in game.layout.slots.enumerated() where pileLines[index] == nil && !excused.contains(slot.id)
        {
            errors.add("'\(slot.id)' is missing: every slot has a line, '\(slot.id):' when it is empty", at: end)
            cardsUnreliable = true
        }
        if game.dealsBase && base == nil && headerLines["base"] == nil && !excused.contains("base") {
            errors.add("\(name) deals its foundations' base rank: give it, as 'base 7'", at: end)
        }
        if !cardsUnreliable { game.checkCards(placed, end: end, into: &errors) }
        guard errors.isEmpty else {
            errors.sort()
            return .failure(errors)
        }
        let state = GameState(
            piles: piles.map { $0 ?? [] }, redealsLeft: redeals ?? game.dealt.redealsLeft,
            dealtBase: game.dealsBase ? base ?? 0 : 0)
        return .success(state)
    }
}

extension PositionText {
    /// A name's words as a position file's line reads them: up to a `#` (a comment), split at
    /// white space.
    static func wordsAsRead(_ name: String) -> [String] {
        let scalars = Array(name.unicodeScalars.prefix { $0 != "#" })
        return PositionLine(number: 1, scalars: scalars).tokens().map(\.text)
    }
}
