import Layouts
import Solitaire
import XCTest

@testable import Solver

/// Klondike's own search: which games get it, that its positions treat runs on twin cards as one,
/// that it gives the general searches' answer wherever they answer, that its wins are the player's
/// legal moves (from the deal and from the middle of a game), and that it still proves with a
/// table far too small to hold its positions.
final class KlondikeSearchTests: XCTestCase {
    private func rules(_ name: String) -> DeclarativeRules { DeclarativeRules(layout: shippedLayout(name)) }

    func testOnlyKlondikeShapedGamesGetIt() {
        for name in ["klondike", "klondike-3", "saratoga"] {
            XCTAssertNotNil(KlondikeShape(rules: rules(name)), name)
        }
        for name in ["freecell", "canfield", "whitehead", "double-klondike", "yukon", "westcliff", "golf"] {
            XCTAssertNil(KlondikeShape(rules: rules(name)), name)
        }
    }

    /// The draw-3 stock's reachable cards: the waste's top, every third card after it, and after
    /// the redeal every third card from the start, with the last card always.
    func testTheStockReachesEveryThirdCard() {
        var position = KlondikePosition()
        position.deck = (1 << 10) - 1
        position.waste = 4
        let reach = position.reachableDeckIndices(draw: 3)
        let indices = (0..<10).filter { reach & (1 << UInt64($0)) != 0 }
        XCTAssertEqual(indices, [2, 3, 5, 6, 8, 9])
        XCTAssertEqual(position.reachableDeckIndices(draw: 1), (1 << 10) - 1)
    }

    /// A black Seven on each red Eight, swapped: one position for the search.
    func testRunsOnTwinCardsAreOnePosition() throws {
        let shape = try XCTUnwrap(KlondikeShape(rules: rules("klondike")))
        let foundations = ["", "", "", ""]
        func table(_ first: String, _ second: String) -> GameState {
            position(
                ["[2C] [3C] [4C]", "AC"] + foundations
                    + [
                        "[5C] 8H \(first)", "[6C] 8D \(second)", "KS", "[9C] TC", "[JC] QC", "[KC] 2D", "[4S] 3D",
                    ], redeals: .max)
        }
        let (_, one) = try XCTUnwrap(shape.position(of: fullDeck(table("7S", "7C"))))
        let (_, other) = try XCTUnwrap(shape.position(of: fullDeck(table("7C", "7S"))))
        XCTAssertTrue(one.isSame(as: other))
        XCTAssertEqual(one.key, other.key)
        // Moving a Seven between the Eights is no move: the bases and the set are unchanged.
        XCTAssertEqual(one.visible.nonzeroBitCount, 9)
        XCTAssertEqual(one.baseMask.nonzeroBitCount, 7)
    }

    /// A position Klondike's search cannot hold (from a position file: a card twice, a face-down
    /// card on top of a column, a foundation out of order) is refused, and another search takes
    /// it instead: the columns' search where it holds the position, else the general searches.
    func testAPositionItCannotHoldGoesToAnotherSearch() throws {
        let rules = rules("klondike")
        let shape = try XCTUnwrap(KlondikeShape(rules: rules))
        let start = rules.deal(seed: 1)
        XCTAssertNotNil(shape.position(of: start))
        let column = shape.columns[6]
        var faceDownOnTop = start
        faceDownOnTop.piles[column][faceDownOnTop.piles[column].count - 1].faceUp = false
        var twice = start
        twice.piles[shape.stock][0] = twice.piles[column].last!
        var outOfOrder = start
        outOfOrder.piles[shape.foundations[0]] = [try XCTUnwrap(start.piles[shape.stock].first)]
        outOfOrder.piles[shape.stock].removeFirst()
        outOfOrder.piles[shape.foundations[0]][0].faceUp = true
        // A card twice is a position the columns' search holds (it counts each card's copies);
        // the others go to the general searches.
        let general: [SearchSettings.Order] = [.bestFirst, .bestFirst, .depthFirst]
        for (name, state, expected) in [
            ("face down on top", faceDownOnTop, general), ("a card twice", twice, [.columns]),
            ("out of order", outOfOrder, general),
        ] {
            XCTAssertNil(shape.position(of: state), name)
            let portfolio = SearchPortfolio(
                rules: rules, model: SolverModel(rules: rules, pileCount: rules.layout.slots.count), start: state,
                budget: .hint, isCancelled: { false })
            XCTAssertEqual(portfolio.searches().map(\.order), expected, name)
        }
    }

