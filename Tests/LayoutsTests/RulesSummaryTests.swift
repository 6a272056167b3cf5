import XCTest

@testable import Layouts

/// A game's rules summary is written from its rules: the sentences a player reads in the
/// chooser and in help.
final class RulesSummaryTests: XCTestCase {
    func shipped(_ name: String) throws -> TableLayout {
        try XCTUnwrap(ShippedLayouts.layout(named: name), name)
    }

    func testKlondike() throws {
        XCTAssertEqual(
            try shipped("klondike").rulesSummary,
            [
                "One deck (52 cards).",
                "Seven tableau piles build down in alternate colours; built runs move together.",
                "An empty tableau pile takes only a King or a run starting with one.",
                "Four foundations build up in suit from Ace to King.",
                "The stock deals one card to the waste; the waste may be turned over as often as you like.",
                "Win by moving every card to the foundations.",
            ])
    }

    func testFreeCell() throws {
        XCTAssertEqual(
            try shipped("freecell").rulesSummary,
            [
                "One deck (52 cards).",
                "Eight tableau piles build down in alternate colours; built runs move together as far as free cells"
                    + " and empty tableau piles allow.",
                "An empty tableau pile takes any card or run.",
                "Four free cells hold one card each.",
                "Four foundations build up in suit from Ace to King; cards never leave them.",
                "Win by moving every card to the foundations.",
            ])
    }

    func testSpider() throws {
        XCTAssertEqual(
            try shipped("spider").rulesSummary,
            [
                "Two decks (104 cards).",
                "Ten tableau piles build down regardless of suit; runs built in suit move together.",
                "An empty tableau pile takes any card or run.",
                "Eight foundations take complete runs of one suit, King to Ace, which go there by themselves.",
                "The stock deals one card onto each tableau pile, only when none is empty.",
                "Win by moving every card to the foundations.",
            ])
    }

    /// Canfield: a reserve that refills the tableau, foundations based on a dealt card, three at a time.
    func testCanfield() throws {
        XCTAssertEqual(
            try shipped("canfield").rulesSummary,
            [
                "One deck (52 cards).",
                "Four tableau piles build down in alternate colours; built runs move together.",
                "An empty tableau pile is filled from the reserve by itself; once the reserve is empty, it takes any"
                    + " card or run.",
                "One reserve takes no cards; only the top card moves.",
                "Four foundations build up in suit from the rank of the first card dealt to them (an Ace goes on a"
                    + " King).",
                "The stock deals three cards to the waste; the waste may be turned over as often as you like.",
                "Win by moving every card to the foundations.",
            ])
    }

    /// Golf is won by clearing the tableau, onto one foundation that any card starts.
    func testGolf() throws {
        XCTAssertEqual(
            try shipped("golf").rulesSummary,
            [
                "One deck (52 cards).",
                "Seven tableau piles take no cards; only the top card moves.",
                "One foundation builds up or down regardless of suit from any card; cards never leave it.",
                "The stock deals one card to the foundation; there is no redeal.",
                "Win by clearing every card off the tableau piles; the stock may still hold cards.",
            ])
    }

    /// A pile's capacity is said in its sentence: Eagle Wing's columns of three, Doublets'
    /// reserves of one card, Sir Tommy's waste of one card.
    func testCapacitiesAreSaid() throws {
        let eagleWing = try shipped("eagle-wing").rulesSummary
        XCTAssertTrue(
            eagleWing.contains {
                $0.hasPrefix(
                    "Eight tableau piles build down in suit; only the top card moves; each holds at most "
                        + "three cards")
            }, eagleWing.joined(separator: "\n"))
        let doublets = try shipped("doublets").rulesSummary
        XCTAssertTrue(
            doublets.contains { $0.hasPrefix("Seven reserves") && $0.contains("each holds at most one card") },
            doublets.joined(separator: "\n"))
        let sirTommy = try shipped("sir-tommy").rulesSummary
        XCTAssertTrue(
            sirTommy.contains(
                "The stock deals one card to the waste, which holds at most one card; there is no redeal."),
            sirTommy.joined(separator: "\n"))
        XCTAssertFalse(
            try shipped("klondike").rulesSummary.contains { $0.contains("at most") }, "no capacity, nothing said")
    }

    func testFreeTablesSayTheyHaveNoRules() throws {
        let sandbox = try shipped("sandbox").rulesSummary
        XCTAssertEqual(
            sandbox,
            [
                "A free table with no rules: deal cards onto empty slots and move them wherever there is room.",
                "A card dropped on the trash is deleted.",
            ])
        // Without a trash, nothing is said about one.
        XCTAssertEqual(try shipped("free30").rulesSummary, Array(sandbox.prefix(1)))
    }

