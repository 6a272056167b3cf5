import Layouts
import Scripting
import Solitaire
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// The game chooser, driven headless through the app: keys and clicks on the screen as text.
final class ChooserTests: XCTestCase {
    /// An app opened in the chooser over the shipped games, on a manual clock; games started
    /// from it are dealt 101, 102, …
    final class Chooser {
        let clock = ManualClock()
        let app: TableApp
        let pilot: Pilot

        init(width: Int = 100, height: Int = 30, selecting: String? = nil) {
            var next: UInt64 = 100
            let games = ShippedLayouts.names.compactMap { ShippedLayouts.layout(named: $0) }
            let app = TableApp(
                chooserWith: games, selecting: selecting, width: width, height: height, clock: clock
            ) {
                next += 1
                return next
            }
            self.app = app
            pilot = Pilot(window: app.window, clock: clock, input: { app.handle($0) }, render: { app.renderFrame() })
        }

        var chooser: ChooserScene { app.chooser! }
        var selected: String { chooser.selectedGame.title }
        var screen: String { pilot.screen.text }
        var lines: [String] { pilot.screen.lines }

        func key(_ key: Key) { pilot.key(key) }
        func type(_ text: String) { pilot.type(text) }

        /// The screen cell where a text first shows, searching rows top to bottom.
        func find(_ text: String, inColumns columns: Range<Int>? = nil) -> (x: Int, y: Int)? {
            for (y, line) in lines.enumerated() {
                let characters = Array(line)
                let range = columns ?? 0..<characters.count
                for x in range where x + text.count <= characters.count {
                    if String(characters[x..<(x + text.count)]) == text { return (x, y) }
                }
            }
            return nil
        }

        /// The first cell of a game's title in the list (titles start in column 3, under their
        /// family's heading in column 1).
        func listCell(of title: String) -> (x: Int, y: Int)? {
            let width = Int(chooser.list.frame.width)
            for (y, line) in lines.enumerated() where String(line.prefix(width)).dropFirst(3).hasPrefix(title + " ") {
                return (3, y)
            }
            return nil
        }
    }

    let shippedNames = ShippedLayouts.names

    // MARK: The list

    func testGamesAreListedByFamilyWithTheFreeTablesAndTheSandboxThenTheBallsLast() {
        let catalog = ChooserCatalog.shipped
        XCTAssertEqual(
            Set(catalog.games.map(\.name)), Set(shippedNames + [BallsScene.name]),
            "every shipped table is listed, and the balls")
        XCTAssertEqual(catalog.games.count, shippedNames.count + 1, "each once")
        XCTAssertEqual(catalog.games.last.map(BallsScene.isChooserEntry), true, "the balls last, under Arcade")
        var heading = ""
        var headings: [String] = []
        for row in catalog.rows {
            switch row {
            case .heading(let name):
                heading = name
                headings.append(name)
            case .game(let index):
                let game = catalog.games[index]
                let expected =
                    BallsScene.isChooserEntry(game)
                    ? ChooserCatalog.arcadeHeading : game.rules?.family ?? ChooserCatalog.freeTablesHeading
                XCTAssertEqual(expected, heading, game.name)
            }
        }
        XCTAssertEqual(Set(headings).count, headings.count, "a family stands together")
        XCTAssertEqual(headings.prefix(3), ["Klondike", "FreeCell", "Spider"], "in the shipped order")
        XCTAssertEqual(headings.suffix(2), [ChooserCatalog.freeTablesHeading, ChooserCatalog.arcadeHeading])
        let freeTables = catalog.games.filter { $0.rules == nil && !BallsScene.isChooserEntry($0) }.map(\.name)
        XCTAssertEqual(freeTables.first, "sandbox", "the sandbox is the first free table")
        XCTAssertEqual(Set(freeTables), ["sandbox", "free30"])
    }

