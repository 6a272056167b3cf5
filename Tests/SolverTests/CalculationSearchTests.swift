import Layouts
import Scripting
import Solitaire
import XCTest

@testable import Solver

/// Calculation's own search: only a layout that promises Calculation's rules gets it, it answers
/// as the general depth-first search does on endgames (won and lost), its wins are the player's
/// legal moves, and it decides whole deals.
final class CalculationSearchTests: XCTestCase {
    private let layout = shippedLayout("calculation")
    private var rules: ScriptedRules { rulesOf(layout) as! ScriptedRules }

    private func pile(_ id: String) -> Int { layout.slots.firstIndex { $0.id == id }! }

    func testOnlyALayoutThatPromisesCalculationsRulesGetsIt() throws {
        let shape = try XCTUnwrap(CalculationShape(rules: rules))
        XCTAssertEqual(shape.stock, pile("stock"))
        XCTAssertEqual(shape.waste, pile("waste"))
        XCTAssertEqual(shape.foundations.count, 4)
        XCTAssertEqual(shape.piles.count, 4)
        XCTAssertEqual(shape.piles.first, pile("waste-pile.1"))
        var unpromised = layout
        unpromised.rules?.solver = nil
        XCTAssertNil(CalculationShape(rules: rulesOf(unpromised)), "no promise, no Calculation search")
        for name in ["golf", "accordion", "pyramid", "tri-peaks", "klondike"] {
            XCTAssertNil(CalculationShape(rules: rulesOf(shippedLayout(name))), name)
        }
        XCTAssertNil(PyramidShape(rules: rules))
        XCTAssertNil(AccordionShape(rules: rules))
        var pyramid = shippedLayout("pyramid")
        pyramid.rules?.solver = .calculation
        XCTAssertNil(CalculationShape(rules: rulesOf(pyramid)), "the promise without Calculation's piles")
    }

    /// The plan is Calculation's search for a deal; a position it cannot hold (two cards on the
    /// waste, from a position file) goes to the general searches.
    func testThePlan() throws {
        let rules = self.rules
        let solver = Solver(rules: rules)
        let start = rules.deal(seed: 1)
        let portfolio = SearchPortfolio(
            rules: rules, model: solver.model, start: start, budget: .hint, isCancelled: { false })
        XCTAssertEqual(portfolio.searches().map(\.order), [.calculation])
        XCTAssertEqual(SearchSettings.plan("c")?.map(\.order), [.calculation], "CARDTABLE_SOLVER_PLAN's letter")
        var crowded = start
        crowded.piles[pile("waste")] = Array(crowded.piles[pile("stock")].suffix(2))
        crowded.piles[pile("stock")].removeLast(2)
        let shape = try XCTUnwrap(solver.model.calculation)
        XCTAssertNil(CalculationSearch.packing(of: crowded, shape: shape))
        let general = SearchPortfolio(
            rules: rules, model: solver.model, start: crowded, budget: .hint, isCancelled: { false })
        XCTAssertEqual(general.searches().map(\.order), [.bestFirst, .bestFirst, .depthFirst])
    }

