import Layouts
import Scripting
import Solitaire
import TestSupport
import XCTest

@testable import Persistence

/// Games played at random, as the table would record them: each move with the steps it took,
/// autoplay's joined to it, and the last few taken back.
enum PlayedGames {
    static func klondike() -> TableLayout { ShippedLayouts.layout(named: "klondike")! }

    static func play(
        _ layout: TableLayout, deal: UInt64, moves: Int, undoing: Int = 0, autoplay: AutoplayMode = .all,
        seed: UInt64 = 7
    ) -> SavedGame {
        let rules = rulesOf(layout)
        var state = rules.deal(seed: deal)
        var random = SplitMix64(seed: seed)
        var history: [MoveRecord] = []
        for _ in 0..<moves {
            let legal = rules.legalMoves(in: state)
            guard !legal.isEmpty else { break }
            var record = rules.apply(random.pick(legal), to: &state)
            while autoplay != .off, let move = rules.autoplayMove(in: state, mode: autoplay) {
                record.steps += rules.apply(move, to: &state).steps.map { step in
                    var step = step
                    step.automatic = true
                    return step
                }
            }
            history.append(record)
        }
        var undone: [MoveRecord] = []
        for _ in 0..<min(undoing, history.count) { undone.append(history.removeLast()) }
        return SavedGame(
            id: "00000000000000aa", variant: layout.name, layout: layout.name, title: layout.title,
            fingerprint: layout.fingerprint, start: .deal(deal), history: history, undone: undone, elapsed: 192.4)
    }
}

final class SavedGameTests: XCTestCase {
    let layout = PlayedGames.klondike()

    func testASaveReadsBackAsTheSameGame() throws {
        let game = PlayedGames.play(layout, deal: 12345, moves: 60, undoing: 3)
        XCTAssertEqual(game.undone.count, 3)
        let text = game.encoded()
        XCTAssertEqual(try SavedGame.decode(text, file: "k.save"), game)
        XCTAssert(text.hasPrefix("cardtable-save 1\nid 00000000000000aa\nvariant klondike\n"))
        XCTAssert(text.contains("\ndeal 12345\nelapsed 192.400\nhistory \(game.history.count)\n"))
    }

    /// The save is read by Unicode scalars, as it is written: a title ending in a carriage
    /// return (one character with the line feed after it), or a name, path, title or option
    /// starting with an accent (one character with the space before it), read back.
    func testTextFieldsThatJoinTheCharactersAroundThemReadBack() throws {
        var game = PlayedGames.play(layout, deal: 12345, moves: 10, undoing: 2)
        game.variant = "\u{301}klondike"
        game.layout = "\u{301}/tmp/x.toml"
        game.title = "\u{301}Klondike\r"
        game.options = ["draw": "\u{301}3", "\u{301}x": "\u{20DD}"]
        XCTAssertEqual(try SavedGame.decode(game.encoded(), file: "k.save"), game)
    }

    /// A clock past the most a save holds is written as that most, never trapping.
    func testATimePastTheLimitIsWrittenAsTheLimit() throws {
        var game = PlayedGames.play(layout, deal: 12345, moves: 3)
        game.elapsed = 1e300
        XCTAssertTrue(game.encoded().contains("\nelapsed 999999999.000\n"))
    }

    /// An option of any text may be given empty (`--option label=`): its line, `option label `,
    /// reads back (it was "bad option line", and the save was moved aside as .bad).
    func testAnEmptyOptionValueReadsBack() throws {
        var game = PlayedGames.play(layout, deal: 12345, moves: 10)
        game.options = ["label": "", "draw": "3", "name": " two  words "]
        XCTAssertTrue(game.encoded().contains("\noption label \n"))
        XCTAssertEqual(try SavedGame.decode(game.encoded(), file: "k.save"), game)
    }

    func testAGameFromAPositionKeepsThePosition() throws {
        var position = rulesOf(layout).deal(seed: 3)
        position.redealsLeft = Int.max
        position.piles[0].removeAll()
        var game = PlayedGames.play(layout, deal: 3, moves: 0)
        game.start = .position(position)
        let text = game.encoded()
        XCTAssert(text.contains("\nposition unlimited 0 \(position.piles.count)\npile\n"), text)
        XCTAssertEqual(try SavedGame.decode(text, file: "k.save"), game)
    }

    func testReplayGivesThePositionTheMovesMadeAndTheUndoRecords() throws {
        let game = PlayedGames.play(layout, deal: 99, moves: 80, undoing: 4)
        let resumed = try game.replay(with: rulesOf(layout), file: "k.save")
        var expected = rulesOf(layout).deal(seed: 99)
        for record in game.history { for step in record.steps { expected.apply(step) } }
        XCTAssertEqual(resumed.state, expected)
        XCTAssertEqual(resumed.history, game.history)
        XCTAssertEqual(resumed.undone, game.undone)
    }

