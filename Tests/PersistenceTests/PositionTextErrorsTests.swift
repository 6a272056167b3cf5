import Layouts
import Scripting
import Solitaire
import TestSupport
import XCTest

@testable import Persistence

/// Every malformed text position, with its exact message.
final class PositionTextErrorsTests: XCTestCase {
    /// FreeCell's deal 1, as written:
    ///
    /// ```
    ///  1 # CardTable position
    ///  2 game freecell
    ///  3 cell.1:            (cells to line 6, foundations on lines 7 to 10)
    /// 11 tableau.1:    JD KD 2S 4C 3S 6D 6S
    /// 12 tableau.2:    2D KC KS 5C TD 8S 9C
    /// …
    /// 18 tableau.8:    5H 3H 3C 7S 7D TC
    /// ```
    ///
    /// The file ends on line 19, column 1: where missing things are reported.
    func freecellLines() throws -> [String] {
        try lines("freecell")
    }

    func lines(_ name: String, deal: UInt64 = 1) throws -> [String] {
        let table = try XCTUnwrap(ShippedLayouts.layout(named: name))
        let text = PositionText.write(rulesOf(table).deal(seed: deal), layout: table)
        return text.split(separator: "\n").map(String.init)
    }

    /// The messages for a position of `game` given as lines.
    func errors(_ lines: [String], _ game: String = "freecell") throws -> [String] {
        let table = try XCTUnwrap(ShippedLayouts.layout(named: game))
        switch PositionText.parse(lines.joined(separator: "\n") + "\n", layout: table, file: "p.txt") {
        case .success: return []
        case .failure(let errors): return errors.lines
        }
    }

    func testTheDealIsFine() throws {
        XCTAssertEqual(try errors(try freecellLines()), [])
    }

    func testAnUnknownSlotIsNamedWithTheClosestOne() throws {
        var lines = try freecellLines()
        lines[12] = lines[12].replacingOccurrences(of: "tableau.3", with: "tablaeu.3")
        XCTAssertEqual(try errors(lines), ["p.txt:13:1: error: unknown slot 'tablaeu.3'; did you mean 'tableau.3'?"])
        lines[12] = "stack.3: 9H"
        XCTAssertEqual(
            try errors(lines),
            [
                "p.txt:13:1: error: unknown slot 'stack.3'",
                "p.txt:19:1: error: 'tableau.3' is missing: every slot has a line, 'tableau.3:' when it is empty",
            ])
    }

    func testABadCardIsNamed() throws {
        var lines = try freecellLines()
        lines[10] = lines[10].replacingOccurrences(of: "KD", with: "KX")
        lines[11] = lines[11].replacingOccurrences(of: "9C", with: "[9C")
        XCTAssertEqual(
            try errors(lines),
            [
                "p.txt:11:18: error: 'KX' is not a card: rank and suit as TS or 10S, face down as [TS]",
                "p.txt:12:33: error: '[9C' is not a card: rank and suit as TS or 10S, face down as [TS]",
            ])
        lines = try freecellLines()
        lines[10] += " " + String(repeating: "Q", count: 40)
        XCTAssertEqual(
            try errors(lines),
            ["p.txt:11:36: error: 'QQQQQQQQQQQQQQQQQQQ…' is not a card: rank and suit as TS or 10S, face down as [TS]"])
    }

    func testLettersThatGrowInUpperCaseAreNoCards() throws {
        var lines = try freecellLines()
        lines[2] = "cell.1: Aß ß1 ﬀ"
        XCTAssertEqual(
            try errors(lines),
            [
                "p.txt:3:9: error: 'Aß' is not a card: rank and suit as TS or 10S, face down as [TS]",
                "p.txt:3:12: error: 'ß1' is not a card: rank and suit as TS or 10S, face down as [TS]",
                "p.txt:3:15: error: 'ﬀ' is not a card: rank and suit as TS or 10S, face down as [TS]",
            ])
    }

    func testASlotGivenTwice() throws {
        var lines = try freecellLines()
        lines.append("cell.1:")
        XCTAssertEqual(try errors(lines), ["p.txt:19:1: error: 'cell.1' is given twice (first on line 3)"])
    }

    func testAMissingSlot() throws {
        var lines = try freecellLines()
        lines.remove(at: 5)
        XCTAssertEqual(
            try errors(lines),
            ["p.txt:18:1: error: 'cell.4' is missing: every slot has a line, 'cell.4:' when it is empty"])
    }

