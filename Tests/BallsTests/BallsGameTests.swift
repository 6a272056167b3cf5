import XCTest

@testable import Balls

final class BallsGameTests: XCTestCase {
    func testTheTenLevelsAreTheOriginals() {
        XCTAssertEqual(
            BallsLevel.all.map { [$0.balls, $0.target] },
            [[4, 1], [4, 2], [8, 4], [15, 7], [25, 12], [30, 17], [30, 20], [30, 25], [30, 28], [30, 30]])
    }

    func testAStartedLevelHasItsBallsOnTheField() {
        var game = BallsGame(width: 320, height: 480, seed: 7)
        XCTAssertFalse(game.isPlaying)
        game.tap(at: FieldPoint(x: 0, y: 0))
        XCTAssertTrue(game.isPlaying)
        XCTAssertEqual(game.balls.count, 4)
        XCTAssertFalse(game.hasTapped, "the tap that starts a level sets nothing off")
        for ball in game.balls {
            XCTAssert((0..<320).contains(ball.center.x) && (0..<480).contains(ball.center.y))
            XCTAssertEqual(abs(ball.direction.x), 1)
            XCTAssertEqual(abs(ball.direction.y), 1)
        }
    }

    func testTheSameSeedPlacesTheSameBalls() {
        var first = BallsGame(width: 320, height: 480, seed: 42)
        var second = BallsGame(width: 320, height: 480, seed: 42)
        var other = BallsGame(width: 320, height: 480, seed: 43)
        first.startLevel()
        second.startLevel()
        other.startLevel()
        XCTAssertEqual(first.balls, second.balls)
        XCTAssertNotEqual(first.balls, other.balls)
        for _ in 0..<100 {
            first.step()
            second.step()
        }
        XCTAssertEqual(first, second)
    }

    /// A ball moving towards each edge turns back once its centre passes it.
    func testABallBouncesOffEachEdge() {
        let cases: [(start: FieldPoint, direction: FieldPoint, turned: (Ball) -> Bool)] = [
            (FieldPoint(x: 0.5, y: 50), FieldPoint(x: -1, y: 1), { $0.direction.x == 1 }),  // left
            (FieldPoint(x: 99.5, y: 50), FieldPoint(x: 1, y: -1), { $0.direction.x == -1 }),  // right
            (FieldPoint(x: 50, y: 0.5), FieldPoint(x: 1, y: -1), { $0.direction.y == 1 }),  // top
            (FieldPoint(x: 50, y: 59.5), FieldPoint(x: -1, y: 1), { $0.direction.y == -1 }),  // bottom
        ]
        for (index, example) in cases.enumerated() {
            var ball = Ball(center: example.start, direction: example.direction, color: .green)
            ball.step(width: 100, height: 60)
            XCTAssertTrue(example.turned(ball), "edge \(index): \(ball)")
            ball.step(width: 100, height: 60)
            XCTAssert(
                (0..<100).contains(ball.center.x) && (0..<60).contains(ball.center.y),
                "edge \(index): back on the field, \(ball.center)")
        }
    }

    func testBallsStayOnTheFieldForAMinute() {
        var game = BallsGame(width: 200, height: 120, seed: 3)
        game.startLevel()
        for _ in 0..<(60 * 15) {
            game.step()
            for ball in game.balls {
                XCTAssert(ball.center.x >= -1 && ball.center.x <= 201 && ball.center.y >= -1 && ball.center.y <= 121)
            }
        }
    }

    /// The explosion grows a pixel a step from 1 to 61, then shrinks to nothing: 121 steps.
    func testAnExplosionGrowsThenShrinksAsTheOriginals() {
        var explosion = Explosion(center: FieldPoint(x: 0, y: 0), radius: BallsGame.tapRadius, color: .red)
        var radii: [Double] = []
        while !explosion.isOver {
            explosion.step()
            radii.append(explosion.radius)
        }
        XCTAssertEqual(radii.max(), 61)
        XCTAssertEqual(radii.firstIndex(of: 61), 59, "grows for 60 steps (4 s at 15 a second)")
        XCTAssertEqual(radii.count, 60 + 61)
    }