    /// Deals the general searches decide within a small budget, won and lost, in both draws: the
    /// same answer, and every win replays.
    func testItAgreesWithTheGeneralSearches() {
        let cases: [(String, [UInt64])] = [
            ("klondike", [1, 3, 13, 15, 137]),
            ("klondike-3", [4, 10, 17, 21, 34, 35, 46, 103]),
        ]
        var answers: [SolverVerdict: Int] = [:]
        for (name, deals) in cases {
            let rules = rules(name)
            for deal in deals {
                let start = rules.deal(seed: deal)
                let expected = generalVerdict(rules, from: start, positions: 30_000)
                guard expected != .unknown else { continue }
                let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 1_000_000))
                XCTAssertEqual(result.verdict, expected, "\(name) \(deal)")
                if result.verdict == .solved {
                    assertReplaysToWin(result.moves, from: start, rules: rules, "\(name) \(deal)")
                }
                answers[expected, default: 0] += 1
            }
        }
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 6)
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 3)
    }

    /// From the middle of a won game (half its solution played, stock clicks and all), the
    /// search wins again, and the win replays.
    func testItWinsFromTheMiddleOfAGame() {
        for (name, deal) in [("klondike", UInt64(1)), ("klondike-3", 21), ("saratoga", 2)] {
            let rules = rules(name)
            var state = rules.deal(seed: deal)
            let first = Solver(rules: rules).solve(from: state, budget: SolverBudget(positions: 1_000_000))
            XCTAssertEqual(first.verdict, .solved, "\(name) \(deal)")
            for move in first.moves.prefix(first.moves.count / 2) { _ = rules.apply(move, to: &state) }
            let second = Solver(rules: rules).solve(from: state, budget: SolverBudget(positions: 1_000_000))
            XCTAssertEqual(second.verdict, .solved, "\(name) \(deal), half way")
            assertReplaysToWin(second.moves, from: state, rules: rules, "\(name) \(deal), half way")
        }
    }

    /// A lost deal is proved lost with a table of 192 keys, a sixth of its positions (it forgets
    /// and searches again), as with room.
    func testItProvesWithATinyTable() throws {
        let rules = rules("klondike-3")
        let shape = try XCTUnwrap(KlondikeShape(rules: rules))
        let start = rules.deal(seed: 17)
        let (deal, position) = try XCTUnwrap(shape.position(of: start))
        let replay = KlondikeReplay(rules: rules, shape: shape, start: start)
        var roomy = KlondikeSearch(deal: deal, start: position, replay: replay, memory: 64 << 20)
        roomy.run(upTo: 10_000_000)
        XCTAssertEqual(roomy.verdict, .impossible)
        var tiny = KlondikeSearch(deal: deal, start: position, replay: replay, memory: 8 << 10)
        tiny.run(upTo: 5_000_000)
        XCTAssertEqual(tiny.verdict, .impossible)
        XCTAssertTrue(tiny.proves)
        XCTAssertGreaterThan(tiny.positions, roomy.positions)
    }

    /// Endgames with most cards on the foundations and the rest dealt at random (face down or up,
    /// in order or not, some on the stock and waste), in both draws: the search answers as the
    /// general searches do wherever they answer (their depth-first search is checked against a
    /// plain search of every position in SoundnessTests; a plain search itself is lost in the
    /// orders of seven columns), and its wins replay. Every folded move and every dominance the
    /// search relies on is checked here.
    func testItAgreesWithTheGeneralSearchesOnEndgames() throws {
        var random = SmallRandom(state: 1717)
        for name in ["klondike", "klondike-3"] {
            let rules = rules(name)
            let solver = Solver(rules: rules)
            var answers: [Bool: Int] = [:]
            var sample = 0
            while sample < 400 && ((answers[true] ?? 0) < 60 || (answers[false] ?? 0) < 5) {
                sample += 1
                let start = endgame(rules, random: &random)
                guard KlondikeShape(rules: rules)?.position(of: start) != nil else {
                    return XCTFail("\(name) #\(sample): not a position the search holds")
                }
                let expected = generalVerdict(rules, from: start, positions: 20_000)
                guard expected != .unknown else { continue }
                let wins = expected == .solved
                answers[wins, default: 0] += 1
                let result = solver.solve(from: start, budget: SolverBudget(positions: 1_000_000))
                XCTAssertEqual(result.verdict, wins ? .solved : .impossible, "\(name) #\(sample)")
                if result.verdict == .solved {
                    assertReplaysToWin(result.moves, from: start, rules: rules, "\(name) #\(sample)")
                }
            }
            XCTAssertGreaterThanOrEqual(answers[true] ?? 0, 60, "\(name): too few won endgames")
            XCTAssertGreaterThanOrEqual(answers[false] ?? 0, 5, "\(name): too few lost endgames")
        }
    }

    /// Each suit on its foundation up to a rank from 4 to 12; the other cards shuffled onto the
    /// seven columns (the top card face up, the others mostly face down), the stock and the waste.
    private func endgame(_ rules: DeclarativeRules, random: inout SmallRandom) -> GameState {
        let layout = rules.layout
        var piles = [[PileCard]](repeating: [], count: layout.slots.count)
        let foundations = layout.slots.indices.filter { layout.slots[$0].kind == .foundation }
        let columns = layout.slots.indices.filter { layout.slots[$0].kind == .tableau }
        let stock = layout.slots.firstIndex { $0.kind == .stock }!
        let waste = layout.slots.firstIndex { $0.kind == .waste }!
        var rest: [Int] = []
        for suit in 0..<4 {
            let height = 4 + random.below(9)
            piles[foundations[suit]] = (0..<height).map { KlondikeCards.pileCard(suit * 13 + $0) }
            rest += (height..<13).map { suit * 13 + $0 }
        }
        for index in rest.indices.reversed() { rest.swapAt(index, random.below(index + 1)) }
        for id in rest {
            var card = KlondikeCards.pileCard(id)
            switch random.below(10) {
            case 0:
                card.faceUp = false
                piles[stock].append(card)
            case 1:
                piles[waste].append(card)
            default:
                let column = columns[random.below(columns.count)]
                if let last = piles[column].indices.last, random.below(4) != 0 { piles[column][last].faceUp = false }
                piles[column].append(card)
            }
        }
        return GameState(piles: piles, redealsLeft: .max)
    }

    /// The general searches' answer (the plan every other game gets), within `positions`.
    private func generalVerdict(_ rules: DeclarativeRules, from start: GameState, positions: Int) -> SolverVerdict {
        let model = SolverModel(rules: rules, pileCount: rules.layout.slots.count)
        var general = SearchPortfolio(
            rules: rules, model: model, start: start, budget: SolverBudget(positions: positions), isCancelled: { false }
        )
        general.plan = [.first, .second, .prover]
        return general.run().verdict
    }

    /// A position with the cards the piles leave out put in the stock, so that it holds the deck.
    private func fullDeck(_ state: GameState) -> GameState {
        var state = state
        var present = Set<Int>()
        for pile in state.piles { for card in pile { present.insert(KlondikeCards.id(card)) } }
        for id in 0..<52 where !present.contains(id) {
            var card = KlondikeCards.pileCard(id)
            card.faceUp = false
            state.piles[0].append(card)
        }
        return state
    }
}
