import Layouts
import Solitaire
import TableKit
import TestSupport
import XCTest

@testable import App

/// A game started from a position (`cardtable play VARIANT --position FILE`): it plays on,
/// a restart or the win panel's replay comes back to the position, and `n` deals a numbered deal.
final class PositionStartTests: XCTestCase {
    let klondike = ShippedLayouts.layout(named: "klondike")!
    let clock = ManualClock()

    /// Every card on the foundations but the King of spades, which waits on the seventh column.
    func almostWon() -> GameState {
        var position = GameState(piles: Array(repeating: [], count: klondike.slots.count), redealsLeft: Int.max)
        let foundations = klondike.slots.indices.filter { klondike.slots[$0].kind == .foundation }
        for (pile, suit) in zip(foundations, Card.Suit.allCases) {
            position.piles[pile] = Card.Rank.allCases.map { PileCard(Card($0, suit), faceUp: true) }
        }
        position.piles[foundations[3]].removeLast()
        position.piles[klondike.slots.firstIndex { $0.id == "tableau.7" }!] = [
            PileCard(Card(.king, .spades), faceUp: true)
        ]
        return position
    }

    func start(_ position: GameState) -> (app: TableApp, pilot: Pilot) {
        let app = TableApp(layout: klondike, start: .position(position), width: 80, height: 24, clock: clock)
        let pilot = Pilot(window: app.window, clock: clock, input: { app.handle($0) }, render: { app.renderFrame() })
        pilot.frame()
        return (app, pilot)
    }

    func testTheGameStartsFromThePositionAndRestartComesBackToIt() {
        let position = almostWon()
        let (app, pilot) = start(position)
        let scene = app.scene
        XCTAssertEqual(scene.state, position)
        XCTAssertTrue(pilot.screen.text.contains("Klondike (set position) · 0 moves"), pilot.screen.text)
        XCTAssertTrue(scene.attempt(.transfer(from: 12, to: 5)), "the King goes home")
        pilot.advance(1)
        XCTAssertTrue(scene.isWon)
        pilot.type("x")
        let panel = pilot.screen.text
        XCTAssertTrue(panel.contains("You won Klondike (set position)!"), panel)
        XCTAssertTrue(panel.contains("r  Replay the position"), panel)
        XCTAssertFalse(panel.contains("Replay deal"), panel)
        pilot.type("r")
        XCTAssertEqual(scene.state, position, "the replay is the position")
        XCTAssertTrue(scene.history.isEmpty)
        XCTAssertEqual(scene.start, .position(position))
        XCTAssertTrue(scene.attempt(.transfer(from: 12, to: 5)))
        pilot.advance(1)
        pilot.type("x")
        pilot.type("q")
        XCTAssertTrue(app.wantsQuit)
    }

    func testRestartAndANewGame() {
        let position = almostWon()
        let (app, pilot) = start(position)
        let scene = app.scene
        XCTAssertTrue(scene.attempt(.transfer(from: 12, to: 6)), "the King onto an empty column")
        pilot.advance(1)
        pilot.type("R")
        pilot.advance(1)
        XCTAssertEqual(scene.state, position)
        XCTAssertTrue(scene.history.isEmpty)
        pilot.type("n")
        pilot.advance(1)
        XCTAssertEqual(scene.start, .deal(1), "a new game is a numbered deal")
        XCTAssertEqual(scene.state, scene.rules.deal(seed: 1))
        XCTAssertTrue(pilot.screen.text.contains("Klondike #1 · 0 moves"), pilot.screen.text)
        pilot.type("n")
        pilot.advance(1)
        XCTAssertEqual(scene.start, .deal(2), "and the next one the next number")
    }
}
