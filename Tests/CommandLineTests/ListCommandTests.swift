import XCTest

@testable import cardtable

/// `cardtable list` on a terminal of 80 columns: the terminal broke the long families' lines
/// where the columns ran out, in the middle of a game's name (`spanis` / `h-patience`,
/// `saratoga-ai` / `sleriot`), names a new player then typed. The listing now breaks its own
/// lines between names, each line under the first name; piped, a family is one line.
final class ListCommandTests: XCTestCase {
    /// The words of a listing: the names and the families' words, whatever the lines.
    private func words(_ listing: String) -> [String] {
        listing.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    func testOnATerminalNoLineIsWiderThanItAndNoNameIsBroken() {
        let piped = ListCommand.listing()
        XCTAssertTrue(piped.split(separator: "\n").contains { $0.count > 80 }, "some families are wider than 80")
        for width in [80, 60] {
            let shown = ListCommand.listing(width: width)
            for line in shown.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, width, String(line))
            }
            XCTAssertEqual(words(shown), words(piped), "the same names, none cut (\(width) columns)")
        }
        let lines = ListCommand.listing(width: 80).split(separator: "\n", omittingEmptySubsequences: false)
        let klondike = try! XCTUnwrap(lines.firstIndex { $0.hasPrefix("Klondike ") })
        let namesColumn = lines[klondike].range(of: "agnes")!.lowerBound.utf16Offset(in: lines[klondike])
        XCTAssertTrue(lines[klondike + 1].hasPrefix(String(repeating: " ", count: namesColumn)), "under the names")
        XCTAssertNotEqual(lines[klondike + 1].dropFirst(namesColumn).first, " ")
    }

    /// A script's option whose text wraps goes on under that text, not under column 2, where
    /// its lines read as new options' lines.
    func testAnOptionsTextGoesOnUnderItself() {
        for width in [80, 60] {
            let lines = ListCommand.scriptedListing(width: width).split(separator: "\n").map(String.init)
            var wrappedOptions = 0
            for (index, line) in lines.enumerated() where line.contains(" --option ") {
                guard index + 1 < lines.count, lines[index + 1].hasPrefix("   ") else { continue }
                wrappedOptions += 1
                let column = line.range(of: ": ").map { line.distance(from: line.startIndex, to: $0.upperBound) }
                let next = lines[index + 1]
                let indent = next.prefix { $0 == " " }.count
                XCTAssertTrue(indent == column || (column == nil && indent == 4), "\(line)\n\(next)")
            }
            XCTAssertGreaterThan(wrappedOptions, 0, "some option's text wraps at \(width) columns")
            XCTAssertFalse(lines.contains { $0.hasSuffix("(default") }, "a default is said on one line")
        }
        XCTAssertEqual(
            ListCommand.wrapped("  g --option n=v: ", ["some", "text"], width: 24),
            "  g --option n=v: some\n                  text\n")
    }

    func testPipedEachFamilyIsOneLine() {
        let lines = ListCommand.listing().split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("Klondike ") }.count, 1)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Klondike ") && $0.hasSuffix("westhaven, whitehead") })
        XCTAssertEqual(ListCommand.wrapped("ab  ", ["c,", "d"], width: nil), "ab  c, d\n")
        XCTAssertEqual(ListCommand.wrapped("ab  ", ["c,", "d"], width: 7), "ab  c,\n    d\n")
        XCTAssertEqual(ListCommand.wrapped("ab  ", ["longer-than-a-line"], width: 7), "ab  longer-than-a-line\n")
    }
}