    func testTheChooserShowsTheListTheSummaryAndAPreview() throws {
        let chooser = Chooser()
        let lines = chooser.lines
        XCTAssertTrue(lines[0].hasPrefix(" Choose a game"), lines[0])
        XCTAssertNotNil(chooser.find("▸ Klondike"), "the first game is selected")
        XCTAssertNotNil(chooser.find("Klondike family · klondike"))
        for sentence in ShippedLayouts.layout(named: "klondike")!.rulesSummary {
            let start = String(sentence.prefix(30))
            XCTAssertNotNil(chooser.find(start), "the summary says: \(sentence)")
        }
        // The preview: Klondike's stock (a card back) and its seven face-up cards, in the right column.
        let right = Int(chooser.chooser.preview.frame.minX)..<100
        XCTAssertFalse(chooser.chooser.preview.isHidden)
        XCTAssertNotNil(chooser.find("╱╲", inColumns: right), "the stock's card back")
        let faceUp = chooser.lines.reduce(0) { count, line in
            count + Array(line).enumerated().filter { right.contains($0.offset) && $0.element == "╭" }.count
        }
        XCTAssertGreaterThanOrEqual(faceUp, 28, "the dealt piles show")
        XCTAssertTrue(chooser.chooser.statusText.contains("Enter play"), chooser.chooser.statusText)
        XCTAssertTrue(chooser.chooser.statusText.contains("q quit"), chooser.chooser.statusText)
        chooser.pilot.assertScreenMatchesWindow()
    }

    /// The labels of the face-up cards a drawing shows: each card's top-left corner and the
    /// rank and suit after it (a card back's corner is followed by its border).
    func faceUpLabels(_ text: String) -> [String] {
        text.split(separator: "\n").flatMap { line -> [String] in
            let characters = Array(line)
            return characters.indices.filter { characters[$0] == "╭" && $0 + 2 < characters.count }
                .map { String(characters[($0 + 1)...($0 + 2)]) }
                .filter { $0.first != "─" }
        }
    }

    /// The labels of the cards face up on top of a game's piles in the preview's deal.
    func topLabels(of name: String, theme: Theme) -> [String] {
        let layout = ShippedLayouts.layout(named: name)!
        let state = rulesOf(layout).deal(seed: ChooserPreviewView.deal)
        return layout.slots.indices.compactMap { pile in
            state.piles[pile].last.flatMap { $0.faceUp ? theme.label(for: $0.card) : nil }
        }
    }

    func testThePreviewShowsTheSelectedGamesDeal() {
        let freeCell = Chooser(selecting: "freecell")
        // FreeCell deals all 52 cards face up: each shows its top-left corner and its label.
        XCTAssertEqual(Set(faceUpLabels(freeCell.chooser.preview.text)).count, 52, freeCell.chooser.preview.text)
        let klondike = Chooser(selecting: "klondike")
        let theme = klondike.chooser.theme
        // Klondike first in its family, then the others by name: Agnes (seven columns and the
        // card that starts the foundations).
        for name in ["klondike", "agnes"] {
            XCTAssertEqual(klondike.chooser.selectedGame.name, name)
            let labels = topLabels(of: name, theme: theme)
            XCTAssertEqual(labels.count, name == "klondike" ? 7 : 8)
            for label in labels {
                XCTAssertTrue(klondike.chooser.preview.text.contains(label), "\(name): \(label) shows")
            }
            klondike.key(.down)
        }
        klondike.pilot.assertScreenMatchesWindow()
    }

    func testArrowsAndJKMoveTheSelectionAndTheSummaryFollows() {
        let chooser = Chooser()
        let titles = chooser.chooser.catalog.games.map(\.title)
        chooser.key(.down)
        XCTAssertEqual(chooser.selected, titles[1])
        XCTAssertNotNil(chooser.find("▸ \(titles[1])"))
        XCTAssertNotNil(chooser.find("• An empty tableau pile stays empty."), "Agnes's summary")
        chooser.type("j")
        XCTAssertEqual(chooser.selected, titles[2])
        chooser.type("k")
        chooser.key(.up)
        XCTAssertEqual(chooser.selected, titles[0])
        chooser.key(.up)
        XCTAssertEqual(chooser.selected, titles[0], "the selection stops at the top")
        chooser.key(.end)
        XCTAssertEqual(chooser.selected, titles.last)
        chooser.key(.down)
        XCTAssertEqual(chooser.selected, titles.last, "and at the bottom")
        chooser.key(.home)
        XCTAssertEqual(chooser.selected, titles[0])
    }

