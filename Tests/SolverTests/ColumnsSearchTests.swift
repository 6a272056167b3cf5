import Layouts
import Scripting
import Solitaire
import XCTest

@testable import Solver

/// The own search of games of columns and a stock: which games get it, its board plays and takes
/// back as the table's rules do, it answers as the general depth-first search does on small
/// endgames, and it wins whole deals.
final class ColumnsSearchTests: XCTestCase {
    /// The shipped games that get it, and the search they get.
    private let games: [String: SearchSettings.Order] = [
        "forty-thieves": .columns, "emperor": .columns, "indian": .columns, "josephine": .columns,
        "limited": .columns, "lucas": .columns, "maria": .columns, "napoleons-square": .columns,
        "number-ten": .columns, "rank-and-file": .columns, "streets": .columns, "gypsy": .columns,
        "easthaven": .columns, "gargantua": .columns, "royal-east": .columns, "agnes": .columns,
        "canfield": .columns, "storehouse": .columns, "kansas": .columns, "yukon": .columns,
        "russian-solitaire": .columns, "moosehide": .columns, "giant": .columns,
    ]

    func testTheGamesOfColumnsAndAStockGetIt() throws {
        var got: [String] = []
        for name in ShippedLayouts.names {
            guard let layout = ShippedLayouts.layout(named: name), layout.rules != nil else { continue }
            let rules = rulesOf(layout)
            guard Solver(rules: rules).model.columnGame != nil else { continue }
            got.append(name)
        }
        print("games of columns and a stock:", got.joined(separator: " "))
        for name in games.keys.sorted() {
            XCTAssertTrue(got.contains(name), name)
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let solver = Solver(rules: rules)
            let portfolio = SearchPortfolio(
                rules: rules, model: solver.model, start: rules.deal(seed: 1), budget: .hint, isCancelled: { false })
            let shape = try XCTUnwrap(solver.model.columnGame)
            let stocked = shape.stock.map { rules.deal(seed: 1).piles[$0].count } ?? 0
            let plans = stocked >= ColumnsPhaseSearch.stockToPlan && !shape.unlimitedRedeals
            XCTAssertEqual(
                portfolio.searches().map(\.order), plans ? [games[name]!, .columnsPhases] : [games[name]!], name)
        }
        // Cells, collecting foundations, columns that build up or down (Alaska's), reserves the
        // stock deals to, `takes-from` and foundations of any suit.
        for name in ["freecell", "spider", "lady-jane", "alaska", "scorpion", "golf", "sir-tommy", "bristol"]
        where ShippedLayouts.layout(named: name) != nil {
            XCTAssertNil(Solver(rules: rulesOf(shippedLayout(name))).model.columnGame, name)
        }
        let forty = try XCTUnwrap(Solver(rules: rulesOf(shippedLayout("forty-thieves"))).model.columnGame)
        XCTAssertFalse(forty.movesRuns)
        XCTAssertTrue(forty.takesBack)
        XCTAssertNotNil(forty.waste)
        let gypsy = try XCTUnwrap(Solver(rules: rulesOf(shippedLayout("gypsy"))).model.columnGame)
        XCTAssertTrue(gypsy.movesRuns)
        XCTAssertTrue(gypsy.dealsToColumns)
        let canfield = try XCTUnwrap(Solver(rules: rulesOf(shippedLayout("canfield"))).model.columnGame)
        XCTAssertNotNil(canfield.reserve)
        XCTAssertTrue(canfield.refillsFromReserve)
        XCTAssertTrue(canfield.unlimitedRedeals)
        let kansas = try XCTUnwrap(Solver(rules: rulesOf(shippedLayout("kansas"))).model.columnGame)
        XCTAssertEqual(
            [kansas.emptyFromColumns, kansas.emptyFromWaste, kansas.emptyFromReserve], [false, true, false])
    }

