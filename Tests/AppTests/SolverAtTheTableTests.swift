import Layouts
import Scripting
import Solitaire
import Solver
import TableKit
import TerminalInput
import XCTest

@testable import App

/// The solver at the table, played headless: hints from the solver, "still winnable?" on the
/// status line worked out by background work the test runs step by step, the demo on a manual
/// clock, and winnable deals only.
///
/// Most tests play one small Golf position, which the solver settles in a few positions even in
/// a debug build: the foundation shows 5♥, and the columns are 6♠, 3♥ under 5♦, and 4♣.
/// Playing 6♠ first wins (6♠ 5♦ 4♣ 3♥); playing 4♣ first, as the heuristic's hint would, loses:
/// 3♥ stays buried under 5♦.
final class SolverAtTheTableTests: XCTestCase {
    typealias Game = GameTests.Game

    static let golfPosition = [
        "foundation": "5H", "tableau.1": "6S", "tableau.2": "3H 5D", "tableau.3": "4C",
    ]

    /// The Golf position, with background work the test runs (or none).
    private func golf(withBackground: Bool = true) -> (game: Game, work: ManualBackgroundWork) {
        let game = Game("golf")
        let work = ManualBackgroundWork()
        if withBackground { game.app.background = work }
        game.setUp(Self.golfPosition)
        return (game, work)
    }

    /// Plays a column's top card to Golf's foundation with the keyboard.
    private func playToFoundation(_ game: Game, column: Int) {
        game.type("\(column)")
        game.key(.enter)
        game.type("f")
        game.key(.enter)
        game.settle()
    }

    /// Moves the clock to the demo's next move and lets it play; false when none is due.
    @discardableResult
    private func nextDemoMove(_ game: Game) -> Bool {
        guard let due = game.scene.nextDemoStep else { return false }
        game.advance(max(0, due - game.harness.clock.now))
        game.scene.demoTicked()
        game.harness.renderFrame()
        return true
    }

    // MARK: Hints

    func testTheHeuristicHintLosesHereAndTheSolversHintLeadsToAWin() {
        let (heuristic, _) = golf(withBackground: false)
        heuristic.scene.hintBudget = nil  // hints as they were: the heuristic's alone
        heuristic.type("H")
        XCTAssertTrue(heuristic.status.hasPrefix("Move 4♣ to the foundation ·"), heuristic.status)

        let (game, _) = golf(withBackground: false)
        let start = game.scene.state
        game.type("H")
        XCTAssertTrue(game.status.hasPrefix("Move 6♠ to the foundation (leads to a win) ·"), game.status)
        XCTAssertEqual(game.scene.history.count, 0, "a hint moves nothing")
        game.type("H")
        XCTAssertTrue(game.status.hasPrefix("Move 4♣ to the foundation ·"), "then the heuristic's: \(game.status)")

        // Following the hints wins, and the line found first is the one followed: no new search.
        var moves = 0
        while !game.scene.isWon && moves < 10 {
            game.type("H")
            XCTAssertTrue(game.status.contains("(leads to a win)"), game.status)
            game.key(.enter)
            game.key(.enter)
            game.settle()
            moves += 1
        }
        XCTAssertTrue(game.scene.isWon, game.status)
        XCTAssertEqual(moves, 4)
        XCTAssertEqual(game.scene.solving.solution?.start, start, "one search, at the first hint")
    }

    func testAHintInALostPositionIsTheHeuristicsAndSaysNothingOfWinning() {
        let (game, _) = golf(withBackground: false)
        playToFoundation(game, column: 3)  // 4♣ first: lost
        game.type("H")
        XCTAssertFalse(game.status.contains("leads to a win"), game.status)
        XCTAssertTrue(game.status.hasPrefix("Move "), game.status)
        XCTAssertEqual(game.scene.knownWinnability(of: game.scene.state), .lost, "the hint's search proved it")
    }

    // MARK: Still winnable?

