import Foundation
import Layouts
import TableKit
import TerminalInput
import XCTest

@testable import App

/// The designer's parts on their own: the key table, the panel's rows and how a typed value is
/// written, the felt's geometry.
final class DesignPartsTests: XCTestCase {
    func testNoKeyIsBoundTwiceAndEveryActionHasHelp() {
        var seen: [KeyPress: DesignAction] = [:]
        for binding in DesignKeys.all {
            for key in binding.keys {
                XCTAssertNil(seen[key], "\(key) is bound to \(seen[key].map { "\($0)" } ?? "") and \(binding.action)")
                seen[key] = binding.action
            }
        }
        // Every action is listed in help, by the first row of its group.
        let listed = DesignKeys.all.filter { !$0.keyText.isEmpty }
        XCTAssertEqual(listed.count, 16)
        for binding in listed { XCTAssertFalse(binding.help.isEmpty, binding.keyText) }
        XCTAssertEqual(DesignKeys.action(for: KeyPress(.up, modifiers: .shift)), .nudge(.up))
        XCTAssertEqual(DesignKeys.action(for: KeyPress(.up)), .moveCursor(.up))
        XCTAssertEqual(DesignKeys.hint(for: .save), "[Ctrl-S]")
    }

    func testTheDesignersKeysMeanWhatTheGamesMeanWhereBothHaveThem() {
        // A key the game binds does the same thing here, or is one the designer leaves alone.
        let same: [TableAction: DesignAction] = [
            .moveCursor(.up): .moveCursor(.up), .activate: .activate, .cancel: .cancel, .undo: .undo,
            .redo: .redo, .showHelp: .showHelp, .quit: .quit, .nextPile(forward: true): .nextSlot(forward: true),
            .nextPile(forward: false): .nextSlot(forward: false),
        ]
        for binding in DesignKeys.all {
            for press in binding.keys where press.modifiers.isEmpty {
                guard let game = KeyBindings.action(for: press) else { continue }
                if case .moveCursor = game, case .moveCursor = binding.action { continue }
                XCTAssertEqual(
                    same[game], binding.action, "\(press.key) is \(game) in a game but \(binding.action) here")
            }
        }
    }

    /// man/cardtable.6 DESIGNING names every key of the designer's table.
    func testTheManPageNamesEveryKey() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("man/cardtable.6"), encoding: .utf8)
        let section = try XCTUnwrap(page.range(of: ".Sh DESIGNING"))
        let end = try XCTUnwrap(page.range(of: ".Sh WINNING"))
        let keys = page[section.upperBound..<end.lowerBound]
        for binding in DesignKeys.all {
            for press in binding.keys {
                let named: String
                switch press.key {
                case _ where press.modifiers == .shift: named = "Shift-Arrows"
                case .character("?"): named = "Ic \\&?"
                case .character("["): named = "Ic \\&["
                case .character("]"): named = "Ic \\&]"
                case .character(" "): named = "Space"
                case .character(let c) where "hjkl".contains(c): named = "Ic h j k l"
                case .character(let c): named = "Ic \(c)"
                case .control(let c): named = "Ctrl-\(c.uppercased())"
                case .enter: named = "Enter"
                case .escape: named = "Escape"
                case .tab: named = "Tab"
                case .backTab: named = "Shift-Tab"
                case .delete: named = "Delete"
                case .backspace: named = "Backspace"
                case .up, .down, .left, .right: named = "Arrows"
                default: named = "\(press.key)"
                }
                XCTAssertTrue(keys.contains(named), "\(press.key) (\(binding.action)) is not in cardtable(6) DESIGNING")
            }
        }
    }

    func testTypedValuesAreWrittenAsTOML() {
        XCTAssertEqual(DesignField.toml(forTyped: "K only", kind: .text), "\"K only\"")
        XCTAssertEqual(DesignField.toml(forTyped: "say \"hi\"", kind: .text), "\"say \\\"hi\\\"\"")
        XCTAssertEqual(DesignField.toml(forTyped: "  ", kind: .text), nil)
        XCTAssertEqual(DesignField.toml(forTyped: "13", kind: .value), "13")
        XCTAssertEqual(DesignField.toml(forTyped: "-1", kind: .value), "-1")
        XCTAssertEqual(DesignField.toml(forTyped: "true", kind: .boolean), "true")
        XCTAssertEqual(DesignField.toml(forTyped: "alternate-colour", kind: .value), "\"alternate-colour\"")
        XCTAssertEqual(DesignField.toml(forTyped: "[0, 1, 2]", kind: .value), "[0, 1, 2]")
        XCTAssertEqual(DesignField.toml(forTyped: "\"A\"", kind: .value), "\"A\"")
        XCTAssertEqual(DesignField.toml(forTyped: "down", kind: .choice(["none", "down"])), "\"down\"")
    }

    func testThePanelsRowsForAMapSlotAndAFreeSlot() throws {
        var session = DesignSession(document: LayoutDocument(newFile: "/nowhere/t.toml"))
        let key = try session.add(.tableau, at: .cell(row: 0, column: 0)).get()
        try session.setValue("\"down\"", forKey: "fan", ofSlot: key).get()
        var rows = DesignFields.rows(for: key, in: session)
        XCTAssertEqual(rows.map(\.key), DesignFields.baseKeys, "a free table: no row adds a rules key")
        XCTAssertEqual(rows[2].shown, "down")
        XCTAssertEqual(rows[3].shown, "(13)", "fan-visible: what applies, in brackets")
        XCTAssertEqual(rows[4].shown, "(no limit)")
        XCTAssertEqual(rows[2].choices, ["none", "down", "right"])
        try session.makeFree(key).get()
        rows = DesignFields.rows(for: key, in: session)
        XCTAssertEqual(rows.first?.key, "id")
        XCTAssertEqual(rows.first?.value, "tableau")
        XCTAssertEqual(rows[1].value, "tableau")
    }

    func testTheFeltPicksTheLargestCardsThatShowTheDesign() throws {
        let felt = Rect(x: 0, y: 2, width: 54, height: 21)
        let geometry = try XCTUnwrap(DesignGeometry.largest(felt: felt, fitting: GridPoint(column: 5, row: 3)))
        XCTAssertEqual(geometry.cardSize, CardSize(width: 7, height: 5))
        XCTAssertEqual(geometry.frame(at: GridPoint(column: 1, row: 1)), Rect(x: 10, y: 9, width: 7, height: 5))
        XCTAssertEqual(geometry.units(at: Point(x: 10, y: 9)), GridPoint(column: 1, row: 1))
        XCTAssertTrue(geometry.shows(GridPoint(column: 5, row: 2)))
        XCTAssertFalse(geometry.shows(GridPoint(column: 6, row: 0)))
        // Eight columns need smaller cards; thirty cannot show at all.
        XCTAssertEqual(
            DesignGeometry.largest(felt: felt, fitting: GridPoint(column: 8, row: 3))?.cardSize,
            CardSize(width: 5, height: 4))
        XCTAssertNil(DesignGeometry.largest(felt: felt, fitting: GridPoint(column: 30, row: 3)))
        // Kept from getting larger: at most the size asked.
        XCTAssertEqual(
            DesignGeometry.largest(
                felt: felt, fitting: GridPoint(column: 2, row: 1), atMost: CardSize(width: 6, height: 4))?
                .cardSize, CardSize(width: 6, height: 4))
    }
}
