import Layouts
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// The app with a second screen, headless: the table moves to the second terminal (drawn on a
/// recording screen of its size), the first shows the controller (on another). Moves are made
/// from either; the second leaving (mid-drag too) brings the table back whole; joining and
/// leaving are said.
final class SecondScreenTests: XCTestCase {
    /// The sandbox at 80x24 on the first terminal; a second terminal of 100x30 joins.
    final class TwoScreens {
        let h: Harness
        var app: TableApp { h.app }
        /// What the frames drew on each terminal.
        var first: RecordingScreen
        var second = RecordingScreen(width: 100, height: 30)

        init(layout: TableLayout = sandbox) {
            h = Harness(layout: layout)
            first = h.recorded
        }

        func join(name: String = "/dev/pts/9 (xterm-256color, 100x30)", width: Int = 100, height: Int = 30) {
            second = RecordingScreen(width: width, height: height)
            app.secondScreenJoined(name: name, width: width, height: height)
            frame()
        }

        func leave(_ reason: String = "Ctrl-C there") {
            app.secondScreenLeft(reason: reason)
            frame()
        }

        /// A frame on each terminal: the table where it is, the controller on the first.
        func frame() {
            if app.isOnSecondScreen {
                second.draw(app.renderFrame().changes)
                if let frame = app.renderControllerFrame() { first.draw(frame.changes) }
            } else {
                first.draw(app.renderFrame().changes)
            }
        }

        func advance(_ seconds: Double) {
            h.clock.advance(by: seconds)
            frame()
        }

        func onFirst(_ event: InputEvent) {
            app.handle(event)
            frame()
        }

        func onSecond(_ event: InputEvent) {
            app.handle(secondScreen: event)
            frame()
        }

        func mouse(_ action: MouseAction, _ x: Int, _ y: Int) -> InputEvent {
            .mouse(MouseReport(action: action, button: .left, column: x, row: y))
        }

        /// A click on the second screen, then time for the animations.
        func clickOnSecond(_ x: Int, _ y: Int) {
            onSecond(mouse(.press, x, y))
            onSecond(mouse(.release, x, y))
            advance(0.5)
        }

        /// A click on the first terminal.
        func clickOnFirst(_ x: Int, _ y: Int) {
            onFirst(mouse(.press, x, y))
            onFirst(mouse(.release, x, y))
            advance(0.5)
        }

        /// Where a controller button is on the first terminal.
        func button(_ label: String) -> (x: Int, y: Int)? {
            guard let view = app.controller?.view else { return nil }
            return view.layout.buttons.first { $0.button.label == label }.map { ($0.rect.x + 1, $0.rect.y) }
        }

        var firstText: String { first.lines.joined(separator: "\n") }
        var secondText: String { second.lines.joined(separator: "\n") }
    }

    func testJoiningMovesTheTableToTheSecondScreenAndTheFirstShowsTheController() {
        let s = TwoScreens()
        s.join()
        XCTAssertEqual(s.app.window.size.width, 100)
        XCTAssertEqual(s.app.window.size.height, 30)
        XCTAssertEqual(s.app.controller?.window.size.width, 80)
        XCTAssertTrue(s.second.matches(s.app.window.canvas), "the table drawn whole on the second screen")
        XCTAssertTrue(s.second.lines[29].contains("Second screen joined: /dev/pts/9"), s.second.lines[29])
        let lines = s.first.lines
        XCTAssertTrue(s.first.matches(s.app.controller!.window.canvas), "the controller drawn whole on the first")
        XCTAssertTrue(lines[0].hasPrefix(" Sandbox · on the second screen /dev/pts/9"), lines[0])
        XCTAssertTrue(s.firstText.contains("Second screen joined: /dev/pts/9 (xterm-256color, 100x30)"), s.firstText)
        XCTAssertTrue(s.firstText.contains("Ctrl-C on the second screen"), s.firstText)
        XCTAssertTrue(s.firstText.contains("Last moves"))
        XCTAssertTrue(s.firstText.contains("No moves yet."))
        XCTAssertTrue(
            s.firstText.contains(" u undo   n new game   ? help   q quit   bring the table here"), s.firstText)
        XCTAssertTrue(s.firstText.contains("arrows move · Enter pick up, drop"), "the keys listed: \(s.firstText)")
        XCTAssertFalse(s.firstText.contains("╭"), "no card on the first terminal")
    }