    func testTheIndicatorGoesFromWinnableToLostAfterALosingMoveAndUndoKnowsAtOnce() {
        let (game, work) = golf()
        XCTAssertEqual(game.scene.winnability, .searching)
        XCTAssertTrue(game.status.hasPrefix("Golf #1 · 0 moves · 0:00 · solving…"), game.status)
        XCTAssertEqual(work.waitingCount, 1, "the deal's search was cancelled when the position replaced it")
        work.runAll()
        XCTAssertEqual(game.scene.winnability, .winnable)
        XCTAssertTrue(game.status.hasPrefix("Golf #1 · 0 moves · 0:00 · winnable ·"), game.status)

        playToFoundation(game, column: 3)  // 4♣ first
        XCTAssertEqual(game.scene.history.count, 1)
        XCTAssertEqual(game.scene.winnability, .searching)
        work.runAll()
        XCTAssertEqual(game.scene.winnability, .lost)
        XCTAssertTrue(game.status.contains("· 1 move · 0:0"), game.status)
        XCTAssertTrue(game.status.contains(" · lost ·"), game.status)
        XCTAssertFalse(game.status.contains("No moves left"), "moves remain: \(game.status)")

        // A move from a lost position is lost too, without a search.
        let searches = work.startedCount
        playToFoundation(game, column: 2)  // 5♦
        XCTAssertEqual(game.scene.winnability, .lost)
        XCTAssertEqual(work.startedCount, searches)
        // Undo and redo come back to positions already judged: no search either.
        game.type("uu")
        XCTAssertEqual(game.scene.history.count, 0)
        XCTAssertEqual(game.scene.winnability, .winnable)
        game.type("U")
        XCTAssertEqual(game.scene.winnability, .lost)
        XCTAssertEqual(work.startedCount, searches)
        XCTAssertFalse(work.isBusy)
    }

    func testFollowingTheLineFoundNeedsNoNewSearch() {
        let (game, work) = golf()
        work.runAll()
        let searches = work.startedCount
        playToFoundation(game, column: 1)  // 6♠, the line's first move
        playToFoundation(game, column: 2)  // 5♦
        XCTAssertEqual(game.scene.winnability, .winnable)
        XCTAssertEqual(work.startedCount, searches, "positions on the line are known")
    }

    func testOnceTheAnswerIsKnownNothingIsScheduled() {
        let (game, work) = golf()
        work.runAll()
        game.settle()
        XCTAssertEqual(game.scene.winnability, .winnable)
        XCTAssertFalse(work.isBusy, "no work waits or runs")
        XCTAssertFalse(game.app.needsFrame, "no frame is asked for")
        XCTAssertNil(game.scene.nextDemoStep, "no demo timer")
        XCTAssertNil(game.scene.nextClockTick, "no clock before the first move")
    }

    func testTheThreadedWorkWakesTheRunLoopThroughItsPipeAndThenTheLoopSleeps() {
        let (game, _) = golf(withBackground: false)
        let work = ThreadedBackgroundWork()
        let loop = RunLoop(clock: game.harness.clock, poller: SystemPoller())
        var wakes = 0
        loop.addSource(work.wakeDescriptor) {
            wakes += 1
            work.deliverAnswers()
        }
        loop.needsFrame = { game.app.needsFrame }
        loop.onFrame = { game.harness.renderFrame() }
        game.app.background = work  // the search starts, on a thread of its own
        XCTAssertEqual(game.scene.winnability, .searching)
        // Should the thread never answer, this timer ends each wait after 10 s (the clock is the
        // test's and stands still: the timer never fires, it only bounds the wait).
        let watchdog = loop.addTimer(after: 10) {}
        var turns = 0
        while game.scene.winnability == .searching && turns < 20 {
            loop.runOnce()  // sleeps in poll(2) until the pipe is readable (or a frame is due)
            turns += 1
        }
        loop.cancelTimer(watchdog)
        XCTAssertEqual(game.scene.winnability, .winnable)
        XCTAssertEqual(wakes, 1, "one wake-up of the pipe, for the answer")
        while loop.nextTimeout() != nil && turns < 40 {
            game.harness.clock.advance(by: 1.0 / 60)
            loop.runOnce()
            turns += 1
        }
        XCTAssertTrue(game.harness.screen.contains("winnable"), game.harness.screen)
        XCTAssertNil(loop.nextTimeout(), "nothing scheduled: the loop sleeps until the player acts")
        XCTAssertFalse(work.isBusy)
    }

