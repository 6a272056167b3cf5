/// A point or a direction on the field, in the original game's pixels.
public struct FieldPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The square of the distance to another point.
    public func distanceSquared(to other: FieldPoint) -> Double {
        (x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)
    }
}

/// One of the six colours of balls and explosions, as the original game has them.
public enum BallColor: Int, CaseIterable, Hashable, Sendable {
    case red, green, blue, cyan, yellow, magenta
}

/// A ball: a circle moving one pixel a step on each axis, bouncing off the field's edges.
public struct Ball: Hashable, Sendable {
    public var center: FieldPoint
    /// -1 or +1 on each axis.
    public var direction: FieldPoint
    public var radius: Double
    public var color: BallColor

    public init(center: FieldPoint, direction: FieldPoint, radius: Double = BallsGame.ballRadius, color: BallColor) {
        self.center = center
        self.direction = direction
        self.radius = radius
        self.color = color
    }

    /// One step: a pixel along the direction; a centre past an edge turns back from it.
    public mutating func step(width: Double, height: Double) {
        center.x += direction.x
        center.y += direction.y
        if center.x < 0 { direction.x = 1 } else if center.x >= width { direction.x = -1 }
        if center.y < 0 { direction.y = 1 } else if center.y >= height { direction.y = -1 }
    }
}

/// An explosion: a circle whose radius grows a pixel a step until half of it passes
/// ``BallsGame/explosionLimit``, then shrinks a pixel a step until nothing is left.
public struct Explosion: Hashable, Sendable {
    public var center: FieldPoint
    public var radius: Double
    /// +1 while it grows, -1 while it shrinks.
    public var growth: Double = 1
    public var color: BallColor

    public init(center: FieldPoint, radius: Double, color: BallColor) {
        self.center = center
        self.radius = radius
        self.color = color
    }

    public var isOver: Bool { radius <= 0 }

    public mutating func step() {
        guard radius > 0 else { return }
        radius += growth
        if radius / 2 > BallsGame.explosionLimit { growth = -1 }
    }

    /// Whether it touches a ball: their centres nearer than the sum of their radii.
    public func touches(_ ball: Ball) -> Bool {
        center.distanceSquared(to: ball.center) < (radius + ball.radius) * (radius + ball.radius)
    }
}
