import Layouts
import Scripting
import Solitaire
import XCTest

@testable import Solver

/// The open games' own search: which games get it, its board plays and takes back as the table's
/// rules do, it answers as the general depth-first search does on small endgames, and it wins
/// whole deals.
final class OpenSearchTests: XCTestCase {
    private let games = [
        "freecell", "relaxed-freecell", "bakers-game", "eight-off", "seahaven-towers", "forecell",
        "beleaguered-castle", "streets-and-alleys", "stronghold", "fortress", "bastion", "bakers-dozen",
        "portuguese-solitaire", "double-freecell",
    ]

    func testTheOpenGamesGetIt() throws {
        for name in games {
            let layout = shippedLayout(name)
            let rules = rulesOf(layout) as! DeclarativeRules
            let shape = try XCTUnwrap(OpenShape(rules: rules), name)
            XCTAssertEqual(shape.columns.count, layout.slots.filter { $0.kind == .tableau }.count, name)
            XCTAssertEqual(shape.cells.count, layout.slots.filter { $0.kind == .cell }.count, name)
            let solver = Solver(rules: rules)
            let portfolio = SearchPortfolio(
                rules: rules, model: solver.model, start: rules.deal(seed: 1), budget: .hint, isCancelled: { false })
            XCTAssertEqual(portfolio.searches().map(\.order), [.open], name)
        }
        let freecell = try XCTUnwrap(OpenShape(rules: rulesOf(shippedLayout("freecell"))))
        XCTAssertTrue(freecell.movesRuns && freecell.limitsRuns)
        XCTAssertFalse(freecell.takesBack, "FreeCell keeps its foundations' cards, as Microsoft's does")
        XCTAssertTrue(try XCTUnwrap(OpenShape(rules: rulesOf(shippedLayout("bakers-game")))).takesBack)
        XCTAssertEqual(freecell.emptyColumn, .any)
        let castle = try XCTUnwrap(OpenShape(rules: rulesOf(shippedLayout("beleaguered-castle"))))
        XCTAssertFalse(castle.takesBack)
        XCTAssertEqual(
            try XCTUnwrap(OpenShape(rules: rulesOf(shippedLayout("seahaven-towers")))).emptyColumn, .rank(13))
        XCTAssertFalse(try XCTUnwrap(OpenShape(rules: rulesOf(shippedLayout("fortress")))).movesRuns)
        XCTAssertEqual(freecell.decks, 1)
        XCTAssertEqual(try XCTUnwrap(OpenShape(rules: rulesOf(shippedLayout("double-freecell")))).decks, 2)
        // Two decks whose foundations give cards back: wins only, no proofs.
        for (name, proves) in [("double-freecell", false), ("freecell", true), ("bakers-game", true)] {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let solver = Solver(rules: rules)
            let search = try XCTUnwrap(
                OpenSearch(
                    shape: try XCTUnwrap(solver.model.open), model: solver.model, rules: rules,
                    start: rules.deal(seed: 1), memory: 1 << 20))
            XCTAssertEqual(search.proves, proves, name)
        }
        // Foundations in alternate colours, cards face down, a stock, a script, no rules.
        for name in [
            "spanish-patience", "castles-in-spain", "odessa", "storehouse", "la-belle-lucie",
            "free30", "klondike", "spider", "yukon", "golf",
        ] {
            XCTAssertNil(OpenShape(rules: rulesOf(shippedLayout(name))), name)
        }
    }