    /// A long redo list reads back whole and in order. It was loaded by inserting each move at
    /// the front, in quadratic time: 200,000 taken-back moves took 10 s, a million minutes.
    func testALongRedoListReadsBackInOrder() throws {
        let rules = rulesOf(layout)
        let stock = try XCTUnwrap(layout.slots.firstIndex { $0.kind == .stock })
        var state = rules.deal(seed: 4)
        var made: [MoveRecord] = []
        for _ in 0..<60_000 { made.append(rules.apply(.stock(stock), to: &state)) }
        var game = PlayedGames.play(layout, deal: 4, moves: 0)
        game.undone = made.reversed()
        let resumed = try game.replay(with: rules, file: "k.save")
        XCTAssertEqual(resumed.undone.count, 60_000)
        XCTAssertEqual(resumed.undone, game.undone)
        XCTAssertEqual(resumed.state, rules.deal(seed: 4), "every move taken back")
    }

    func testAMoveTheRulesRefuseIsNamed() {
        var game = PlayedGames.play(layout, deal: 1, moves: 0)
        // Klondike deal 1: the stock (pile 0) onto the first foundation is not a legal move.
        game.history = [MoveRecord(move: .transfer(from: 0, to: 2, count: 1), steps: [Step(from: 0, to: 2, count: 1)])]
        XCTAssertThrowsError(try game.replay(with: rulesOf(layout), file: "k.save")) { error in
            let error = error as! SaveError
            XCTAssertEqual(error.kind, .illegalMove)
            XCTAssert(error.description.hasPrefix("k.save: move 1 (1×0→2) is not allowed: "), error.description)
        }
    }

    func testStepsOtherThanTheRulesTakeAreRefused() {
        var game = PlayedGames.play(layout, deal: 1, moves: 10)
        game.history[0].steps[0].count += 1
        XCTAssertThrowsError(try game.replay(with: rulesOf(layout), file: "k.save")) { error in
            XCTAssertEqual("\(error)", "k.save: move 1 (\(game.history[0].move)) took other steps than the rules take")
        }
    }

    func testAMoveNamingAPileTheGameHasNotIsRefused() {
        var game = PlayedGames.play(layout, deal: 1, moves: 0)
        game.history = [
            MoveRecord(move: .transfer(from: 0, to: 99, count: 1), steps: [Step(from: 0, to: 99, count: 1)])
        ]
        XCTAssertThrowsError(try game.replay(with: rulesOf(layout), file: "k.save")) { error in
            XCTAssertEqual("\(error)", "k.save: move 1 (1×0→99) names a pile or a count the game does not have")
        }
    }

    // MARK: Bad files, each with its message

    func decodingError(_ text: String) -> SaveError? {
        do {
            _ = try SavedGame.decode(text, file: "k.save")
            return nil
        } catch { return error }
    }

    /// A file changed and given a correct checksum again: what the reader says of its lines.
    func resealed(_ text: String, _ change: (String) -> String) -> String {
        let body = change(String(text[..<text.range(of: "checksum ")!.lowerBound]))
        return body + "checksum \(FNV1a64.hex(of: body))\n"
    }

