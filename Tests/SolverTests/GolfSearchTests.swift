import Layouts
import Scripting
import Solitaire
import XCTest

@testable import Solver

/// The Golf family's own search: which games get it (Black Hole too, whose script only deals),
/// that its keys are the positions themselves, that it answers as the general searches do on
/// endgames of all three games and as black-hole-solve does on whole deals, that its wins are the
/// player's legal moves, and that it still proves with a table too small for its positions.
final class GolfSearchTests: XCTestCase {
    /// The rules the solver searches a shipped game by: the layout's own, for every game here
    /// (a scripted game whose script decides the play has none, and no Golf search).
    private func searched(_ name: String) -> DeclarativeRules? { rulesOf(shippedLayout(name)).declarativeRules }

    func testOnlyGolfLikeGamesGetIt() {
        for name in ["golf", "all-in-a-row", "black-hole"] {
            XCTAssertNotNil(searched(name).flatMap(GolfShape.init(rules:)), name)
        }
        for name in ["tri-peaks", "pyramid", "accordion", "klondike", "freecell", "aces-up", "monte-carlo"] {
            XCTAssertNil(searched(name).flatMap(GolfShape.init(rules:)), name)
        }
        let golf = GolfShape(rules: searched("golf")!)!
        XCTAssertTrue(golf.winsCleared)
        XCTAssertNotNil(golf.stock)
        XCTAssertEqual(golf.follows[13], 1 << 12, "a Queen goes on a King, nothing wraps")
        let hole = GolfShape(rules: searched("black-hole")!)!
        XCTAssertEqual(hole.follows[13], 1 << 12 | 1 << 1, "King and Ace are neighbours")
        XCTAssertNil(hole.stock)
        XCTAssertFalse(hole.winsCleared)
    }

    /// Black Hole's script only deals: the solver plays by the layout's rules, with no call to
    /// the script, and gives the same answers.
    func testAScriptThatOnlyDealsIsSearchedByTheLayoutsRules() throws {
        let blackHole = rulesOf(shippedLayout("black-hole"))
        XCTAssertNotNil(blackHole.declarativeRules)
        XCTAssertNil(rulesOf(shippedLayout("tri-peaks")).declarativeRules, "its script decides the moves")
        let start = blackHole.deal(seed: 3)
        XCTAssertEqual(start.piles.first { $0.count == 1 }?.first?.card.description, "AS")
        let solver = Solver(rules: blackHole)
        let searched = try XCTUnwrap(solver.searched as? DeclarativeRules)
        let portfolio = SearchPortfolio(
            rules: searched, model: solver.model, start: start, budget: .hint, isCancelled: { false })
        XCTAssertEqual(portfolio.searches().map(\.order), [.golf])
    }

    /// A position the search cannot hold (from a position file: a face-down card in a column, a
    /// card on a pile the game has none on) is refused, and the general searches take it.
    func testAPositionItCannotHoldGoesToTheGeneralSearches() throws {
        let rules = try XCTUnwrap(searched("golf"))
        let shape = try XCTUnwrap(GolfShape(rules: rules))
        let model = SolverModel(rules: rules, pileCount: rules.layout.slots.count)
        let start = rules.deal(seed: 1)
        XCTAssertNotNil(GolfSearch.packing(of: start, shape: shape))
        var faceDown = start
        faceDown.piles[shape.columns[0]][0].faceUp = false
        var missingPile = start
        missingPile.piles.removeLast()
        for (name, state) in [("face down in a column", faceDown), ("a pile short", missingPile)] {
            XCTAssertNil(GolfSearch.packing(of: state, shape: shape), name)
            XCTAssertNil(GolfSearch(shape: shape, rules: rules, start: state, memory: 1 << 20), name)
        }
        let portfolio = SearchPortfolio(
            rules: rules, model: model, start: faceDown, budget: .hint, isCancelled: { false })
        XCTAssertEqual(portfolio.searches().map(\.order), [.bestFirst, .bestFirst, .depthFirst])
    }

    /// No key is stored as zero, which the table reads as an empty slot, nor as one, which it
    /// stores a zero as: the mix is undone to find the one key that would be stored as one, and
    /// it is no key (every key has the marker bit and no higher bit).
    func testNoKeyIsStoredAsZeroOrOne() {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var inverse = multiplier
        for _ in 0..<6 { inverse = inverse &* (2 &- multiplier &* inverse) }
        XCTAssertEqual(multiplier &* inverse, 1)
        XCTAssertEqual(GolfSearch.stored(inverse), 1)
        let isKey = inverse & GolfSearch.marker != 0 && inverse >> 63 == 0
        XCTAssertFalse(isKey)
        XCTAssertNotEqual(GolfSearch.stored(GolfSearch.marker), 0)
    }

