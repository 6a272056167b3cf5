import Foundation
import Layouts
import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// The layout designer under test: `cardtable design FILE`'s app in a window of its own, on a
/// file in a temporary folder, a manual clock, and helpers that speak in grid cells and slot ids.
///
/// At 80x24 the felt is 52 columns by 21 rows from row 2, with 7x5 cards every 9 columns and 6
/// rows from column 1, row 3: grid cell (row, column) has its top-left corner at column
/// 1 + 9 × column, row 3 + 6 × row.
final class DesignHarness {
    let clock = ManualClock()
    let folder: String
    let path: String
    let app: TableApp
    let pilot: Pilot
    var scene: DesignScene { app.designer! }

    /// A designer on a new file (`text` nil), or on a file with that text.
    init(
        file: String = "table.toml", text: String? = nil, width: Int = 80, height: Int = 24, animations: Bool = true,
        theme: Theme = Theme(ascii: false, monochrome: false)
    ) throws {
        folder = try TemporaryFolder.make()
        path = folder + "/" + file
        let document: LayoutDocument
        if let text {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            document = try LayoutDocument(text: text, file: path)
        } else {
            document = LayoutDocument(newFile: path)
        }
        let session = DesignSession(document: document)
        let app = TableApp.design(
            session: session, isNewFile: text == nil, width: width, height: height, clock: clock, theme: theme,
            animations: animations, dealNumber: { 7 })
        self.app = app
        pilot = Pilot(window: app.window, clock: clock, input: { app.handle($0) }, render: { app.renderFrame() })
    }

    deinit { TemporaryFolder.remove(folder) }

    // MARK: Where things are

    var geometry: DesignGeometry { scene.geometry! }

    /// The middle cell of the card a slot at a grid cell would show.
    func cell(_ row: Int, _ column: Int) -> (x: Int, y: Int) {
        let grid = scene.design.grid
        let frame = geometry.frame(at: GridPoint(column: Double(column) * grid.column, row: Double(row) * grid.row))
        return middle(of: frame)
    }

    func middle(of frame: Rect) -> (x: Int, y: Int) {
        (Int(frame.minX) + Int(frame.width) / 2, Int(frame.minY) + Int(frame.height) / 2)
    }

    /// The view of the slot with an id.
    func view(of id: String, file: StaticString = #filePath, line: UInt = #line) -> DesignSlotView? {
        guard let key = scene.session.key(ofID: id), let view = scene.slotViews[key] else {
            XCTFail("no slot \(id): there are \(ids)", file: file, line: line)
            return nil
        }
        return view
    }

    /// The middle of a slot on screen.
    func centre(of id: String, file: StaticString = #filePath, line: UInt = #line) -> (x: Int, y: Int) {
        view(of: id, file: file, line: line).map { middle(of: $0.frame) } ?? (0, 0)
    }

    /// A kind's place in the palette.
    func palette(_ kind: SlotKind) -> (x: Int, y: Int) {
        let item = scene.palette.items.first { $0.kind == kind }!
        let frame = item.convert(item.bounds, to: nil)
        return (Int(frame.minX) + 2, Int(frame.minY))
    }

    var trash: (x: Int, y: Int) { middle(of: scene.trashView.frame) }

    /// The ids of the layout's slots, in the layout's order.
    var ids: [String] { scene.layout.slots.map(\.id) }

    /// Where a slot stands, in card units.
    func position(of id: String) -> GridPoint? { scene.layout.slot(id)?.position }

    // MARK: Input

    /// A click, then the animations finish and the double-click interval passes.
    func tap(_ at: (x: Int, y: Int), on expected: View? = nil, file: StaticString = #filePath, line: UInt = #line) {
        pilot.click(at.x, at.y, on: expected, file: file, line: line)
        settle()
    }

    /// Presses, moves a cell at a time and lets go; then the animations finish.
    func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int)) {
        pilot.drag(from: start, to: end)
        settle()
    }

    func key(_ key: Key, _ modifiers: Modifiers = []) { pilot.key(key, modifiers) }
    func type(_ text: String) { pilot.type(text) }

    /// Lets every animation finish (the longest, the settle, takes 0.25 s) and the double-click
    /// interval pass.
    func settle() { pilot.advance(1) }

    // MARK: Screen

    var screen: String { pilot.screen.text }
    var status: String { scene.statusText }
    var header: String { scene.headerText }
    var panelText: String {
        let frame = scene.panel.frame
        return pilot.screen.lines[Int(frame.minY)..<Int(frame.maxY)].map {
            String($0.dropFirst(Int(frame.minX)).prefix(Int(frame.width)))
        }.joined(separator: "\n")
    }

    /// The file as saved, nil when there is none.
    var saved: String? { try? String(contentsOfFile: path, encoding: .utf8) }
}