    func testAMoveMidSearchCancelsItAndTheNewPositionIsSearched() {
        let game = Game("golf", seed: 1)
        game.scene.analysisBudget = SolverBudget(positions: 3_000)
        let work = ManualBackgroundWork()
        game.app.background = work
        let dealt = game.scene.state
        XCTAssertEqual(game.scene.winnability, .searching)
        work.runNext {
            game.type("d")  // mid-search: the stock deals a card onto the foundation
        }
        XCTAssertEqual(work.cancelledWhileRunning, 1, "the search learnt it was cancelled")
        XCTAssertEqual(game.scene.history.count, 1)
        XCTAssertNil(game.scene.solving.verdicts[dealt], "the cancelled search's answer was dropped")
        XCTAssertEqual(game.scene.winnability, .searching, "the new position is being searched")
        work.runAll()
        XCTAssertNotNil(game.scene.solving.verdicts[game.scene.state])
        XCTAssertNotEqual(game.scene.winnability, .searching)
        XCTAssertFalse(work.isBusy)
    }

    func testTheIndicatorIsASetting() {
        let (game, work) = golf()
        work.runAll()
        XCTAssertTrue(game.status.contains("winnable"))
        game.app.change(.winnable, by: 1)
        XCTAssertFalse(game.scene.showsWinnable)
        XCTAssertFalse(game.app.playerSettings.winnable)
        game.app.closeSettings()
        game.harness.renderFrame()
        XCTAssertFalse(game.status.contains("winnable"), game.status)
        let searches = work.startedCount
        playToFoundation(game, column: 1)
        XCTAssertEqual(work.startedCount, searches, "no search while it is off")
        XCTAssertNil(game.scene.winnability)
    }

    func testAFreeTableSaysNothingAndSearchesNothing() {
        let harness = Harness()
        let work = ManualBackgroundWork()
        harness.app.background = work
        harness.click(slot: "free.1")
        XCTAssertNil(harness.scene.winnability)
        XCTAssertEqual(work.startedCount, 0)
        XCTAssertFalse(harness.scene.statusText.contains("winnable"), harness.scene.statusText)
    }

    // MARK: Scripted variants

    func testEachSearchOfAScriptedVariantHasRulesOfItsOwn() throws {
        let game = Game("klondike-lua")
        let mine = try XCTUnwrap(game.scene.rules as? ScriptedRules)
        let make = game.scene.rulesForAnotherThread
        let first = try XCTUnwrap(make() as? ScriptedRules)
        let second = try XCTUnwrap(make() as? ScriptedRules)
        XCTAssertNotNil(first.engine)
        XCTAssertFalse(first.engine === mine.engine, "not the table's Lua state")
        XCTAssertFalse(first.engine === second.engine, "one Lua state per search")
        // Declarative rules are values: shared as they are.
        XCTAssertNotNil(Game("klondike").scene.rulesForAnotherThread() as? DeclarativeRules)
    }

