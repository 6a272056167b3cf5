import Layouts
import TableKit
import TerminalInput
import XCTest

@testable import App

/// Behaviour fixed after it was seen to be wrong, each with the test that would have caught it.
final class RegressionTests: XCTestCase {
    func testAClickWhileTheHelpIsShownClosesItAndDealsNothing() {
        let h = Harness()
        h.key(.character("?"))
        XCTAssertTrue(h.scene.isShowingHelp)
        h.click(6, 3, on: h.scene.slotViews["free.1"])  // free.1's left edge, beside the help
        h.settle()
        XCTAssertFalse(h.scene.isShowingHelp, "the click closed the help")
        XCTAssertNil(h.card(in: "free.1"), "and did not reach the table beneath")
        h.click(slot: "free.1")
        h.settle()
        XCTAssertNotNil(h.card(in: "free.1"), "with the help gone, a click deals")
    }

    func testGrabbingALandingCardKeepsItUnderThePointerWithoutAJump() {
        let h = Harness()
        h.click(slot: "free.1")
        h.settle()
        // Throw the card at free.4 and grab it again halfway through its landing.
        let from = h.centre(of: "free.1")
        let to = h.centre(of: "free.4")
        h.press(from.x, from.y)
        h.drag(from.x + 1, from.y)
        h.advance(0.2)
        // Let go near the slot's edge, so the landing has some way to go.
        h.drag(to.x + 3, to.y + 1)
        h.advance(0.02)
        h.release(to.x + 3, to.y + 1)
        h.advance(0.02)
        let view = h.cardView(in: "free.4")!
        let onScreen = view.frame.origin
        XCTAssertGreaterThan(onScreen.x - h.slotFrame("free.4").minX, 1, "still landing")
        let grab = (x: Int(onScreen.x) + 2, y: Int(onScreen.y) + 1)
        h.press(grab.x, grab.y)
        h.drag(grab.x + 1, grab.y)
        h.advance(0.2)
        // The card moved by exactly the pointer's one column, from where it was on screen.
        XCTAssertEqual(view.frame.origin.x, onScreen.x + 1, accuracy: 0.51)
        XCTAssertEqual(view.frame.origin.y, onScreen.y, accuracy: 0.51)
    }

    func testAnEmptySlotInAsciiIsDrawnWithDotsNotPlusSigns() {
        let h = Harness(theme: Theme(ascii: true, monochrome: true))
        let slot = h.origin(of: "free.4")
        XCTAssertEqual(h.text(slot.x, slot.y, width: 7), ".     .")
    }

    func testATrashWithALabelShowsItsLabel() throws {
        var layout = sandbox
        let index = try XCTUnwrap(layout.slots.firstIndex(where: { $0.deleteOnDrop }))
        layout.slots[index].label = "bin"
        let h = Harness(layout: layout)
        let trash = h.slotFrame(layout.slots[index].id).cellRect
        let inside = (trash.y..<trash.maxY).map { h.text(trash.x, $0, width: trash.width) }
        XCTAssertTrue(
            inside.contains { $0.contains("bin") }, "the trash shows its label:\n\(inside.joined(separator: "\n"))")
        XCTAssertFalse(Harness().screen.contains("bin"), "the label comes from the layout")
    }

}

/// Klondike's layout without its rules, played as a free table: clicks deal, and a click on a
/// fanned pile's top card deals onto it.
final class GameLayoutPlayTests: XCTestCase {
    func testClicksDealOnAGameLayoutAndOntoFannedPiles() {
        var klondike = ShippedLayouts.layout(named: "klondike")!
        klondike.rules = nil
        let clock = ManualClock()
        let app = TableApp(layout: klondike, seed: 3, width: 80, height: 24, clock: clock)
        app.renderFrame()
        let tableau = app.scene.placement!.slot("tableau.1")!
        func click(_ x: Int, _ y: Int) {
            app.handle(.mouse(MouseReport(action: .press, button: .left, column: x, row: y)))
            app.handle(.mouse(MouseReport(action: .release, button: .left, column: x, row: y)))
            clock.advance(by: 1)
            app.renderFrame()
        }
        click(tableau.x + 2, tableau.y + 1)
        XCTAssertEqual(app.scene.cards(in: "tableau.1").count, 1)
        click(tableau.x + 2, tableau.y + 1)  // on the card now there
        XCTAssertEqual(app.scene.cards(in: "tableau.1").count, 2)
        let stock = app.scene.placement!.slot("stock")!
        click(stock.x + 1, stock.y + 1)
        XCTAssertEqual(app.scene.cards(in: "stock").count, 1)
        click(stock.x + 1, stock.y + 1)
        XCTAssertEqual(app.scene.cards(in: "stock").count, 1, "an unfanned slot holds one card")
    }
}
