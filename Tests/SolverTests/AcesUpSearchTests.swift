import Layouts
import Scripting
import Solitaire
import XCTest

@testable import Solver

/// Aces Up's own search: only a layout that promises Aces Up's rules gets it, its key counts the
/// cards alone as one wherever they lie while a column is empty, it answers as a plain search of
/// every position and as the general depth-first search do on small positions (won and lost, with
/// the stock holding none, four, eight or an odd count), its wins are the player's legal moves,
/// and it decides whole deals, with a table far smaller than its positions.
final class AcesUpSearchTests: XCTestCase {
    private let layout = shippedLayout("aces-up")
    private var rules: ScriptedRules { rulesOf(layout) as! ScriptedRules }

    private func pile(_ id: String) -> Int { layout.slots.firstIndex { $0.id == id }! }
    private var columns: [Int] { layout.slots.indices.filter { layout.slots[$0].kind == .tableau } }
    private var stock: Int { layout.slots.firstIndex { $0.kind == .stock }! }
    private var discard: Int { layout.slots.firstIndex { $0.kind == .foundation }! }

    func testOnlyALayoutThatPromisesAcesUpsRulesGetsIt() throws {
        let shape = try XCTUnwrap(AcesUpShape(rules: rules))
        XCTAssertEqual(shape.columns, columns)
        XCTAssertEqual(shape.stock, stock)
        XCTAssertEqual(shape.discard, discard)
        var unpromised = layout
        unpromised.rules?.solver = nil
        XCTAssertNil(AcesUpShape(rules: rulesOf(unpromised)), "no promise, no Aces Up search")
        for name in ["golf", "pyramid", "accordion", "klondike", "spider"] {
            XCTAssertNil(AcesUpShape(rules: rulesOf(shippedLayout(name))), name)
        }
    }

    /// The plan is Aces Up's search for a deal; a position it cannot hold (a face-down card in a
    /// column, from a position file) goes to the general searches.
    func testThePlan() throws {
        let rules = self.rules
        let solver = Solver(rules: rules)
        let start = rules.deal(seed: 1)
        let portfolio = SearchPortfolio(
            rules: rules, model: solver.model, start: start, budget: .hint, isCancelled: { false })
        XCTAssertEqual(portfolio.searches().map(\.order), [.acesUp])
        var faceDown = start
        faceDown.piles[columns[1]][0].faceUp = false
        let shape = try XCTUnwrap(solver.model.acesUp)
        XCTAssertNil(AcesUpSearch.packing(of: faceDown, shape: shape))
        let general = SearchPortfolio(
            rules: rules, model: solver.model, start: faceDown, budget: .hint, isCancelled: { false })
        XCTAssertNotEqual(general.searches().map(\.order), [.acesUp])
    }

    /// While a column is empty, a card alone in its column counts the same wherever it lies;
    /// with no column empty, it does not. Deeper columns always count by place.
    func testTheKeyPoolsTheCardsAloneWhileAColumnIsEmpty() {
        let alone = AcesUpPosition(columns: [1 << 0, 0, 1 << 1 | 1 << 2, 1 << 3], stock: 8)
        let moved = AcesUpPosition(columns: [0, 1 << 0, 1 << 1 | 1 << 2, 1 << 3], stock: 8)
        let swapped = AcesUpPosition(columns: [1 << 3, 0, 1 << 1 | 1 << 2, 1 << 0], stock: 8)
        XCTAssertEqual(alone.key, moved.key)
        XCTAssertEqual(alone.key, swapped.key)
        let deepMoved = AcesUpPosition(columns: [1 << 0, 1 << 1 | 1 << 2, 0, 1 << 3], stock: 8)
        XCTAssertNotEqual(alone.key, deepMoved.key, "a deeper column gets its own card at each deal")
        let full = AcesUpPosition(columns: [1 << 0, 1 << 4, 1 << 1 | 1 << 2, 1 << 3], stock: 8)
        let fullSwapped = AcesUpPosition(columns: [1 << 3, 1 << 4, 1 << 1 | 1 << 2, 1 << 0], stock: 8)
        XCTAssertNotEqual(full.key, fullSwapped.key, "no empty column: the cards alone stay where they are")
        var deferred = alone
        deferred.deferred = 1 << 1
        XCTAssertNotEqual(alone.key, deferred.key)
        XCTAssertNotEqual(alone.key, AcesUpPosition(columns: alone.columns, stock: 4).key)
    }

