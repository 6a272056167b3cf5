import Layouts
import Scripting
import Solitaire
import XCTest

@testable import Solver

/// The Spider family's own search: which games get it, its board plays and takes back as the
/// table's rules do, it answers as the general depth-first search does on small endgames, and it
/// wins whole deals.
final class SpiderSearchTests: XCTestCase {
    private let games = ["spider", "spider-1-suit", "spider-2-suits", "spiderette", "will-o-the-wisp", "simple-simon"]

    func testTheSpiderFamilyGetsIt() throws {
        for name in games {
            let layout = shippedLayout(name)
            let rules = rulesOf(layout) as! DeclarativeRules
            let shape = try XCTUnwrap(SpiderShape(rules: rules), name)
            XCTAssertEqual(shape.columns.count, layout.slots.filter { $0.kind == .tableau }.count, name)
            XCTAssertEqual(shape.limitsRuns, name == "simple-simon", name)
            XCTAssertEqual(shape.stock == nil, name == "simple-simon", name)
            let solver = Solver(rules: rules)
            let portfolio = SearchPortfolio(
                rules: rules, model: solver.model, start: rules.deal(seed: 1), budget: .hint, isCancelled: { false })
            XCTAssertEqual(portfolio.searches().map(\.order), [.spider], name)
        }
        for name in ["klondike", "forty-thieves", "freecell", "scorpion", "yukon", "gypsy"] {
            XCTAssertNil(SpiderShape(rules: rulesOf(shippedLayout(name))), name)
        }
    }

    /// The board plays moves as the table's rules do, the collected runs and the cards turned up
    /// included, and takes them back exactly.
    func testTheBoardPlaysAsTheRulesDo() throws {
        var random = SmallRandom(state: 2611)
        for name in games {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let shape = try XCTUnwrap(SpiderShape(rules: rules))
            for seed in 1...4 {
                var state = rules.deal(seed: UInt64(seed))
                var board = try XCTUnwrap(SpiderSearch.board(of: state, shape: shape))
                let first = board
                var undos: [SpiderUndo] = []
                for step in 0..<80 {
                    let moves = rules.legalMoves(in: state).filter { $0.kind == .transfer || $0.kind == .stock }
                    guard !moves.isEmpty else { break }
                    let move = moves[random.below(moves.count)]
                    _ = rules.apply(move, to: &state)
                    undos.append(board.play(spiderMove(move, shape: shape)))
                    let expected = try XCTUnwrap(
                        SpiderSearch.board(of: state, shape: shape), "\(name) #\(seed) \(step)")
                    assertSame(board, expected, "\(name) #\(seed) after \(step + 1) moves")
                }
                while let undo = undos.popLast() { board.takeBack(undo) }
                assertSame(board, first, "\(name) #\(seed) taken back")
            }
        }
    }

    /// A run finished by a move or by a deal is collected, and the card under it turns up; taking
    /// the move back puts the run back.
    func testFinishedRunsAreCollected() throws {
        let rules = rulesOf(shippedLayout("spider-1-suit")) as! DeclarativeRules
        let shape = try XCTUnwrap(SpiderShape(rules: rules))
        let run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
        var piles = Array(repeating: "", count: rules.layout.slots.count)
        piles[shape.columns[0]] = "[5S] " + run
        piles[shape.columns[1]] = "AS"
        piles[shape.columns[2]] = "[9S] " + run
        piles[shape.columns[3]] = "KS QS JS TS 9S 8S 7S 6S 5S"
        for column in shape.columns.dropFirst(4) { piles[column] = "KS" }
        // In the order dealt: the Ace goes to the third column.
        let stockCards = ["QS", "QS", "AS"] + Array(repeating: "QS", count: 7)
        piles[try XCTUnwrap(shape.stock)] = stockCards.map { "[\($0)]" }.reversed().joined(separator: " ")
        for (number, foundation) in shape.foundations.enumerated() where number < 4 {
            piles[foundation] = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
        }
        var state = position(piles)
        var board = try XCTUnwrap(SpiderSearch.board(of: state, shape: shape))
        let first = board
        let move = Move.transfer(from: shape.columns[1], to: shape.columns[0], count: 1)
        XCTAssertTrue(rules.allows(move, in: state))
        _ = rules.apply(move, to: &state)
        let moved = board.play(spiderMove(move, shape: shape))
        XCTAssertEqual(board.collected, 5)
        XCTAssertEqual(board.heights[0], 1)
        XCTAssertEqual(board.downs[0], 0, "the 5S under the run turned up")
        assertSame(board, try XCTUnwrap(SpiderSearch.board(of: state, shape: shape)), "after the move")
        // Column 2 is empty: the stock may not deal until it is filled.
        XCTAssertFalse(board.canDeal)
        let fill = Move.transfer(from: shape.columns[3], to: shape.columns[1], count: 1)
        _ = rules.apply(fill, to: &state)
        let filled = board.play(spiderMove(fill, shape: shape))
        XCTAssertTrue(board.canDeal)
        _ = rules.apply(.stock(shape.stock!), to: &state)
        let dealt = board.play(.deal)
        XCTAssertEqual(board.collected, 6, "the Ace dealt onto the third column's run")
        XCTAssertEqual(board.downs[2], 0, "the 9S under it turned up")
        assertSame(board, try XCTUnwrap(SpiderSearch.board(of: state, shape: shape)), "after the deal")
        board.takeBack(dealt)
        board.takeBack(filled)
        board.takeBack(moved)
        assertSame(board, first, "taken back")
    }

