import Layouts
import Scripting
import Solitaire
import TestSupport
import XCTest

@testable import Persistence

/// Mutated position files, in both formats: each is read or refused with a bounded list of
/// messages, never a trap; what is read writes back to itself. And positions nobody dealt
/// (cards scattered over the slots) play without trapping either.
final class PositionTextFuzzTests: XCTestCase {
    struct Sample {
        var layout: TableLayout
        var text: String
        var board: Bool
    }

    func samples() throws -> [Sample] {
        var samples: [Sample] = []
        for (name, seed, moves) in [
            ("freecell", 1, 0), ("klondike", 2, 30), ("canfield", 3, 20), ("storehouse", 4, 10), ("sandbox", 1, 0),
            ("spider", 5, 25),
        ] {
            let table = try XCTUnwrap(ShippedLayouts.layout(named: name))
            let rules = rulesOf(table)
            var state = rules.deal(seed: UInt64(seed))
            var generator = SplitMix64(seed: UInt64(seed))
            for _ in 0..<moves {
                let legal = rules.legalMoves(in: state)
                guard !legal.isEmpty else { break }
                _ = rules.apply(generator.pick(legal), to: &state)
            }
            samples.append(Sample(layout: table, text: PositionText.write(state, layout: table), board: false))
        }
        for name in ["freecell", "eight-off"] {
            let table = try XCTUnwrap(ShippedLayouts.layout(named: name))
            let state = DeclarativeRules(layout: table).deal(seed: 7)
            samples.append(Sample(layout: table, text: try FreeCellBoard.write(state, layout: table), board: true))
        }
        return samples
    }

    /// What mutations insert: the format's own characters, and some that have no place in it.
    let alphabet: [Unicode.Scalar] =
        Array(":[]#- \t\n\r0123456789ACDHSTJQKacdhsx.".unicodeScalars) + [
            "\u{0}", "\u{FFFD}", "é", "ß", "ﬀ", "\u{301}", "ǆ", "\u{1F0A1}", "\u{200B}", "\u{85}", "\u{2028}",
        ]

    func mutate(_ text: String, _ generator: inout SplitMix64) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0...generator.below(4) {
            let at = generator.below(scalars.count + 1)
            switch generator.below(7) {
            case 0:
                let end = min(scalars.count, at + 1 + generator.below(20))
                if at < end { scalars.removeSubrange(at..<end) }
            case 1:
                for _ in 0...generator.below(6) { scalars.insert(generator.pick(alphabet), at: at) }
            case 2:
                if at < scalars.count { scalars[at] = generator.pick(alphabet) }
            case 3:
                var lines = String(String.UnicodeScalarView(scalars)).split(
                    separator: "\n", omittingEmptySubsequences: false)
                let line = generator.below(lines.count)
                lines.insert(lines[line], at: generator.below(lines.count + 1))
                scalars = Array(lines.joined(separator: "\n").unicodeScalars)
            case 4:
                var lines = String(String.UnicodeScalarView(scalars)).split(
                    separator: "\n", omittingEmptySubsequences: false)
                lines.swapAt(generator.below(lines.count), generator.below(lines.count))
                scalars = Array(lines.joined(separator: "\n").unicodeScalars)
            case 5:
                scalars.removeSubrange(at...)
            default:
                // Raw bytes, invalid UTF-8 among them, decoded as a file would be.
                let bytes = (0...generator.below(8)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                scalars.insert(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars, at: at)
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    func check(_ result: Result<GameState, PositionErrors>, _ sample: Sample, _ text: String) {
        switch result {
        case .success(let state):
            XCTAssertEqual(state.piles.count, rulesOf(sample.layout).deal(seed: 1).piles.count)
            let again = PositionText.parse(
                PositionText.write(state, layout: sample.layout), layout: sample.layout, file: "f")
            XCTAssertEqual(try? again.get(), state, "what was read writes back to itself:\n\(text)")
        case .failure(let errors):
            XCTAssertFalse(errors.lines.isEmpty)
            XCTAssertLessThanOrEqual(errors.lines.count, PositionErrors.limit + 1)
            for line in errors.lines { XCTAssertTrue(line.hasPrefix("f:"), line) }
        }
    }

    func testMutatedPositionsAreReadOrRefusedNeverTrapped() throws {
        let samples = try samples()
        var generator = SplitMix64(seed: 2024)
        var read = 0
        for _ in 0..<2000 {
            let sample = generator.pick(samples)
            let text = mutate(sample.text, &generator)
            let result = PositionText.parseAnyFormat(text, layout: sample.layout, file: "f")
            if case .success = result { read += 1 }
            check(result, sample, text)
            if sample.board {
                check(FreeCellBoard.parse(text, layout: sample.layout, file: "f"), sample, text)
            } else {
                check(PositionText.parse(text, layout: sample.layout, file: "f"), sample, text)
            }
        }
        XCTAssertGreaterThan(read, 100, "some mutations leave a valid position (a comment, spaces)")
    }

    func testNoiseIsRefusedNeverTrapped() throws {
        let freecell = try XCTUnwrap(ShippedLayouts.layout(named: "freecell"))
        var generator = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let bytes = (0..<generator.below(2000)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let text = String(decoding: bytes, as: UTF8.self)
            check(
                PositionText.parseAnyFormat(text, layout: freecell, file: "f"),
                Sample(layout: freecell, text: "", board: false), text)
        }
    }

    /// Every shipped game's cards scattered over its slots (within their capacity, none in a
    /// trash, faces at random): the position is read, and the rules, hints and outlook take it.
    func testScatteredPositionsPlayWithoutTrapping() throws {
        var generator = SplitMix64(seed: 99)
        for name in ShippedLayouts.names {
            let table = try XCTUnwrap(ShippedLayouts.layout(named: name))
            let rules = rulesOf(table)
            let game = PositionGame(layout: table)
            for _ in 0..<3 {
                var state = game.dealt
                var cards = state.piles.joined().map { $0 }
                for index in state.piles.indices { state.piles[index] = [] }
                for index in cards.indices.reversed() {
                    cards.swapAt(index, generator.below(index + 1))
                    cards[index].faceUp = generator.chance(70)
                }
                let open = table.slots.indices.filter { !table.slots[$0].deleteOnDrop }
                for card in cards {
                    let room = open.filter { state.piles[$0].count < game.capacities[$0] }
                    let pile = room.isEmpty ? (game.isFreeTable ? table.slots.count : open[0]) : generator.pick(room)
                    state.piles[pile].append(card)
                }
                if game.hasRedeals { state.redealsLeft = generator.below(game.dealt.redealsLeft + 1) }
                let text = PositionText.write(state, layout: table)
                guard case .success(let read) = PositionText.parse(text, layout: table, file: "f") else {
                    XCTFail("\(name): a scattered position is refused:\n\(text)")
                    continue
                }
                XCTAssertEqual(read, state, name)
                var position = read
                for _ in 0..<20 {
                    let moves = rules.legalMoves(in: position)
                    _ = rules.hints(in: position)
                    _ = rules.outlook(for: position, budget: 100)
                    _ = rules.autoplayMove(in: position, mode: .all)
                    for pile in position.piles.indices where !position.piles[pile].isEmpty {
                        _ = rules.bestMove(from: pile, count: 1, in: position)
                    }
                    guard !moves.isEmpty, !rules.isWon(position) else { break }
                    _ = rules.apply(generator.pick(moves), to: &position)
                }
            }
        }
    }
}