    func testPagesMoveAboutAScreenfulAndTheListScrolls() {
        let chooser = Chooser()
        let list = chooser.chooser.list
        chooser.key(.pageDown)
        let row = chooser.chooser.catalog.row(ofGame: chooser.chooser.selection)
        XCTAssertGreaterThanOrEqual(row, list.visibleRows - 2, "a page down moves most of a screen")
        XCTAssertNotNil(list.viewRow(ofListRow: row), "the selection shows")
        chooser.key(.end)
        XCTAssertGreaterThan(list.top, 0, "the list scrolled")
        XCTAssertNotNil(chooser.find("▸ \(chooser.selected)"))
        XCTAssertNotNil(chooser.find("▲"), "more lies above")
        XCTAssertNil(chooser.find("▼"), "nothing below")
        chooser.key(.pageUp)
        XCTAssertNotNil(list.viewRow(ofListRow: chooser.chooser.catalog.row(ofGame: chooser.chooser.selection)))
        chooser.key(.home)
        XCTAssertEqual(list.top, 0)
        XCTAssertNotNil(chooser.find("▼"))
    }

    func testTypingALetterJumpsToTheNextGameThatStartsWithIt() {
        let chooser = Chooser()
        let titles = chooser.chooser.catalog.games.map(\.title)
        let startingWithS = titles.filter { $0.hasPrefix("S") }
        XCTAssertGreaterThan(startingWithS.count, 2)
        for title in startingWithS {
            chooser.type("S")
            XCTAssertEqual(chooser.selected, title)
        }
        chooser.type("S")
        XCTAssertEqual(chooser.selected, startingWithS[0], "round to the first again")
        chooser.type("y")
        // The first game after the selection that starts with Y: the Pyramid family's Yield, before Yukon.
        let first = titles.firstIndex(of: startingWithS[0])!
        let nextY = (titles[(first + 1)...] + titles[...first]).first { $0.hasPrefix("Y") }
        XCTAssertEqual(nextY, "Yield")
        XCTAssertEqual(chooser.selected, nextY, "lower case letters jump too (but j, k and q)")
    }

    func testTheMouseWheelMovesTheSelection() {
        let chooser = Chooser()
        chooser.pilot.send(.mouse(MouseReport(action: .press, button: .wheelDown, column: 5, row: 5)))
        chooser.pilot.send(.mouse(MouseReport(action: .press, button: .wheelDown, column: 5, row: 5)))
        XCTAssertEqual(chooser.chooser.selection, 2)
        chooser.pilot.send(.mouse(MouseReport(action: .press, button: .wheelUp, column: 5, row: 5)))
        XCTAssertEqual(chooser.chooser.selection, 1)
    }

    // MARK: Starting a game

    func testEnterStartsTheSelectedGameWithANewDealNumber() throws {
        let chooser = Chooser()
        chooser.type("F")
        XCTAssertEqual(chooser.selected, "FreeCell")
        chooser.key(.enter)
        XCTAssertFalse(chooser.app.isShowingChooser)
        XCTAssertNil(chooser.app.chooser)
        XCTAssertEqual(chooser.app.scene.layout.name, "freecell")
        XCTAssertEqual(chooser.app.scene.seed, 101)
        // The screen is that game's: as an app opened on it shows it.
        let direct = TableApp(
            layout: ShippedLayouts.layout(named: "freecell")!, seed: 101, width: 100, height: 30, clock: ManualClock())
        direct.renderFrame()
        let expected = direct.window.canvas.lines
        for (row, line) in chooser.lines.enumerated() where line != expected[row] {
            XCTFail("row \(row): \(line) instead of \(expected[row])")
        }
        chooser.pilot.assertScreenMatchesWindow()
    }

    func testTheSandboxIsAnEntryOfItsOwn() {
        let chooser = Chooser(selecting: "sandbox")
        XCTAssertNotNil(chooser.find("▸ Sandbox"))
        XCTAssertNotNil(chooser.find("free table · sandbox"))
        XCTAssertNotNil(chooser.find("• A free table with no rules"))
        chooser.key(.enter)
        XCTAssertNil(chooser.app.scene.layout.rules, "the sandbox is played as a free table")
        XCTAssertEqual(chooser.app.scene.layout.name, "sandbox")
    }

