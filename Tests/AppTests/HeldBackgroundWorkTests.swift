import Persistence
import TestSupport
import XCTest

@testable import App

/// The first frame comes before any search: the terminal holds the table's background work
/// (``HeldBackgroundWork``) until the first frame is written, so the frame neither waits for
/// a thread nor shares the processor with the solver. Played on SolverAtTheTableTests' Golf
/// position, which the solver settles at once.
final class HeldBackgroundWorkTests: XCTestCase {
    typealias Game = GameTests.Game

    /// A Golf table whose searches are held, as the terminal sets it up.
    private func heldGolf() -> (game: Game, held: HeldBackgroundWork, work: ManualBackgroundWork) {
        let game = Game("golf")
        let work = ManualBackgroundWork()
        let held = HeldBackgroundWork(work)
        game.app.background = held
        game.setUp(SolverAtTheTableTests.golfPosition)
        return (game, held, work)
    }

    func testTheFirstFrameIsDrawnBeforeAnyBackgroundWorkStarts() {
        let (game, held, work) = heldGolf()
        game.harness.renderFrame()
        XCTAssertTrue(game.app.screenText.contains("solving…"), "the frame says a search is asked for")
        XCTAssertEqual(work.startedCount, 0, "no search started before the first frame was written")
        XCTAssertEqual(held.heldCount, 1, "the deal's search was cancelled while held; the position's waits")
        XCTAssertTrue(held.isBusy)

        held.release()
        XCTAssertEqual(work.startedCount, 1, "the release starts the search asked for")
        XCTAssertEqual(held.heldCount, 0)
        work.runAll()
        XCTAssertEqual(game.scene.winnability, .winnable)
        game.harness.renderFrame()
        XCTAssertTrue(game.app.screenText.contains("winnable"), game.status)
        XCTAssertFalse(held.isBusy)
    }

    func testWorkCancelledWhileHeldNeverStartsAndWorkAfterTheReleaseStartsAtOnce() {
        let (game, held, work) = heldGolf()
        game.type("3")  // 4♣ (column 3) to the foundation: the position changes before the release
        game.key(.enter)
        game.type("f")
        game.key(.enter)
        game.settle()
        XCTAssertEqual(game.scene.history.count, 1)
        XCTAssertEqual(held.heldCount, 1, "only the newest position's search waits")
        XCTAssertEqual(work.startedCount, 0)

        held.release()
        held.release()  // a second release does nothing
        XCTAssertEqual(work.startedCount, 1)
        work.runAll()
        XCTAssertEqual(game.scene.winnability, .lost)

        game.type("u")  // undo: the dealt position was never searched, so a search starts at once
        XCTAssertEqual(game.scene.winnability, .searching)
        XCTAssertEqual(work.startedCount, 2)
        XCTAssertEqual(held.heldCount, 0)
        game.type("U")  // redo: known lost; the search under way is cancelled through the wrapper
        XCTAssertEqual(game.scene.winnability, .lost)
        XCTAssertEqual(work.waitingCount, 0, "the cancel reached the wrapped work")
        XCTAssertFalse(held.isBusy)
    }

    /// The save's fingerprint is not worked out for the first frame, but when asked (the
    /// terminal asks once the first frame is written), so the first move's save does not wait.
    func testTheLayoutFingerprintIsWorkedOutAfterTheFirstFrameWhenAsked() throws {
        let h = Harness()
        h.renderFrame()
        XCTAssertNil(h.scene.knownLayoutFingerprint, "not worked out for the first frame")
        h.scene.prepareLayoutFingerprint()
        XCTAssertNil(h.scene.knownLayoutFingerprint, "no games kept, nothing to prepare")

        let folder = try TemporaryFolder.make()
        defer { TemporaryFolder.remove(folder) }
        let folders = XDGDirectories(state: folder + "/state", data: folder + "/data", config: folder + "/config")
        h.app.keeper = FileGameKeeper(folders: folders) { _ in nil }
        h.scene.prepareLayoutFingerprint()
        XCTAssertEqual(h.scene.knownLayoutFingerprint, sandbox.fingerprint)
        XCTAssertEqual(h.scene.savedGame.fingerprint, sandbox.fingerprint)
    }
}