    func testAScriptedVariantIsJudgedOnAThreadOfItsOwn() {
        let game = Game("klondike-lua")
        game.setUp(["tableau.1": "AS"])
        let work = ThreadedBackgroundWork()
        game.app.background = work
        guard game.scene.winnability == .searching else {
            return XCTAssertNil(game.scene.winnability, "the solver does not apply: nothing is said")
        }
        let loop = RunLoop(clock: game.harness.clock, poller: SystemPoller())
        loop.addSource(work.wakeDescriptor) { work.deliverAnswers() }
        let watchdog = loop.addTimer(after: 10) {}  // bounds each wait, should no answer come
        var turns = 0
        while game.scene.winnability == .searching && turns < 20 {
            loop.runOnce()
            turns += 1
        }
        loop.cancelTimer(watchdog)
        // Klondike (Lua) is won with all 52 cards up: one ace alone can never win it.
        XCTAssertEqual(game.scene.winnability, .lost)
        game.harness.renderFrame()
        XCTAssertTrue(game.status.contains("· lost"), game.status)
    }

    // MARK: The demo

    func testTheDemoSolvesFirstThenPlaysToAWinMoveByMove() throws {
        let (game, work) = golf()
        game.scene.analysisBudget = SolverBudget(positions: 1_000)
        game.scene.apply(PlaySettings(showsWinnable: false))  // the demo searches on its own
        XCTAssertFalse(work.isBusy)
        game.type("D")
        XCTAssertTrue(game.scene.isPlayingDemo)
        XCTAssertTrue(game.status.hasPrefix("Demo: looking for a win…"), game.status)
        XCTAssertEqual(game.scene.history.count, 0)
        work.runAll()
        XCTAssertEqual(game.scene.history.count, 1, "the first move at once")
        XCTAssertEqual(game.cards("foundation"), "5H 6S")
        XCTAssertTrue(game.status.hasPrefix("Demo: any key stops it"), game.status)
        XCTAssertFalse(game.status.contains("quit"), "every key stops the demo: none is offered for more")
        let due = try XCTUnwrap(game.scene.nextDemoStep)
        XCTAssertGreaterThanOrEqual(due - game.harness.clock.now, TableScene.demoPace, "a pace the eye can follow")
        game.advance(0.2)
        game.scene.demoTicked()
        XCTAssertEqual(game.scene.history.count, 1, "not before its time")
        // The card flies as a player's card does.
        let flying = game.scene.pileViews[game.scene.pileIndex(of: "foundation")!].last!
        XCTAssertEqual(flying.card.description, "6S")
        var moves = 1
        while nextDemoMove(game) { moves += 1 }
        XCTAssertEqual(moves, 4)
        XCTAssertTrue(game.scene.isWon)
        XCTAssertFalse(game.scene.isPlayingDemo)
        XCTAssertNil(game.scene.nextDemoStep)
        XCTAssertTrue(game.scene.isCelebrating, "a win as any other")
    }

    func testAnyKeyOrClickStopsTheDemoAndDoesNothingElse() {
        let (game, work) = golf()
        work.runAll()
        game.type("D")
        XCTAssertEqual(game.scene.history.count, 1, "the line is known: the first move at once")
        nextDemoMove(game)
        XCTAssertEqual(game.scene.history.count, 2)
        game.type("u")  // stops the demo; no undo
        XCTAssertFalse(game.scene.isPlayingDemo)
        XCTAssertEqual(game.scene.history.count, 2, "the key did nothing else")
        XCTAssertTrue(game.status.hasPrefix("Demo stopped"), game.status)
        XCTAssertNil(game.scene.nextDemoStep)
        game.advance(5)
        game.scene.demoTicked()
        XCTAssertEqual(game.scene.history.count, 2, "no move after the stop")
        game.type("u")
        game.settle()
        XCTAssertEqual(game.scene.history.count, 1, "each demo move is a move undo takes back")

        game.type("D")
        XCTAssertEqual(game.scene.history.count, 2)
        let foundation = game.slotCentre("foundation")
        game.click(foundation)
        XCTAssertFalse(game.scene.isPlayingDemo, "a click stops it")
        XCTAssertEqual(game.scene.history.count, 2, "and does nothing else")
    }

