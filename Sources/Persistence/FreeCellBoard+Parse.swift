import Layouts
import Solitaire

extension FreeCellBoard {
    /// Reads a board (see ``FreeCellBoard``) as a position of the game on `layout`: the position,
    /// or every problem found as `FILE:LINE:COL: error: message`.
    ///
    /// The foundations named on the `Foundations:` line go to the game's foundations in the
    /// order named; suits left out are empty. Free cells fill the game's cells in order, columns
    /// its tableau; cells and columns left out are empty. Every card of the deck once.
    public static func parse(_ text: String, layout: TableLayout, file: String) -> Result<GameState, PositionErrors> {
        if let unfit = unfitness(of: layout) {
            return .failure(PositionErrors(file: file, message: "not a position of \(layout.name): \(unfit.reason)"))
        }
        var parser = BoardParser(layout: layout, file: file)
        let end = PositionLine.scan(text) { parser.read($0) }
        return parser.finish(end: end)
    }
}

/// Reads a board line by line (``FreeCellBoard/parse(_:layout:file:)``).
struct BoardParser {
    let game: PositionGame
    var errors: PositionErrors
    let foundationPiles: [Int]
    let cellPiles: [Int]
    let columnPiles: [Int]
    /// The foundations named, in order: suit and top rank (0: empty), and where.
    var foundations: [(suit: Card.Suit, rank: Int, position: SourcePosition)] = []
    var cells: [PlacedCard?] = []
    var columns: [[PlacedCard]] = []
    /// The line each of `Foundations:` and `Freecells:` was given on.
    var foundationsLine: Int?
    var cellsLine: Int?
    var cardsUnreliable = false

    var name: String { game.layout.name }

    init(layout: TableLayout, file: String) {
        game = PositionGame(layout: layout)
        errors = PositionErrors(file: file)
        foundationPiles = layout.slots.indices.filter { layout.slots[$0].kind == .foundation }
        cellPiles = layout.slots.indices.filter { layout.slots[$0].kind == .cell }
        columnPiles = layout.slots.indices.filter { layout.slots[$0].kind == .tableau }
    }

    mutating func read(_ line: PositionLine) {
        var tokens = line.tokens()
        guard let first = tokens.first else { return }
        switch first.text.lowercased() {
        case "foundations:", "founds:":
            tokens.removeFirst()
            guard isFirst(first, given: foundationsLine) else { return }
            foundationsLine = line.number
            readFoundations(tokens)
        case "freecells:", "fc:":
            tokens.removeFirst()
            guard isFirst(first, given: cellsLine) else { return }
            cellsLine = line.number
            readCells(tokens)
        default:
            readColumn(tokens, line: line)
        }
    }

    /// Whether a line that comes once comes for the first time (said when not): `given` is the
    /// line it was given on before, if any.
    mutating func isFirst(_ label: PositionToken, given: Int?) -> Bool {
        guard let first = given else { return true }
        errors.add("'\(label.text)' is given twice (first on line \(first))", at: label.position)
        cardsUnreliable = true
        return false
    }

    mutating func readFoundations(_ tokens: [PositionToken]) {
        for token in tokens {
            let parts = token.text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].unicodeScalars.count == 1,
                let suit = PositionText.suit(parts[0].unicodeScalars.first!),
                let rank = parts[1] == "0" ? 0 : PositionText.rank(String(parts[1]), aceAsOne: true)
            else {
                errors.add(
                    "'\(PositionText.shortened(token.text))' is not a foundation: suit, '-' and top rank, as H-5 or S-0",
                    at: token.position)
                cardsUnreliable = true
                continue
            }
            if foundations.contains(where: { $0.suit == suit }) {
                errors.add("the \(suit) foundation is given twice", at: token.position)
                cardsUnreliable = true
                continue
            }
            foundations.append((suit, rank, token.position))
        }
    }

    mutating func readCells(_ tokens: [PositionToken]) {
        for token in tokens {
            if cells.count == cellPiles.count {
                let count = cellPiles.count
                errors.add("\(name) has \(count) free \(count == 1 ? "cell" : "cells")", at: token.position)
                cardsUnreliable = true
                return
            }
            if !token.text.isEmpty, token.text.allSatisfy({ $0 == "-" }) {
                cells.append(nil)
            } else if let card = boardCard(token) {
                cells.append(card)
            } else {
                cells.append(nil)
            }
        }
    }

    mutating func readColumn(_ tokens: [PositionToken], line: PositionLine) {
        var tokens = tokens
        if tokens[0].text == ":" {
            tokens.removeFirst()
        } else if tokens[0].text.hasPrefix(":") {
            let rest = String(tokens[0].text.dropFirst())
            let position = SourcePosition(line: tokens[0].position.line, column: tokens[0].position.column + 1)
            tokens[0] = PositionToken(text: rest, position: position)
        }
        guard columns.count < columnPiles.count else {
            let count = columnPiles.count
            errors.add(
                "\(name) has \(count) \(count == 1 ? "column" : "columns"); this line is one more",
                at: line.position(line.firstWordIndex ?? 0))
            cardsUnreliable = true
            return
        }
        columns.append(tokens.compactMap { boardCard($0) })
    }

    /// A card of a board: face up, an ace as `A` or `1`.
    mutating func boardCard(_ token: PositionToken) -> PlacedCard? {
        guard let card = PositionText.card(token.text, faceDown: false, aceAsOne: true) else {
            errors.add(
                "'\(PositionText.shortened(token.text))' is not a card: rank and suit, as TS or 10S",
                at: token.position)
            cardsUnreliable = true
            return nil
        }
        return PlacedCard(card: card, position: token.position)
    }

    mutating func finish(end: SourcePosition) -> Result<GameState, PositionErrors> {
        var piles = [[PileCard]](repeating: [], count: game.pileCount)
        var placed: [PlacedCard] = []
        for (pile, foundation) in zip(foundationPiles, foundations) where foundation.rank > 0 {
            for rank in 1...foundation.rank {
                let card = PileCard(Card(Card.Rank(rawValue: rank)!, foundation.suit), faceUp: true)
                piles[pile].append(card)
                placed.append(PlacedCard(card: card, position: foundation.position))
            }
        }
        for (pile, cell) in zip(cellPiles, cells) {
            guard let cell else { continue }
            piles[pile] = [cell.card]
            placed.append(cell)
        }
        for (pile, column) in zip(columnPiles, columns) {
            piles[pile] = column.map(\.card)
            placed.append(contentsOf: column)
        }
        if !cardsUnreliable { game.checkCards(placed, end: end, into: &errors) }
        guard errors.isEmpty else {
            errors.sort()
            return .failure(errors)
        }
        return .success(GameState(piles: piles))
    }
}
