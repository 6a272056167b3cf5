import Layouts
import Solitaire
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// Winning: the cascade off the foundations, skipped by a key or a click, and the win panel's
/// choices, with the keyboard and the mouse.
final class WinTests: XCTestCase {
    /// A Klondike game (deal 7) on the shared harness with a position put on the table.
    final class Win {
        let harness: Harness
        var app: TableApp { harness.app }
        var scene: TableScene { harness.scene }

        init(animations: Bool = true) {
            harness = Harness(layout: ShippedLayouts.layout(named: "klondike")!, seed: 7, animations: animations)
        }

        /// Every suit on a foundation, clubs on the first … spades on the last; with `lastOut`,
        /// the King of spades waits on the seventh column instead.
        func setUp(lastOut: Bool = false) {
            var position = GameState(piles: Array(repeating: [], count: scene.state.piles.count))
            let foundations = scene.layout.slots.indices.filter { scene.layout.slots[$0].kind == .foundation }
            for (pile, suit) in zip(foundations, Card.Suit.allCases) {
                position.piles[pile] = Card.Rank.allCases.map { PileCard(Card($0, suit), faceUp: true) }
            }
            if lastOut {
                position.piles[foundations[3]].removeLast()
                position.piles[scene.pileIndex(of: "tableau.7")!] = [PileCard(Card(.king, .spades), faceUp: true)]
            }
            scene.replacePosition(with: position)
            harness.settle()
        }

        /// Puts a won position on the table and starts the celebration.
        func win() {
            setUp()
            scene.celebrateWin()
            harness.renderFrame()
        }

        /// Drags the King of spades from the seventh column onto the fourth foundation.
        func playTheLastCard(to slot: String = "foundation.4") {
            let frame = scene.restingFrame(pile: scene.pileIndex(of: "tableau.7")!, index: 0)!
            let from = (Int(frame.minX) + 2, Int(frame.minY))
            let to = harness.centre(of: slot)
            harness.press(from.0, from.1)
            for step in 1...4 {
                harness.drag(from.0 + (to.x - from.0) * step / 4, from.1 + (to.y - from.1) * step / 4)
            }
            harness.release(to.x, to.y)
        }

        /// Card faces on screen: their top-left corners.
        var cornersOnScreen: Int { harness.screen.filter { $0 == "╭" }.count }
    }

    // MARK: The cascade

    func testTheLastCardStartsTheCascadeAndTheCardsMoveAsTheClockAdvances() {
        let win = Win()
        win.setUp(lastOut: true)
        XCTAssertFalse(win.scene.isCelebrating)
        win.playTheLastCard()
        XCTAssertTrue(win.scene.isWon)
        XCTAssertTrue(win.scene.isCelebrating, "the winning move starts the celebration")
        XCTAssertTrue(win.scene.isCascading)
        XCTAssertTrue(win.app.needsFrame, "frames keep coming while the cards fly")
        win.harness.settle()  // the King lands; the cascade sets off on the next frame
        win.harness.advance(0.01)
        var screens = [win.harness.screen]
        for _ in 0..<4 {
            win.harness.advance(0.25)
            screens.append(win.harness.screen)
            XCTAssertTrue(win.app.needsFrame)
        }
        XCTAssertEqual(Set(screens).count, screens.count, "every frame shows the cards further on")
        XCTAssertGreaterThan(win.cornersOnScreen, 4 + 6, "a trail of copies is left behind")
        XCTAssertFalse(win.scene.isShowingWinPanel)
        win.harness.pilot.assertScreenMatchesWindow()
    }

    func testTheCascadeIsAPureFunctionOfTime() {
        // Two wins, one drawn every 1/60 s and one drawn once: the same picture at the same time.
        let often = Win()
        let once = Win()
        often.win()
        once.win()
        for _ in 0..<60 { often.harness.advance(1.01 / 60) }
        once.harness.advance(1.01)
        XCTAssertEqual(often.harness.screen, once.harness.screen)
    }

    func testCardsLeaveTopFirstGoingRoundTheFoundations() {
        let win = Win()
        win.setUp()
        let order = win.scene.cascadeLaunches().map(\.card.description)
        XCTAssertEqual(order.count, 52)
        XCTAssertEqual(Array(order.prefix(6)), ["KC", "KD", "KH", "KS", "QC", "QD"])
        XCTAssertEqual(Array(order.suffix(4)), ["AC", "AD", "AH", "AS"])
    }