    func testAClickSelectsAGameAndASecondClickStartsIt() throws {
        let chooser = Chooser()
        // A game of the first family, which the list shows whole (Spider's, after the Klondike
        // family's seventeen games, is below it at 80x24).
        let cell = try XCTUnwrap(chooser.listCell(of: "Athena"))
        chooser.pilot.click(cell.x, cell.y, on: chooser.chooser.list)
        XCTAssertEqual(chooser.selected, "Athena")
        XCTAssertTrue(chooser.app.isShowingChooser, "one click only selects")
        XCTAssertNotNil(chooser.find("Klondike family · athena"))
        chooser.pilot.pause()
        chooser.pilot.click(cell.x, cell.y, on: chooser.chooser.list)
        XCTAssertFalse(chooser.app.isShowingChooser)
        XCTAssertEqual(chooser.app.scene.layout.name, "athena")
    }

    func testAClickOnAHeadingSelectsNothing() throws {
        let chooser = Chooser()
        let cell = try XCTUnwrap(chooser.find(" FreeCell", inColumns: 0..<3))
        chooser.pilot.click(cell.x + 1, cell.y)
        XCTAssertEqual(chooser.selected, "Klondike")
    }

    func testADoubleClickStartsAGameAndItsSecondPressDoesNotReachTheTable() throws {
        let chooser = Chooser()
        let cell = try XCTUnwrap(chooser.listCell(of: "Eight Off"))
        chooser.pilot.click(cell.x, cell.y)
        chooser.pilot.click(cell.x, cell.y)
        XCTAssertEqual(chooser.app.scene.layout.name, "eight-off")
        // A double-click on the selected game: the first click starts it; the second press,
        // meant for the chooser, is dropped.
        let again = Chooser(selecting: "klondike")
        let klondike = try XCTUnwrap(again.listCell(of: "Klondike"))
        again.pilot.press(klondike.x, klondike.y)
        again.pilot.release(klondike.x, klondike.y)
        XCTAssertEqual(again.app.scene.layout.name, "klondike")
        again.pilot.press(klondike.x, klondike.y)
        XCTAssertFalse(again.app.window.isTracking, "the second press went nowhere")
        again.pilot.release(klondike.x, klondike.y)
        XCTAssertTrue(again.app.scene.history.isEmpty)
        // A press after the double-click interval is the table's again.
        again.pilot.pause()
        again.pilot.press(klondike.x, klondike.y)
        XCTAssertTrue(again.app.window.isTracking)
    }

    func testAClickOnThePreviewStartsTheSelectedGame() throws {
        let chooser = Chooser(selecting: "golf")
        chooser.pilot.click(on: chooser.chooser.preview)
        XCTAssertEqual(chooser.app.scene.layout.name, "golf")
    }

    // MARK: Back and forth

    func testGInAGameOpensTheChooserWithThatGameSelectedAndEscapeGoesBack() {
        let harness = Harness(layout: ShippedLayouts.layout(named: "freecell")!, seed: 5, width: 100, height: 30)
        harness.type("1")
        harness.settle()
        let gameScreen = harness.screen
        harness.type("g")
        XCTAssertTrue(harness.app.isShowingChooser)
        XCTAssertEqual(harness.app.chooser?.selectedGame.name, "freecell")
        XCTAssertTrue(harness.screen.contains("▸ FreeCell"), harness.screen)
        XCTAssertTrue(harness.screen.contains("Esc back to the game"), harness.screen)
        harness.key(.escape)
        XCTAssertFalse(harness.app.isShowingChooser)
        XCTAssertEqual(harness.scene.seed, 5)
        XCTAssertEqual(harness.screen, gameScreen, "the same game, as it was")
        harness.pilot.assertScreenMatchesWindow()
        // Cards in hand go back before the chooser opens.
        let column = harness.scene.cards(in: "tableau.1")
        harness.key(.enter)
        XCTAssertEqual(harness.scene.heldCount, 1)
        harness.type("g")
        harness.key(.escape)
        harness.settle()
        XCTAssertEqual(harness.scene.heldCount, 0)
        XCTAssertEqual(harness.scene.cards(in: "tableau.1"), column)
        harness.assertAllCardsAtRest()
        // And from the chooser to another game.
        harness.type("g")
        harness.type("S")
        harness.key(.enter)
        XCTAssertEqual(harness.scene.layout.name, "seahaven-towers")
    }

