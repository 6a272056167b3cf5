import Layouts
import Solitaire
import TestSupport
import XCTest

@testable import Persistence

/// FreeCell Solver's board format: which games it fits, what it writes, that boards read back,
/// and every malformed board with its exact message.
final class FreeCellBoardTests: XCTestCase {
    func layout(_ name: String) throws -> TableLayout {
        try XCTUnwrap(ShippedLayouts.layout(named: name), name)
    }

    func read(_ text: String, _ game: String = "freecell") throws -> GameState {
        switch FreeCellBoard.parse(text, layout: try layout(game), file: "b.txt") {
        case .success(let state): return state
        case .failure(let errors):
            XCTFail("unexpected errors:\n\(errors)")
            throw errors
        }
    }

    func errors(_ text: String, _ game: String = "freecell") throws -> [String] {
        switch FreeCellBoard.parse(text, layout: try layout(game), file: "b.txt") {
        case .success: return []
        case .failure(let errors): return errors.lines
        }
    }

    /// Microsoft's deal 1.
    let dealOne = """
        Foundations: H-0 C-0 D-0 S-0
        Freecells:  -  -  -  -
        : JD KD 2S 4C 3S 6D 6S
        : 2D KC KS 5C TD 8S 9C
        : 9H 9S 9D TS 4S 8D 2H
        : JC 5S QD QH TH QS 6H
        : 5D AD JS 4H 8H 6C
        : 7H QC AS AC 2C 3D
        : 7C KH AH 4D JH 8C
        : 5H 3H 3C 7S 7D TC

        """

    func testTheGamesABoardFits() {
        let fitting = ShippedLayouts.names.filter { name in
            FreeCellBoard.unfitness(of: ShippedLayouts.layout(named: name)!) == nil
        }
        XCTAssertEqual(
            fitting.sorted(),
            [
                "bakers-dozen", "bakers-game", "bastion", "beleaguered-castle", "eight-off", "forecell", "fortress",
                "freecell", "portuguese-solitaire", "relaxed-freecell", "seahaven-towers", "spanish-patience-ii",
                "streets-and-alleys",
                "stronghold",
            ])
    }

    func testWhyAGameDoesNotFit() throws {
        let reasons = try ["klondike", "double-freecell", "yukon", "simple-simon", "sandbox"].map {
            FreeCellBoard.unfitness(of: try layout($0))?.reason
        }
        XCTAssertEqual(
            reasons,
            [
                "Klondike has slots of kind stock, waste; a board has only foundations, free cells and columns",
                "Double FreeCell is not played with one deck of four suits, as a board is",
                "Yukon deals cards face down, and a board has none",
                "a board has four foundations built up in suit from the ace, and Simple Simon has not",
                "Sandbox is a free table, with no game to solve",
            ])
        let klondike = try layout("klondike")
        XCTAssertThrowsError(
            try FreeCellBoard.write(DeclarativeRules(layout: klondike).deal(seed: 1), layout: klondike))
        XCTAssertEqual(
            try errors("", "klondike"),
            [
                "b.txt: error: not a position of klondike: Klondike has slots of kind stock, waste; a board has only "
                    + "foundations, free cells and columns"
            ])
    }

    func testFreeCellDealOneIsMicrosoftsAsFreeCellSolverWritesIt() throws {
        let freecell = try layout("freecell")
        XCTAssertEqual(
            try FreeCellBoard.write(DeclarativeRules(layout: freecell).deal(seed: 1), layout: freecell), dealOne)
    }

    func testEveryFittingGameDealReadsBackAsWritten() throws {
        for name in ShippedLayouts.names {
            let table = try layout(name)
            guard FreeCellBoard.unfitness(of: table) == nil else { continue }
            let rules = DeclarativeRules(layout: table)
            for seed in UInt64(1)...20 {
                let state = rules.deal(seed: seed)
                XCTAssertEqual(try read(try FreeCellBoard.write(state, layout: table), name), state, "\(name) \(seed)")
            }
        }
    }

    func testPositionsInPlayReadBackAsWritten() throws {
        for name in ["freecell", "eight-off", "seahaven-towers", "beleaguered-castle"] {
            let table = try layout(name)
            let rules = DeclarativeRules(layout: table)
            for seed in UInt64(1)...10 {
                var state = rules.deal(seed: seed)
                var generator = SplitMix64(seed: seed)
                for _ in 0..<60 {
                    let moves = rules.legalMoves(in: state)
                    guard !moves.isEmpty, !rules.isWon(state) else { break }
                    // Foundations first, so some fill up, in whatever slot the move chose.
                    let up = moves.filter { table.slots[$0.to].kind == .foundation }
                    _ = rules.apply(up.isEmpty ? generator.pick(moves) : generator.pick(up), to: &state)
                }
                let board = try FreeCellBoard.write(state, layout: table)
                XCTAssertEqual(try read(board, name), state, "\(name) \(seed)\n\(board)")
            }
        }
    }

    func testAnEmptyFoundationTakesASuitNoOtherHas() throws {
        let freecell = try layout("freecell")
        var state = DeclarativeRules(layout: freecell).deal(seed: 1)
        // AH onto the third foundation: the others are named after the unused suits.
        let ace = try XCTUnwrap(state.piles[14].firstIndex { $0.description == "AH" })
        state.piles[6].append(state.piles[14].remove(at: ace))
        let board = try FreeCellBoard.write(state, layout: freecell)
        XCTAssertTrue(board.hasPrefix("Foundations: C-0 D-0 H-A S-0\n"), board)
        XCTAssertEqual(try read(board), state)
    }