    /// Endgames: the foundations built to random heights by the rules, the cards left shuffled
    /// into the stock, the waste and the waste piles (often lost: a card above one the same
    /// foundation wants first). The search answers as the general depth-first search does
    /// (itself checked against a plain search of every position in SoundnessTests), and its wins
    /// replay on the script's rules.
    func testItAgreesWithTheGeneralSearchOnEndgames() {
        let rules = self.rules
        let solver = Solver(rules: rules)
        var random = SmallRandom(state: 7717)
        var answers: [SolverVerdict: Int] = [:]
        for sample in 0..<160 {
            let state = endgame(left: 6 + random.below(7), random: &random)
            guard
                let expected = assertFamilySearchAgrees(
                    .calculation, rules: rules, model: solver.model, state: state, "#\(sample)")
            else { continue }
            answers[expected, default: 0] += 1
        }
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 50, "too few won endgames: \(answers)")
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 20, "too few lost endgames: \(answers)")
    }

    /// Whole deals: most won within a few hundred thousand positions (the general searches won
    /// none of deals 1..200 in 2 s), and the wins replay on the script's rules.
    func testItWinsWholeDeals() {
        let rules = self.rules
        var solved = 0
        for deal in 1...10 as ClosedRange<UInt64> {
            let start = rules.deal(seed: deal)
            let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 300_000))
            XCTAssertNotEqual(result.verdict, .impossible, "deal \(deal) was won before")
            if result.verdict == .solved {
                solved += 1
                assertReplaysToWin(result.moves, from: start, rules: rules, "deal \(deal)")
            }
        }
        XCTAssertGreaterThanOrEqual(solved, 8)
    }

    /// A lost endgame is proved lost with a table far smaller than its positions: forgotten
    /// positions are searched again, never left out.
    func testItProvesWithATableThatForgets() throws {
        let rules = self.rules
        let shape = try XCTUnwrap(CalculationShape(rules: rules))
        var random = SmallRandom(state: 40_411)
        for _ in 0..<200 {
            let state = endgame(left: 14, random: &random)
            var roomy = try XCTUnwrap(CalculationSearch(shape: shape, rules: rules, start: state, memory: 64 << 20))
            roomy.run(upTo: 1_000_000)
            guard roomy.verdict == .impossible, roomy.positions > 2_000 else { continue }
            var small = try XCTUnwrap(CalculationSearch(shape: shape, rules: rules, start: state, memory: 1 << 12))
            small.run(upTo: 50_000_000)
            XCTAssertEqual(small.verdict, .impossible)
            XCTAssertGreaterThan(small.positions, roomy.positions, "it forgot nothing")
            return
        }
        XCTFail("no lost endgame of more than 2,000 positions")
    }

    /// Sir Tommy promises Calculation's rules with every foundation started by an Ace and built
    /// up by one, its reserves for the waste piles: it gets the search, which holds its empty
    /// foundations (they take an Ace) and no empty foundation of Calculation's (the deal starts
    /// them; they take nothing).
    func testSirTommyGetsItWithFoundationsThatStartFromAnAce() throws {
        let sirTommy = shippedLayout("sir-tommy")
        let rules = DeclarativeRules(layout: sirTommy)
        let shape = try XCTUnwrap(CalculationShape(rules: rules))
        XCTAssertEqual(shape.acesStart, [true, true, true, true])
        XCTAssertEqual(shape.piles.map { sirTommy.slots[$0].kind }, [.reserve, .reserve, .reserve, .reserve])
        let solver = Solver(rules: rules)
        XCTAssertNotNil(CalculationSearch.packing(of: rules.deal(seed: 1), shape: shape))
        XCTAssertEqual(
            SearchPortfolio(
                rules: rules, model: solver.model, start: rules.deal(seed: 1), budget: .hint, isCancelled: { false }
            ).searches().map(\.order), [.calculation])
        let calculation = try XCTUnwrap(CalculationShape(rules: self.rules))
        XCTAssertEqual(calculation.acesStart, [false, false, false, false])
        var bare = self.rules.deal(seed: 1)
        let foundation = calculation.foundations[0]
        bare.piles[calculation.stock].insert(
            contentsOf: bare.piles[foundation].map { card in
                var card = card
                card.faceUp = false
                return card
            }, at: 0)
        bare.piles[foundation] = []
        XCTAssertNil(CalculationSearch.packing(of: bare, shape: calculation), "Calculation's empty foundation")
    }

    /// Sir Tommy's endgames: the search (its foundations interchangeable, their counts summed in
    /// the key as a multiset, a card two of them would take alike sent to the first alone)
    /// answers as the general search does. (An empty foundation needs 13 cards off the
    /// foundations, more than the general search decides here; whole deals start with four.)
    func testItAgreesWithTheGeneralSearchOnSirTommysEndgames() {
        let layout = shippedLayout("sir-tommy")
        let rules = DeclarativeRules(layout: layout)
        let solver = Solver(rules: rules)
        var random = SmallRandom(state: 5150)
        var answers: [SolverVerdict: Int] = [:]
        for sample in 0..<100 {
            let state = endgame(
                layout, left: 6 + random.below(7), lowest: 0, rank: { _, place in place }, random: &random)
            guard
                let expected = assertFamilySearchAgrees(
                    .calculation, rules: rules, model: solver.model, state: state, "#\(sample)")
            else { continue }
            answers[expected, default: 0] += 1
        }
        XCTAssertGreaterThanOrEqual(answers[.solved] ?? 0, 40, "too few won endgames: \(answers)")
        XCTAssertGreaterThanOrEqual(answers[.impossible] ?? 0, 5, "too few lost endgames: \(answers)")
    }

    /// Sir Tommy's whole deals, from four empty foundations, are won (the general searches won
    /// none of deals 1..200 in 2 s), and the wins replay on the layout's own rules.
    func testItWinsSirTommysDeals() {
        let rules = rulesOf(shippedLayout("sir-tommy"))
        var solved = 0
        for deal in [1, 4, 9] as [UInt64] {
            let start = rules.deal(seed: deal)
            let result = Solver(rules: rules).solve(from: start, budget: SolverBudget(positions: 150_000))
            XCTAssertNotEqual(result.verdict, .impossible, "deal \(deal) was won before")
            if result.verdict == .solved {
                solved += 1
                assertReplaysToWin(result.moves, from: start, rules: rules, "deal \(deal)")
            }
        }
        XCTAssertGreaterThanOrEqual(solved, 2)
    }

    /// A Calculation position with `left` cards off the foundations (``endgame(_:left:lowest:rank:random:)``).
    private func endgame(left: Int, random: inout SmallRandom) -> GameState {
        endgame(
            layout, left: left, lowest: 1, rank: { number, place in (place * (number + 1) - 1) % 13 + 1 },
            random: &random)
    }

    /// A position with `left` cards off the foundations: each foundation holds as many cards as
    /// its rule gives it (at least `lowest`; `rank(foundation, place)` the rank at each place,
    /// from 1), of suits drawn at random; the rest lie shuffled in the stock, on the waste (every
    /// other time) and on the waste piles.
    private func endgame(
        _ layout: TableLayout, left: Int, lowest: Int, rank: (Int, Int) -> Int, random: inout SmallRandom
    ) -> GameState {
        var counts = [13, 13, 13, 13]
        for _ in 0..<left {
            let open = counts.indices.filter { counts[$0] > lowest }
            counts[open[random.below(open.count)]] -= 1
        }
        var pool = Deck.ordered.map { PileCard($0, faceUp: true) }
        func take(_ rank: Int) -> PileCard {
            let matching = pool.indices.filter { pool[$0].rank == rank }
            return pool.remove(at: matching[random.below(matching.count)])
        }
        var piles = [[PileCard]](repeating: [], count: layout.slots.count)
        let foundations = layout.slots.indices.filter { layout.slots[$0].kind == .foundation }
        for (number, foundation) in foundations.enumerated() {
            piles[foundation] = (0..<counts[number]).map { take(rank(number, $0 + 1)) }
        }
        for index in pool.indices.reversed() { pool.swapAt(index, random.below(index + 1)) }
        let inStock = random.below(pool.count / 2 + 1)
        piles[pile("stock")] = pool.suffix(inStock).map {
            var card = $0
            card.faceUp = false
            return card
        }
        pool.removeLast(inStock)
        if !pool.isEmpty && random.below(2) == 0 { piles[pile("waste")] = [pool.removeLast()] }
        let wastePiles = layout.slots.indices.filter { [.tableau, .reserve].contains(layout.slots[$0].kind) }
        for card in pool { piles[wastePiles[random.below(wastePiles.count)]].append(card) }
        return GameState(piles: piles)
    }
}
