import Layouts
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// The shipped sandbox: six free slots (`free.1`…`free.6`, capacity 1, label "+"), a gap
/// and a trash.
let sandbox = ShippedLayouts.layout(named: "sandbox")!

/// One app under test: a table in a window of its own, a manual clock, and helpers that
/// speak in screen cells (0-based columns and rows, as `MouseReport` does).
///
/// Input goes through a ``Pilot`` into the app's own event path, and every frame is drawn on a
/// ``RecordingScreen``, so screen checks read what the frames wrote, colours included.
///
/// At 80x24 the sandbox has 7x5 cards: the free slots' top-left corners are at columns
/// 5, 14, 23, 32, 41, 50 and the trash's at 68, all on row 1; the status line is row 23.
final class Harness {
    let clock = ManualClock()
    let app: TableApp
    let pilot: Pilot
    let layout: TableLayout
    var scene: TableScene { app.scene }

    init(
        layout: TableLayout = sandbox, seed: UInt64 = 1, width: Int = 80, height: Int = 24,
        theme: Theme = Theme(ascii: false, monochrome: false), animations: Bool = true
    ) {
        self.layout = layout
        let app = TableApp(
            layout: layout, seed: seed, width: width, height: height, clock: clock,
            theme: theme, animations: animations)
        self.app = app
        pilot = Pilot(window: app.window, clock: clock, input: { app.handle($0) }, render: { app.renderFrame() })
    }

    // MARK: Input

    func mouse(_ action: MouseAction, _ x: Int, _ y: Int, button: MouseButton = .left) {
        pilot.send(.mouse(MouseReport(action: action, button: button, column: x, row: y)))
    }

    func press(_ x: Int, _ y: Int) { pilot.press(x, y) }
    func drag(_ x: Int, _ y: Int) { pilot.move(x, y) }
    func release(_ x: Int, _ y: Int) { pilot.release(x, y) }

    /// Press and release on one cell, then let the fade-in finish (and the double-tap
    /// window pass, so the next click is a single tap again). With `expected`, the click
    /// must land on that view (or inside it).
    func click(_ x: Int, _ y: Int, on expected: View? = nil, file: StaticString = #filePath, line: UInt = #line) {
        pilot.click(x, y, on: expected, file: file, line: line)
        advance(0.5)
    }

    /// Clicks the middle of a slot. The click must land on the slot, or on a card lying on it;
    /// anything else in the way (a panel, a card from elsewhere) fails the test.
    func click(slot id: String, file: StaticString = #filePath, line: UInt = #line) {
        let c = centre(of: id)
        let hit = pilot.view(at: c.x, c.y)
        let slotView = scene.slotViews[id]!
        let onTheSlot = hit === slotView || (hit is CardView && hit!.frame.intersects(slotView.frame))
        if !onTheSlot {
            XCTFail("a click on \(id) landed on \(pilot.describe(hit))", file: file, line: line)
        }
        click(c.x, c.y)
    }

    func key(_ key: Key) { pilot.key(key) }

    /// Types characters one key at a time.
    func type(_ text: String) { pilot.type(text) }

    /// Draws a frame (on the recording screen too).
    func renderFrame() { pilot.frame() }

    /// The terminal changed size; a frame is drawn.
    func resize(width: Int, height: Int) {
        app.resize(width: width, height: height)
        pilot.frame()
    }

    // MARK: Time

    /// Moves the clock and draws a frame.
    func advance(_ seconds: Double) { pilot.advance(seconds) }

    /// Lets every animation finish (the longest, the settle, takes 0.25 s).
    func settle() { advance(1) }

    // MARK: Model

    /// The cards in a slot, bottom first, as `TS`.
    func cards(in slot: String) -> [String] {
        // A trash keeps what it deleted (so a delete can be undone), but shows nothing.
        sandbox.slot(slot)?.deleteOnDrop == true ? [] : scene.cards(in: slot).map(\.card.description)
    }

    /// The top card in a slot, as `TS`.
    func card(in slot: String) -> String? { cards(in: slot).last }

    /// Every card on the table.
    var cardCount: Int { layout.slots.filter { !$0.deleteOnDrop }.reduce(0) { $0 + scene.cards(in: $1.id).count } }

    /// Cards the free table has not dealt yet.
    var undealtCount: Int { scene.state.piles[scene.layout.slots.count].count }

