import Layouts
import TableKit
import TerminalInput
import XCTest

@testable import App

/// The shipped sandbox: six free slots (`free.1`…`free.6`, capacity 1, label "+"), a gap
/// and a trash.
let sandbox = ShippedLayouts.layout(named: "sandbox")!

/// One app under test: a table in a window of its own, a manual clock, and helpers that
/// speak in screen cells (0-based columns and rows, as `MouseReport` does).
///
/// At 80x24 the sandbox has 7x5 cards: the free slots' top-left corners are at columns
/// 5, 14, 23, 32, 41, 50 and the trash's at 68, all on row 1; the status line is row 23.
final class Harness {
    let clock = ManualClock()
    let app: TableApp
    var scene: TableScene { app.scene }

    init(
        seed: UInt64 = 1, width: Int = 80, height: Int = 24,
        theme: Theme = Theme(ascii: false, monochrome: false), animations: Bool = true
    ) {
        app = TableApp(
            layout: sandbox, seed: seed, width: width, height: height, clock: clock,
            theme: theme, animations: animations)
        app.renderFrame()
    }

    // MARK: Input

    func mouse(_ action: MouseAction, _ x: Int, _ y: Int, button: MouseButton = .left) {
        app.handle(.mouse(MouseReport(action: action, button: button, column: x, row: y)))
        app.renderFrame()
    }

    func press(_ x: Int, _ y: Int) { mouse(.press, x, y) }
    func drag(_ x: Int, _ y: Int) { mouse(.drag, x, y) }
    func release(_ x: Int, _ y: Int) { mouse(.release, x, y) }

    /// Press and release on one cell, then let the fade-in finish (and the double-tap
    /// window pass, so the next click is a single tap again).
    func click(_ x: Int, _ y: Int) {
        press(x, y)
        release(x, y)
        advance(0.5)
    }

    /// Clicks the middle of a slot.
    func click(slot id: String) {
        let c = centre(of: id)
        click(c.x, c.y)
    }

    func key(_ key: Key) {
        app.handle(.key(KeyPress(key)))
        app.renderFrame()
    }

    /// Types characters one key at a time.
    func type(_ text: String) {
        for character in text { key(.character(character)) }
    }

    // MARK: Time

    /// Moves the clock and draws a frame.
    func advance(_ seconds: Double) {
        clock.advance(by: seconds)
        app.renderFrame()
    }

    /// Lets every animation finish (the longest, the settle, takes 0.25 s).
    func settle() { advance(1) }

    // MARK: Model

    /// The cards in a slot, bottom first, as `TS`.
    func cards(in slot: String) -> [String] {
        scene.table.pile(slot).map(\.card.description)
    }

    /// The top card in a slot, as `TS`.
    func card(in slot: String) -> String? { cards(in: slot).last }

    /// Every card on the table.
    var cardCount: Int { sandbox.slots.reduce(0) { $0 + scene.table.pile($1.id).count } }

    func cardView(in slot: String) -> CardView? {
        scene.table.topCard(of: slot).flatMap { scene.cardViews[$0.id] }
    }

    /// Card views in the view tree, fading ones included.
    var cardViewsOnTable: [CardView] { scene.tableLayer.subviews.compactMap { $0 as? CardView } }

    // MARK: Screen

    var screen: String { app.screenText }
    var lines: [String] { app.window.canvas.lines }
    func cell(_ x: Int, _ y: Int) -> Cell { app.window.canvas[x, y] }

    /// `width` glyphs from a cell on, wide glyphs read as one.
    func text(_ x: Int, _ y: Int, width: Int) -> String {
        (x..<min(x + width, app.window.size.width)).map { app.window.canvas[$0, y].glyph.text }.joined()
    }

    /// The top-left cell of a card face showing a label (`4♥`), found by its top-left
    /// corner and the label after it; nil when no card shows it.
    func findCard(_ label: String, corner: Character = "╭") -> (x: Int, y: Int)? {
        let (width, height) = app.window.size
        for y in 0..<height {
            for x in 0..<(width - 2) where app.window.canvas[x, y].glyph == Glyph(corner) {
                if text(x + 1, y, width: label.count) == label { return (x, y) }
            }
        }
        return nil
    }

    /// The screen label of the top card in a slot (`4♥`).
    func label(in slot: String) -> String? {
        scene.table.topCard(of: slot).map { scene.theme.label(for: $0.card) }
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
        for (y, _) in lines.enumerated() {
            for x in 0..<app.window.size.width where app.window.canvas[x, y].glyph == mark { return (x, y) }
        }
        return nil
    }

    /// Every card view at rest: on its slot's resting frame, flat, opaque, in the tree.
    func assertAllCardsAtRest(file: StaticString = #filePath, line: UInt = #line) {
        for (id, view) in scene.cardViews {
            guard let slot = scene.table.slot(of: id) else {
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

/// Compares the screen with an expected snapshot (glyphs only, trailing spaces trimmed)
/// and prints both when they differ.
///
/// With `SNAPSHOT_DIR` set, a differing screen is also written there as
/// `<test file>-<line>.txt`, to review and paste in.
func assertScreen(_ harness: Harness, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
    let actual = harness.screen
    guard actual != expected else { return }
    if let directory = ProcessInfo.processInfo.environment["SNAPSHOT_DIR"] {
        let name = "\(file)".split(separator: "/").last.map(String.init) ?? "screen"
        try? actual.write(toFile: "\(directory)/\(name)-\(line).txt", atomically: true, encoding: .utf8)
    }
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    var diff: [String] = []
    for row in 0..<max(a.count, e.count) {
        let got = row < a.count ? String(a[row]) : "<none>"
        let want = row < e.count ? String(e[row]) : "<none>"
        if got != want { diff.append("row \(row):\n  expected |\(want)|\n  actual   |\(got)|") }
    }
    XCTFail(
        "screen differs from the snapshot:\n\(diff.joined(separator: "\n"))\n--- actual screen ---\n\(actual)\n---",
        file: file, line: line)
}

/// How dark a colour is, roughly (0 black … 765 white).
func brightness(_ colour: RGB) -> Int { Int(colour.red) + Int(colour.green) + Int(colour.blue) }

/// The felt of the default theme.
let feltColour = Theme(ascii: false, monochrome: false).felt.background!