    /// Small positions (the four Aces and a few other cards in the columns and the stock, the
    /// rest discarded): the search answers as a plain search of every position does, and as the
    /// general depth-first search does (itself checked against a plain search in SoundnessTests);
    /// its wins replay on the script's rules.
    func testItAgreesWithAPlainSearchOnSmallPositions() throws {
        let rules = self.rules
        let solver = Solver(rules: rules)
        var random = SmallRandom(state: 4111)
        var answers: [Bool: Int] = [:]
        var stocks: Set<Int> = []
        for sample in 0..<60 {
            let start = smallPosition(random: &random)
            guard let wins = plainSearchWins(rules, from: start, limit: 20_000) else { continue }
            answers[wins, default: 0] += 1
            let label = "#\(sample): \(start.piles[stock].count) in the stock"
            stocks.insert(start.piles[stock].count)
            var portfolio = SearchPortfolio(
                rules: rules, model: solver.model, start: start, budget: SolverBudget(positions: 1_000_000),
                isCancelled: { false })
            XCTAssertEqual(portfolio.searches().map(\.order), [.acesUp], label)
            portfolio.plan = [.acesUp]
            let result = portfolio.run()
            XCTAssertEqual(result.verdict, wins ? .solved : .impossible, label)
            if result.verdict == .solved { assertReplaysToWin(result.moves, from: start, rules: rules, label) }
            if sample.isMultiple(of: 4) {
                assertFamilySearchAgrees(.acesUp, rules: rules, model: solver.model, state: start, label)
            }
        }
        XCTAssertGreaterThanOrEqual(answers[true] ?? 0, 10, "too few won positions")
        XCTAssertGreaterThanOrEqual(answers[false] ?? 0, 10, "too few lost positions")
        XCTAssertTrue(stocks.isSuperset(of: [0, 4, 8]), "stocks seen: \(stocks.sorted())")
    }

    /// Whole deals, won and lost; the wins replay on the script's rules (deal 17's win needs a
    /// card kept past a deal that could have been discarded before it). A lost deal is proved
    /// lost with a table far smaller than its positions, since forgotten positions are searched
    /// again, never left out.
    func testItDecidesWholeDealsAndProvesWithASmallTable() throws {
        let rules = self.rules
        for (deal, verdict) in [(2, SolverVerdict.solved), (17, .solved), (8, .impossible), (16, .impossible)] {
            let start = rules.deal(seed: UInt64(deal))
            let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 2_000_000))
            XCTAssertEqual(result.verdict, verdict, "deal \(deal)")
            if result.verdict == .solved { assertReplaysToWin(result.moves, from: start, rules: rules, "deal \(deal)") }
        }
        let shape = try XCTUnwrap(AcesUpShape(rules: rules))
        let lost = rules.deal(seed: 8)
        var roomy = try XCTUnwrap(AcesUpSearch(shape: shape, rules: rules, start: lost, memory: 64 << 20))
        roomy.run(upTo: 5_000_000)
        XCTAssertEqual(roomy.verdict, .impossible)
        var small = try XCTUnwrap(AcesUpSearch(shape: shape, rules: rules, start: lost, memory: 1 << 18))
        small.run(upTo: 5_000_000)
        XCTAssertEqual(small.verdict, .impossible)
        XCTAssertGreaterThan(small.positions, roomy.positions, "it forgot nothing")
    }

    /// The four Aces and four to nine other cards of three suits: none, three, four or eight of
    /// them in the stock (as it deals them: its top card first to the first column), the others
    /// face up over the four columns, each column's cards in a random order; the rest discarded.
    private func smallPosition(random: inout SmallRandom) -> GameState {
        let aces = Card.Suit.allCases.map { Card(.ace, $0) }
        var others = Card.Suit.allCases.prefix(3).flatMap { suit in
            (2...13).map { Card(Card.Rank(rawValue: $0)!, suit) }
        }
        var chosen: [Card] = []
        for _ in 0..<(4 + random.below(6)) { chosen.append(others.remove(at: random.below(others.count))) }
        let inStock = [0, 3, 4, 8][random.below(4)]
        var piles = [[PileCard]](repeating: [], count: layout.slots.count)
        piles[stock] = chosen.suffix(inStock).map { PileCard($0, faceUp: false) }
        var table = aces + chosen.dropLast(inStock)
        while !table.isEmpty {
            let card = table.remove(at: random.below(table.count))
            piles[columns[random.below(4)]].append(PileCard(card, faceUp: true))
        }
        let kept = Set(aces + chosen)
        piles[discard] = Deck.ordered.filter { !kept.contains($0) }.map { PileCard($0, faceUp: true) }
        return GameState(piles: piles)
    }
}