    func testEachCardFallsBouncesAndLeavesTheScreenAndTheNextSetsOffSoonAfter() {
        let launches = Card.Suit.allCases.map { WinCascade.Launch(card: Card(.king, $0), x: 40, y: 1) }
        let cascade = WinCascade(launches: launches, cardSize: (7, 5), width: 80, floor: 23, seed: 3)
        XCTAssertEqual(cascade.stamps.map(\.time), cascade.stamps.map(\.time).sorted(), "stamps in time order")
        XCTAssertEqual(cascade.launchTimes, cascade.launchTimes.sorted(), "one card after the other")
        for card in launches.indices {
            XCTAssertEqual(
                cascade.stamps.first { $0.card == card }?.time, cascade.launchTimes[card], "card \(card) sets off")
        }
        var bounced = false
        for card in launches.indices {
            let flight = cascade.stamps.filter { $0.card == card }
            XCTAssertEqual(
                flight.first.map { ($0.x, $0.y) }.map { [$0.0, $0.1] }, [40, 1], "it sets off where it lay")
            XCTAssertTrue(flight.allSatisfy { $0.y + 5 <= 23 }, "never below the floor")
            let last = flight.last!
            XCTAssertTrue(last.x < 2 || last.x > 80 - 7 - 2, "it flies until it leaves the screen: \(last)")
            let xs = flight.map(\.x)
            XCTAssertTrue(xs == xs.sorted() || xs == xs.sorted(by: >), "it keeps its direction")
            // A bounce: the card comes down to the floor and goes up again.
            for (a, b) in zip(flight, flight.dropFirst()) where a.y + 5 >= 22 && b.y < a.y { bounced = true }
        }
        XCTAssertTrue(bounced, "cards bounce on the bottom edge")
        XCTAssertEqual(cascade.stampCount(at: -1), 0)
        XCTAssertEqual(cascade.stampCount(at: cascade.duration + 1), cascade.stamps.count)
    }

    /// A whole pack's cascade is a treat of a few seconds, not a wait (it was 73 s, a card at a
    /// time), at any screen size.
    func testAWholePacksCascadeLastsAFewSeconds() {
        for (width, height) in [(80, 24), (200, 60)] {
            let win = Win()
            win.setUp()
            let cascade = WinCascade(
                launches: win.scene.cascadeLaunches(), cardSize: (7, 5), width: width, floor: height - 1, seed: 5)
            XCTAssertEqual(cascade.launchTimes.count, 52)
            XCTAssertLessThanOrEqual(cascade.duration, 8, "\(width)x\(height)")
            XCTAssertGreaterThan(cascade.duration, 2, "still a cascade")
        }
    }

    func testTheCascadeEndsByItselfWithThePanelAndThenAsksForNoFrames() {
        let win = Win()
        win.win()
        var seconds = 0.0
        while win.scene.isCascading && seconds < 600 {
            win.harness.advance(0.5)
            seconds += 0.5
        }
        XCTAssertTrue(win.scene.isShowingWinPanel)
        XCTAssertGreaterThan(seconds, 2, "52 cards make a cascade")
        XCTAssertLessThanOrEqual(seconds, 8.5, "and the panel comes within seconds")
        XCTAssertEqual(win.scene.winOverlay?.paintedCount, win.scene.winOverlay?.cascade.stamps.count)
        XCTAssertTrue(win.harness.screen.contains("You won Klondike #7!"))
        XCTAssertFalse(win.app.needsFrame, "idle after the panel")
        let screen = win.harness.screen
        win.harness.advance(5)
        XCTAssertEqual(win.harness.screen, screen)
    }

    // MARK: Skipping

    func testAKeySkipsTheCascadeToThePanel() {
        let win = Win()
        win.win()
        win.harness.advance(0.5)
        win.harness.type("x")
        XCTAssertFalse(win.scene.isCascading)
        XCTAssertTrue(win.scene.isShowingWinPanel)
        XCTAssertFalse(win.scene.isWon == false, "the game stays won under the panel")
        let screen = win.harness.screen
        for text in [
            "You won Klondike #7!", "0 moves", "n  New deal of Klondike", "r  Replay deal #7", "g  Choose another game",
            "q  Quit",
        ] {
            XCTAssertTrue(screen.contains(text), "the panel says \(text)\n\(screen)")
        }
        XCTAssertFalse(win.app.needsFrame, "no frames once the panel is up")
        win.harness.advance(2)
        XCTAssertEqual(win.harness.screen, screen, "the trail stopped where it was")
        win.harness.pilot.assertScreenMatchesWindow()
    }

    func testAClickSkipsTheCascadeAndReachesNothingElse() {
        let win = Win()
        win.win()
        win.harness.advance(0.3)
        let stock = win.harness.centre(of: "stock")
        win.harness.press(stock.x, stock.y)
        XCTAssertTrue(win.scene.isShowingWinPanel)
        XCTAssertFalse(win.app.window.isTracking, "the press went nowhere")
        win.harness.release(stock.x, stock.y)
        XCTAssertTrue(win.scene.history.isEmpty)
        XCTAssertTrue(win.scene.isShowingWinPanel, "the release does not pick a choice")
    }