    /// The board plays moves as the table's rules do, the cards turned up included, and takes
    /// them back exactly (with nothing folded: the rules fold nothing).
    func testTheBoardPlaysAsTheRulesDo() throws {
        var random = SmallRandom(state: 4099)
        for name in games.keys.sorted() {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let shape = try XCTUnwrap(ColumnsShape(rules: rules, mustBeUp: nil))
            for seed in 1...3 {
                var state = rules.deal(seed: UInt64(seed))
                var board = try XCTUnwrap(ColumnsSearch.board(of: state, shape: shape))
                let first = board
                var marks: [Int] = []
                for step in 0..<150 {
                    let moves = rules.legalMoves(in: state).filter { $0.kind == .transfer || $0.kind == .stock }
                    guard !moves.isEmpty else { break }
                    // Clicks less often, so that the columns see play.
                    var move = moves[random.below(moves.count)]
                    if move.kind == .stock && random.below(3) != 0 { move = moves[random.below(moves.count)] }
                    _ = rules.apply(move, to: &state)
                    marks.append(board.play(columnsMove(move, shape: shape)))
                    let expected = try XCTUnwrap(
                        ColumnsSearch.board(of: state, shape: shape), "\(name) #\(seed) \(step)")
                    assertSame(board, expected, "\(name) #\(seed) after \(step + 1) moves (\(move))")
                }
                XCTAssertEqual(board.tableMoves().count, marks.count, "\(name) #\(seed)")
                while let mark = marks.popLast() { board.takeBack(to: mark) }
                assertSame(board, first, "\(name) #\(seed) taken back")
            }
        }
    }

    /// Alike columns and foundations swapped give the same key, as long as the stock does not
    /// deal to the columns in order.
    func testAlikePilesShareAKey() throws {
        let rules = rulesOf(shippedLayout("forty-thieves")) as! DeclarativeRules
        let shape = try XCTUnwrap(ColumnsShape(rules: rules, mustBeUp: nil))
        var state = rules.deal(seed: 5)
        state.piles[shape.foundations[0]] = [PileCard(raw: 0x81)]
        let key = try XCTUnwrap(ColumnsSearch.board(of: state, shape: shape)).key()
        state.piles.swapAt(shape.columns[1], shape.columns[6])
        state.piles.swapAt(shape.foundations[0], shape.foundations[5])
        XCTAssertEqual(try XCTUnwrap(ColumnsSearch.board(of: state, shape: shape)).key(), key)
        let gypsy = rulesOf(shippedLayout("gypsy")) as! DeclarativeRules
        let gypsyShape = try XCTUnwrap(ColumnsShape(rules: gypsy, mustBeUp: nil))
        var dealt = gypsy.deal(seed: 5)
        let pinned = try XCTUnwrap(ColumnsSearch.board(of: dealt, shape: gypsyShape)).key()
        dealt.piles.swapAt(gypsyShape.columns[1], gypsyShape.columns[6])
        XCTAssertNotEqual(try XCTUnwrap(ColumnsSearch.board(of: dealt, shape: gypsyShape)).key(), pinned)
    }