    func testFreeCellSolversOtherSpellingsAreRead() throws {
        let state = try read(dealOne)
        var board = dealOne.replacingOccurrences(of: "Foundations: H-0 C-0 D-0 S-0", with: "Founds: h-0")
        board = board.replacingOccurrences(of: "Freecells:  -  -  -  -", with: "FC: - --")
        board = board.replacingOccurrences(of: "TD", with: "10D").replacingOccurrences(of: "AD", with: "1d")
        board = board.replacingOccurrences(of: ": 7H", with: "7H").replacingOccurrences(of: ": 7C", with: ":7C")
        XCTAssertEqual(try read(board), state)
        let withoutCellsOrFoundations = dealOne.split(separator: "\n").dropFirst(2).joined(separator: "\n")
        XCTAssertEqual(try read(withoutCellsOrFoundations), state)
    }

    func testCellsFoundationsAndEmptyColumnsAreRead() throws {
        let board = """
            Foundations: S-Q H-K D-K C-K
            Freecells:  -  KS
            :
            :

            """
        let state = try read(board)
        XCTAssertEqual(state.piles[1].map(\.description), ["KS"])
        XCTAssertEqual(state.piles[4].count, 12)
        XCTAssertEqual(state.piles[4].last?.description, "QS")
        XCTAssertEqual(state.piles[7].count, 13)
        XCTAssertEqual(
            try FreeCellBoard.write(state, layout: try layout("freecell")),
            """
            Foundations: S-Q H-K D-K C-K
            Freecells:  -  KS  -  -
            :
            :
            :
            :
            :
            :
            :
            :

            """)
    }

    func testAPositionABoardCannotSay() throws {
        let freecell = try layout("freecell")
        var state = DeclarativeRules(layout: freecell).deal(seed: 1)
        state.piles[8][0].faceUp = false
        XCTAssertThrowsError(try FreeCellBoard.write(state, layout: freecell)) { error in
            XCTAssertEqual(
                (error as? FreeCellBoard.Unfit)?.reason,
                "[JD] in 'tableau.1' is face down, and a board has no face-down cards")
        }
        state = DeclarativeRules(layout: freecell).deal(seed: 1)
        state.piles[4] = [state.piles[8].removeLast()]
        XCTAssertThrowsError(try FreeCellBoard.write(state, layout: freecell)) { error in
            XCTAssertEqual(
                (error as? FreeCellBoard.Unfit)?.reason,
                "'foundation.1' is not a run from the ace up in one suit, as a board's foundations are")
        }
    }

    // MARK: Malformed boards

    func testABadFoundation() throws {
        for (token, column) in [("H5", 14), ("X-5", 14), ("H-11", 14), ("H-", 14), ("HH-2", 14), ("ß-2", 14)] {
            let board = dealOne.replacingOccurrences(of: "Foundations: H-0", with: "Foundations: \(token)")
            XCTAssertEqual(
                try errors(board),
                ["b.txt:1:\(column): error: '\(token)' is not a foundation: suit, '-' and top rank, as H-5 or S-0"])
        }
        let twice = dealOne.replacingOccurrences(of: "D-0", with: "H-0")
        XCTAssertEqual(try errors(twice), ["b.txt:1:22: error: the hearts foundation is given twice"])
    }

    func testLinesGivenTwice() throws {
        let board = "Foundations: H-0\n" + dealOne
        XCTAssertEqual(try errors(board), ["b.txt:2:1: error: 'Foundations:' is given twice (first on line 1)"])
        let cells = dealOne.replacingOccurrences(of: "Freecells:  -  -  -  -", with: "FC: -\nFreecells: -")
        XCTAssertEqual(try errors(cells), ["b.txt:3:1: error: 'Freecells:' is given twice (first on line 2)"])
    }

    func testTooManyCellsOrColumns() throws {
        let cells = dealOne.replacingOccurrences(of: "Freecells:  -  -  -  -", with: "Freecells:  -  -  -  -  -")
        XCTAssertEqual(try errors(cells), ["b.txt:2:25: error: freecell has 4 free cells"])
        let columns = dealOne + ":\n"
        XCTAssertEqual(try errors(columns), ["b.txt:11:1: error: freecell has 8 columns; this line is one more"])
    }

    func testBadCards() throws {
        let board = dealOne.replacingOccurrences(of: "KD", with: "[KD]").replacingOccurrences(of: "9C\n", with: "9Cx\n")
        XCTAssertEqual(
            try errors(board),
            [
                "b.txt:3:6: error: '[KD]' is not a card: rank and suit, as TS or 10S",
                "b.txt:4:21: error: '9Cx' is not a card: rank and suit, as TS or 10S",
            ])
        let cell = dealOne.replacingOccurrences(of: "Freecells:  -", with: "Freecells:  11H")
        XCTAssertEqual(try errors(cell), ["b.txt:2:13: error: '11H' is not a card: rank and suit, as TS or 10S"])
    }

    func testMissingAndExtraCards() throws {
        let board = dealOne.replacingOccurrences(of: ": JD KD", with: ": JD KC")
        XCTAssertEqual(
            try errors(board),
            ["b.txt:4:6: error: KC is one too many: freecell has 1", "b.txt:11:1: error: KD is missing"])
        let onFoundation = dealOne.replacingOccurrences(of: "H-0", with: "H-A")
        XCTAssertEqual(try errors(onFoundation), ["b.txt:9:9: error: AH is one too many: freecell has 1"])
    }
}