    func testQuitFromTheChooser() {
        let chooser = Chooser()
        XCTAssertFalse(chooser.app.wantsQuit)
        chooser.type("q")
        XCTAssertTrue(chooser.app.wantsQuit)
        let other = Chooser()
        other.key(.escape)
        XCTAssertFalse(other.app.wantsQuit, "Escape with no game to go back to does nothing")
        XCTAssertTrue(other.app.isShowingChooser)
    }

    // MARK: Screen sizes

    /// At 80x24 the preview has the rows a table needs: the summary gives way, cut short with an
    /// ellipsis, instead of the preview saying there is no room.
    func testAnEightyByTwentyFourChooserPreviewsTheTable() {
        let chooser = Chooser(width: 80, height: 24)
        XCTAssertFalse(chooser.chooser.preview.isHidden)
        XCTAssertFalse(chooser.chooser.preview.text.isEmpty, "the table is drawn, not 'no room'")
        XCTAssertTrue(chooser.chooser.preview.text.contains("J♦"), chooser.chooser.preview.text)
        XCTAssertNotNil(chooser.find("• One deck (52 cards)."), "the summary's first sentences stay")
        XCTAssertNotNil(chooser.find("…"), "the summary says it goes on")
        chooser.pilot.assertScreenMatchesWindow()
    }

    func testNarrowScreensDropThePreviewThenPutTheSummaryUnderTheList() {
        let medium = Chooser(width: 64, height: 24)
        XCTAssertTrue(medium.chooser.preview.isHidden, "no room for a preview")
        XCTAssertFalse(medium.chooser.summary.isHidden)
        XCTAssertGreaterThan(medium.chooser.summary.frame.minX, medium.chooser.list.frame.minX)
        XCTAssertNotNil(medium.find("• One deck (52 cards)."))

        let narrow = Chooser(width: 40, height: 24)
        XCTAssertTrue(narrow.chooser.preview.isHidden)
        XCTAssertFalse(narrow.chooser.summary.isHidden)
        XCTAssertGreaterThan(narrow.chooser.summary.frame.minY, narrow.chooser.list.frame.minY, "under the list")
        XCTAssertNotNil(narrow.find("▸ Klondike"))
        XCTAssertNotNil(narrow.find("• One deck (52 cards)."))
        narrow.key(.end)
        XCTAssertNotNil(narrow.find("▸ \(narrow.selected)"), "the shorter list still scrolls to the selection")
        narrow.pilot.assertScreenMatchesWindow()
    }

    func testATinyScreenSaysSoAndAResizeBringsTheChooserBack() {
        let chooser = Chooser(width: 20, height: 6)
        XCTAssertTrue(chooser.screen.contains("terminal too small"), chooser.screen)
        XCTAssertNil(chooser.find("Klondike"))
        chooser.app.resize(width: 100, height: 30)
        chooser.pilot.frame()
        XCTAssertNotNil(chooser.find("▸ Klondike"))
        XCTAssertFalse(chooser.screen.contains("terminal too small"))
        chooser.pilot.assertScreenMatchesWindow()
    }

    /// The lines help shows the rules in: the summary's words, as wide as help's other lines.
    func testTheRulesSummaryForHelpIsWrappedToTheHelpsWidth() {
        let layout = ShippedLayouts.layout(named: "freecell")!
        let lines = HelpText.rulesSummary(for: layout)
        XCTAssertEqual(lines.first, "Rules")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
        let words = lines.dropFirst().joined(separator: " ").split(separator: " ").filter { $0 != "•" }
        XCTAssertEqual(words, layout.rulesSummary.joined(separator: " ").split(separator: " "))
    }

    func testTheChooserIsIdleUntilAKey() {
        let chooser = Chooser()
        XCTAssertFalse(chooser.app.needsFrame, "nothing to draw")
        chooser.app.handle(.key(KeyPress(.down)))
        XCTAssertTrue(chooser.app.needsFrame)
        chooser.pilot.frame()
        XCTAssertFalse(chooser.app.needsFrame)
    }
}
