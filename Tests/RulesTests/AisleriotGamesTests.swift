import Layouts
import Solitaire
import TestSupport
import XCTest

/// Aisleriot's games written in the layout's rules alone, where they say something the other
/// shipped games do not: Sir Tommy's waste of one card and reserves fed only by it, Kansas's
/// spaces taking only the waste's card once the reserve is empty, Bear River's two kinds of
/// piles, Agnes's deal.
final class AisleriotGamesTests: XCTestCase {
    func layout(_ name: String) throws -> TableLayout {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: name))
        XCTAssertEqual(DeclarativeRules.problems(in: layout), [], name)
        return layout
    }

    /// Piles of a kind, in layout order.
    func piles(_ layout: TableLayout, _ kind: SlotKind) -> [Int] {
        layout.slots.indices.filter { layout.slots[$0].kind == kind }
    }

    func testSirTommysWasteHoldsOneCardAndOnlyItFeedsTheReserves() throws {
        let layout = try layout("sir-tommy")
        let rules = DeclarativeRules(layout: layout)
        // The stock, the waste, four foundations, four reserves.
        var state = position(["[3C] [9H]", "KD", "AS", "", "", "", "5C", "", "", ""])
        XCTAssertEqual(rules.refusal(of: .stock(0), in: state)?.plainMessage, "the waste holds one card: play it first")
        XCTAssertFalse(rules.legalMoves(in: state).contains(.stock(0)))
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 6, count: 1), in: state), "any card on any card")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 6, to: 7, count: 1), in: state)?.plainMessage,
            "the reserve takes no cards from the reserve")
        _ = rules.apply(.transfer(from: 1, to: 6, count: 1), to: &state)
        XCTAssertNil(rules.refusal(of: .stock(0), in: state), "an empty waste takes the next card")
        _ = rules.apply(.stock(0), to: &state)
        XCTAssertEqual(text(state.piles[1]), "9H")
    }

    /// Peek's foundations: the first takes any card of its suit at any time; each other one a
    /// card of its own suit only once the foundation above holds that rank (`trails-previous`).
    func testPeeksFoundationsTakeARankOnlyOnceTheOneAboveHasIt() throws {
        let peek = try layout("peek")
        // Reserve, foundation and stock; reserve, foundation and waste; two more reserves and foundations.
        func piles(_ reserve: String) -> [String] {
            [reserve, "2S 9S", "", "", "2H", "", "", "", "", ""]
        }
        check([
            MoveCase(name: "9H: the 9S is above", layout: peek, piles: piles("9H"), move: .transfer(from: 0, to: 4)),
            MoveCase(
                name: "5H: no 5 above", layout: peek, piles: piles("5H"), move: .transfer(from: 0, to: 4),
                refusal: "not before the foundation above has a 5", dealtBase: 2),
            MoveCase(name: "any spade on the first", layout: peek, piles: piles("5S"), move: .transfer(from: 0, to: 1)),
            MoveCase(
                name: "a 2 starts the third", layout: peek, piles: piles("2D"), move: .transfer(from: 0, to: 7),
                dealtBase: 2),
            MoveCase(
                name: "the fourth waits for the third", layout: peek, piles: piles("2D"),
                move: .transfer(from: 0, to: 9), refusal: "not before the foundation above has a 2", dealtBase: 2),
            MoveCase(
                name: "a 3 starts none", layout: peek, piles: piles("3D"), move: .transfer(from: 0, to: 7),
                refusal: "a foundation starts with a 2", dealtBase: 2),
        ])
    }

    func testTrailsPreviousOnOnePileIsWarnedOf() {
        let text = """
            name = "x"
            map = "T F"
            [game]
            [slots.T]
            kind = "tableau"
            deal-up = 52
            [slots.F]
            kind = "foundation"
            trails-previous = true
            """
        XCTAssertEqual(
            LayoutLoader.load(text: text, file: "x.toml").diagnostics.map(\.description),
            ["x.toml:9:1: warning: trails-previous has no effect on group 'foundation': it has no pile before another"]
        )
    }

    /// Ten Across is won once four columns each hold one suit, King down to Ace (`win = "runs"`),
    /// and nothing else is on the table.
    func testTenAcrossIsWonByFourColumnsOfOneSuitKingToAce() throws {
        let layout = try layout("ten-across")
        let rules = DeclarativeRules(layout: layout)
        func run(_ suit: String) -> String {
            ["K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2", "A"].map { $0 + suit }.joined(separator: " ")
        }
        // Two spaces, then ten columns.
        var piles = ["", "", run("S"), "", run("H"), "", "", run("D"), "", "", run("C"), ""]
        XCTAssertTrue(rules.isWon(position(piles)))
        piles[2] = run("S").replacingOccurrences(of: "7S", with: "7C")
        piles[10] = run("C").replacingOccurrences(of: "7C", with: "7S")
        XCTAssertFalse(rules.isWon(position(piles)), "a run of mixed suits")
        piles[2] = run("S")
        piles[10] = "AC"
        piles[0] = run("C").replacingOccurrences(of: " AC", with: "")
        XCTAssertFalse(rules.isWon(position(piles)), "a card elsewhere than in a run")
        XCTAssertEqual(
            layout.rulesSummary.last,
            "Win by gathering every card onto tableau piles of one suit each, built King to Ace.")
    }

    func testKansasSpacesTakeOnlyTheWastesCardOnceTheReserveIsEmpty() throws {
        let layout = try layout("kansas")
        let rules = DeclarativeRules(layout: layout)
        // The stock, the waste, four foundations, the reserve, three columns.
        let state = position(["[2C]", "8D", "", "", "", "", "", "", "9S 8H", "QC"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 7, count: 1), in: state), "the waste's card")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 8, to: 7, count: 2), in: state)?.plainMessage,
            "an empty column takes no cards from the column")
        var refilled = position(["[2C]", "8D", "", "", "", "", "[4H] 7C", "JD", "9S", "QC"])
        _ = rules.apply(.transfer(from: 7, to: 9, count: 1), to: &refilled)
        XCTAssertEqual(text(refilled.piles[7]), "7C", "the space filled from the reserve at once")
        XCTAssertEqual(text(refilled.piles[6]), "4H", "and the reserve's next card turned up")
    }

    /// Straight Up (shipped as Storehouse): as in Kansas, once the reserve is empty a space takes
    /// only the waste's card, not another column's run.
    func testStorehouseSpacesTakeOnlyTheWastesCardOnceTheReserveIsEmpty() throws {
        let layout = try layout("storehouse")
        let rules = DeclarativeRules(layout: layout)
        // The stock, the waste, four foundations, the reserve, four columns.
        let state = position(["[2C]", "8D", "2H", "2S", "2D", "2C", "", "", "9S 8S", "QC", "JH"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 7, count: 1), in: state), "the waste's card")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 8, to: 7, count: 2), in: state)?.plainMessage,
            "an empty column takes no cards from the column")
    }

    func testBearRiversHolesTakeAnyCardAndTheOtherPilesNone() throws {
        let layout = try layout("bear-river")
        let rules = DeclarativeRules(layout: layout)
        let state = rules.deal(seed: 7)
        let standard = layout.slots.indices.filter { layout.slots[$0].group == "standard" }
        let holes = layout.slots.indices.filter { layout.slots[$0].group == "hole" }
        XCTAssertEqual(standard.map { state.piles[$0].count }, Array(repeating: 3, count: 15))
        XCTAssertEqual(holes.map { state.piles[$0].count }, [2, 2, 2])
        var texts = Array(repeating: "", count: layout.slots.count)
        texts[standard[1]] = "4D"
        texts[standard[2]] = "5D 6D 7D"
        let empty = position(texts)
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: standard[1], to: standard[0], count: 1), in: empty)?.plainMessage,
            "nothing goes on an empty column")
        XCTAssertNil(rules.refusal(of: .transfer(from: standard[1], to: holes[0], count: 1), in: empty))
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: standard[1], to: standard[2], count: 1), in: empty)?.plainMessage,
            "a column holds 3 cards")
    }

    func testAgnesDealsOneToTheFirstFoundationAndTheStockFillsEmptyColumns() throws {
        let layout = try layout("agnes")
        let rules = DeclarativeRules(layout: layout)
        var state = rules.deal(seed: 1)
        let foundations = piles(layout, .foundation)
        let columns = piles(layout, .tableau)
        XCTAssertEqual(state.dealtBase, state.piles[foundations[0]].first?.rank)
        XCTAssertEqual(columns.map { state.piles[$0].count }, [1, 2, 3, 4, 5, 6, 7])
        XCTAssertEqual(state.piles[0].count, 23)
        state.piles[columns[0]] = []
        _ = rules.apply(.stock(0), to: &state)
        XCTAssertEqual(state.piles[columns[0]].count, 1, "the stock deals onto an empty column too")
        XCTAssertEqual(state.piles[0].count, 16)
    }
}

