import Layouts
import Persistence
import Scripting
import Solitaire
import TestSupport
import XCTest

/// A scripted game is saved and resumed as any other: its moves (clicks a script answers
/// included) and the options it was played with replay to the same position.
final class ScriptedSaveTests: XCTestCase {
    func testAScriptedGameWithAnOptionSavesAndReplays() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "klondike-lua"))
        let rules = rulesOf(layout, options: ["draw": "3"])
        var state = rules.deal(seed: 42)
        var history: [MoveRecord] = []
        var random = SplitMix64(seed: 3)
        for _ in 0..<40 {
            let moves = rules.legalMoves(in: state).sorted { $0.description < $1.description }
            guard !moves.isEmpty else { break }
            history.append(rules.apply(random.pick(moves), to: &state))
        }
        let saved = SavedGame(
            id: "0123456789abcdef", variant: layout.name, layout: layout.name, title: layout.title,
            fingerprint: layout.fingerprint, start: .deal(42), history: history, options: ["draw": "3"])
        let text = saved.encoded()
        XCTAssertTrue(text.contains("\noption draw 3\n"), text)
        let read = try SavedGame.decode(text, file: "k.save")
        XCTAssertEqual(read, saved)
        let resumed = try read.replay(with: rulesOf(layout, options: read.options), file: "k.save")
        XCTAssertEqual(resumed.state, state)
        // Under the other option the same moves do not replay.
        XCTAssertThrowsError(try read.replay(with: rulesOf(layout), file: "k.save"))
    }

    func testTheScriptIsPartOfTheFingerprint() throws {
        var layout = try XCTUnwrap(ShippedLayouts.layout(named: "klondike-lua"))
        let before = layout.fingerprint
        layout.script?.source += "\n-- a comment\n"
        XCTAssertNotEqual(layout.fingerprint, before)
    }

    func testAClickAScriptAnswersIsSavedAsAClick() throws {
        let record = MoveRecord(move: .click(4, clicks: 2), steps: [Step(from: 4, to: 1, count: 1)])
        let saved = SavedGame(
            id: "0123456789abcdef", variant: "v", layout: "v", title: "V", fingerprint: "f", start: .deal(1),
            history: [record])
        XCTAssertTrue(saved.encoded().contains("\nk 4 2 | 4 1 1 -\n"), saved.encoded())
        XCTAssertEqual(try SavedGame.decode(saved.encoded(), file: "v.save").history, [record])
    }
}
