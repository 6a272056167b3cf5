import TableKit
import TerminalInput
import TestSupport
import XCTest

@testable import App

/// Random mouse and key events with random pauses: nothing crashes, and once the pointer
/// is released and time has passed, every card rests on its slot.
final class FuzzTests: XCTestCase {
    static let keys: [Key] = [
        .up, .down, .left, .right, .character("h"), .character("j"), .character("k"), .character("l"),
        .enter, .character(" "), .escape, .character("?"), .character("q"), .character("x"), .tab, .backspace,
    ]

    func run(seed: UInt64, events: Int, animations: Bool = true) {
        var random = SplitMix64(seed: seed)
        let h = Harness(seed: seed, animations: animations)
        var sent = 0

        /// A cell: mostly on a slot (where the cards are; the trash often, so that cards
        /// are deleted and new ones dealt), else anywhere, now and then off the screen.
        func cell() -> (x: Int, y: Int) {
            let (width, height) = h.app.window.size
            if random.chance(60), let placement = h.scene.placement {
                let slot = random.chance(30) ? placement.slots.last! : random.pick(placement.slots)
                return (
                    slot.x + random.below(placement.cardSize.width), slot.y + random.below(placement.cardSize.height)
                )
            }
            if random.chance(5) { return (random.below(width + 20), random.below(height + 10)) }
            return (random.below(width), random.below(height))
        }
        func send(_ event: InputEvent) {
            h.app.handle(event)
            sent += 1
            if random.chance(30) { h.clock.advance(by: random.pick([0.01, 0.03, 0.05, 0.09, 0.1, 0.2, 0.5])) }
            if random.chance(70) { h.renderFrame() }
        }
        func mouse(_ action: MouseAction, _ button: MouseButton = .left) {
            let (x, y) = cell()
            send(.mouse(MouseReport(action: action, button: button, column: x, row: y)))
        }

        while sent < events {
            switch random.below(100) {
            case 0..<40:
                // A whole gesture: press, a few moves, release (sometimes lost).
                mouse(.press, random.chance(95) ? .left : .right)
                for _ in 0..<random.below(5) {
                    mouse(random.chance(85) ? .drag : .move, random.chance(85) ? .left : .none)
                }
                if random.chance(90) { mouse(.release, random.chance(80) ? .left : .none) }
            case 40..<45:
                // Stray reports.
                mouse(
                    random.pick([.press, .drag, .move, .release]),
                    random.pick([.left, .none, .right, .middle, .wheelUp, .wheelDown]))
            case 45..<87:
                send(.key(KeyPress(random.pick(Self.keys))))
            case 87..<89:
                send(random.pick([.focusOut, .focusIn, .paste("q?\u{1b}")]))
            case 89..<91:
                // Another size now and then; back to 80x24 soon after.
                let (width, height) = h.app.window.size
                let size =
                    random.chance(50) || (width, height) != (80, 24)
                    ? (80, 24) : random.pick([(60, 20), (10, 5), (33, 5), (120, 40), (1, 1)])
                h.app.resize(width: size.0, height: size.1)
                sent += 1
            default:
                h.clock.advance(by: random.pick([0, 0.01, 0.05, 0.1, 0.3]))
                h.renderFrame()
            }
        }

        // Let go of everything: the pointer, a carried card, the help screen.
        h.app.resize(width: 80, height: 24)
        h.app.handle(.mouse(MouseReport(action: .release, button: .left, column: 0, row: 0)))
        if h.scene.isShowingHelp { h.key(.escape) }
        h.key(.escape)
        h.settle()
        h.settle()

        XCTAssertNil(h.scene.draggedCard, "seed \(seed)")
        XCTAssertNil(h.scene.heldCard, "seed \(seed)")
        XCTAssertFalse(h.app.window.animator.isAnimating, "seed \(seed)")
        h.assertAllCardsAtRest()
        h.pilot.assertScreenMatchesWindow()
        // The screen agrees: each top card's face shows at its slot.
        for slot in sandbox.slots {
            guard let label = h.label(in: slot.id) else { continue }
            let origin = h.origin(of: slot.id)
            XCTAssertEqual(h.text(origin.x + 1, origin.y, width: 2), label, "seed \(seed): \(slot.id) shows its card")
        }
        // And the table still plays.
        let empty = sandbox.slots.first { $0.tapToCreate && h.scene.cards(in: $0.id).isEmpty }
        if let empty {
            let before = h.cardCount
            h.click(slot: empty.id)
            XCTAssertEqual(h.cardCount, before + 1, "seed \(seed): a click still deals")
        }
    }

    func testRandomEventsLeaveEveryCardAtRest() {
        run(seed: 1, events: 2_000)
    }

    func testRandomEventsWithOtherSeeds() {
        for seed: UInt64 in [2, 3, 4] { run(seed: seed, events: 700) }
    }

    func testRandomEventsWithoutAnimations() {
        run(seed: 5, events: 1_000, animations: false)
    }
}