    func testTheDemoFollowsTheLineUnderAutoplayWithoutSearchingAgain() {
        // Aces under a 3 and a 2: a card from each column to a free cell, and autoplay sends up
        // the rest. The solver's line also lists the foundation moves; the table skips those
        // autoplay has made.
        let game = Game("freecell")
        let work = ManualBackgroundWork()
        game.app.background = work
        game.app.settings = PlaySettings(autoplay: .all)
        game.setUp(["tableau.1": "AS 3H", "tableau.2": "AH 2H"])
        XCTAssertEqual(game.scene.history.count, 0, "nothing can go up by itself yet")
        work.runAll()
        XCTAssertEqual(game.scene.winnability, .winnable)
        let searches = work.startedCount
        game.type("D")
        while nextDemoMove(game) {}
        XCTAssertTrue(game.scene.isWon)
        // One card moved out of the way (or two, by a longer line): autoplay sent up the rest.
        XCTAssertTrue((1...2).contains(game.scene.history.count), "autoplay made the other moves")
        XCTAssertEqual(work.startedCount, searches, "the line held under autoplay: no new search")
    }

    func testALineIsReplayedUnderTheTablesAutoplay() throws {
        let game = Game("freecell")
        game.setUp(["tableau.1": "AS 3H", "tableau.2": "AH 2H"])
        let rules = game.scene.rules
        let start = game.scene.state
        let t1 = try XCTUnwrap(game.scene.pileIndex(of: "tableau.1"))
        let t2 = try XCTUnwrap(game.scene.pileIndex(of: "tableau.2"))
        let cells = game.scene.layout.slots.indices.filter { game.scene.layout.slots[$0].kind == .cell }
        let foundation = try XCTUnwrap(game.scene.layout.slots.firstIndex { $0.kind == .foundation })
        // Both cards to the cells first, then every card up: autoplay would send the ace of
        // spades up after the first move, which this line makes only third.
        let line: [Move] = [
            .transfer(from: t1, to: cells[0]), .transfer(from: t2, to: cells[1]), .transfer(from: t1, to: foundation),
            .transfer(from: t2, to: foundation + 1), .transfer(from: cells[1], to: foundation + 1),
            .transfer(from: cells[0], to: foundation + 1),
        ]
        var position = start
        for move in line {
            XCTAssertNil(rules.refusal(of: move, in: position), "\(move)")
            _ = rules.apply(move, to: &position)
        }
        XCTAssertTrue(rules.isWon(position), "the line wins")
        // The table after the first move, with autoplay: the ace of spades is up.
        var table = start
        _ = rules.apply(line[0], to: &table)
        while let move = rules.autoplayMove(in: table, mode: .all) { _ = rules.apply(move, to: &table) }
        let replayed = KnownSolution(from: start, moves: line, rules: rules, autoplay: .all)
        XCTAssertEqual(replayed.moves, [line[0], line[1]], "autoplay makes the rest")
        XCTAssertEqual(replayed.nextMove(at: start), line[0])
        XCTAssertEqual(replayed.nextMove(at: table), line[1], "the table's position is on the line")
        let asGiven = KnownSolution(from: start, moves: line, rules: rules, autoplay: .off)
        XCTAssertEqual(asGiven.moves, line)
        XCTAssertNil(asGiven.nextMove(at: table), "the line as the solver gave it misses it")
    }

    func testTheDemoSaysWhenTheGameCannotBeWon() {
        let (game, work) = golf()
        playToFoundation(game, column: 3)  // 4♣ first: lost
        game.type("D")
        XCTAssertTrue(game.scene.isPlayingDemo, "it searches first")
        work.runAll()
        XCTAssertFalse(game.scene.isPlayingDemo)
        XCTAssertTrue(game.status.hasPrefix("No demo: this game cannot be won from here"), game.status)
        XCTAssertEqual(game.scene.history.count, 1)
    }

