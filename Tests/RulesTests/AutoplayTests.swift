import Layouts
import Solitaire
import TestSupport
import XCTest

/// Autoplay: which card goes up by itself in each mode, and when a card is safe.
final class AutoplayTests: XCTestCase {
    /// Stock, waste, four foundations, `columns` columns building down in `suit`.
    func klondike(columns: Int = 3, decks: Int = 1, suit: SuitRule = .alternate) -> DeclarativeRules {
        DeclarativeRules(
            layout: makeLayout(
                [
                    GroupSpec("S", .stock, 1),
                    GroupSpec("W", .waste, 1),
                    GroupSpec("F", .foundation, 4),
                    GroupSpec("T", .tableau, columns) { $0.suit = suit },
                ], decks: decks))
    }

    /// The cards autoplay puts up, in order, until it stops.
    func autoplayed(_ rules: some Rules, _ state: GameState, _ mode: AutoplayMode) -> [String] {
        var state = state
        var cards: [String] = []
        while let move = rules.autoplayMove(in: state, mode: mode), cards.count <= state.cardCount {
            XCTAssertEqual(move.kind, .transfer)
            XCTAssertEqual(move.count, 1)
            XCTAssertNil(rules.refusal(of: move, in: state), "\(move) is legal")
            cards.append(state.piles[move.from].last!.card.description)
            _ = rules.apply(move, to: &state)
        }
        return cards
    }

    /// A red 3 is safe once both black 2s are up; a 4 is not while a 3 of the other colour is out.
    func testAlternateColours() {
        let rules = klondike()
        // Foundations: clubs to 3, diamonds to 2, hearts to 3, spades to 2. 3S lies under 8D.
        let state = position(["", "", "AC 2C 3C", "AD 2D", "AH 2H 3H", "AS 2S", "4H", "3S 8D", "4C 3D"])
        XCTAssertEqual(
            autoplayed(rules, state, .safe), ["3D", "4C"],
            "3D: both black 2s are up, then 4C: both red 3s; 4H: 3S is not")
        XCTAssertEqual(autoplayed(rules, state, .all), ["3D", "4H", "4C"], "lowest first")
        XCTAssertNil(rules.autoplayMove(in: state, mode: .off))

        let black = position(["", "", "AC 2C", "AD 2D", "AH 2H", "AS 2S", "3S", "3C", "3H 8D"])
        XCTAssertEqual(
            autoplayed(rules, black, .safe), ["3S", "3C"], "black 3s: both red 2s are up; then 8D stops it")
    }

    /// The same position under a same-suit build: only 2S could still want 3S, and it is up.
    func testSameSuitAgainstAlternateColours() {
        let piles = ["", "", "AS 2S", "AH", "", "", "3S", "2H 9C", "2D 9D"]
        XCTAssertNil(klondike().autoplayMove(in: position(piles), mode: .safe), "2D and 2H could want 3S")
        XCTAssertEqual(autoplayed(klondike(suit: .same), position(piles), .safe), ["3S"])
        XCTAssertEqual(autoplayed(klondike(suit: .any), position(piles), .safe), [], "any 2 could want 3S")
    }

    /// Two decks: both copies of a card must be up.
    func testBothDecks() {
        let rules = klondike(columns: 2, decks: 2)
        let oneOut = position(["", "", "AC 2C", "AS 2S", "AD 2D", "AS", "3D", "2S 9H"])
        XCTAssertNil(rules.autoplayMove(in: oneOut, mode: .safe), "the second 2S is still out")
        XCTAssertEqual(autoplayed(rules, oneOut, .all), ["3D"])
        let bothUp = position(["", "", "AC 2C", "AS 2S", "AD 2D", "AS 2S", "3D", "9H"])
        XCTAssertEqual(autoplayed(rules, bothUp, .safe), ["3D"])
    }

    /// A card that starts an empty foundation is always safe; the stock's cards never go.
    func testBaseCardsAndTheStock() {
        let rules = klondike()
        let state = position(["[AH]", "", "", "", "", "", "KS QH", "2C AD", "9S AC"])
        XCTAssertEqual(autoplayed(rules, state, .safe), ["AD", "AC"], "2C waits for AH, in the stock")
        XCTAssertEqual(autoplayed(rules, state, .all), ["AD", "AC", "2C"])

        let canfield = DeclarativeRules(layout: Variants.canfield())
        var piles = Array(repeating: "", count: 11)
        piles[7] = "7S"
        piles[8] = "6D"
        let dealt = position(piles, dealtBase: 6)
        let move = canfield.autoplayMove(in: dealt, mode: .safe)
        XCTAssertEqual(move, .transfer(from: 8, to: 3), "6D starts a foundation whose base is 6")
    }