    func cardView(in slot: String) -> CardView? {
        scene.pileIndex(of: slot).flatMap { scene.pileViews[$0].last }
    }

    /// Card views in the view tree, fading ones included.
    var cardViewsOnTable: [CardView] { scene.tableLayer.subviews.compactMap { $0 as? CardView } }

    // MARK: Screen

    /// What the frames put on the screen.
    var recorded: RecordingScreen { pilot.screen }
    var screen: String { recorded.text }
    var lines: [String] { recorded.lines }
    func cell(_ x: Int, _ y: Int) -> Cell { recorded[x, y] }

    /// `width` glyphs from a cell on, wide glyphs read as one.
    func text(_ x: Int, _ y: Int, width: Int) -> String { recorded.text(x, y, width: width) }

    /// The top-left cell of a card face showing a label (`4♥`), found by its top-left
    /// corner and the label after it; nil when no card shows it.
    func findCard(_ label: String, corner: Character = "╭") -> (x: Int, y: Int)? {
        for y in 0..<recorded.height {
            for x in 0..<(recorded.width - 2) where recorded[x, y].glyph == Glyph(corner) {
                if text(x + 1, y, width: label.count) == label { return (x, y) }
            }
        }
        return nil
    }

    /// The screen label of the top card in a slot (`4♥`).
    func label(in slot: String) -> String? {
        cards(in: slot).isEmpty ? nil : scene.cards(in: slot).last.map { scene.theme.label(for: $0.card) }
    }

    /// Where a slot is on screen, in cells.
    func slotFrame(_ id: String) -> Rect { scene.slotViews[id]!.frame }

    func origin(of id: String) -> (x: Int, y: Int) {
        let frame = slotFrame(id)
        return (Int(frame.minX), Int(frame.minY))
    }

    func centre(of id: String) -> (x: Int, y: Int) {
        let frame = slotFrame(id)
        return (Int(frame.minX) + Int(frame.width) / 2, Int(frame.minY) + Int(frame.height) / 2)
    }

    /// Where the cursor's pointer mark is on screen.
    var cursorMark: (x: Int, y: Int)? {
        let mark = Glyph(scene.theme.glyphs.cursorLeft)
        for y in 0..<recorded.height {
            for x in 0..<recorded.width where recorded[x, y].glyph == mark { return (x, y) }
        }
        return nil
    }

    /// Every card view at rest: on its slot's resting frame, flat, opaque, in the tree.
    func assertAllCardsAtRest(file: StaticString = #filePath, line: UInt = #line) {
        for (id, view) in scene.cardViews {
            guard let slot = scene.slotID(ofCardView: id) else {
                XCTFail("card view \(id) (\(view.card)) has no card in the model", file: file, line: line)
                continue
            }
            XCTAssertEqual(
                view.frame, scene.restingFrame(of: id, in: slot), "\(view.card) in \(slot) is off its slot",
                file: file, line: line)
            XCTAssertEqual(view.elevation, 0, "\(view.card) in \(slot) is still lifted", file: file, line: line)
            XCTAssertEqual(view.alpha, 1, "\(view.card) in \(slot) is not opaque", file: file, line: line)
            XCTAssertTrue(
                view.superview === scene.tableLayer, "\(view.card) is not on the table", file: file, line: line)
        }
        XCTAssertEqual(
            cardViewsOnTable.count, cardCount, "card views on the table vs cards in the model", file: file, line: line)
        XCTAssertEqual(
            scene.cardViews.count, cardCount, "card views known to the scene vs cards in the model", file: file,
            line: line)
    }
}

/// Compares the screen the frames drew with an expected snapshot (glyphs only, trailing
/// spaces trimmed), and checks that it is what the window composed (no change left unsent).
/// `SNAPSHOT_DIR` collects differing screens (see ``assertSnapshot(_:_:file:line:)``).
func assertScreen(_ harness: Harness, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
    harness.pilot.assertScreenMatchesWindow(file: file, line: line)
    assertSnapshot(harness.screen, expected, file: file, line: line)
}

/// How dark a colour is, roughly (0 black … 765 white).
func brightness(_ colour: RGB) -> Int { Int(colour.red) + Int(colour.green) + Int(colour.blue) }

/// The felt of the default theme.
let feltColour = Theme(ascii: false, monochrome: false).felt.background!