    /// The status line's short search could not tell ("winnable?"): the demo, which the player
    /// asked for and waits for, searches again with its longer budget and plays the win; an
    /// unknown after that one is final.
    func testTheDemoSearchesLongerWhenTheStatusLinesSearchCouldNotTell() {
        /// The Golf position, its status line's search too short to tell.
        func golfUntold(demoBudget: SolverBudget) -> (game: Game, work: ManualBackgroundWork) {
            let game = Game("golf")
            game.scene.analysisBudget = SolverBudget(positions: 1)
            game.scene.hintBudget = nil
            game.scene.demoBudget = demoBudget
            let work = ManualBackgroundWork()
            game.app.background = work
            game.setUp(Self.golfPosition)
            work.runAll()
            XCTAssertEqual(game.scene.winnability, .unknown)
            return (game, work)
        }
        let (game, work) = golfUntold(demoBudget: SolverBudget(positions: 10_000))
        game.type("D")
        XCTAssertTrue(game.scene.isPlayingDemo, "it searches again")
        work.runAll()
        XCTAssertEqual(game.scene.history.count, 1, "the longer search found the win: its first move")
        XCTAssertTrue(game.status.hasPrefix("Demo: any key stops it"), game.status)

        let (stuck, stuckWork) = golfUntold(demoBudget: SolverBudget(positions: 1))
        stuck.type("D")
        stuckWork.runAll()
        XCTAssertTrue(stuck.status.hasPrefix("No demo: the solver found no win from here in time"), stuck.status)
        stuck.type("D")
        XCTAssertFalse(stuck.scene.isPlayingDemo, "not searched again")
        XCTAssertTrue(stuck.status.hasPrefix("No demo: the solver found no win from here in time"), stuck.status)
        XCTAssertEqual(stuck.scene.history.count, 0)
    }

    /// The Golf position with the status line's search too short to tell and the demo's long
    /// enough; the status line's search has not run yet.
    private func golfWithAShortAnalysis() -> (game: Game, work: ManualBackgroundWork) {
        let game = Game("golf")
        game.scene.analysisBudget = SolverBudget(positions: 1)
        game.scene.hintBudget = nil
        game.scene.demoBudget = SolverBudget(positions: 10_000)
        let work = ManualBackgroundWork()
        game.app.background = work
        game.setUp(Self.golfPosition)
        return (game, work)
    }

    /// The demo's longer search (up to 10 s in the terminal) stops with the demo: a key that
    /// stopped the demo while it searched left that search running to its end, the status
    /// line's indicator being on. The status line keeps what its own search said, and a second
    /// D searches long again (the first did not finish).
    func testStoppingTheDemoStopsItsLongerSearch() {
        let (game, work) = golfWithAShortAnalysis()
        work.runAll()
        XCTAssertEqual(game.scene.winnability, .unknown)
        game.type("D")
        XCTAssertTrue(game.scene.isPlayingDemo, "it searches again, longer")
        XCTAssertEqual(work.waitingCount, 1)
        work.runNext(whileRunning: { game.type("x") })
        XCTAssertFalse(game.scene.isPlayingDemo)
        XCTAssertEqual(work.cancelledWhileRunning, 1, "the demo's search was told to stop")
        XCTAssertEqual(game.scene.history.count, 0)
        XCTAssertEqual(work.waitingCount, 0, "nothing searched again")
        XCTAssertEqual(game.scene.winnability, .unknown, "what the status line's search said")
        game.type("D")
        XCTAssertTrue(game.scene.isPlayingDemo, "searched long again: the first never finished")
        work.runAll()
        XCTAssertEqual(game.scene.history.count, 1, "the longer search found the win: its first move")
    }

    /// D pressed while the status line's short search of the position still runs: the demo
    /// waits for its own longer search, not for the short one's "could not tell".
    func testTheDemoDoesNotTakeTheStatusLinesShortSearchForItsOwn() {
        let (game, work) = golfWithAShortAnalysis()
        XCTAssertEqual(game.scene.winnability, .searching)
        game.type("D")
        work.runAll()
        XCTAssertEqual(game.scene.history.count, 1, game.status)
        XCTAssertTrue(game.status.hasPrefix("Demo: any key stops it"), game.status)
    }