    func testTheWrongGame() throws {
        var lines = try freecellLines()
        lines[1] = "game klondike"
        XCTAssertEqual(try errors(lines), ["p.txt:2:6: error: the position is for 'klondike', not 'freecell'"])
    }

    func testNoGameLine() throws {
        var lines = try freecellLines()
        lines.remove(at: 1)
        XCTAssertEqual(
            try errors(lines), ["p.txt:1:1: error: the position does not say its game: begin it with 'game freecell'"])
    }

    func testTheGameLineNeedsOneName() throws {
        var lines = try freecellLines()
        lines[1] = "game"
        XCTAssertEqual(try errors(lines), ["p.txt:2:5: error: 'game' needs the game's name, as 'game freecell'"])
        lines[1] = "game freecell x"
        XCTAssertEqual(
            try errors(lines), ["p.txt:2:15: error: 'game' takes one value, the game's name, as 'game freecell'"])
        lines[1] = "game freecell"
        lines.append("game freecell")
        XCTAssertEqual(try errors(lines), ["p.txt:19:1: error: 'game' is given twice (first on line 2)"])
    }

    func testACardTwiceAndAMissingCard() throws {
        var lines = try freecellLines()
        lines[10] = lines[10].replacingOccurrences(of: "KD", with: "KC")
        XCTAssertEqual(
            try errors(lines),
            ["p.txt:12:18: error: KC is one too many: freecell has 1", "p.txt:19:1: error: KD is missing"])
    }

    func testACardOfAnotherDeckAndCountsOfSeveralDecks() throws {
        var lines = try self.lines("spider-1-suit")
        let stock = lines.firstIndex { $0.hasPrefix("stock:") }!
        lines[stock] = lines[stock].replacingOccurrences(of: "stock:        [AS]", with: "stock:        [AH]")
        XCTAssertEqual(
            try errors(lines, "spider-1-suit"),
            [
                "p.txt:3:15: error: AH is not one of spider-1-suit's cards",
                "p.txt:\(lines.count + 1):1: error: AS is missing: spider-1-suit has 8, the position 7",
            ])
    }

    func testATrashHoldsNoCards() throws {
        var lines = try self.lines("sandbox")
        let trash = lines.firstIndex(of: "trash:")!
        lines[trash] = "trash: AS"
        XCTAssertEqual(
            try errors(lines, "sandbox"),
            ["p.txt:\(trash + 1):8: error: 'trash' is a trash: it holds no cards (a card dropped there is gone)"])
    }

    func testAFreeTableMayLackCardsButNotHaveTooMany() throws {
        var lines = try self.lines("sandbox")
        let deck = lines.firstIndex { $0.hasPrefix("deck ") }!
        lines[deck] = "deck [AS]"
        XCTAssertEqual(try errors(lines, "sandbox"), [], "the other cards were deleted")
        lines[0] = "free.1: AS"
        XCTAssertEqual(
            try errors(lines, "sandbox"),
            ["p.txt:3:1: error: 'free.1' is given twice (first on line 1)"])
        lines[0] = "# CardTable position"
        lines[deck] = "deck " + Array(repeating: "[AS]", count: 9).joined(separator: " ")
        XCTAssertEqual(try errors(lines, "sandbox"), ["p.txt:\(deck + 1):46: error: AS is one too many: sandbox has 8"])
    }

    func testASlotHoldsNoMoreThanItsCapacity() throws {
        var lines = try freecellLines()
        lines[2] = "cell.1: 5H 3H"
        lines[17] = "tableau.8:    3C 7S 7D TC"
        XCTAssertEqual(try errors(lines), ["p.txt:3:12: error: 'cell.1' holds at most 1 card"])
    }

    func testRedeals() throws {
        var lines = try self.lines("storehouse")
        XCTAssertEqual(lines[2], "redeals 2")
        for (value, message) in [
            ("x", "'x' is not a number of redeals: a number or 'unlimited'"),
            ("-1", "'-1' is not a number of redeals: a number or 'unlimited'"),
            ("99999999999", "'99999999999' is not a number of redeals: a number or 'unlimited'"),
            ("3", "storehouse allows 0 to 2 redeals"),
            ("unlimited", "storehouse allows 0 to 2 redeals"),
        ] {
            lines[2] = "redeals \(value)"
            XCTAssertEqual(try errors(lines, "storehouse"), ["p.txt:3:9: error: \(message)"], value)
        }
        lines[2] = "redeals"
        XCTAssertEqual(
            try errors(lines, "storehouse"), ["p.txt:3:8: error: 'redeals' needs a number of redeals or 'unlimited'"])
        lines[2] = "redeals 1"
        lines.append("redeals 1")
        XCTAssertEqual(
            try errors(lines, "storehouse"),
            ["p.txt:\(lines.count):1: error: 'redeals' is given twice (first on line 3)"])

        lines = try self.lines("klondike")
        lines.insert("redeals 2", at: 2)
        XCTAssertEqual(
            try errors(lines, "klondike"), ["p.txt:3:9: error: klondike's redeals are unlimited: 'redeals unlimited'"])
        lines = try freecellLines()
        lines.insert("redeals 1", at: 2)
        XCTAssertEqual(try errors(lines), ["p.txt:3:9: error: freecell has no redeals"])
        lines[2] = "redeals 0"
        XCTAssertEqual(try errors(lines), [])
    }