    /// The explosion set off at a point reaches ball A; A's explosion reaches B; C, far away,
    /// stays. Still balls (no direction) keep the geometry plain.
    func testAChainReactionFromASeededLayout() {
        var game = BallsGame(width: 320, height: 480, seed: 1)
        let still = FieldPoint(x: 0, y: 0)
        let a = Ball(center: FieldPoint(x: 100, y: 100), direction: still, color: .green)
        let b = Ball(center: FieldPoint(x: 160, y: 100), direction: still, color: .blue)
        let c = Ball(center: FieldPoint(x: 300, y: 460), direction: still, color: .yellow)
        game.startLevel(with: [a, b, c])
        game.tap(at: FieldPoint(x: 50, y: 100))  // 50 pixels from A, 110 from B
        var order: [BallColor] = []
        while game.isPlaying {
            let before = Set(game.balls.map(\.color))
            game.step()
            guard game.isPlaying else { break }  // the level's end clears the field
            let gone = before.subtracting(game.balls.map(\.color))
            order += gone.sorted { $0.rawValue < $1.rawValue }
            if game.isPlaying { XCTAssertEqual(game.removed, 3 - game.balls.count) }
        }
        XCTAssertEqual(order, [.green, .blue], "A from the tap's explosion, then B from A's; C stays")
        XCTAssertEqual(game.outcome, .passed, "2 removed, the first level's target is 1")
        XCTAssertEqual(game.levelIndex, 1)
    }

    func testALevelShortOfItsTargetIsPlayedAgain() {
        var game = BallsGame(width: 320, height: 480, seed: 1, levels: [BallsLevel(balls: 2, target: 2)])
        let still = FieldPoint(x: 0, y: 0)
        game.startLevel(with: [
            Ball(center: FieldPoint(x: 10, y: 10), direction: still, color: .red),
            Ball(center: FieldPoint(x: 300, y: 470), direction: still, color: .red),
        ])
        game.tap(at: FieldPoint(x: 10, y: 20))
        while game.isPlaying { game.step() }
        XCTAssertEqual(game.outcome, .failed)
        XCTAssertEqual(game.levelIndex, 0, "the same level again")
        XCTAssertTrue(game.balls.isEmpty)
    }

    func testALevelThatReachesItsTargetIsPassed() {
        var game = BallsGame(width: 320, height: 480, seed: 1)
        game.startLevel(with: [Ball(center: FieldPoint(x: 100, y: 100), direction: FieldPoint(x: 0, y: 0), color: .red)]
        )
        game.tap(at: FieldPoint(x: 100, y: 100))
        var steps = 0
        while game.isPlaying {
            game.step()
            steps += 1
        }
        XCTAssertEqual(game.outcome, .passed)
        XCTAssertEqual(game.levelIndex, 1)
        XCTAssertEqual(steps, 121, "the level ends when the last explosion is over")
        game.tap(at: FieldPoint(x: 0, y: 0))
        XCTAssertEqual(game.balls.count, 4, "level 2: 4 balls")
    }

    func testOneExplosionALevel() {
        var game = BallsGame(width: 320, height: 480, seed: 5)
        game.startLevel()
        game.tap(at: FieldPoint(x: 10, y: 10))
        game.tap(at: FieldPoint(x: 200, y: 200))
        XCTAssertEqual(game.explosions.count, 1)
    }

    func testPassingTheLastLevelOffersItAgain() {
        var game = BallsGame(width: 320, height: 480, seed: 1, levels: [BallsLevel(balls: 1, target: 1)])
        game.startLevel(with: [Ball(center: FieldPoint(x: 5, y: 5), direction: FieldPoint(x: 0, y: 0), color: .red)])
        game.tap(at: FieldPoint(x: 5, y: 5))
        while game.isPlaying { game.step() }
        XCTAssertTrue(game.clearedAll)
        XCTAssertEqual(game.levelIndex, 0)
    }

    /// 15 steps a second whatever the frame rate: a second of frames at 60, 7 or 1 a second.
    func testTheFixedRateIsIndependentOfTheFrameRate() {
        for framesPerSecond in [60, 7, 1, 144] {
            var rate = FixedRate(stepsPerSecond: 15, start: 10)
            var steps = 0
            for frame in 1...framesPerSecond {
                steps += rate.stepsDue(at: 10 + Double(frame) / Double(framesPerSecond))
            }
            XCTAssertEqual(steps, 15, "\(framesPerSecond) frames a second")
        }
    }

    func testTheNextStepIsWhenTheNextFrameIsWanted() {
        var rate = FixedRate(stepsPerSecond: 15, start: 0)
        XCTAssertEqual(rate.nextStep, 1.0 / 15, accuracy: 1e-12)
        XCTAssertEqual(rate.stepsDue(at: 0.05), 0)
        XCTAssertEqual(rate.stepsDue(at: 0.2), 3)
        XCTAssertEqual(rate.nextStep, 4.0 / 15, accuracy: 1e-12)
    }

    func testALongStopDoesNotRaceToCatchUp() {
        var rate = FixedRate(stepsPerSecond: 15, start: 0)
        XCTAssertEqual(rate.stepsDue(at: 60), rate.maximumCatchUp)
        XCTAssertEqual(rate.stepsDue(at: 60 + 1.0 / 15), 1)
    }
}
