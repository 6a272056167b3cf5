import XCTest

@testable import Layouts

/// The shipped games: each has a family, names its published rules, and deals what fits its cards.
final class ShippedGamesTests: XCTestCase {
    let freeTables: Set<String> = ["sandbox", "free30"]

    func testEveryGameHasAFamilyAndNamesItsRules() throws {
        var games = 0
        for name in ShippedLayouts.names {
            let layout = try XCTUnwrap(ShippedLayouts.layout(named: name), name)
            let source = try XCTUnwrap(ShippedLayouts.source(named: name))
            if freeTables.contains(name) {
                XCTAssertNil(layout.rules, "\(name) is a free table")
                continue
            }
            games += 1
            let rules = try XCTUnwrap(layout.rules, "\(name) is a game")
            XCTAssertFalse(rules.family.isEmpty, name)
            XCTAssertNotEqual(rules.family, "Other", "\(name) gives its family")
            XCTAssertTrue(source.hasPrefix("# "), "\(name) starts with a comment")
            XCTAssertTrue(source.contains("# Rules: "), "\(name) names the published rules it follows")
            XCTAssertEqual(Set(rules.groups.keys), Set(layout.slots.map(\.group)), "\(name): every group has rules")
        }
        XCTAssertGreaterThanOrEqual(games, 40)
    }

    func testGamesAreListedByFamily() throws {
        var seen: [String] = []
        for name in ShippedLayouts.names {
            guard let family = ShippedLayouts.layout(named: name)?.rules?.family else { continue }
            if seen.last != family {
                XCTAssertFalse(seen.contains(family), "\(family) games stand together (\(name))")
                seen.append(family)
            }
        }
        XCTAssertEqual(Array(seen.prefix(3)), ["Klondike", "FreeCell", "Spider"])
    }
}