    /// Endgames (every card up to a rank on the foundations, the others where the deal put them):
    /// the search answers as the general depth-first search does (itself checked against a plain
    /// search of every position in SoundnessTests), and its wins replay on the rules.
    func testItAgreesWithTheGeneralSearchOnEndgames() throws {
        var answers: [SolverVerdict: Int] = [:]
        for name in ["forty-thieves", "number-ten", "gypsy", "easthaven"] {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let solver = Solver(rules: rules)
            let shape = try XCTUnwrap(solver.model.columnGame)
            for seed in 1...4 {
                var state = rules.deal(seed: UInt64(seed))
                // Play some moves first, so that the endgame is not a fresh deal's.
                var random = SmallRandom(state: UInt64(seed * 77))
                for _ in 0..<(seed * 25) {
                    let moves = rules.legalMoves(in: state).filter { $0.kind == .transfer || $0.kind == .stock }
                    guard !moves.isEmpty else { break }
                    _ = rules.apply(moves[random.below(moves.count)], to: &state)
                }
                let start = endgame(state, shape: shape, upTo: seed % 2 == 0 ? 10 : 11)
                guard
                    let expected = assertFamilySearchAgrees(
                        .columns, rules: rules, model: solver.model, state: start, positions: 30_000,
                        "\(name) #\(seed)")
                else { continue }
                answers[expected, default: 0] += 1
            }
        }
        // The general search proves none of these endgames lost within its positions (a loss
        // there takes every position of a few dozen cards): the agreement is on wins only.
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 8, "too few won endgames")
    }

    /// Small random positions (a few ranks of a few suits, dealt round the columns and the
    /// stock): the search answers as the general depth-first search does, losses included.
    func testItAgreesWithTheGeneralSearchOnSmallPositions() throws {
        var answers: [SolverVerdict: Int] = [:]
        var random = SmallRandom(state: 7717)
        for name in ["forty-thieves", "josephine", "number-ten", "gypsy", "easthaven", "gargantua"] {
            let layout = shippedLayout(name)
            let rules = rulesOf(layout) as! DeclarativeRules
            let solver = Solver(rules: rules)
            for number in 0..<8 {
                let start = SmallGames.position(
                    layout, ranks: 4 + number % 2, suits: 3, faceDown: number % 4 < 2, random: &random)
                guard
                    let expected = assertFamilySearchAgrees(
                        .columns, rules: rules, model: solver.model, state: start, positions: 30_000,
                        "\(name) small #\(number)")
                else { continue }
                answers[expected, default: 0] += 1
            }
        }
        // With empty columns that take any card (and cards back off the foundations) so few
        // cards are always won: the agreement is on wins only here too.
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 8, "too few won positions")
    }

    /// Foundations that start from the deal's rank and count on past the King (Royal East,
    /// Agnes): small positions of all thirteen ranks of one or two suits, a card of a random rank
    /// on the first foundation setting the base. The search answers as the general depth-first
    /// search does, losses included.
    func testItAgreesOnFoundationsFromTheDealtRank() throws {
        var answers: [SolverVerdict: Int] = [:]
        var random = SmallRandom(state: 9001)
        for name in ["royal-east", "agnes"] {
            let layout = shippedLayout(name)
            let rules = rulesOf(layout) as! DeclarativeRules
            let solver = Solver(rules: rules)
            let shape = try XCTUnwrap(solver.model.columnGame)
            for number in 0..<12 {
                var start = SmallGames.position(
                    layout, ranks: 13, suits: 1 + number % 2, faceDown: number % 3 == 0, random: &random)
                let base = 1 + random.below(13)
                let pile = try XCTUnwrap(start.piles.indices.first { start.piles[$0].contains { $0.rank == base } })
                let index = start.piles[pile].firstIndex { $0.rank == base }!
                var card = start.piles[pile].remove(at: index)
                card.faceUp = true
                if shape.columns.contains(pile), !start.piles[pile].isEmpty {
                    start.piles[pile][start.piles[pile].count - 1].faceUp = true
                }
                start.piles[shape.foundations[0]] = [card]
                start.dealtBase = base
                XCTAssertNotNil(ColumnsSearch.board(of: start, shape: shape), "\(name) #\(number)")
                guard
                    let expected = assertFamilySearchAgrees(
                        .columns, rules: rules, model: solver.model, state: start, positions: 100_000,
                        "\(name) small #\(number) from rank \(base)")
                else { continue }
                answers[expected, default: 0] += 1
            }
        }
        print("dealt-rank foundations, small positions:", answers)
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 4, "too few won positions")
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 2, "too few lost positions")
    }

    /// The Canfield family (a reserve the columns refill from, foundations from the deal's rank,
    /// a stock turned without limit and walked, `empty-from`): small positions of thirteen ranks
    /// of one or two suits, and endgames of whole deals (every card up to a rank on the
    /// foundations). The search answers as the general depth-first search does, losses
    /// included, and as a plain search of every position where that one finishes.
    func testItAgreesOnTheCanfieldFamily() throws {
        var answers: [SolverVerdict: Int] = [:]
        var plainChecked = 0
        var random = SmallRandom(state: 6113)
        for name in ["canfield", "storehouse", "kansas"] {
            let layout = shippedLayout(name)
            let rules = rulesOf(layout) as! DeclarativeRules
            let solver = Solver(rules: rules)
            let shape = try XCTUnwrap(solver.model.columnGame)
            for number in 0..<10 {
                var start = SmallGames.position(
                    layout, ranks: 13, suits: 1 + number % 2, faceDown: number % 3 == 0, random: &random)
                // The reserve as dealt: its top card face up, the others down.
                if let reserve = shape.reserve {
                    for index in start.piles[reserve].indices {
                        start.piles[reserve][index].faceUp = index == start.piles[reserve].count - 1
                    }
                }
                if case .dealt = shape.foundationBase { start.dealtBase = 1 }
                XCTAssertNotNil(ColumnsSearch.board(of: start, shape: shape), "\(name) #\(number)")
                assertAgrees(
                    start, rules: rules, model: solver.model, positions: 100_000, plainLimit: 300_000,
                    "\(name) small #\(number)", answers: &answers, plainChecked: &plainChecked)
            }
        }
        for name in ["canfield", "kansas"] {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let solver = Solver(rules: rules)
            let shape = try XCTUnwrap(solver.model.columnGame)
            for seed in 1...4 {
                var dealt = rules.deal(seed: UInt64(seed))
                dealt.dealtBase = 1
                let start = endgame(dealt, shape: shape, upTo: 8 + seed % 2)
                guard
                    let expected = assertFamilySearchAgrees(
                        .columns, rules: rules, model: solver.model, state: start, positions: 30_000,
                        "\(name) #\(seed) endgame")
                else { continue }
                answers[expected, default: 0] += 1
            }
        }
        print("the Canfield family:", answers, "checked by a plain search:", plainChecked)
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 4, "too few won positions")
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 2, "too few lost positions")
    }

    /// The Yukon family (any face-up card moves with every card on it) and Giant (a free cell):
    /// small positions of five or six ranks of three suits (three or four of two for Giant), face
    /// down or up. The search answers as the general depth-first search does, losses included,
    /// and as a plain search of every position where that one finishes.
    func testItAgreesOnTheYukonFamilyAndOnFreeCells() throws {
        var answers: [SolverVerdict: Int] = [:]
        var plainChecked = 0
        var random = SmallRandom(state: 3571)
        for name in ["yukon", "russian-solitaire", "giant"] {
            let layout = shippedLayout(name)
            let rules = rulesOf(layout) as! DeclarativeRules
            let solver = Solver(rules: rules)
            let shape = try XCTUnwrap(solver.model.columnGame)
            XCTAssertTrue(shape.movesFaceUp || !shape.cells.isEmpty, name)
            // Giant's eight columns, free cell and cards back off the foundations make many
            // positions of few cards (too many for the plain search): fewer ranks there.
            let giant = name == "giant"
            for number in 0..<8 {
                let start = SmallGames.position(
                    layout, ranks: giant ? 3 + number % 2 : 5 + number % 2, suits: giant ? 2 : 3,
                    faceDown: number % 2 == 0, random: &random)
                assertAgrees(
                    start, rules: rules, model: solver.model, positions: 30_000, plainLimit: giant ? nil : 100_000,
                    "\(name) small #\(number)", answers: &answers, plainChecked: &plainChecked)
            }
        }
        print("the Yukon family and Giant:", answers, "checked by a plain search:", plainChecked)
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 4, "too few won positions")
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 2, "too few lost positions")
        XCTAssertGreaterThanOrEqual(plainChecked, 6, "too few checked by the plain search")
    }

    /// The search that plans from click to click, alone: it wins deals of Gypsy and Forty
    /// Thieves that the depth-first search alone does not win in as many positions (100,000), and its
    /// wins are the player's legal moves.
    func testPlanningFromClickToClickWinsWhatTheDepthFirstSearchDoesNot() {
        var phasesWon = 0
        var depthFirstWon = 0
        for (name, deal) in [("gypsy", 1), ("gypsy", 2), ("forty-thieves", 4)] {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let solver = Solver(rules: rules)
            let start = rules.deal(seed: UInt64(deal))
            var phases = SearchPortfolio(
                rules: rules, model: solver.model, start: start, budget: SolverBudget(positions: 100_000),
                isCancelled: { false })
            phases.plan = [.columnsPhases]
            let won = phases.run()
            if won.verdict == .solved {
                phasesWon += 1
                assertReplaysToWin(won.moves, from: start, rules: rules, "\(name) #\(deal)")
            }
            XCTAssertNotEqual(won.verdict, .impossible, "\(name) #\(deal): it proves nothing")
            var depthFirst = SearchPortfolio(
                rules: rules, model: solver.model, start: start, budget: SolverBudget(positions: 100_000),
                isCancelled: { false })
            depthFirst.plan = [.columns]
            if depthFirst.run().verdict == .solved { depthFirstWon += 1 }
        }
        print("won in 100,000 positions: planning", phasesWon, "depth first", depthFirstWon)
        XCTAssertGreaterThanOrEqual(phasesWon, 3)
        XCTAssertGreaterThan(phasesWon, depthFirstWon)
    }

    /// Whole deals: won, and the wins are the player's legal moves.
    func testItWinsWholeDeals() {
        for (name, deal) in [("number-ten", 1), ("easthaven", 1), ("lucas", 3), ("gargantua", 2), ("royal-east", 2)] {
            let rules = rulesOf(shippedLayout(name)) as! DeclarativeRules
            let start = rules.deal(seed: UInt64(deal))
            let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 200_000))
            XCTAssertEqual(result.verdict, .solved, "\(name) #\(deal)")
            assertReplaysToWin(result.moves, from: start, rules: rules, "\(name) #\(deal)")
        }
    }
}

