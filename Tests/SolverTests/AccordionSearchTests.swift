import Layouts
import Scripting
import Solitaire
import XCTest

@testable import Solver

/// Accordion's own search: only a layout that promises Accordion's rules gets it, it answers as
/// the general depth-first search does on small rows (won and lost, with and without cards in
/// the stock), its wins are the player's legal moves, and it decides whole deals.
final class AccordionSearchTests: XCTestCase {
    private let layout = shippedLayout("accordion")
    private var rules: ScriptedRules { rulesOf(layout) as! ScriptedRules }

    private func pile(_ id: String) -> Int { layout.slots.firstIndex { $0.id == id }! }
    private var stock: Int { pile("stock") }
    private var discard: Int { pile("discard") }

    func testOnlyALayoutThatPromisesAccordionsRulesGetsIt() throws {
        let shape = try XCTUnwrap(AccordionShape(rules: rules))
        XCTAssertEqual(shape.row.count, 52)
        XCTAssertEqual(shape.row.first, pile("row.1"))
        XCTAssertEqual(shape.stock, stock)
        var unpromised = layout
        unpromised.rules?.solver = nil
        XCTAssertNil(AccordionShape(rules: rulesOf(unpromised)), "no promise, no Accordion search")
        for name in ["golf", "pyramid", "tri-peaks", "klondike", "gaps"] {
            XCTAssertNil(AccordionShape(rules: rulesOf(shippedLayout(name))), name)
        }
    }

    /// Attempts are as long as Luby's sequence says, in units of the first.
    func testAttemptsFollowLubysSequence() {
        XCTAssertEqual((1...15).map(Restarts.luby), [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8])
    }

    /// The plan is Accordion's search for a deal; a position it cannot hold (two cards on one
    /// place, from a position file) goes to the general searches.
    func testThePlan() throws {
        let rules = self.rules
        let solver = Solver(rules: rules)
        let start = rules.deal(seed: 1)
        let portfolio = SearchPortfolio(
            rules: rules, model: solver.model, start: start, budget: .hint, isCancelled: { false })
        XCTAssertEqual(portfolio.searches().map(\.order), [.accordion])
        var piled = start
        piled.piles[pile("row.1")].append(piled.piles[stock].removeLast())
        let shape = try XCTUnwrap(solver.model.accordion)
        XCTAssertNil(AccordionSearch.row(of: piled, shape: shape))
        let general = SearchPortfolio(
            rules: rules, model: solver.model, start: piled, budget: .hint, isCancelled: { false })
        XCTAssertEqual(general.searches().map(\.order), [.bestFirst, .bestFirst, .depthFirst])
        var gap = start
        gap.piles[pile("row.4")] = gap.piles[pile("row.2")]
        gap.piles[pile("row.2")] = []
        XCTAssertNil(AccordionSearch.row(of: gap, shape: shape), "a gap in the row")
    }

    /// Small rows (up to 11 cards, up to three of them still in the stock, the rest discarded): the search
    /// answers as the general depth-first search does (itself checked against a plain search of
    /// every position in SoundnessTests), and its wins replay on the script's rules.
    func testItAgreesWithTheGeneralSearchOnSmallRows() throws {
        let rules = self.rules
        let solver = Solver(rules: rules)
        let shape = try XCTUnwrap(solver.model.accordion)
        var random = SmallRandom(state: 5201)
        var answers: [SolverVerdict: Int] = [:]
        for sample in 0..<80 {
            let start = smallRow(rules.deal(seed: UInt64(1 + sample)), shape: shape, random: &random)
            guard
                let expected = assertFamilySearchAgrees(
                    .accordion, rules: rules, model: solver.model, state: start,
                    "#\(sample): \(start.piles[stock].count) in the stock")
            else { continue }
            answers[expected, default: 0] += 1
        }
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 15, "too few won rows")
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 15, "too few lost rows")
    }

    /// Whole deals are won (nearly every deal is: Blake and Gent's 99.9995%), the stock dealt
    /// first, and the wins replay; a lost row is proved lost with a table far smaller than its
    /// positions, since forgotten rows are searched again, never left out.
    func testItDecidesWholeDealsAndProvesWithASmallTable() throws {
        let rules = self.rules
        for deal in [1, 2, 8] as [UInt64] {
            let start = rules.deal(seed: deal)
            let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 2_000_000))
            XCTAssertEqual(result.verdict, .solved, "deal \(deal)")
            XCTAssertEqual(result.moves.prefix(50), Array(repeating: Move.stock(stock), count: 50)[...])
            assertReplaysToWin(result.moves, from: start, rules: rules, "deal \(deal)")
        }
        // Thirteen cards of three suits and thirteen ranks: only cards of one suit ever match, so
        // the three suits never fold into one card. Lost, in many positions.
        let shape = try XCTUnwrap(AccordionShape(rules: rules))
        let cards = ["AC", "2D", "3H", "4C", "5D", "6H", "7C", "8D", "9H", "TC", "JD", "QH", "KD"]
        var piles = [[PileCard]](repeating: [], count: layout.slots.count)
        for (place, name) in cards.enumerated() { piles[shape.row[place]] = [PileCard(Card(name)!, faceUp: true)] }
        let lost = GameState(piles: piles)
        var roomy = try XCTUnwrap(AccordionSearch(shape: shape, rules: rules, start: lost, memory: 64 << 20))
        roomy.run(upTo: 5_000_000)
        XCTAssertEqual(roomy.verdict, .impossible)
        var small = try XCTUnwrap(AccordionSearch(shape: shape, rules: rules, start: lost, memory: 1 << 14))
        small.run(upTo: 50_000_000)
        XCTAssertEqual(small.verdict, .impossible)
        XCTAssertGreaterThan(small.positions, roomy.positions, "it forgot nothing")
    }

    /// A position with the row's first 3 to 8 cards and up to three in the stock, from a deal's
    /// cards, each next card as often as not one that matches the card before it (most rows of
    /// cards taken at random are lost); the others on the discard pile.
    private func smallRow(_ deal: GameState, shape: AccordionShape, random: inout SmallRandom) -> GameState {
        var pool = deal.piles.flatMap { $0 }.map {
            var card = $0
            card.faceUp = true
            return card
        }
        var row: [PileCard] = []
        for _ in 0..<(3 + random.below(6) + random.below(4)) {
            let matching = pool.indices.filter { index in
                guard let last = row.last else { return true }
                return pool[index].rank == last.rank || pool[index].suitIndex == last.suitIndex
            }
            let from = random.below(2) == 0 && !matching.isEmpty ? matching : Array(pool.indices)
            row.append(pool.remove(at: from[random.below(from.count)]))
        }
        let inStock = random.below(4)
        var piles = [[PileCard]](repeating: [], count: deal.piles.count)
        for (place, card) in row.dropLast(inStock).enumerated() { piles[shape.row[place]] = [card] }
        piles[stock] = row.suffix(inStock).reversed().map {
            var card = $0
            card.faceUp = false
            return card
        }
        piles[discard] = pool
        return GameState(piles: piles)
    }
}