    /// The board plays moves as the table's rules do, foundations given back included, folds the
    /// cards the rules let go up (each a legal move of the table), and takes them back exactly.
    func testTheBoardPlaysAsTheRulesDo() throws {
        var random = SmallRandom(state: 7411)
        var steps = 0
        for name in games {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let solver = Solver(rules: rules)
            let shape = try XCTUnwrap(solver.model.open)
            for seed in 1...4 {
                var state = rules.deal(seed: UInt64(seed))
                var board = try XCTUnwrap(OpenSearch.board(of: state, shape: shape, model: solver.model))
                let first = board
                var undos: [OpenUndo] = []
                for step in 0..<100 {
                    steps += 1
                    let moves = rules.legalMoves(in: state).filter {
                        $0.kind == .transfer && fits($0, in: state, shape)
                    }
                    guard !moves.isEmpty else { break }
                    let move = moves[random.below(moves.count)]
                    let played = openMove(move, in: state, shape: shape)
                    _ = rules.apply(move, to: &state)
                    let undo = board.play(played)
                    undos.append(undo)
                    for entry in board.foldLog.suffix(Int(undo.folded)) {
                        let card = PileCard(raw: UInt8(entry & 0xFF) | 0x80)
                        let folded = Move.transfer(
                            from: pile(OpenPlace(entry >> 8), shape: shape),
                            to: foundation(for: card, in: state, shape: shape), count: 1)
                        XCTAssertTrue(rules.allows(folded, in: state), "\(name) #\(seed) \(step): \(folded)")
                        _ = rules.apply(folded, to: &state)
                    }
                    let expected = try XCTUnwrap(
                        OpenSearch.board(of: state, shape: shape, model: solver.model), "\(name) #\(seed) \(step)")
                    assertSame(board, expected, "\(name) #\(seed) after \(step + 1) moves")
                }
                while let undo = undos.popLast() { board.takeBack(undo) }
                assertSame(board, first, "\(name) #\(seed) taken back")
            }
        }
        XCTAssertGreaterThan(steps, games.count * 4 * 45, "the random games ended too soon")
    }

    /// A move foreseen (``OpenBoard/foresee(_:)``) gives the key and promise that playing it
    /// gives, for every legal move along random games of every open game.
    func testAForeseenMoveLeadsWhereThePlayedOneDoes() throws {
        var random = SmallRandom(state: 9127)
        var foreseen = 0
        var played = 0
        for name in games {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let solver = Solver(rules: rules)
            let shape = try XCTUnwrap(solver.model.open)
            for seed in 1...3 {
                var state = rules.deal(seed: UInt64(seed))
                for step in 0..<60 {
                    let board = try XCTUnwrap(OpenSearch.board(of: state, shape: shape, model: solver.model))
                    let moves = rules.legalMoves(in: state).filter {
                        $0.kind == .transfer && fits($0, in: state, shape)
                    }
                    guard !moves.isEmpty else { break }
                    for move in moves {
                        let open = openMove(move, in: state, shape: shape)
                        var after = board
                        _ = after.play(open)
                        guard let foresight = board.foresee(open) else {
                            played += 1
                            continue
                        }
                        foreseen += 1
                        XCTAssertEqual(foresight.key, after.key, "\(name) #\(seed) \(step): \(move)")
                        XCTAssertEqual(foresight.promise, after.promise(), "\(name) #\(seed) \(step): \(move)")
                    }
                    _ = rules.apply(moves[random.below(moves.count)], to: &state)
                }
            }
        }
        XCTAssertGreaterThan(foreseen, 5000, "too few moves foreseen to tell")
        XCTAssertGreaterThan(played, 100, "too few moves left to be played")
    }

    /// Columns and cells in another order are the same position.
    func testInterchangeablePilesShareAKey() throws {
        let rules = rulesOf(shippedLayout("eight-off")) as! DeclarativeRules
        let solver = Solver(rules: rules)
        let shape = try XCTUnwrap(solver.model.open)
        let state = rules.deal(seed: 5)
        var swapped = state
        swapped.piles[shape.columns[0]] = state.piles[shape.columns[5]]
        swapped.piles[shape.columns[5]] = state.piles[shape.columns[0]]
        swapped.piles[shape.cells[0]] = state.piles[shape.cells[1]]
        swapped.piles[shape.cells[1]] = state.piles[shape.cells[0]]
        let board = try XCTUnwrap(OpenSearch.board(of: state, shape: shape, model: solver.model))
        let other = try XCTUnwrap(OpenSearch.board(of: swapped, shape: shape, model: solver.model))
        XCTAssertNotEqual(state.piles[shape.columns[0]], state.piles[shape.columns[5]])
        XCTAssertEqual(board.key, other.key)
        var moved = state
        moved.piles[shape.columns[0]].append(moved.piles[shape.columns[1]].removeLast())
        XCTAssertNotEqual(try XCTUnwrap(OpenSearch.board(of: moved, shape: shape, model: solver.model)).key, board.key)
    }