extension ColumnsSearchTests {
    /// A small position: the search answers as the general search does within `positions`, and
    /// as a plain search of every position where that one finishes within `plainLimit`; the
    /// answer and the plain search's check are counted.
    fileprivate func assertAgrees(
        _ start: GameState, rules: DeclarativeRules, model: SolverModel, positions: Int, plainLimit: Int?,
        _ message: String, answers: inout [SolverVerdict: Int], plainChecked: inout Int,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard
            let expected = assertFamilySearchAgrees(
                .columns, rules: rules, model: model, state: start, positions: positions, message, file: file,
                line: line)
        else { return }
        answers[expected, default: 0] += 1
        if let plainLimit, let plain = plainSearchWins(rules, from: start, limit: plainLimit) {
            XCTAssertEqual(plain ? .solved : .impossible, expected, "\(message): plain search", file: file, line: line)
            plainChecked += 1
        }
    }

    /// A position with every card up to `rank` (each suit, each copy) on the foundations and the
    /// others where they were, a column left with a face-down card on top turned up.
    fileprivate func endgame(_ start: GameState, shape: ColumnsShape, upTo rank: Int) -> GameState {
        var state = start
        var piles = shape.columns
        if let waste = shape.waste { piles.append(waste) }
        if let reserve = shape.reserve { piles.append(reserve) }
        for pile in piles {
            var cards = state.piles[pile].filter { $0.rank > rank }
            if !cards.isEmpty { cards[cards.count - 1].faceUp = true }
            state.piles[pile] = cards
        }
        if let stock = shape.stock { state.piles[stock] = state.piles[stock].filter { $0.rank > rank } }
        let copies = shape.foundations.count / 4
        for (number, foundation) in shape.foundations.enumerated() {
            let suit = number / copies
            state.piles[foundation] = (1...rank).map { PileCard(raw: UInt8(suit << 4 | $0) | 0x80) }
        }
        return state
    }