    func testMalformedSavesSayWhatIsWrong() {
        let text = PlayedGames.play(layout, deal: 5, moves: 20, undoing: 1).encoded()
        let cases: [(String, SaveError.Kind, String)] = [
            ("", .truncated, "k.save: empty file"),
            (String(text.prefix(text.count / 2)), .truncated, "k.save: cut short (no checksum at the end)"),
            (String(text.dropLast()), .truncated, "k.save: cut short (no checksum at the end)"),
            ("PK\u{3}\u{4}binary", .notASave, "k.save:1: not a CardTable save"),
            (
                "cardtable-save 2\nid x\n", .futureVersion,
                "k.save:1: saved by a later CardTable (format 2; this one reads 1)"
            ),
            ("cardtable-save x\n", .corrupt, "k.save:1: unreadable format version 'x'"),
            (
                text.replacingOccurrences(of: "deal 5", with: "deal 6"), .corrupt,
                "k.save:\(text.split(separator: "\n").count): checksum does not match: the file is damaged"
            ),
            (
                resealed(text) { $0.replacingOccurrences(of: "deal 5\n", with: "deal five\n") }, .corrupt,
                "k.save:7: bad deal number"
            ),
            (
                resealed(text) { $0.replacingOccurrences(of: "variant klondike\n", with: "") }, .corrupt,
                "k.save:3: expected 'variant'"
            ),
            (
                resealed(text) { $0.replacingOccurrences(of: "elapsed 192.400", with: "elapsed nan") }, .corrupt,
                "k.save:8: the time played is not a number of seconds"
            ),
            (
                // An edited save's time past any game's: resumed, it stopped the program (Int
                // overflow) when the game was saved again.
                resealed(text) { $0.replacingOccurrences(of: "elapsed 192.400", with: "elapsed 1e300") }, .corrupt,
                "k.save:8: the time played is more than 999999999 seconds"
            ),
            (
                resealed(text) { $0.replacingOccurrences(of: "history 19\n", with: "history 999\n") }, .corrupt,
                "k.save:9: 999 moves announced, fewer written"
            ),
            (
                resealed(text) { $0.replacingOccurrences(of: "history 19\n", with: "history 19\nq 1 2\n") }, .corrupt,
                "k.save:10: expected 'MOVE | STEPS'"
            ),
            (
                resealed(text) { $0.replacingOccurrences(of: "history 19\n", with: "history 19\nx 1 | 1 2 1 -\n") },
                .corrupt, "k.save:10: bad move 'x 1'"
            ),
            (
                resealed(text) { $0.replacingOccurrences(of: "history 19\n", with: "history 19\ns 0 | 0 1 1 fz\n") },
                .corrupt, "k.save:10: bad step flags 'fz'"
            ),
            (
                resealed(text) { $0.replacingOccurrences(of: "history 19\n", with: "history 19\ns 0 | 0 1\n") },
                .corrupt, "k.save:10: bad step '0 1'"
            ),
            (
                resealed(text) { $0.replacingOccurrences(of: "history 19\n", with: "history 19\ns -4 | 0 1 1 -\n") },
                .corrupt, "k.save:10: bad number '-4'"
            ),
            (
                resealed(text) { $0.replacingOccurrences(of: "history 19\n", with: "history 19\ns 0 |\n") },
                .corrupt, "k.save:10: a move with no steps"
            ),
            (
                resealed(text) { $0.replacingOccurrences(of: "history 19\n", with: "history 19\nk 4 3 | 4 1 1 -\n") },
                .corrupt, "k.save:10: bad click count '3'"
            ),
            (
                resealed(text) { $0.replacingOccurrences(of: "deal 5\n", with: "option draw\ndeal 5\n") }, .corrupt,
                "k.save:7: bad option line"
            ),
            (
                resealed(text) {
                    $0.replacingOccurrences(of: "deal 5\n", with: "option draw 3\noption draw 1\ndeal 5\n")
                }, .corrupt, "k.save:8: bad option line"
            ),
            (
                resealed(text) { $0 + "extra\n" }, .corrupt,
                "k.save:\(text.split(separator: "\n").count): unexpected line"
            ),
        ]
        for (bad, kind, message) in cases {
            let error = decodingError(bad)
            XCTAssertEqual(error?.kind, kind, message)
            XCTAssertEqual(error?.description, message)
        }
    }

    /// Seeded mutations of good saves (bytes flipped, cut, doubled, lines swapped), read and
    /// replayed: never a crash, and any that reads replays or says why not.
    func testMutatedSavesNeverCrash() {
        let rules = rulesOf(layout)
        let good = Array(PlayedGames.play(layout, deal: 11, moves: 40, undoing: 2).encoded().utf8)
        var random = SplitMix64(seed: 2026)
        var read = 0
        for round in 0..<3000 {
            var bytes = good
            for _ in 0...random.below(4) {
                let at = random.below(bytes.count)
                switch random.below(5) {
                case 0: bytes[at] ^= UInt8(1 << random.below(8))
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(random.pick(Array("0123456789 |;-\nfrdats".utf8)), at: at)
                case 3: bytes = Array(bytes.prefix(at))
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 20)], at: at)
                }
                if bytes.isEmpty { break }
            }
            var text = String(decoding: bytes, as: UTF8.self)
            // Half the rounds get a correct checksum again, to reach the line reader and replay.
            if round % 2 == 0, let range = text.range(of: "checksum ", options: .backwards) {
                let body = String(text[..<range.lowerBound])
                text = body + "checksum \(FNV1a64.hex(of: body))\n"
            }
            if let game = try? SavedGame.decode(text, file: "m.save") {
                read += 1
                _ = try? game.replay(with: rules, file: "m.save")
            }
        }
        XCTAssertGreaterThan(read, 50, "the resealed mutations reach replay")
    }
}

extension SavedGameTests {
    /// A redeal that shuffles (Scuffle's) writes its shuffle as a step with its number, and the
    /// save reads back and replays to the same position.
    func testAShufflingRedealReadsBackAndReplays() throws {
        let layout = try XCTUnwrap(ShippedLayouts.layout(named: "scuffle"))
        let rules = rulesOf(layout)
        var state = rules.deal(seed: 6)
        var history: [MoveRecord] = []
        for _ in 0..<12 { history.append(rules.apply(.stock(0), to: &state)) }
        XCTAssertTrue(history.last!.steps.contains { $0.shuffle != 0 }, "the stock was redealt")
        var game = PlayedGames.play(layout, deal: 6, moves: 0)
        game.history = history
        let text = game.encoded()
        XCTAssertTrue(text.contains(" s"), text)
        let decoded = try SavedGame.decode(text, file: "s.save")
        XCTAssertEqual(decoded, game)
        XCTAssertEqual(try decoded.replay(with: rules, file: "s.save").state, state)
        XCTAssertThrowsError(
            try SavedGame.decode(text.replacing(" 0 0 48 s", with: " 0 0 48 sz"), file: "s.save"))
    }
}