    func testAMoveFromEachScreenAndTheControllerListsThem() {
        let s = TwoScreens()
        s.join()
        let slot = s.h.centre(of: "free.1")
        s.clickOnSecond(slot.x, slot.y)  // the mouse on the second screen deals a card there
        XCTAssertEqual(s.h.cards(in: "free.1"), ["4H"])
        s.onFirst(.key(KeyPress(.right)))  // keys on the first terminal act on the game
        s.onFirst(.key(KeyPress(.enter)))
        s.advance(0.5)
        XCTAssertEqual(s.h.cards(in: "free.2").count, 1, "Enter on the first terminal dealt on free.2")
        s.onSecond(.key(KeyPress(.character("u"))))  // and keys on the second too
        s.advance(0.5)
        XCTAssertEqual(s.h.cards(in: "free.2"), [], "u on the second screen undid it")
        XCTAssertTrue(s.firstText.contains("1. Take a card from the deck"), s.firstText)
        XCTAssertTrue(s.firstText.contains("1 move"), s.firstText)
        // A drag on the second screen.
        let target = s.h.centre(of: "free.3")
        s.onSecond(s.mouse(.press, slot.x, slot.y))
        s.onSecond(s.mouse(.drag, (slot.x + target.x) / 2, slot.y))
        s.onSecond(s.mouse(.drag, target.x, target.y))
        s.onSecond(s.mouse(.release, target.x, target.y))
        s.advance(0.5)
        XCTAssertEqual(s.h.cards(in: "free.3"), ["4H"])
        XCTAssertTrue(s.firstText.contains("2. Move 4♥"), s.firstText)
        XCTAssertTrue(s.second.matches(s.app.window.canvas), "nothing left unsent on the second screen")
        XCTAssertTrue(s.first.matches(s.app.controller!.window.canvas), "nor on the first")
    }

    func testTheFirstTerminalsMouseWorksTheControllerNotTheTable() throws {
        let s = TwoScreens()
        s.join()
        let slot = s.h.centre(of: "free.1")
        s.clickOnSecond(slot.x, slot.y)
        s.clickOnFirst(3, 10)  // where a slot would be at 80x24: the controller's text, not the table
        XCTAssertEqual(s.h.cardCount, 1)
        let undo = try XCTUnwrap(s.button("undo"))
        s.clickOnFirst(undo.x, undo.y)
        XCTAssertEqual(s.h.cardCount, 0, "the undo button undid the move")
        let back = try XCTUnwrap(s.button("bring the table here"))
        XCTAssertNil(s.app.tableReturnRequest)
        s.clickOnFirst(back.x, back.y)
        XCTAssertEqual(s.app.tableReturnRequest, .button)
    }

    func testCtrlCOnTheSecondScreenAsksForTheTableBackAndDoesNotQuit() {
        let s = TwoScreens()
        s.join()
        s.onSecond(.key(KeyPress(.control("c"))))
        XCTAssertEqual(s.app.tableReturnRequest, .controlC)
        XCTAssertFalse(s.app.wantsQuit)
        s.leave()
        XCTAssertNil(s.app.tableReturnRequest)
        s.onSecond(.key(KeyPress(.control("c"))))
        XCTAssertNil(s.app.tableReturnRequest, "no second screen: its events reach nothing")
    }

    func testLeavingMidDragPutsTheCardsBackAndTheTableComesBackWhole() {
        let s = TwoScreens()
        s.join()
        let slot = s.h.centre(of: "free.1")
        s.clickOnSecond(slot.x, slot.y)
        s.onSecond(s.mouse(.press, slot.x, slot.y))
        s.onSecond(s.mouse(.drag, slot.x + 20, slot.y + 8))
        s.advance(0.1)
        XCTAssertNotNil(s.h.scene.draggedCard, "a drag on the second screen")
        s.leave("cardtable screen ended")
        s.advance(1)
        XCTAssertNil(s.h.scene.draggedCard)
        XCTAssertEqual(s.h.cards(in: "free.1"), ["4H"], "the card back on its slot")
        s.h.assertAllCardsAtRest()
        XCTAssertFalse(s.app.isOnSecondScreen)
        XCTAssertEqual(s.app.window.size.width, 80)
        XCTAssertEqual(s.app.window.size.height, 24)
        XCTAssertTrue(s.first.matches(s.app.window.canvas), "the table drawn whole on the first terminal")
        XCTAssertTrue(s.first.lines[23].contains("Second screen left: cardtable screen ended"), s.first.lines[23])
        // A release from the second screen that arrives late reaches nothing.
        s.onSecond(s.mouse(.release, slot.x + 20, slot.y + 8))
        XCTAssertEqual(s.h.cards(in: "free.1"), ["4H"])
        // Joining again works, at another size.
        s.join(name: "/dev/pts/9 (xterm, 90x28)", width: 90, height: 28)
        XCTAssertTrue(s.second.matches(s.app.window.canvas))
        XCTAssertTrue(s.firstText.contains("1. Take a card from the deck"), "the game goes on: \(s.firstText)")
    }