extension AisleriotGamesTests {
    func testZebrasSpacesAreFilledFromTheWasteElseFromTheStock() throws {
        let layout = try layout("zebra")
        let rules = DeclarativeRules(layout: layout)
        // The stock, the waste, eight foundations, eight columns.
        var texts = ["[4C] [9D]", "", "AC", "AD", "AH", "AS", "AC", "AD", "AH", "AS"]
        texts += ["2H", "KS", "QD", "JC", "TD", "9C", "8H", "7S"]
        var state = position(texts)
        _ = rules.apply(.transfer(from: 10, to: 2, count: 1), to: &state)
        XCTAssertEqual(text(state.piles[10]), "9D", "the empty waste: the stock's top card, turned up")
        state.piles[1] = cards("5S 6H")
        _ = rules.apply(.transfer(from: 10, to: 11, count: 1), to: &state)
        XCTAssertEqual(text(state.piles[10]), "6H", "the waste's card first")
        XCTAssertTrue(
            layout.rulesSummary.contains(
                "An empty tableau pile is filled from the waste, else from the stock by itself; then it stays empty."),
            "\(layout.rulesSummary)")
    }
}

extension AisleriotGamesTests {
    func testBackbonesCardAcrossTheStacksPlaysBeforeThemAndNoReserveCardFillsAColumn() throws {
        let layout = try layout("backbone")
        let rules = DeclarativeRules(layout: layout)
        // The stock, the waste, eight foundations, eight columns, the two stacks, the card across.
        var texts = ["[4C]", "9S", "AH", "", "", "", "", "", "", ""]
        texts += ["", "TH", "5D", "7C", "8S", "JD", "QC", "KH"]
        texts += ["3C 9H", "6D 2H", "4D"]
        var state = position(texts)
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 19, to: 2, count: 1), in: state)?.plainMessage,
            "that pile is covered: play the card across it first")
        XCTAssertFalse(rules.legalMoves(in: state).contains { $0.from == 18 || $0.from == 19 })
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 20, to: 10, count: 1), in: state)?.plainMessage,
            "an empty column takes no cards from the reserve")
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 10, count: 1), in: state), "the waste's card")
        _ = rules.apply(.transfer(from: 20, to: 12, count: 1), to: &state)  // 4D on 5D
        XCTAssertNil(rules.refusal(of: .transfer(from: 19, to: 2, count: 1), in: state), "2H on AH, uncovered")
        XCTAssertNil(rules.refusal(of: .transfer(from: 18, to: 11, count: 1), in: state), "9H on TH")
        XCTAssertTrue(
            layout.rulesSummary.contains(
                "The reserve (backbone) lies across the reserves (stack): while it holds a card, no card leaves them."),
            "\(layout.rulesSummary)")
    }
}