    // MARK: Winnable deals only

    /// FreeCell from deal 11981 with winnable deals only, and a deal budget small enough for a
    /// debug build. The next deal, Microsoft's 11982, is the one deal of the first 32,000 that
    /// cannot be won.
    private func winnableFreeCell() -> (game: Game, work: ManualBackgroundWork) {
        let game = Game("freecell", seed: 11981)
        let work = ManualBackgroundWork()
        game.scene.dealBudget = Self.dealBudget
        game.scene.analysisBudget = Self.dealBudget
        game.app.settings = PlaySettings(winnableOnly: true)
        game.app.background = work
        return (game, work)
    }

    static let dealBudget = SolverBudget(positions: 4_000)

    func testANewGameIsTheFirstDealTheSolverWinsFromTheNextNumber() {
        let (game, work) = winnableFreeCell()
        game.type("n")
        XCTAssertTrue(game.scene.isFindingDeal)
        XCTAssertEqual(game.scene.seed, 11982, "the next deal is drawn, and on the table meanwhile")
        XCTAssertTrue(
            game.status.hasPrefix("Finding a winnable deal… · Esc plays #11982 unchecked · q quit"), game.status)
        XCTAssertNil(game.scene.winnability, "the indicator waits for the deal")
        game.type("1")
        game.key(.enter)
        XCTAssertNil(game.scene.heldCard, "keys wait while it looks")
        work.runAll()
        XCTAssertFalse(game.scene.isFindingDeal)
        let found = game.scene.seed
        XCTAssertGreaterThan(found, 11982, "the deal that cannot be won is skipped")
        let skipped = found == 11983 ? "#11982" : "#11982–#\(found - 1)"
        XCTAssertTrue(game.status.hasPrefix("Skipped \(skipped): no win found · FreeCell #\(found) ·"), game.status)
        let rules = game.scene.rules
        XCTAssertEqual(game.scene.state, rules.deal(seed: found), "the deal of that number, card for card")
        let solver = Solver(rules: rules)
        XCTAssertEqual(solver.solve(from: rules.deal(seed: found), budget: Self.dealBudget).verdict, .solved)
        for skipped in 11982..<found {
            XCTAssertNotEqual(
                solver.solve(from: rules.deal(seed: skipped), budget: Self.dealBudget).verdict, .solved,
                "#\(skipped) was skipped")
        }
        XCTAssertEqual(game.scene.winnability, .winnable, "known at once")
        XCTAssertFalse(work.isBusy, "no other search")
    }

    func testEscapePlaysTheDealDrawnUnchecked() {
        let (game, work) = winnableFreeCell()
        game.type("n")
        XCTAssertTrue(game.scene.isFindingDeal)
        game.key(.escape)
        XCTAssertFalse(game.scene.isFindingDeal)
        XCTAssertEqual(game.scene.seed, 11982)
        XCTAssertTrue(game.status.hasPrefix("Playing #11982 unchecked"), game.status)
        XCTAssertEqual(work.waitingCount, 1, "the deal's search is gone; the indicator's waits")
        XCTAssertEqual(game.scene.winnability, .searching)
    }

    func testADealAskedForByNumberIsDealtAsAsked() {
        let golf = ShippedLayouts.layout(named: "golf")!
        let app = TableApp(
            chooserWith: [golf], width: 80, height: 24, clock: ManualClock(),
            settings: PlaySettings(winnableOnly: true), dealNumber: { 7 })
        let work = ManualBackgroundWork()
        app.background = work
        app.nextDealIsAsked = true
        app.handle(.key(KeyPress(.enter)))
        XCTAssertEqual(app.scene.seed, 7)
        XCTAssertFalse(app.scene.isFindingDeal, "dealt as asked")
        app.handle(.key(KeyPress(.character("g"))))
        app.handle(.key(KeyPress(.enter)))
        XCTAssertTrue(app.scene.isFindingDeal, "a deal drawn, not asked for, is checked")
    }
}