    /// Endgames (every card up to a rank on the foundations already, the others dealt anew into
    /// a few columns, the other columns and the cells empty): the search answers as the general
    /// depth-first search does (itself checked against a plain search of every position in
    /// SoundnessTests), and its wins replay on the rules.
    func testItAgreesWithTheGeneralSearchOnEndgames() throws {
        var answers: [SolverVerdict: Int] = [:]
        for (name, lowest, columns) in [
            ("freecell", 6, 2), ("bakers-game", 6, 2), ("beleaguered-castle", 6, 3), ("fortress", 5, 4),
            ("bakers-dozen", 6, 5), ("streets-and-alleys", 7, 3), ("double-freecell", 7, 2),
        ] {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let solver = Solver(rules: rules)
            let shape = try XCTUnwrap(solver.model.open)
            for seed in 1...4 {
                let start = endgame(
                    rules.deal(seed: UInt64(seed)), shape: shape, upTo: lowest, columns: columns, seed: UInt64(seed))
                guard
                    let expected = assertFamilySearchAgrees(
                        .open, rules: rules, model: solver.model, state: start, positions: 10_000, "\(name) #\(seed)")
                else { continue }
                answers[expected, default: 0] += 1
            }
        }
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 10, "too few won endgames: \(answers)")
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 3, "too few lost endgames: \(answers)")
    }

    /// The whole walk that never starts again, made to take turns from the first attempt on: on
    /// endgames the search still answers as the general depth-first search does, and the walk
    /// itself proves some of the lost ones.
    func testTheProvingWalkAgreesWithTheGeneralSearch() throws {
        var answers: [SolverVerdict: Int] = [:]
        var provedByTheWalk = 0
        for (name, lowest, columns) in [
            ("freecell", 6, 2), ("bakers-game", 6, 2), ("beleaguered-castle", 6, 3), ("fortress", 5, 4),
            ("bakers-dozen", 6, 5), ("streets-and-alleys", 7, 3),
        ] {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let solver = Solver(rules: rules)
            let shape = try XCTUnwrap(solver.model.open)
            for seed in 1...4 {
                let start = endgame(
                    rules.deal(seed: UInt64(seed)), shape: shape, upTo: lowest, columns: columns, seed: UInt64(seed))
                var general = SearchPortfolio(
                    rules: rules, model: solver.model, start: start, budget: SolverBudget(positions: 20_000),
                    isCancelled: { false })
                general.plan = [.prover]
                let expected = general.run().verdict
                guard expected != .unknown else { continue }
                answers[expected, default: 0] += 1
                var search = try XCTUnwrap(
                    OpenSearch(shape: shape, model: solver.model, rules: rules, start: start, memory: 16 << 20))
                search.provingFrom = 64
                search.run(upTo: 1_000_000)
                XCTAssertEqual(search.verdict, expected, "\(name) #\(seed)")
                if search.verdict == .solved {
                    assertReplaysToWin(search.solution(), from: start, rules: rules, "\(name) #\(seed)")
                }
                if search.provedByTheProvingWalk { provedByTheWalk += 1 }
            }
        }
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 5, "too few won endgames: \(answers)")
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 3, "too few lost endgames: \(answers)")
        XCTAssertGreaterThan(provedByTheWalk, 0, "the proving walk proved none of \(answers)")
    }

    /// The stack stays within its share of the memory however long the search runs.
    func testTheStackStaysWithinItsMemory() throws {
        let rules = rulesOf(shippedLayout("beleaguered-castle")) as! DeclarativeRules
        let solver = Solver(rules: rules)
        let shape = try XCTUnwrap(solver.model.open)
        var search = try XCTUnwrap(
            OpenSearch(shape: shape, model: solver.model, rules: rules, start: rules.deal(seed: 3), memory: 256 << 10))
        for step in 1...4_000 {
            search.run(upTo: step * 50)
            XCTAssertLessThanOrEqual(search.stackBytes, search.stackLimit + 8 << 10, "after \(step * 50) positions")
            if search.verdict != nil { break }
        }
    }

    /// Whole deals: won, and the wins are the player's legal moves; FreeCell's deal 11982 lost.
    func testItWinsWholeDeals() {
        for (name, deal) in [
            ("freecell", 1), ("freecell", 617), ("bakers-game", 1), ("eight-off", 2), ("seahaven-towers", 3),
            ("beleaguered-castle", 1), ("stronghold", 1), ("bastion", 2), ("bakers-dozen", 1),
            ("double-freecell", 1),
        ] {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let start = rules.deal(seed: UInt64(deal))
            let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 2_000_000))
            XCTAssertEqual(result.verdict, .solved, "\(name) #\(deal)")
            assertReplaysToWin(result.moves, from: start, rules: rules, "\(name) #\(deal)")
        }
    }
}