extension AisleriotGamesTests {
    /// `deal-faces`: Athena's four rows, face down, face up, face down, face up; a face-down card
    /// left on top turns up, and a buried face-up card does not move with it.
    func testAthenaDealsItsRowsDownUpDownUp() throws {
        let layout = try layout("athena")
        let rules = DeclarativeRules(layout: layout)
        var state = rules.deal(seed: 1)
        let columns = piles(layout, .tableau)
        for column in columns {
            XCTAssertEqual(state.piles[column].map(\.faceUp), [false, true, false, true])
        }
        XCTAssertEqual(state.piles[0].count, 52 - 28)
        XCTAssertFalse(rules.canPickUp(pile: columns[0], from: 1, in: state), "a face-down card lies on it")
        state.piles[columns[1]] = []
        state.piles[columns[0]][3] = PileCard(Card("KH")!, faceUp: true)
        _ = rules.apply(.transfer(from: columns[0], to: columns[1], count: 1), to: &state)
        XCTAssertEqual(state.piles[columns[0]].map(\.faceUp), [false, true, true], "the card under it turned up")
        XCTAssertTrue(layout.rules?.routesBySource ?? false, "the families' searches leave it to the general ones")
    }

    func testDealFacesIsLettersAndStandsAlone() {
        func messages(_ keys: String) -> [String] {
            let text = "map = \"S T\"\n[game]\n[slots.S]\nkind = \"stock\"\n[slots.T]\nkind = \"tableau\"\n\(keys)\n"
            return LayoutLoader.load(text: text, file: "f.toml").diagnostics.map(\.description)
        }
        XCTAssertEqual(messages("deal-faces = \"dudu\""), [])
        XCTAssertEqual(
            messages("deal-faces = \"dux\""),
            [
                "f.toml:7:14: error: deal-faces must be 1 to 104 letters, each d (face down) or u (face up), found \"dux\""
            ])
        XCTAssertEqual(
            messages("deal-faces = \"du\"\ndeal-up = 1"),
            ["f.toml:7:14: error: deal-faces says every card's face: give it without deal-up"])
    }
}