    func testADragOnTheFirstTerminalEndsWhenTheSecondJoins() {
        let s = TwoScreens()
        let slot = s.h.centre(of: "free.1")
        s.clickOnFirst(slot.x, slot.y)
        s.onFirst(s.mouse(.press, slot.x, slot.y))
        s.onFirst(s.mouse(.drag, slot.x + 20, slot.y + 8))
        XCTAssertNotNil(s.h.scene.draggedCard)
        s.join()
        s.advance(1)
        XCTAssertNil(s.h.scene.draggedCard, "the cards went back")
        s.h.assertAllCardsAtRest()
        s.onFirst(s.mouse(.release, slot.x + 20, slot.y + 8))
        XCTAssertEqual(s.h.cards(in: "free.1"), ["4H"])
    }

    func testEachTerminalsResizeChangesItsOwnWindow() {
        let s = TwoScreens()
        s.join()
        s.app.resize(width: 120, height: 40)  // the second terminal's
        s.second = RecordingScreen(width: 120, height: 40)
        s.app.window.setNeedsFullRedraw()
        s.frame()
        XCTAssertEqual(s.app.controller?.window.size.width, 80, "the controller keeps the first terminal's size")
        s.app.resizeController(width: 60, height: 20)
        s.first = RecordingScreen(width: 60, height: 20)
        s.frame()
        XCTAssertEqual(s.app.window.size.width, 120)
        XCTAssertTrue(s.first.matches(s.app.controller!.window.canvas))
        XCTAssertTrue(s.first.lines[0].hasPrefix(" Sandbox · on the second"), s.first.lines[0])
        s.leave()
        XCTAssertEqual(s.app.window.size.width, 60, "the table comes back at the first terminal's size now")
        XCTAssertEqual(s.app.window.size.height, 20)
    }

    func testIdleCostsNothingAndTheControllerRedrawsOnlyWhatChanged() {
        let s = TwoScreens()
        s.join()
        s.advance(1)
        XCTAssertFalse(s.app.needsFrame, "nothing to draw")
        XCTAssertNil(s.app.nextTick, "nothing to wake for")
        let slot = s.h.centre(of: "free.1")
        s.clickOnSecond(slot.x, slot.y)  // the first move clears the notice that it joined
        let next = s.h.centre(of: "free.2")
        s.app.handle(secondScreen: s.mouse(.press, next.x, next.y))
        s.app.handle(secondScreen: s.mouse(.release, next.x, next.y))
        _ = s.app.renderFrame()
        let changedRows = Set((s.app.renderControllerFrame()?.changes ?? []).map(\.y))
        let listTop = s.app.controller!.view.layout.lines.first { $0.text == "Last moves" }!.y
        XCTAssertEqual(changedRows, [2, listTop + 1, listTop + 2], "the moves count and the list's new line, no more")
        s.advance(1)
        XCTAssertFalse(s.app.needsFrame)
    }

