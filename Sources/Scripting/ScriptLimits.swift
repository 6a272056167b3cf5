/// What one script may spend: instructions per hook call (a count hook stops it), time per hook
/// call (for loops whose every step is slow, such as comparing long strings) and memory in all
/// (its allocator refuses more).
public struct ScriptLimits: Hashable, Sendable {
    public var instructionsPerCall: Int64
    public var memoryBytes: Int
    /// Wall-clock seconds a hook call may run; 0 for no limit.
    public var secondsPerCall: Double

    public init(instructionsPerCall: Int64 = 2_000_000, memoryBytes: Int = 32 << 20, secondsPerCall: Double = 0.5) {
        self.instructionsPerCall = instructionsPerCall
        self.memoryBytes = memoryBytes
        self.secondsPerCall = secondsPerCall
    }

    /// Two million instructions a call (a few milliseconds), half a second at most, and 32 MB.
    public static let standard = ScriptLimits()
}