extension OpenSearchTests {
    /// Whether the board can hold where a move leads: not where a foundation emptied with two
    /// decks takes the Ace of a suit that another foundation holds (OpenSearch.swift, `proves`).
    fileprivate func fits(_ move: Move, in state: GameState, _ shape: OpenShape) -> Bool {
        guard shape.foundations.contains(move.to), state.piles[move.to].isEmpty,
            let card = state.piles[move.from].last
        else { return true }
        return !shape.foundations.contains { state.piles[$0].first?.suitIndex == card.suitIndex }
    }

    /// A deal with every card of rank `lowest` or less on the foundations already (a foundation
    /// a suit, in layout order), the others shuffled and dealt round the first `columns` columns.
    fileprivate func endgame(_ start: GameState, shape: OpenShape, upTo lowest: Int, columns: Int, seed: UInt64)
        -> GameState
    {
        var state = start
        var kept = shape.columns.flatMap { state.piles[$0] }.filter { $0.rank > lowest }
        kept += shape.cells.flatMap { state.piles[$0] }.filter { $0.rank > lowest }
        if shape.decks == 2 {
            // The first deck's cards all up, the foundations on their second round.
            var seen = Set<UInt8>()
            kept = kept.filter { seen.insert($0.raw).inserted }
        }
        var random = SmallRandom(state: seed)
        for index in kept.indices.reversed() { kept.swapAt(index, random.below(index + 1)) }
        for pile in shape.columns + shape.cells { state.piles[pile] = [] }
        for (place, card) in kept.enumerated() { state.piles[shape.columns[place % columns]].append(card) }
        for (suit, foundation) in shape.foundations.enumerated() {
            state.piles[foundation] = (0..<(13 * (shape.decks - 1) + lowest)).map {
                PileCard(raw: UInt8(suit << 4 | ($0 % 13 + 1)) | 0x80)
            }
        }
        return state
    }

    /// The table's pile for a place of the board other than a foundation.
    fileprivate func pile(_ place: OpenPlace, shape: OpenShape) -> Int {
        place < OpenMove.firstCell ? shape.columns[Int(place)] : shape.cells[Int(place - OpenMove.firstCell)]
    }

    /// The foundation a card goes to: the one of its suit, or the first empty one.
    fileprivate func foundation(for card: PileCard, in state: GameState, shape: OpenShape) -> Int {
        shape.foundations.first { state.piles[$0].last?.suitIndex == card.suitIndex }
            ?? shape.foundations.first { state.piles[$0].isEmpty }!
    }

    /// The search's move for a move of the table.
    fileprivate func openMove(_ move: Move, in state: GameState, shape: OpenShape) -> OpenMove {
        func place(_ pile: Int, card: PileCard) -> OpenPlace {
            if let column = shape.columns.firstIndex(of: pile) { return OpenPlace(column) }
            if let cell = shape.cells.firstIndex(of: pile) { return OpenMove.firstCell + OpenPlace(cell) }
            return OpenMove.firstFoundation + OpenPlace(card.suitIndex)
        }
        let source = state.piles[move.from]
        let card = source[source.count - move.count]
        return OpenMove(from: place(move.from, card: card), to: place(move.to, card: card), count: UInt8(move.count))
    }

    /// Two boards hold the same position, and give it the same key.
    fileprivate func assertSame(
        _ board: OpenBoard, _ expected: OpenBoard, _ message: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(board.heights, expected.heights, message, file: file, line: line)
        XCTAssertEqual(board.cells, expected.cells, message, file: file, line: line)
        XCTAssertEqual(board.foundation, expected.foundation, message, file: file, line: line)
        XCTAssertEqual(board.up, expected.up, message, file: file, line: line)
        XCTAssertEqual(board.upCount, expected.upCount, message, file: file, line: line)
        for column in 0..<board.columnCount {
            XCTAssertEqual(
                (0..<board.heights[column]).map { board.card(column, $0) },
                (0..<expected.heights[column]).map { expected.card(column, $0) }, "\(message), column \(column)",
                file: file, line: line)
            XCTAssertEqual(
                board.movableRun(column), expected.movableRun(column), "\(message), run on column \(column)",
                file: file, line: line)
        }
        XCTAssertEqual(board.key, expected.key, message, file: file, line: line)
        XCTAssertEqual(board.promise(), expected.promise(), message, file: file, line: line)
    }
}