    func testTheChooserAndTheBallsShowOnTheSecondScreenAndTheControllerSaysSo() {
        let s = TwoScreens(layout: ShippedLayouts.layout(named: "klondike")!)
        s.join()
        XCTAssertTrue(s.firstText.contains("0 moves · 0:00"), s.firstText)
        XCTAssertTrue(s.firstText.contains("H hint"), "a game with rules has hints: \(s.firstText)")
        s.onFirst(.key(KeyPress(.character("d"))))
        s.advance(0.5)
        XCTAssertTrue(s.firstText.contains("1. Deal from the stock"), s.firstText)
        s.onFirst(.key(KeyPress(.character("g"))))
        s.advance(0.5)
        XCTAssertNotNil(s.app.chooser)
        XCTAssertTrue(s.firstText.contains("The game chooser shows on the second screen."), s.firstText)
        XCTAssertTrue(s.second.matches(s.app.window.canvas))
        XCTAssertEqual(s.app.playingTitle, "the game chooser")
        s.app.showBalls(seed: 1)
        s.advance(0.1)
        XCTAssertTrue(s.firstText.contains("Level 1 of 10: remove 1 of 4 balls."), s.firstText)
        XCTAssertTrue(s.firstText.contains("Between levels · level 1 of 10"), s.firstText)
        XCTAssertEqual(s.app.playingDescription, "Balls · level 1 of 10")
        s.leave()
        XCTAssertTrue(s.app.balls?.statusText.hasPrefix("Second screen left: Ctrl-C there") ?? false)
    }
}

/// Where the controller's parts go on screens of every size.
final class ControllerLayoutTests: XCTestCase {
    let summary = ControllerSummary(
        title: "Klondike #5", place: "on the second screen /dev/pts/3", status: "3 moves · 0:12", notice: "Hello",
        listTitle: "Last moves", list: ["3. c", "2. b", "1. a"],
        buttons: [
            ControllerSummary.Button(key: "u", label: "undo", action: .key(.character("u"))),
            ControllerSummary.Button(key: "", label: "bring the table here", action: .bringTableBack),
        ],
        keys: ["[u] undo", "[q] quit", "[?] help"])

    func rows(_ layout: ControllerLayout) -> [Int: String] {
        Dictionary(layout.lines.map { ($0.y, $0.text) }, uniquingKeysWith: { $1 })
    }

    func testEveryPartOnATallScreen() {
        let layout = ControllerLayout(summary: summary, width: 60, height: 20)
        let rows = rows(layout)
        XCTAssertEqual(rows[0], " Klondike #5 · on the second screen /dev/pts/3")
        XCTAssertEqual(rows[2], "3 moves · 0:12")
        XCTAssertEqual(rows[3], "Hello")
        XCTAssertEqual(rows[4], summary.hint)
        XCTAssertEqual(rows[6], "Last moves")
        XCTAssertEqual([rows[7], rows[8], rows[9]], ["3. c", "2. b", "1. a"])
        XCTAssertEqual(rows[19], "[u] undo · [q] quit · [?] help", "the keys at the bottom")
        XCTAssertEqual(layout.buttons.map(\.rect.y), [17, 17], "the buttons above them")
        XCTAssertEqual(layout.buttons.map(\.rect.x), [1, 10], "\" u undo \" and a space between")
        XCTAssertEqual(layout.button(atColumn: 8, row: 17)?.label, "undo")
        XCTAssertEqual(layout.button(atColumn: 10, row: 17)?.action, .bringTableBack)
        XCTAssertNil(layout.button(atColumn: 9, row: 17), "between the buttons")
        XCTAssertNil(layout.button(atColumn: 8, row: 16))
        let quiet = ControllerSummary(
            title: "", place: "", status: "1 move", notice: nil, listTitle: "Last moves", list: ["1. a"], buttons: [],
            keys: [])
        XCTAssertEqual(
            ControllerLayout(summary: quiet, width: 60, height: 20).lines.first { $0.text == "Last moves" }?.y, 6,
            "the notice's row stays empty: the list does not move when a notice comes")
    }

    func testOnAShortScreenTheKeysGoFirstAndTheButtonsWrap() {
        let short = ControllerLayout(summary: summary, width: 60, height: 12)
        XCTAssertFalse(short.lines.contains { $0.kind == .keys }, "no room for the keys")
        XCTAssertTrue(short.lines.contains { $0.text == "3. c" }, "the list keeps its rows")
        let narrow = ControllerLayout(summary: summary, width: 20, height: 20)
        XCTAssertEqual(Set(narrow.buttons.map(\.rect.y)).count, 2, "one button a row")
        XCTAssertEqual(ControllerLayout.wrap(summary.keys, columns: 18), ["[u] undo · [q] quit", "[?] help"])
        let tiny = ControllerLayout(summary: summary, width: 5, height: 2)
        XCTAssertTrue(tiny.lines.allSatisfy { $0.y < 2 })
        XCTAssertEqual(ControllerLayout(summary: summary, width: 0, height: 0).lines, [])
    }
}