    /// The search's move for a move of the table.
    fileprivate func columnsMove(_ move: Move, shape: ColumnsShape) -> ColumnsMove {
        guard move.kind == .transfer else { return .click }
        func place(_ pile: Int) -> ColumnsPlace {
            if let column = shape.columns.firstIndex(of: pile) { return ColumnsPlace(column) }
            if let foundation = shape.foundations.firstIndex(of: pile) {
                return ColumnsPlace(shape.columns.count + foundation)
            }
            if pile == shape.reserve { return ColumnsBoard.reservePlace }
            if let cell = shape.cells.firstIndex(of: pile) {
                return ColumnsPlace(shape.columns.count + shape.foundations.count + cell)
            }
            return pile == shape.waste ? ColumnsBoard.wastePlace : ColumnsBoard.stockPlace
        }
        return ColumnsMove(from: place(move.from), to: place(move.to), count: UInt8(move.count))
    }

    /// Two boards hold the same position, and give it the same key.
    fileprivate func assertSame(
        _ board: ColumnsBoard, _ expected: ColumnsBoard, _ message: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(board.heights, expected.heights, message, file: file, line: line)
        XCTAssertEqual(board.downs, expected.downs, message, file: file, line: line)
        XCTAssertEqual(board.tops.sorted(), expected.tops.sorted(), message, file: file, line: line)
        XCTAssertEqual(board.waste, expected.waste, message, file: file, line: line)
        XCTAssertEqual(board.stock, expected.stock, message, file: file, line: line)
        XCTAssertEqual(board.reserve, expected.reserve, message, file: file, line: line)
        XCTAssertEqual(board.cells, expected.cells, message, file: file, line: line)
        XCTAssertEqual(board.redealsLeft, expected.redealsLeft, message, file: file, line: line)
        XCTAssertEqual(board.cardsUp, expected.cardsUp, message, file: file, line: line)
        XCTAssertEqual(board.allUp, expected.allUp, message, file: file, line: line)
        for column in 0..<board.columnCount {
            XCTAssertEqual(
                (0..<board.heights[column]).map { board.card(column, $0) },
                (0..<expected.heights[column]).map { expected.card(column, $0) }, "\(message), column \(column)",
                file: file, line: line)
        }
        XCTAssertEqual(board.key(), expected.key(), message, file: file, line: line)
    }
}
