import Foundation
import Layouts
import Scripting
import Solitaire
import TestSupport
import XCTest

@testable import Persistence

/// The text format for positions: what it writes, and that every game's positions read back.
final class PositionTextTests: XCTestCase {
    func layout(_ name: String) throws -> TableLayout {
        try XCTUnwrap(ShippedLayouts.layout(named: name), name)
    }

    func parsed(_ text: String, _ layout: TableLayout) throws -> GameState {
        switch PositionText.parse(text, layout: layout, file: "p.txt") {
        case .success(let state): return state
        case .failure(let errors):
            XCTFail("unexpected errors:\n\(errors)")
            throw errors
        }
    }

    /// Plays `count` random legal moves from deal `seed`.
    func played(_ rules: any Rules, seed: UInt64, count: Int) -> GameState {
        var state = rules.deal(seed: seed)
        var generator = SplitMix64(seed: seed &* 7 &+ 3)
        for _ in 0..<count {
            let moves = rules.legalMoves(in: state)
            guard !moves.isEmpty, !rules.isWon(state) else { break }
            _ = rules.apply(generator.pick(moves), to: &state)
        }
        return state
    }

    func testKlondikeDealIsWrittenSlotBySlotBottomCardFirst() throws {
        let klondike = try layout("klondike")
        let text = PositionText.write(DeclarativeRules(layout: klondike).deal(seed: 3), layout: klondike)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.first, "# CardTable position")
        XCTAssertEqual(lines[1], "game klondike")
        XCTAssertEqual(lines[2].prefix(19), "stock:        [5C] ")
        XCTAssertEqual(lines[3], "waste:")
        XCTAssertEqual(lines[4], "foundation.1:")
        XCTAssertEqual(lines[8], "tableau.1:    KC")
        XCTAssertEqual(lines[9], "tableau.2:    [2D] 4D")
        XCTAssertEqual(lines.last, "", "the text ends with a newline")
        XCTAssertFalse(text.contains("redeals"), "Klondike has unlimited redeals: nothing to say")
    }

    func testLimitedRedealsAndADealtBaseAreWritten() throws {
        let canfield = try layout("canfield")
        let rules = DeclarativeRules(layout: canfield)
        var state = rules.deal(seed: 3)
        XCTAssertTrue(PositionText.write(state, layout: canfield).contains("\ngame canfield\nbase K\n"))
        let limited = try layout("storehouse")
        state = DeclarativeRules(layout: limited).deal(seed: 1)
        XCTAssertGreaterThan(state.redealsLeft, 0)
        XCTAssertTrue(PositionText.write(state, layout: limited).contains("\nredeals \(state.redealsLeft)\n"))
    }

    func testEveryShippedGameDealOneReadsBackAsWritten() throws {
        for name in ShippedLayouts.names {
            let table = try layout(name)
            let state = rulesOf(table).deal(seed: 1)
            let text = PositionText.write(state, layout: table)
            XCTAssertEqual(try parsed(text, table), state, name)
        }
    }

    /// A layout's name may hold spaces or a `#`, and export writes it as it is on the `game`
    /// line: that line reads back (it was refused, "'game' takes one value").
    func testANameWithSpacesOrAHashReadsBackAsWritten() throws {
        var table = try layout("freecell")
        let state = rulesOf(table).deal(seed: 3)
        for name in ["my game", "my  game\u{3000}two", "game #2", "#1", "a#b c"] {
            table.name = name
            let text = PositionText.write(state, layout: table)
            XCTAssertEqual(try parsed(text, table), state, name)
        }
        table.name = "my game"
        let other = PositionText.write(state, layout: table).replacingOccurrences(
            of: "game my game", with: "game my gam")
        guard case .failure(let errors) = PositionText.parse(other, layout: table, file: "p.txt") else {
            return XCTFail("another game's name is refused")
        }
        XCTAssertEqual(errors.description, "p.txt:2:6: error: the position is for 'my gam', not 'my game'")
    }

    func testPositionsInPlayReadBackAsWritten() throws {
        for name in ShippedLayouts.names {
            let table = try layout(name)
            let rules = rulesOf(table)
            for seed in UInt64(1)...3 {
                var state = played(rules, seed: seed, count: 40)
                let text = PositionText.write(state, layout: table)
                // A trash's cards are gone from play: they are not written.
                for (index, slot) in table.slots.enumerated() where slot.deleteOnDrop { state.piles[index] = [] }
                XCTAssertEqual(try parsed(text, table), state, "\(name) deal \(seed)\n\(text)")
            }
        }
    }

    func testAFreeTableKeepsItsDeckAndForgetsItsTrash() throws {
        let sandbox = try layout("sandbox")
        let table = FreeTable(layout: sandbox)
        var state = table.deal(seed: 2)
        _ = table.apply(.create(at: 0), to: &state)
        _ = table.apply(.create(at: 1), to: &state)
        let trash = try XCTUnwrap(sandbox.slots.firstIndex { $0.deleteOnDrop })
        _ = table.apply(.transfer(from: 1, to: trash), to: &state)
        XCTAssertEqual(state.piles[trash].count, 1)
        let text = PositionText.write(state, layout: sandbox)
        XCTAssertTrue(text.contains("\ntrash:\ndeck ["), text)
        var expected = state
        expected.piles[trash] = []
        XCTAssertEqual(try parsed(text, sandbox), expected, "the deleted card is gone")
    }

    func testCommentsBlankLinesCarriageReturnsAndEitherCaseAreRead() throws {
        let freecell = try layout("freecell")
        let state = DeclarativeRules(layout: freecell).deal(seed: 1)
        var text = PositionText.write(state, layout: freecell)
        text = text.replacingOccurrences(of: "tableau.1:    JD", with: "\n  # a comment\ntableau.1:\tjd")
        text = text.replacingOccurrences(of: "\n", with: "\r\n")
        text = text.replacingOccurrences(of: "game freecell", with: "game FreeCell   # the name in either case")
        text = text.replacingOccurrences(of: " TD ", with: " 10D ")
        XCTAssertEqual(try parsed(text, freecell), state)
    }

    func testHeadersMayComeAnywhereAndRedealsMayBeLeftOut() throws {
        let limited = try layout("storehouse")
        let state = DeclarativeRules(layout: limited).deal(seed: 4)
        var lines = PositionText.write(state, layout: limited).split(separator: "\n").map(String.init)
        lines.removeAll { $0.hasPrefix("redeals") }
        let game = lines.remove(at: 1)
        lines.append(game)
        XCTAssertEqual(try parsed(lines.joined(separator: "\n"), limited), state, "the game's own redeals")
        var fewer = state
        fewer.redealsLeft = 0
        XCTAssertEqual(try parsed(lines.joined(separator: "\n") + "\nredeals 0", limited), fewer)
    }

    func testUnlimitedRedealsMayBeSaid() throws {
        let klondike = try layout("klondike")
        let state = DeclarativeRules(layout: klondike).deal(seed: 1)
        let text = PositionText.write(state, layout: klondike) + "redeals unlimited\n"
        XCTAssertEqual(try parsed(text, klondike), state)
    }

    func testABaseRankMayBeANumber() throws {
        let canfield = try layout("canfield")
        let state = DeclarativeRules(layout: canfield).deal(seed: 1)
        let symbol = Card.Rank(rawValue: state.dealtBase)!.symbol
        let text = PositionText.write(state, layout: canfield)
            .replacingOccurrences(of: "base \(symbol)", with: "base \(state.dealtBase)")
        XCTAssertEqual(try parsed(text, canfield), state)
    }

    func testTheFormatIsToldFromTheText() {
        XCTAssertEqual(PositionText.Format.detect("# CardTable position\ngame freecell\n"), .text)
        XCTAssertEqual(PositionText.Format.detect("\n\n  # x\ncell.1: AS\n"), .text)
        XCTAssertEqual(PositionText.Format.detect(""), .text)
        XCTAssertEqual(PositionText.Format.detect("Foundations: H-0\n"), .fcSolve)
        XCTAssertEqual(PositionText.Format.detect("\n# a board\nFreecells: 8D\n"), .fcSolve)
        XCTAssertEqual(PositionText.Format.detect("FC: - 8D\n"), .fcSolve)
        XCTAssertEqual(PositionText.Format.detect(": 4C 2C\n"), .fcSolve)
        XCTAssertEqual(PositionText.Format.detect("4C 2C 9C\n"), .fcSolve)
        XCTAssertEqual(PositionText.Format.detect("10C 2C 9C"), .fcSolve)
    }

    func testEitherFormatIsReadForFreeCell() throws {
        let freecell = try layout("freecell")
        let state = DeclarativeRules(layout: freecell).deal(seed: 5)
        let board = try FreeCellBoard.write(state, layout: freecell)
        let text = PositionText.write(state, layout: freecell)
        for written in [board, text] {
            guard case .success(let read) = PositionText.parseAnyFormat(written, layout: freecell, file: "f") else {
                return XCTFail("not read:\n\(written)")
            }
            XCTAssertEqual(read, state)
        }
    }

    func testTheManPagesExampleIsAPosition() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("man/cardtable.6"), encoding: .utf8)
        let start = try XCTUnwrap(page.range(of: ".Bd -literal -offset indent\n# CardTable position\n"))
        let end = try XCTUnwrap(page.range(of: "\n.Ed\n", range: start.upperBound..<page.endIndex))
        let example = String(page[start.upperBound..<end.lowerBound]) + "\n"
        let freecell = try layout("freecell")
        let state = try parsed(example, freecell)
        XCTAssertEqual(PositionText.write(state, layout: freecell), "# CardTable position\n" + example)
        let rules = DeclarativeRules(layout: freecell)
        var position = state
        for move in [Move.transfer(from: 0, to: 6), Move.transfer(from: 8, to: 7)] {
            XCTAssertNil(rules.refusal(of: move, in: position))
            _ = rules.apply(move, to: &position)
        }
        XCTAssertTrue(rules.isWon(position), "two moves from a win, as the page says")
    }

    func testAPositionFileIsLoaded() throws {
        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let freecell = try layout("freecell")
        let state = DeclarativeRules(layout: freecell).deal(seed: 9)
        try AtomicFile.write(PositionText.write(state, layout: freecell), to: folder + "/p.txt")
        XCTAssertEqual(try PositionText.load(folder + "/p.txt", layout: freecell).get(), state)
    }
}
