import Layouts
import TableKit
import XCTest

@testable import App

/// A layout's title with control sequences in it (ESC, the C1 CSI U+009B, the bidirectional
/// override U+202E) reaches the table's status line, its help and the chooser only as cells:
/// a control character is drawn as `?`, a bidirectional control not at all, so no frame can
/// carry a sequence the terminal would act on (the frame writer sends cells, never raw text).
final class HostileTitleTests: XCTestCase {
    static let layoutText = """
        name = "evil"
        title = "Evil\\u001B]0;owned\\u0007\\u001B[?1049h\\u009B6n\\u202Etxt"
        map = "AB"
        [slots.A]
        kind = "free"
        [slots.B]
        kind = "trash"
        """

    /// No cell holds a character a terminal would act on.
    func assertOnlyShownCharacters(_ cells: some Sequence<Cell>, file: StaticString = #filePath, line: UInt = #line) {
        for cell in cells {
            let acted = cell.glyph.text.unicodeScalars.filter { TerminalText.isUnsafe($0) }
            XCTAssertEqual(
                acted.map(\.value), [], "\(cell.glyph.text.unicodeScalars.map(\.value))", file: file, line: line)
        }
    }

    func testTheTitleIsDrawnAsCellsOnTheStatusLineAndInTheHelp() throws {
        // The loader refuses such a title (a line feed in one broke every save); the table
        // still draws any title as cells, whatever made it.
        let refused = LayoutLoader.load(text: Self.layoutText, file: "/tables/evil.toml")
        XCTAssertEqual(
            refused.diagnostics.map(\.description),
            ["/tables/evil.toml:2:9: error: title holds the control character \\x1b"])
        let result = LayoutLoader.load(
            text: Self.layoutText.split(separator: "\n").map { $0.hasPrefix("title") ? "title = \"Plain\"" : $0 }
                .joined(separator: "\n"),
            file: "/tables/evil.toml")
        var layout = try XCTUnwrap(result.layout, "\(result.diagnostics)")
        layout.title = "Evil\u{1B}]0;owned\u{7}\u{1B}[?1049h\u{9B}6n\u{202E}txt"
        let h = Harness(layout: layout, seed: 1, width: 80, height: 24)
        h.renderFrame()
        XCTAssertTrue(h.lines[23].contains("Evil?]0;owned??[?1049h?6ntxt"), h.lines[23])
        for column in 0..<30 {
            XCTAssertNil(h.scene.statusLine.key(atColumn: column), "a bracket in the title is not a key's")
        }
        assertOnlyShownCharacters((0..<80).flatMap { x in (0..<24).map { h.cell(x, $0) } })
        h.key(.character("?"))
        h.settle()
        XCTAssertTrue(h.screen.contains("CardTable — Evil?]0;owned??[?1049h?6ntxt"), h.screen)
        assertOnlyShownCharacters((0..<80).flatMap { x in (0..<24).map { h.cell(x, $0) } })
    }
}