    /// Endgames of each game (some of each column's cards and of the stock already on the
    /// foundation, under its top card): the search answers as the general depth-first search
    /// does (itself checked against a plain search of every position in SoundnessTests), and its
    /// wins replay.
    func testItAgreesWithTheGeneralSearchOnEndgames() throws {
        var random = SmallRandom(state: 2611)
        for name in ["golf", "all-in-a-row", "black-hole"] {
            let rules = try XCTUnwrap(searched(name))
            let shape = try XCTUnwrap(GolfShape(rules: rules))
            let model = SolverModel(rules: rules, pileCount: rules.layout.slots.count)
            var answers: [SolverVerdict: Int] = [:]
            for sample in 0..<80 {
                let deal = rules.deal(seed: UInt64(1 + sample))
                let start =
                    sample.isMultiple(of: 2)
                    ? endgame(deal, shape: shape, random: &random)
                    : playableEndgame(deal, shape: shape, random: &random)
                var general = SearchPortfolio(
                    rules: rules, model: model, start: start, budget: SolverBudget(positions: 50_000),
                    isCancelled: { false })
                general.plan = [.prover]
                let expected = general.run().verdict
                guard expected != .unknown else { continue }
                answers[expected, default: 0] += 1
                var own = SearchPortfolio(
                    rules: rules, model: model, start: start, budget: SolverBudget(positions: 1_000_000),
                    isCancelled: { false })
                XCTAssertEqual(own.searches().map(\.order), [.golf], "\(name) #\(sample)")
                own.plan = [.golf]
                let result = own.run()
                XCTAssertEqual(result.verdict, expected, "\(name) #\(sample)")
                if result.verdict == .solved {
                    assertReplaysToWin(result.moves, from: start, rules: rules, "\(name) #\(sample)")
                }
            }
            XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 10, "\(name): too few won endgames")
            XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 10, "\(name): too few lost endgames")
        }
    }

    /// TriPeaks' layout promises its rules (`solver = "tri-peaks"`): its script adds only the
    /// peaks' covering to keys that are Golf's, so it gets the Golf family's search, with the
    /// peaks' covering; without the promise its script keeps it from it.
    func testTriPeaksGetsItWithItsPeaks() throws {
        let layout = shippedLayout("tri-peaks")
        let rules = rulesOf(layout)
        let shape = try XCTUnwrap(GolfShape(rules: rules))
        XCTAssertEqual(shape.columns.count, 28)
        XCTAssertEqual(shape.blockers[0], 1 << 3 | 1 << 4, "the first peak's top lies under the second row's first two")
        XCTAssertEqual(shape.blockers[9], 1 << 18 | 1 << 19)
        XCTAssertEqual(shape.blockers[18...].filter { $0 != 0 }.count, 0, "the bottom row lies free")
        XCTAssertEqual(shape.follows[13], 1 << 12 | 1 << 1, "King and Ace are neighbours")
        XCTAssertTrue(shape.winsCleared)
        var unpromised = layout
        unpromised.rules?.solver = nil
        XCTAssertNil(GolfShape(rules: rulesOf(unpromised)))
        let solver = Solver(rules: rules)
        let start = rules.deal(seed: 1)
        XCTAssertNotNil(GolfSearch.packing(of: start, shape: shape), "face-down cards under others are held")
        var uncovered = start
        uncovered.piles[shape.columns[27]][0].faceUp = false
        XCTAssertNil(GolfSearch.packing(of: uncovered, shape: shape), "a face-down card nothing covers")
        let scripted = try XCTUnwrap(rules as? ScriptedRules)
        let portfolio = SearchPortfolio(
            rules: scripted, model: solver.model, start: start, budget: .hint, isCancelled: { false })
        XCTAssertEqual(portfolio.searches().map(\.order), [.golf])
    }

    /// Elevator's and Escalator's layouts promise Elevator's rules (`solver = "elevator"`): Golf's
    /// keys and a pyramid's covering, so they get the Golf family's search with the pyramid;
    /// without the promise their scripts keep them from it.
    func testElevatorAndEscalatorGetItWithTheirPyramid() throws {
        for name in ["elevator", "escalator"] {
            let layout = shippedLayout(name)
            let rules = rulesOf(layout)
            let shape = try XCTUnwrap(GolfShape(rules: rules), name)
            XCTAssertEqual(shape.columns.count, 28, name)
            XCTAssertEqual(shape.blockers[0], 1 << 1 | 1 << 2, "\(name): the top lies under the second row")
            XCTAssertEqual(shape.blockers[4], 1 << 7 | 1 << 8, "\(name): the third row's middle card")
            XCTAssertEqual(shape.blockers[20], 1 << 26 | 1 << 27, "\(name): the sixth row's last card")
            XCTAssertEqual(shape.blockers[21...].filter { $0 != 0 }.count, 0, "\(name): the bottom row lies free")
            XCTAssertEqual(shape.follows[13], 1 << 12 | 1 << 1, "\(name): King and Ace are neighbours")
            XCTAssertFalse(shape.winsCleared, "\(name): won with every card on the waste")
            var unpromised = layout
            unpromised.rules?.solver = nil
            XCTAssertNil(GolfShape(rules: rulesOf(unpromised)), name)
            let solver = Solver(rules: rules)
            let start = rules.deal(seed: 1)
            XCTAssertNotNil(GolfSearch.packing(of: start, shape: shape), name)
            let scripted = try XCTUnwrap(rules as? ScriptedRules)
            let portfolio = SearchPortfolio(
                rules: scripted, model: solver.model, start: start, budget: .hint, isCancelled: { false })
            XCTAssertEqual(portfolio.searches().map(\.order), [.golf], name)
        }
    }

    /// TriPeaks endgames: a won deal's win played until few cards are left, then up to two
    /// random legal moves, and every other time a card left swapped with one under the
    /// foundation's top (often lost): the search answers as the general depth-first search does,
    /// through the script, and its wins replay on the script's rules.
    func testItAgreesWithTheGeneralSearchOnTriPeaksEndgames() throws {
        try assertAgreementOnEndgames(of: "tri-peaks", seed: 4402, deals: 1...40, lostAtLeast: 8)
    }

    /// Elevator's endgames, made the same way, with its face-down cards turned up by its script
    /// (fewer of its deals are won, so more are dealt).
    func testItAgreesWithTheGeneralSearchOnElevatorEndgames() throws {
        try assertAgreementOnEndgames(of: "elevator", seed: 5117, deals: 1...160, lostAtLeast: 5)
    }

    private func assertAgreementOnEndgames(
        of name: String, seed: UInt64, deals: ClosedRange<UInt64>, lostAtLeast: Int
    ) throws {
        let rules = try XCTUnwrap(rulesOf(shippedLayout(name)) as? ScriptedRules)
        let solver = Solver(rules: rules)
        let shape = try XCTUnwrap(solver.model.golf)
        var random = SmallRandom(state: seed)
        var answers: [SolverVerdict: Int] = [:]
        for deal in deals {
            let whole = solver.solve(from: rules.deal(seed: deal), budget: SolverBudget(positions: 1_000_000))
            guard whole.verdict == .solved else { continue }
            var state = rules.deal(seed: deal)
            for move in whole.moves {
                let left = shape.columns.reduce(0) { $0 + state.piles[$1].count } + state.piles[shape.stock!].count
                if left <= 14 { break }
                _ = rules.apply(move, to: &state)
            }
            for _ in 0..<random.below(3) {
                let moves = rules.legalMoves(in: state)
                guard !moves.isEmpty else { break }
                _ = rules.apply(moves[random.below(moves.count)], to: &state)
            }
            let foundation = shape.foundation
            let holding = shape.columns.filter { state.piles[$0].first?.faceUp == true }
            if random.below(2) == 0, state.piles[foundation].count > 1, !holding.isEmpty {
                let column = holding[random.below(holding.count)]
                let index = random.below(state.piles[foundation].count - 1)
                let card = state.piles[foundation][index]
                state.piles[foundation][index] = state.piles[column][0]
                state.piles[column][0] = card
            }
            guard
                let expected = assertFamilySearchAgrees(
                    .golf, rules: rules, model: solver.model, state: state, "\(name) deal \(deal)")
            else { continue }
            answers[expected, default: 0] += 1
        }
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 10, "\(name): too few won endgames")
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, lostAtLeast, "\(name): too few lost endgames")
    }

    /// Whole deals, won and lost, each answered as black-hole-solve answers it
    /// (scripts/bench-black-hole compares every deal): the wins replay on the table's rules.
    func testItDecidesWholeDeals() {
        let cases: [(String, UInt64, SolverVerdict)] = [
            ("golf", 7, .impossible), ("golf", 12, .solved),
            ("black-hole", 3, .impossible), ("black-hole", 24, .impossible), ("black-hole", 2, .solved),
            ("black-hole", 8, .solved),
            ("all-in-a-row", 18, .impossible), ("all-in-a-row", 21, .impossible), ("all-in-a-row", 12, .solved),
            ("all-in-a-row", 33, .solved),
        ]
        for (name, deal, verdict) in cases {
            let rules = rulesOf(shippedLayout(name))
            let start = rules.deal(seed: deal)
            let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 1_000_000))
            XCTAssertEqual(result.verdict, verdict, "\(name) \(deal)")
            if result.verdict == .solved {
                assertReplaysToWin(result.moves, from: start, rules: rules, "\(name) \(deal)")
            }
        }
    }

    /// A lost deal is proved lost with a table of a fifth of its positions as with room:
    /// forgotten positions are searched again, never left out.
    func testItProvesWithASmallTable() throws {
        let rules = try XCTUnwrap(searched("golf"))
        let shape = try XCTUnwrap(GolfShape(rules: rules))
        let start = rules.deal(seed: 7)
        var roomy = try XCTUnwrap(GolfSearch(shape: shape, rules: rules, start: start, memory: 64 << 20))
        roomy.run(upTo: 5_000_000)
        XCTAssertEqual(roomy.verdict, .impossible)
        var small = try XCTUnwrap(GolfSearch(shape: shape, rules: rules, start: start, memory: 1 << 20))
        small.run(upTo: 5_000_000)
        XCTAssertEqual(small.verdict, .impossible)
        XCTAssertGreaterThan(small.positions, roomy.positions, "it forgot nothing")
    }

    /// A run of cards each of which the foundation takes after the one before, from its top card,
    /// dealt onto random columns last card first (so each is on top when its turn comes): won
    /// by playing them in turn, unless the columns are cleared another way first. Every other
    /// card goes under the foundation's top card.
    private func playableEndgame(_ deal: GameState, shape: GolfShape, random: inout SmallRandom) -> GameState {
        var state = deal
        var pool: [PileCard] = []
        for pile in shape.columns + (shape.stock.map { [$0] } ?? []) {
            pool += state.piles[pile].map {
                var card = $0
                card.faceUp = true
                return card
            }
            state.piles[pile] = []
        }
        var foundation = state.piles[shape.foundation]
        if foundation.isEmpty { foundation = [pool.removeLast()] }
        var run: [PileCard] = []
        var top = foundation.last!.rank
        for _ in 0..<(4 + random.below(12)) {
            let fits = pool.indices.filter { shape.follows[top] & 1 << UInt16(pool[$0].rank) != 0 }
            guard !fits.isEmpty else { break }
            let card = pool.remove(at: fits[random.below(fits.count)])
            run.append(card)
            top = card.rank
        }
        for card in run.reversed() { state.piles[shape.columns[random.below(shape.columns.count)]].append(card) }
        state.piles[shape.foundation] = Array(foundation.dropLast()) + pool + Array(foundation.suffix(1))
        return state
    }

    /// Half the columns keep their bottom one or two cards, the others none, and the stock keeps
    /// up to its bottom eight; the cards taken off go under the foundation's top card, where
    /// nothing the rules decide looks.
    private func endgame(_ deal: GameState, shape: GolfShape, random: inout SmallRandom) -> GameState {
        var state = deal
        var taken: [PileCard] = []
        for column in shape.columns {
            let cards = state.piles[column].count
            let keep = cards == 0 || random.below(2) == 0 ? 0 : 1 + random.below(min(2, cards))
            taken += state.piles[column][keep...].map {
                var card = $0
                card.faceUp = true
                return card
            }
            state.piles[column].removeSubrange(keep...)
        }
        if let stock = shape.stock {
            let keep = random.below(min(8, state.piles[stock].count) + 1)
            taken += state.piles[stock][keep...].map {
                var card = $0
                card.faceUp = true
                return card
            }
            state.piles[stock].removeSubrange(keep...)
        }
        let foundation = state.piles[shape.foundation]
        state.piles[shape.foundation] = Array(foundation.dropLast()) + taken + Array(foundation.suffix(1))
        return state
    }
}
