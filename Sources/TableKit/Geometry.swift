/// Geometry in terminal cells.
///
/// Coordinates are fractional so that animations move smoothly; they become whole cells only
/// when drawn. **The rounding rule**: a coordinate `v` lands in cell `⌊v + 0.5⌋` (halves round
/// up, toward +∞), and a rectangle rounds its origin and its size separately, so a view keeps
/// its width and height while it slides:
///
/// ```
/// Rect(x: 2.4, y: 1.5, width: 5, height: 3).cellRect   // x 2, y 2, 5 × 3
/// Rect(x: 2.5, y: 0.49, width: 5, height: 3).cellRect  // x 3, y 0, 5 × 3
/// ```
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    public static func += (lhs: inout Point, rhs: Point) { lhs = lhs + rhs }

    /// Straight-line distance, in cells.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The cell this point falls in, by the rounding rule.
    public var cell: CellPoint { CellPoint(x: roundToCell(x), y: roundToCell(y)) }

    public var description: String { "(\(x), \(y))" }
}

public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)×\(height)" }
}

public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// A rectangle of `size`, shrunk to fit a `width` x `height` screen and centred in it on
    /// whole cells (a panel over the table).
    public init(centring size: Size, inWidth width: Int, height: Int) {
        let w = min(size.width, Double(width))
        let h = min(size.height, Double(height))
        self.init(
            x: ((Double(width) - w) / 2).rounded(.down), y: ((Double(height) - h) / 2).rounded(.down), width: w,
            height: h)
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Half-open containment: the left and top edges are inside, the right and bottom are not.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// A rectangle grown by `dx` on the left and right and `dy` on the top and bottom
    /// (negative values shrink it). `insetBy(dx: -40, dy: -40)` is 40 larger on every side.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX)
        let y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The cells this rectangle covers, by the rounding rule.
    public var cellRect: CellRect {
        CellRect(x: roundToCell(minX), y: roundToCell(minY), width: roundToCell(width), height: roundToCell(height))
    }

    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}

/// The project's single rounding rule: `⌊v + 0.5⌋`.
@inlinable
public func roundToCell(_ value: Double) -> Int {
    guard value.isFinite else { return 0 }
    let clamped = min(max(value, -1_000_000), 1_000_000)
    return Int((clamped + 0.5).rounded(.down))
}

/// A whole cell position: column `x`, row `y`, both from 0.
public struct CellPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
    public var point: Point { Point(x: Double(x), y: Double(y)) }
    public var description: String { "(\(x), \(y))" }
}

/// A rectangle of whole cells.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }

    public func contains(_ cell: CellPoint) -> Bool {
        cell.x >= x && cell.x < maxX && cell.y >= y && cell.y < maxY
    }

    /// Whether every cell of `other` is in this rectangle (an empty one is in any).
    public func contains(_ other: CellRect) -> Bool {
        other.isEmpty || (other.x >= x && other.maxX <= maxX && other.y >= y && other.maxY <= maxY)
    }

    public func intersection(_ other: CellRect) -> CellRect {
        let x0 = max(x, other.x)
        let y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return CellRect(x: x0, y: y0, width: 0, height: 0) }
        return CellRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func union(_ other: CellRect) -> CellRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x)
        let y0 = min(y, other.y)
        return CellRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    public func intersects(_ other: CellRect) -> Bool { !intersection(other).isEmpty }

    public var description: String { "(\(x), \(y), \(width), \(height))" }
}