    /// Endgames of the one-pack games (the cards of one suit left, the others collected):
    /// the search answers as the general depth-first search does (itself checked against a plain
    /// search of every position in SoundnessTests), and its wins replay on the rules.
    func testItAgreesWithTheGeneralSearchOnEndgames() throws {
        var answers: [SolverVerdict: Int] = [:]
        for name in ["spiderette", "will-o-the-wisp", "simple-simon"] {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let solver = Solver(rules: rules)
            let shape = try XCTUnwrap(solver.model.spider)
            for seed in 1...8 {
                let kept: Set<Int> = [seed % 4]
                let start = endgame(rules.deal(seed: UInt64(seed)), shape: shape, keeping: kept)
                guard
                    let expected = assertFamilySearchAgrees(
                        .spider, rules: rules, model: solver.model, state: start, positions: 30_000,
                        "\(name) #\(seed), suits \(kept.sorted())")
                else { continue }
                answers[expected, default: 0] += 1
            }
        }
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 8, "too few won endgames")
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 3, "too few lost endgames")
    }

    /// The stack stays within its share of the memory however long the search runs: a path
    /// that deep goes no further (without the bound, Spiderette's status-line search once held
    /// 28 MiB of stack).
    func testTheStackStaysWithinItsMemory() throws {
        let rules = rulesOf(shippedLayout("spiderette")) as! DeclarativeRules
        let shape = try XCTUnwrap(SpiderShape(rules: rules))
        var search = try XCTUnwrap(
            SpiderSearch(shape: shape, rules: rules, start: rules.deal(seed: 3), memory: 256 << 10))
        var deepest = 0
        for step in 1...8_000 {
            search.run(upTo: step * 50)
            deepest = max(deepest, search.stackBytes)
            // A level's moves are listed before the bound is looked at: one position's worth over.
            XCTAssertLessThanOrEqual(search.stackBytes, search.stackLimit + 8 << 10, "after \(step * 50) positions")
            if search.verdict != nil { break }
        }
        XCTAssertGreaterThan(deepest, search.stackLimit / 2, "the search never went deep: the bound is not tried")
    }

    /// Whole deals: won, and the wins are the player's legal moves.
    func testItWinsWholeDeals() {
        for (name, deal) in [("spider-2-suits", 1), ("spider-2-suits", 2), ("spider-1-suit", 1), ("simple-simon", 3)] {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let start = rules.deal(seed: UInt64(deal))
            let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 2_000_000))
            XCTAssertEqual(result.verdict, .solved, "\(name) #\(deal)")
            assertReplaysToWin(result.moves, from: start, rules: rules, "\(name) #\(deal)")
        }
    }
}

extension SpiderSearchTests {
    /// A deal of a one-pack game with every card of the suits not `kept` on the foundations
    /// already: the columns and the stock keep the other cards in their order, and a column left
    /// with a face-down card on top has it turned up.
    fileprivate func endgame(_ start: GameState, shape: SpiderShape, keeping kept: Set<Int>) -> GameState {
        var state = start
        for column in shape.columns {
            var cards = state.piles[column].filter { kept.contains($0.suitIndex) }
            if !cards.isEmpty { cards[cards.count - 1].faceUp = true }
            state.piles[column] = cards
        }
        if let stock = shape.stock { state.piles[stock] = state.piles[stock].filter { kept.contains($0.suitIndex) } }
        let gone = (0..<4).filter { !kept.contains($0) }
        for (number, foundation) in shape.foundations.enumerated() {
            state.piles[foundation] =
                number < gone.count
                ? (1...13).reversed().map { PileCard(raw: UInt8(gone[number] << 4 | $0) | 0x80) } : []
        }
        return state
    }

    /// The search's move for a move of the table.
    fileprivate func spiderMove(_ move: Move, shape: SpiderShape) -> SpiderMove {
        guard move.kind == .transfer else { return .deal }
        return SpiderMove(
            from: UInt8(shape.columns.firstIndex(of: move.from)!), to: UInt8(shape.columns.firstIndex(of: move.to)!),
            count: UInt8(move.count))
    }

    /// Two boards hold the same position, and give it the same key.
    fileprivate func assertSame(
        _ board: SpiderBoard, _ expected: SpiderBoard, _ message: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(board.heights, expected.heights, message, file: file, line: line)
        XCTAssertEqual(board.downs, expected.downs, message, file: file, line: line)
        XCTAssertEqual(board.collected, expected.collected, message, file: file, line: line)
        XCTAssertEqual(board.stockLeft, expected.stockLeft, message, file: file, line: line)
        for column in 0..<board.columnCount {
            XCTAssertEqual(
                (0..<board.heights[column]).map { board.card(column, $0) },
                (0..<expected.heights[column]).map { expected.card(column, $0) }, "\(message), column \(column)",
                file: file, line: line)
        }
        XCTAssertEqual(board.key(), expected.key(), message, file: file, line: line)
    }
}
