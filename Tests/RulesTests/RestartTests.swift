import Layouts
import Solitaire
import TestSupport
import XCTest

/// `restart`: a foundation that takes its base again after its last rank, as Napoleon's Tomb's
/// centre builds 6 down to Ace four times over.
final class RestartTests: XCTestCase {
    /// The stock, the waste, then the grid row by row: corner, reserve, corner; reserve, centre,
    /// reserve; corner, reserve, corner.
    func napoleonsTomb() throws -> DeclarativeRules {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "napoleons-tomb"))
        XCTAssertEqual(DeclarativeRules.problems(in: layout), [])
        return DeclarativeRules(layout: layout)
    }

    func testTheCentreTakesASixAgainOnAnAce() throws {
        let rules = try napoleonsTomb()
        let state = position(["", "6S", "", "7D", "", "", "6H 5C 4D 3S 2H AC", "", "", "", ""])
        XCTAssertNil(rules.refusal(of: .transfer(from: 1, to: 6, count: 1), in: state), "a 6 on the Ace")
        XCTAssertNotNil(rules.refusal(of: .transfer(from: 3, to: 6, count: 1), in: state), "a 7 never goes there")
        let onTwo = position(["", "6S", "", "", "", "", "6H 5C 4D 3S 2H", "", "", "", ""])
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 1, to: 6, count: 1), in: onTwo)?.plainMessage, "6S goes on a 7 or Ace")
        let corner = position(["", "6S", "7C 8D 9H TS JC QD KH", "AS", "", "", "", "", "", "", ""])
        XCTAssertNotNil(rules.refusal(of: .transfer(from: 3, to: 2, count: 1), in: corner), "nothing after the King")
        XCTAssertEqual(
            rules.refusal(of: .transfer(from: 1, to: 4, count: 1), in: corner)?.plainMessage,
            "a foundation starts with a 7")
    }

    func testWonWithTheSevensUpOnTheCornersAndTheSixesDownFourTimesOnTheCentre() throws {
        let rules = try napoleonsTomb()
        let corners = ["C", "D", "H", "S"].map { suit in
            ["7", "8", "9", "T", "J", "Q", "K"].map { $0 + suit }.joined(separator: " ")
        }
        let centre = ["C", "D", "H", "S"].map { suit in
            ["6", "5", "4", "3", "2", "A"].map { $0 + suit }.joined(separator: " ")
        }
        .joined(separator: " ")
        let won = position(["", "", corners[0], "", corners[1], "", centre, "", corners[2], "", corners[3]])
        XCTAssertTrue(rules.isWon(won))
        var played = position([
            "", "", corners[0], "", corners[1], "", String(centre.dropLast(3)), "AS", corners[2], "", corners[3],
        ])
        XCTAssertFalse(rules.isWon(played))
        _ = rules.apply(.transfer(from: 7, to: 6, count: 1), to: &played)
        XCTAssertTrue(rules.isWon(played))
    }

    func testRestartWarnsWhereItSaysNothing() {
        let text = "map = \"S T\"\n[game]\n[slots.S]\nkind = \"stock\"\n[slots.T]\nkind = \"tableau\"\nrestart = true\n"
        XCTAssertEqual(
            LayoutLoader.load(text: text, file: "f.toml").diagnostics.map(\.description),
            [
                "f.toml:7:1: warning: restart has no effect on group 'tableau': only a foundation built up or down from a rank base starts again"
            ])
    }
}