extension AisleriotGamesTests {
    /// Eagle Wing's reserve lies face down over its one face-up bottom card: it fills an emptied
    /// column by itself, its next card staying face down, and its last card plays. A column holds
    /// three cards and gives up only its top card.
    func testEagleWingsReserveFillsColumnsAndOnlyItsLastCardPlays() throws {
        let layout = try layout("eagle-wing")
        let rules = DeclarativeRules(layout: layout)
        let dealt = rules.deal(seed: 1)
        let reserve = try XCTUnwrap(piles(layout, .reserve).first)
        let columns = piles(layout, .tableau)
        XCTAssertEqual(dealt.piles[reserve].map(\.faceUp), [true] + Array(repeating: false, count: 12))
        XCTAssertEqual(columns.map { dealt.piles[$0].count }, Array(repeating: 1, count: 8))
        XCTAssertEqual(piles(layout, .foundation).map { dealt.piles[$0].count }, [1, 0, 0, 0])
        XCTAssertFalse(rules.canPickUp(pile: reserve, from: 12, in: dealt), "the reserve's top card lies face down")

        // The stock, the waste, four foundations, four columns, the reserve, four columns.
        var state = position([
            "", "", "7S", "", "", "", "8S", "5H", "4H 3H", "KC QC JC", "7D [2C] [TC]", "", "", "", "",
        ])
        _ = rules.apply(.transfer(from: 6, to: 2, count: 1), to: &state)
        XCTAssertEqual(text(state.piles[6]), "TC", "the emptied column filled from the reserve, face up")
        XCTAssertEqual(text(state.piles[10]), "7D [2C]", "the reserve's next card stays face down")
        XCTAssertNotNil(rules.refusal(of: .transfer(from: 6, to: 9, count: 1), in: state), "three cards at most")
        XCTAssertNotNil(rules.refusal(of: .transfer(from: 8, to: 7, count: 2), in: state), "one card at a time")
        let last = position(["", "", "6D", "", "", "", "8S", "5H", "4H", "KC", "7D", "9C", "2H", "3S", "4S"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 10, to: 2, count: 1), in: last), "the reserve's last card plays")
    }
}

extension AisleriotGamesTests {
    /// Glenwood's spaces are filled from the reserves, and from the waste only once all four
    /// reserves are empty; the first card on a foundation sets every foundation's base.
    func testGlenwoodsSpacesTakeTheWasteOnlyOnceTheReservesAreEmpty() throws {
        let layout = try layout("glenwood")
        let rules = DeclarativeRules(layout: layout)
        let dealt = rules.deal(seed: 1)
        XCTAssertEqual(piles(layout, .reserve).map { dealt.piles[$0].count }, [3, 3, 3, 3])
        XCTAssertEqual(piles(layout, .tableau).map { dealt.piles[$0].count }, [1, 1, 1, 1])
        XCTAssertEqual(dealt.piles[0].count, 36, "the stock")

        // The stock, the waste, four foundations, four reserves, four columns.
        let reservesLeft = position(["", "6H", "", "", "", "", "", "", "", "9C 4D", "", "KS", "8H", "7C"])
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 1, to: 10, count: 1), in: reservesLeft)?.plainMessage,
            "an empty column takes no cards from the waste while a reserve holds cards")
        XCTAssertNil(rules.refusal(of: .transfer(from: 9, to: 10, count: 1), in: reservesLeft), "a reserve's card")
        XCTAssertNotNil(
            rules.refusal(of: .transfer(from: 11, to: 10, count: 1), in: reservesLeft), "not another column's card")
        let reservesGone = position(["", "6H", "", "", "", "", "", "", "", "", "", "KS", "8H", "7C"])
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 10, count: 1), in: reservesGone), "the waste's card")
        XCTAssertTrue(
            layout.rulesSummary.contains(
                "An empty tableau pile takes cards only from the reserves, then from the waste once the reserves "
                    + "are empty."), layout.rulesSummary.joined(separator: " "))
    }
}
