import TableKit
import TestSupport
import XCTest

@testable import App

/// The status line's width of a message, worked out scalar by scalar, is the width of what it
/// shows: brackets take no column, escaped brackets one, every other character its glyph's.
final class StatusLineColumnsTests: XCTestCase {
    /// The plain reading: character by character, as the line draws them.
    private func reference(_ message: String) -> Int {
        message.reduce(0) { total, character in
            if character == "[" || character == "]" { return total }
            return total + Glyph.columns(of: StatusLineView.shown(character))
        }
    }

    func testMessagesTakeTheColumnsTheyShow() {
        XCTAssertEqual(StatusLineView.columns(of: "[q] quit · ? help"), 15)
        XCTAssertEqual(StatusLineView.columns(of: StatusLineView.literal("[q]")), 3, "escaped brackets are shown")
        XCTAssertEqual(StatusLineView.columns(of: "漢字"), 4)
    }

    func testEveryMessageAgreesWithTheCharacterByCharacterReading() {
        let pieces = [
            "[", "]", "\u{E000}", "\u{E001}", "a", " ", "·", "…", "漢", "e\u{301}", "[\u{301}", "\u{E000}\u{301}", "♠",
            "🂡", "👍🏽", "\t", "\u{200B}", "Q",
        ]
        var random = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let message = (0..<random.below(12)).map { _ in random.pick(pieces) }.joined()
            XCTAssertEqual(StatusLineView.columns(of: message), reference(message), message.debugDescription)
        }
    }

    func testTheFirstCandidateThatFitsIsShownElseTheLast() {
        let candidates = [["Klondike #7", "[click] deals", "[q] quit"], ["Klondike #7", "[q] quit"], ["[q] quit"]]
        XCTAssertEqual(StatusLineView.fitted(candidates, room: 34), "Klondike #7 · [click] deals · [q] quit")
        XCTAssertEqual(StatusLineView.fitted(candidates, room: 33), "Klondike #7 · [q] quit")
        XCTAssertEqual(StatusLineView.fitted(candidates, room: 19), "[q] quit")
        XCTAssertEqual(StatusLineView.fitted(candidates, room: 5), "[q] quit", "nothing fits: the last")
        XCTAssertEqual(
            StatusLineView.fitted([["", "a"], ["b"]], room: 9), " · a", "an empty part keeps its separator")
        XCTAssertEqual(StatusLineView.fitted([], room: 9), "")
    }
}
