/// One level of the balls game: how many balls bounce, and how many of them the player must
/// remove with one explosion and its chain reaction.
public struct BallsLevel: Hashable, Sendable {
    public let balls: Int
    public let target: Int

    public init(balls: Int, target: Int) {
        self.balls = balls
        self.target = target
    }

    /// The ten levels, as the original game has them.
    public static let all: [BallsLevel] = [
        (4, 1), (4, 2), (8, 4), (15, 7), (25, 12), (30, 17), (30, 20), (30, 25), (30, 28), (30, 30),
    ].map { BallsLevel(balls: $0.0, target: $0.1) }
}
