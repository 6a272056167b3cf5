/// What one script may spend: instructions per hook call (a count hook stops it) and memory in all
/// (its allocator refuses more).
public struct ScriptLimits: Hashable, Sendable {
    public var instructionsPerCall: Int64
    public var memoryBytes: Int

    public init(instructionsPerCall: Int64 = 2_000_000, memoryBytes: Int = 32 << 20) {
        self.instructionsPerCall = instructionsPerCall
        self.memoryBytes = memoryBytes
    }

    /// Two million instructions a call (a few milliseconds) and 32 MB.
    public static let standard = ScriptLimits()
}