    /// Golf's foundation takes a card up or down in any suit: which one goes is the player's choice.
    func testAFoundationThatOffersAChoice() {
        let rules = DeclarativeRules(layout: Variants.golf())
        let state = position(["[KC]", "6D", "9S 5H", "TC 7C", "", "", "", "", "2C"])
        XCTAssertNil(rules.autoplayMove(in: state, mode: .safe), "5H or 7C could go on 6D")
        XCTAssertEqual(rules.autoplayMove(in: state, mode: .all), .transfer(from: 2, to: 1))
    }

    /// Spider's foundations take only finished runs, by themselves.
    func testRunCollectingGamesAutoplayNothing() {
        let rules = DeclarativeRules(layout: Variants.spider())
        var piles = Array(repeating: "", count: 19)
        piles[9] = "2S AS"
        XCTAssertNil(rules.autoplayMove(in: position(piles), mode: .all))
        XCTAssertNil(rules.autoplayMove(in: position(piles), mode: .safe))
    }

    /// The free table has no foundations and no goal: no autoplay, no hints, and no proof that it
    /// is stuck while its deck can still create cards.
    func testTheFreeTablePlaysNothingByItself() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "sandbox"))
        let rules = FreeTable(layout: layout)
        var state = rules.deal(seed: 1)
        for pile in 0..<3 { _ = rules.apply(.create(at: pile), to: &state) }
        XCTAssertNil(rules.autoplayMove(in: state, mode: .all))
        XCTAssertNil(rules.bestMove(from: 0, count: 1, in: state).flatMap { rules.refusal(of: $0, in: state) })
        XCTAssertEqual(rules.hints(in: state), [])
        XCTAssertEqual(rules.outlook(for: state, budget: 50), .unknown)
    }

    /// Every suit in a column, King at the bottom: autoplay puts all 52 cards up and stops.
    func testRepeatedAutoplayEndsAndWins() {
        let rules = DeclarativeRules(layout: Variants.freeCell())
        let suits = ["C", "D", "H", "S"]
        let column = { (suit: String) in "KQJT98765432A".map { "\($0)\(suit)" }.joined(separator: " ") }
        let state = position(["", "", "", "", "", "", "", ""] + suits.map(column) + ["", "", "", ""])
        for mode in [AutoplayMode.safe, .all] {
            let cards = autoplayed(rules, state, mode)
            XCTAssertEqual(cards.count, 52, "\(mode)")
            XCTAssertEqual(Array(cards.prefix(4)), ["AC", "AD", "AH", "AS"], "\(mode): Aces first")
            var won = state
            for _ in cards { _ = rules.apply(rules.autoplayMove(in: won, mode: mode)!, to: &won) }
            XCTAssertTrue(rules.isWon(won), "\(mode)")
        }
    }

    /// In play, autoplay always ends: each move puts a card up and none takes one off.
    func testAutoplayEndsInPlay() {
        for (name, layout) in Variants.all {
            let rules = DeclarativeRules(layout: layout)
            for seed in UInt64(1)...4 {
                var state = rules.deal(seed: seed)
                var generator = SplitMix64(seed: seed)
                for _ in 0..<60 {
                    let moves = rules.legalMoves(in: state)
                    guard !moves.isEmpty else { break }
                    _ = rules.apply(moves[Int(generator.next() % UInt64(moves.count))], to: &state)
                    for mode in [AutoplayMode.safe, .all] {
                        var played = state
                        var count = 0
                        while let move = rules.autoplayMove(in: played, mode: mode) {
                            let up = rules.foundations.map { played.piles[$0].count }.reduce(0, +)
                            _ = rules.apply(move, to: &played)
                            XCTAssertEqual(
                                rules.foundations.map { played.piles[$0].count }.reduce(0, +), up + 1,
                                "\(name): one card more up")
                            count += 1
                            if count > played.cardCount { break }
                        }
                        XCTAssertLessThanOrEqual(count, played.cardCount, "\(name) \(mode): autoplay ends")
                    }
                }
            }
        }
    }
}
