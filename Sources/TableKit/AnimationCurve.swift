/// Easing functions: pure maps from linear progress in [0, 1] to eased progress, with
/// `f(0) == 0` and `f(1) == 1`. `easeOutBack` overshoots past 1 before settling.
public enum AnimationCurve: String, CaseIterable, Sendable {
    case linear
    case easeInQuad, easeOutQuad, easeInOutQuad
    case easeInCubic, easeOutCubic, easeInOutCubic
    case easeOutBack

    /// Eased progress for linear progress `t` (clamped to [0, 1]).
    public func callAsFunction(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeInQuad: return t * t
        case .easeOutQuad: return 1 - (1 - t) * (1 - t)
        case .easeInOutQuad: return t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t)
        case .easeInCubic: return t * t * t
        case .easeOutCubic: return 1 - (1 - t) * (1 - t) * (1 - t)
        case .easeInOutCubic: return t < 0.5 ? 4 * t * t * t : 1 - 4 * (1 - t) * (1 - t) * (1 - t)
        case .easeOutBack:
            let c1 = 1.70158
            let c3 = c1 + 1
            let u = t - 1
            return 1 + c3 * u * u * u + c1 * u * u
        }
    }
}

/// Values an animation can move between.
public protocol Interpolatable: Equatable {
    /// `self` at progress 0, `target` at progress 1; progress may leave [0, 1] (overshoot).
    func interpolated(to target: Self, progress: Double) -> Self
}

extension Double: Interpolatable {
    public func interpolated(to target: Double, progress: Double) -> Double {
        self + (target - self) * progress
    }
}

extension Point: Interpolatable {
    public func interpolated(to target: Point, progress: Double) -> Point {
        Point(x: x.interpolated(to: target.x, progress: progress), y: y.interpolated(to: target.y, progress: progress))
    }
}

extension Size: Interpolatable {
    public func interpolated(to target: Size, progress: Double) -> Size {
        Size(
            width: width.interpolated(to: target.width, progress: progress),
            height: height.interpolated(to: target.height, progress: progress))
    }
}

extension Rect: Interpolatable {
    public func interpolated(to target: Rect, progress: Double) -> Rect {
        Rect(
            origin: origin.interpolated(to: target.origin, progress: progress),
            size: size.interpolated(to: target.size, progress: progress))
    }
}
