/// The balls game (after Jordi Fita's iTouchBalls): balls bounce around the field; one tap a
/// level sets off an explosion, and every ball an explosion touches explodes in turn. A level
/// is passed when the explosions have removed its target of balls, and played again otherwise.
///
/// A value, deterministic for a seed: the same seed and the same taps give the same game. It
/// moves only by ``step()``, at ``updatesPerSecond`` whatever the frame rate (``FixedRate``).
/// Distances are the original's pixels: balls of radius 4 moving a pixel a step on each axis,
/// explosions growing from a radius of 1 (a tap) or 4 (a ball) to 61 and shrinking to nothing.
///
/// ```
/// var game = BallsGame(width: 320, height: 480, seed: 1)
/// game.tap(at: FieldPoint(x: 0, y: 0))     // starts level 1: 4 balls, 1 to remove
/// game.tap(at: FieldPoint(x: 160, y: 240)) // the level's explosion
/// while game.isPlaying { game.step() }
/// game.outcome                              // .passed or .failed
/// ```
public struct BallsGame: Hashable, Sendable {
    /// The original's update rate: 15 steps a second.
    public static let updatesPerSecond = 15.0
    public static let ballRadius = 4.0
    /// An explosion grows until half its radius passes this (to 61), then shrinks.
    public static let explosionLimit = 30.0
    /// The radius of the explosion a tap sets off.
    public static let tapRadius = 1.0

    /// How the last level ended.
    public enum Outcome: Hashable, Sendable {
        case passed
        case failed
    }

    /// The field's size, in pixels.
    public private(set) var width: Double
    public private(set) var height: Double
    public let levels: [BallsLevel]
    /// The level being played, or next to be: an index into ``levels``.
    public private(set) var levelIndex = 0
    public private(set) var balls: [Ball] = []
    /// Oldest last; drawn from the first.
    public private(set) var explosions: [Explosion] = []
    /// A level is being played (its balls are on the field).
    public private(set) var isPlaying = false
    /// The level's one explosion was set off.
    public private(set) var hasTapped = false
    /// How the last level ended; nil before the first.
    public private(set) var outcome: Outcome?
    /// Every level was passed (the last one is offered again).
    public private(set) var clearedAll = false
    /// Balls the level began with.
    public private(set) var ballsAtStart = 0
    /// Steps taken since the game began.
    public private(set) var steps = 0
    private var random: SplitMix

    public init(width: Double, height: Double, seed: UInt64, levels: [BallsLevel] = BallsLevel.all) {
        precondition(!levels.isEmpty, "a game needs levels")
        self.width = max(1, width)
        self.height = max(1, height)
        self.levels = levels
        random = SplitMix(seed: seed)
    }

    public var level: BallsLevel { levels[levelIndex] }
    /// Balls removed in the level being played.
    public var removed: Int { isPlaying ? ballsAtStart - balls.count : 0 }
    /// Whether anything moves: only while a level is played.
    public var isMoving: Bool { isPlaying }

    /// A tap: between levels it starts the next one (or the same again); in a level, the
    /// first sets off the explosion where it lands, and any other does nothing.
    public mutating func tap(at point: FieldPoint) {
        if !isPlaying {
            startLevel()
        } else if !hasTapped {
            hasTapped = true
            explosions.append(Explosion(center: point, radius: Self.tapRadius, color: .red))
        }
    }

    /// Puts the level's balls on the field at random places, each moving diagonally.
    public mutating func startLevel() {
        balls = (0..<level.balls).map { _ in
            let center = FieldPoint(
                x: Double(random.next(below: UInt64(width))), y: Double(random.next(below: UInt64(height))))
            let direction = FieldPoint(x: random.next(below: 2) == 0 ? -1 : 1, y: random.next(below: 2) == 0 ? -1 : 1)
            let color = BallColor(rawValue: Int(random.next(below: UInt64(BallColor.allCases.count)))) ?? .red
            return Ball(center: center, direction: direction, color: color)
        }
        ballsAtStart = balls.count
        explosions = []
        hasTapped = false
        isPlaying = true
    }

    /// Places given balls instead of random ones (a layout for tests and demonstrations).
    public mutating func startLevel(with balls: [Ball]) {
        self.balls = balls
        ballsAtStart = balls.count
        explosions = []
        hasTapped = false
        isPlaying = true
    }

    /// One update: the balls move and bounce, the explosions grow or shrink, a ball an
    /// explosion touches becomes an explosion of its colour, and when the last explosion is
    /// over the level ends.
    public mutating func step() {
        guard isPlaying else { return }
        steps += 1
        for index in balls.indices { balls[index].step(width: width, height: height) }
        let hadExplosions = !explosions.isEmpty
        var caught: [Explosion] = []
        explosions = explosions.compactMap { explosion -> Explosion? in
            var explosion = explosion
            explosion.step()
            if explosion.isOver { return nil }
            balls.removeAll { ball in
                guard explosion.touches(ball) else { return false }
                caught.append(Explosion(center: ball.center, radius: ball.radius, color: ball.color))
                return true
            }
            return explosion
        }
        // New explosions go under the older ones, and grow from the next step.
        explosions = caught.reversed() + explosions
        if hadExplosions && explosions.isEmpty { endLevel() }
    }

    private mutating func endLevel() {
        let passed = ballsAtStart - balls.count >= level.target
        outcome = passed ? .passed : .failed
        if passed {
            if levelIndex < levels.count - 1 { levelIndex += 1 } else { clearedAll = true }
        }
        balls = []
        explosions = []
        isPlaying = false
        hasTapped = false
    }

    /// The field changed size (the terminal did): balls outside it come back in by bouncing.
    public mutating func resize(width: Double, height: Double) {
        self.width = max(1, width)
        self.height = max(1, height)
    }
}

/// SplitMix64: small, fast and the same on every platform, so a seed replays a game.
struct SplitMix: Hashable, Sendable {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound > 0).
    mutating func next(below bound: UInt64) -> UInt64 { next() % max(1, bound) }
}
