import Foundation
import XCTest

@testable import Layouts

/// man/cardtable-layout.5 documents every key the loader accepts.
final class ManPageTests: XCTestCase {
    func testManPageDocumentsEveryKeyAndKind() throws {
        let page = try String(
            contentsOf: repositoryRoot.appendingPathComponent("man/cardtable-layout.5"), encoding: .utf8)
        let keys = Set(
            LayoutLoader.topLevelKeys + LayoutLoader.groupKeys + LayoutLoader.slotKeys + LayoutLoader.gameKeys)
        for key in keys.sorted() {
            // mdoc escapes '-' as '\-' only in some places; accept both.
            let escaped = key.replacingOccurrences(of: "-", with: "\\-")
            XCTAssertTrue(
                page.contains(".It Ic \(key)") || page.contains(".It Ic \(escaped)"), "key \(key) is not documented")
        }
        for kind in SlotKind.allCases {
            XCTAssertTrue(page.contains(".It Cm \(kind.rawValue)"), "kind \(kind.rawValue) is not documented")
        }
        for fan in FanDirection.allCases {
            XCTAssertTrue(page.contains("Cm \(fan.rawValue)"), "fan \(fan.rawValue) is not documented")
        }
        let words =
            BuildDirection.allCases.map(\.rawValue) + SuitRule.allCases.map(\.rawValue)
            + MoveRule.allCases.map(\.rawValue) + SequenceLimit.allCases.map(\.rawValue)
            + WinCondition.allCases.map(\.rawValue) + ["dealt", "unlimited"]
        for word in words {
            let escaped = word.replacingOccurrences(of: "-", with: "\\-")
            XCTAssertTrue(
                page.contains("Cm \(word)") || page.contains("Cm \(escaped)"), "value \(word) is not documented")
        }
        for size in Placement.cardSizes {
            XCTAssertTrue(page.contains(size.description), "card size \(size) is not documented")
        }
    }

    /// LIMITS says every limit the loader holds a file to, in numbers.
    func testManPageSaysTheLimits() throws {
        let page = try String(
            contentsOf: repositoryRoot.appendingPathComponent("man/cardtable-layout.5"), encoding: .utf8)
        let start = try XCTUnwrap(page.range(of: ".Sh LIMITS\n"))
        let end = try XCTUnwrap(page.range(of: ".Sh ", range: start.upperBound..<page.endIndex))
        let limits = String(page[start.upperBound..<end.lowerBound])
        let figures = [
            "\(LayoutLoader.maxFileBytes) bytes", "\(LayoutLoader.maxFileBytes >> 20) MB",
            "at most \(TOMLLimits.maxItems)", "at most \(TOMLLimits.maxDepth) deep",
            "at most \(TOMLLimits.maxKeyPathLength) characters", "At most \(LayoutLoader.maxSlots) slots",
            "more than \(LayoutLoader.maxSlots)", "At most \(LayoutDiagnostic.maxPerFile) errors",
            "may be \(LayoutLoader.maxScriptBytes >> 20) MB",
        ]
        for figure in figures {
            XCTAssertTrue(limits.contains(figure), "LIMITS does not say \"\(figure)\"")
        }
    }

    /// SHIPPED GAMES names every shipped game under its family, and nothing else.
    func testManPageListsEveryShippedGameUnderItsFamily() throws {
        let page = try String(
            contentsOf: repositoryRoot.appendingPathComponent("man/cardtable-layout.5"), encoding: .utf8)
        let start = try XCTUnwrap(page.range(of: ".Sh SHIPPED GAMES\n"))
        let end = try XCTUnwrap(page.range(of: ".Sh ", range: start.upperBound..<page.endIndex))
        var listed: [String: String] = [:]
        var family = ""
        for line in page[start.upperBound..<end.lowerBound].split(separator: "\n") {
            if line.hasPrefix(".It ") { family = String(line.dropFirst(4)) }
            if line.hasPrefix(".Pa "), !family.isEmpty {
                listed[String(line.dropFirst(4).split(separator: " ")[0])] = family
            }
        }
        var games: [String: String] = [:]
        for name in ShippedLayouts.names {
            if let family = ShippedLayouts.layout(named: name)?.rules?.family { games[name] = family }
        }
        XCTAssertEqual(listed, games)
    }

    /// The layouts shown in the man page load without a diagnostic.
    func testManPageExamplesLoad() throws {
        let page = try String(
            contentsOf: repositoryRoot.appendingPathComponent("man/cardtable-layout.5"), encoding: .utf8)
        var examples: [String] = []
        var current: [String]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".Bd -literal") {
                current = []
            } else if line == ".Ed" {
                if let block = current { examples.append(block.joined(separator: "\n")) }
                current = nil
            } else if current != nil {
                current!.append(line.hasPrefix("\\&") ? String(line.dropFirst(2)) : String(line))
            }
        }
        let layouts = examples.filter { $0.contains("[slots.") && !$0.contains("error:") }
        XCTAssertEqual(layouts.count, 4)
        for text in layouts {
            let result = LayoutLoader.load(text: text, file: "example.toml")
            XCTAssertEqual(result.diagnostics.map(\.description), [], text)
            XCTAssertNotNil(result.layout)
        }
    }
}