    func testADealtBase() throws {
        var lines = try self.lines("canfield")
        XCTAssertEqual(lines[2], "base J")
        for value in ["X", "14", "0", "JJ"] {
            lines[2] = "base \(value)"
            XCTAssertEqual(
                try errors(lines, "canfield"), ["p.txt:3:6: error: '\(value)' is not a rank: A 2 3 4 5 6 7 8 9 T J Q K"]
            )
        }
        lines.remove(at: 2)
        XCTAssertEqual(
            try errors(lines, "canfield"),
            ["p.txt:\(lines.count + 1):1: error: canfield deals its foundations' base rank: give it, as 'base 7'"])
        lines = try freecellLines()
        lines.insert("base 7", at: 2)
        XCTAssertEqual(
            try errors(lines),
            [
                "p.txt:3:1: error: freecell's foundations begin with a rank of their own: 'base' is for games that deal it"
            ])
    }

    func testADeckIsAFreeTables() throws {
        var lines = try freecellLines()
        lines.append("deck [AS]")
        XCTAssertEqual(
            try errors(lines), ["p.txt:19:1: error: 'deck' is a free table's: freecell deals every card to its slots"])
    }

    func testUnknownWords() throws {
        var lines = try freecellLines()
        lines[1] = "gmae freecell"
        XCTAssertEqual(try errors(lines), ["p.txt:2:1: error: unknown word 'gmae'; did you mean 'game'?"])
        lines[1] = "game freecell"
        lines.append("xyzzy 3")
        XCTAssertEqual(
            try errors(lines),
            [
                "p.txt:19:1: error: unknown word 'xyzzy': lines are 'game NAME', 'redeals N', 'base RANK' or a slot's "
                    + "'ID: cards'"
            ])
    }

    func testColonsWhereTheyAreAndAreNot() throws {
        var lines = try freecellLines()
        lines[10] = "tableau.1 JD KD 2S 4C 3S 6D 6S"
        XCTAssertEqual(try errors(lines), ["p.txt:11:10: error: ':' expected after the slot id 'tableau.1'"])
        lines = try freecellLines()
        lines[1] = "game: freecell"
        XCTAssertEqual(try errors(lines), ["p.txt:2:5: error: write 'game' without ':'"])
        lines = try freecellLines()
        lines.append("  : AS")
        XCTAssertEqual(try errors(lines), ["p.txt:19:3: error: a slot line begins with the slot's id: 'ID: cards'"])
    }

    func testErrorsAreBounded() throws {
        var lines = try freecellLines()
        lines[2] = "cell.1: " + (1...25).map { "X\($0)" }.joined(separator: " ")
        let found = try errors(lines)
        XCTAssertEqual(found.count, PositionErrors.limit + 1)
        XCTAssertEqual(
            found.first, "p.txt:3:9: error: 'X1' is not a card: rank and suit as TS or 10S, face down as [TS]")
        XCTAssertEqual(found.last, "p.txt: error: 5 more errors")
    }

    func testFilesThatCannotBeRead() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let freecell = try XCTUnwrap(ShippedLayouts.layout(named: "freecell"))
        func message(_ path: String) -> String {
            guard case .failure(let errors) = PositionText.load(path, layout: freecell) else { return "read" }
            return errors.description
        }
        XCTAssertEqual(message(folder + "/none.txt"), folder + "/none.txt: error: no such file")
        XCTAssertEqual(message(folder), folder + ": error: is a directory, not a position file")
        try AtomicFile.write(String(repeating: "#", count: PositionText.sizeLimit + 1), to: folder + "/big.txt")
        XCTAssertEqual(
            message(folder + "/big.txt"),
            folder + "/big.txt: error: the file is 1048577 bytes, larger than the 1048576 bytes (1 MB) "
                + "a position file may be")
    }
}