    /// The sentences follow the rules values: change one and the summary changes with it.
    func testSentencesFollowTheRulesValues() throws {
        var layout = try shipped("klondike")
        let stock = try XCTUnwrap(layout.slots(ofKind: .stock).first?.group)
        let tableau = try XCTUnwrap(layout.slots(ofKind: .tableau).first?.group)
        layout.rules?.groups[stock]?.redeals = .limited(2)
        layout.rules?.groups[stock]?.draw = 3
        layout.rules?.groups[tableau]?.suit = .same
        layout.rules?.groups[tableau]?.move = .top
        layout.rules?.groups[tableau]?.empty = .none
        layout.rules?.suits = ["H", "S"]
        layout.rules?.decks = 2
        XCTAssertEqual(
            layout.rulesSummary,
            [
                "104 cards, hearts and spades only.",
                "Seven tableau piles build down in suit; only the top card moves.",
                "An empty tableau pile stays empty.",
                "Four foundations build up in suit from Ace to King.",
                "The stock deals three cards to the waste; the waste may be turned over twice.",
                "Win by moving every card to the foundations.",
            ])
    }

    /// Two groups of one kind are told apart by their names.
    func testGroupsOfOneKindAreNamed() throws {
        let text = """
            name = "two-rows"
            title = "Two Rows"
            map = \"\"\"
            F F F F
            A A A A
            B B B B
            \"\"\"
            [game]
            [slots.F]
            kind = "foundation"
            [slots.A]
            kind = "tableau"
            name = "upper"
            deal-up = 6
            [slots.B]
            kind = "tableau"
            name = "lower"
            deal-up = 7
            move = "top"
            """
        let result = LayoutLoader.load(text: text, file: "two-rows.toml")
        let layout = try XCTUnwrap(result.layout, result.diagnostics.map(\.description).joined(separator: "\n"))
        let summary = layout.rulesSummary
        XCTAssertTrue(
            summary.contains("Four tableau piles (upper) build down in alternate colours; built runs move together."),
            "\(summary)")
        XCTAssertTrue(
            summary.contains("Four tableau piles (lower) build down in alternate colours; only the top card moves."),
            "\(summary)")
    }

    /// Every shipped game says something about each kind of pile it has, in sentences, and never
    /// falls back to a placeholder.
    func testEveryShippedTableHasASummary() throws {
        for name in ShippedLayouts.names {
            let layout = try shipped(name)
            let summary = layout.rulesSummary
            XCTAssertFalse(summary.isEmpty, name)
            for sentence in summary {
                XCTAssertEqual(sentence.first.map { $0.isUppercase || $0.isNumber }, true, "\(name): \(sentence)")
                XCTAssertTrue(sentence.last.map { ".?!".contains($0) } == true, "\(name): \(sentence)")
                for placeholder in ["unknown", "nil", "Optional", "  ", "zero"] {
                    XCTAssertFalse(sentence.contains(placeholder), "\(name): \(sentence)")
                }
            }
            // A scripted game's summary is its script's opening comment, in the script's words.
            guard layout.rules != nil, layout.script == nil else { continue }
            let text = summary.joined(separator: " ")
            XCTAssertTrue(summary.last?.hasPrefix("Win by") == true, name)
            for kind in [SlotKind.tableau, .foundation, .cell, .reserve, .stock]
            where !layout.slots(ofKind: kind).isEmpty {
                let word = kind == .cell ? "free cell" : kind.rawValue
                // The foundation pairs leave for is the discard pile.
                let pairs = layout.rules?.groups.values.contains { $0.pair != nil || $0.discard != nil } == true
                XCTAssertTrue(
                    text.contains(word) || (kind == .foundation && pairs && text.contains("discard pile")),
                    "\(name) says nothing of its \(kind) piles: \(text)")
            }
        }
    }

    func testAScriptedGameIsSummedUpByItsScriptsOpeningComment() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "klondike-lua"))
        let summary = layout.rulesSummary
        XCTAssertEqual(
            summary.first,
            "Klondike in Lua: the rules of klondike.toml written as hooks, so that the two play card for card alike (a test deals the same games through both)."
        )
        XCTAssertTrue(
            summary.contains(
                "Seven columns dealt 1 to 7 cards, the top one face up; build down in alternate colours; only a King (or a run from a King) on an empty column; the foundations build up in suit from the Ace; the stock turns one card at a time onto the waste, and the waste goes back as often as you like."
            ), "\(summary)")
        XCTAssertFalse(summary.contains { $0.hasPrefix("Rules:") }, "the source line is left out: \(summary)")
        // Every paragraph before the first line of code, blank lines between them too.
        XCTAssertTrue(
            summary.contains(
                "The player may turn three cards at a time instead (cardtable play klondike-lua --option draw=3)."),
            "\(summary)")
        for name in ShippedLayouts.names {
            let scripted = try XCTUnwrap(ShippedLayouts.layout(named: name))
            guard scripted.script != nil else { continue }
            XCTAssertGreaterThanOrEqual(scripted.rulesSummary.count, 2, "\(name) says too little of its rules")
        }
    }
}