    func testWithAnimationOffThePanelShowsAtOnce() {
        let win = Win(animations: false)
        win.win()
        XCTAssertTrue(win.scene.isShowingWinPanel)
        XCTAssertFalse(win.app.needsFrame)
    }

    // MARK: The panel

    func testThePanelShowsTheTimeAndTheMoves() {
        let win = Win()
        win.setUp(lastOut: true)
        // The King goes to the empty sixth column first (a King may), a minute later home.
        win.playTheLastCard(to: "tableau.6")
        win.harness.settle()
        XCTAssertEqual(win.scene.cards(in: "tableau.6").map(\.description), ["KS"])
        win.harness.advance(64)
        let frame = win.scene.restingFrame(pile: win.scene.pileIndex(of: "tableau.6")!, index: 0)!
        let from = (Int(frame.minX) + 2, Int(frame.minY))
        let to = win.harness.centre(of: "foundation.4")
        win.harness.press(from.0, from.1)
        win.harness.drag(to.x, from.1)
        win.harness.drag(to.x, to.y)
        win.harness.release(to.x, to.y)
        XCTAssertTrue(win.scene.isCelebrating)
        win.harness.type(" ")
        XCTAssertTrue(win.harness.screen.contains("1:05 · 2 moves"), win.harness.screen)
    }

    func testNDealsANewGame() {
        let win = Win()
        win.win()
        win.harness.type("x")
        win.harness.type("n")
        XCTAssertFalse(win.scene.isCelebrating)
        XCTAssertEqual(win.scene.seed, 8)
        XCTAssertEqual(win.scene.state, win.scene.rules.deal(seed: 8))
        XCTAssertFalse(win.harness.screen.contains("You won"))
        win.harness.settle()
        win.harness.assertAllCardsAtRest()
        XCTAssertFalse(win.app.needsFrame)
    }

    func testRReplaysTheSameDeal() {
        let win = Win()
        win.win()
        win.harness.type("x")
        win.harness.type("r")
        XCTAssertFalse(win.scene.isCelebrating)
        XCTAssertEqual(win.scene.seed, 7)
        XCTAssertEqual(win.scene.state, win.scene.rules.deal(seed: 7))
        XCTAssertTrue(win.scene.history.isEmpty)
        win.harness.settle()
        win.harness.assertAllCardsAtRest()
    }

    func testArrowsAndEnterMakeTheSelectedChoice() {
        let win = Win()
        win.win()
        win.harness.key(.enter)  // skips the cascade
        win.harness.key(.down)
        win.harness.key(.down)
        XCTAssertTrue(win.harness.screen.contains("\(win.scene.theme.glyphs.cursorLeft) g  Choose another game"))
        win.harness.key(.enter)
        XCTAssertTrue(win.app.isShowingChooser)
        XCTAssertEqual(win.app.chooser?.selectedGame.name, "klondike")
    }

    func testAClickOnAChoiceMakesIt() throws {
        let win = Win()
        win.win()
        win.harness.type("x")
        let panel = try XCTUnwrap(win.scene.winOverlay?.panel)
        let replay = try XCTUnwrap(panel.choiceViews.first { $0.choice == .replay })
        win.harness.pilot.click(on: replay)
        XCTAssertFalse(win.scene.isCelebrating)
        XCTAssertEqual(win.scene.state, win.scene.rules.deal(seed: 7))

        let again = Win()
        again.win()
        again.harness.type("x")
        let quit = try XCTUnwrap(again.scene.winOverlay?.panel?.choiceViews.first { $0.choice == .quit })
        again.harness.pilot.click(on: quit)
        XCTAssertTrue(again.app.wantsQuit)
    }

    func testQQuitsFromThePanelAndCtrlCQuitsEvenDuringTheCascade() {
        let win = Win()
        win.win()
        win.harness.type("q")
        XCTAssertFalse(win.app.wantsQuit, "q skips the cascade first")
        win.harness.type("q")
        XCTAssertTrue(win.app.wantsQuit)
        let hurried = Win()
        hurried.win()
        hurried.harness.key(.control("c"))
        XCTAssertTrue(hurried.app.wantsQuit)
    }

    func testAResizeStopsTheCascadeAndCentresThePanel() throws {
        let win = Win()
        win.win()
        win.harness.advance(0.5)
        win.harness.resize(width: 100, height: 30)
        XCTAssertTrue(win.scene.isShowingWinPanel)
        let panel = try XCTUnwrap(win.scene.winOverlay?.panel)
        XCTAssertEqual(panel.frame.center.x, 50, accuracy: 1)
        XCTAssertFalse(win.app.needsFrame)
        win.harness.pilot.assertScreenMatchesWindow()
    }
}
