import CScriptSandbox
import Layouts
import Solitaire
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One running script: its Lua state in the sandbox (script_sandbox.c), the hooks it defines and
/// the options it offers. Hook calls are serialized by a lock, so the rules that hold an engine
/// may be shared between threads; a search that wants its own pace makes its own rules (and so
/// its own engine).
///
/// A hook's failure is kept until ``takeFailure()`` takes it, so the table can show it once.
public final class ScriptEngine: @unchecked Sendable {
    /// How messages name the script: the name the layout gives it (`pyramid.lua`).
    public let name: String
    /// The hooks the script defines.
    public let hooks: Set<ScriptHook>
    /// The same, a bit for each hook (1 << rawValue): asked on every hook call.
    let hookMask: UInt32

    /// Whether the script defines `hook`: ``hooks``'s answer without hashing, for the solver,
    /// which asks it for every position.
    @inline(__always)
    func defines(_ hook: ScriptHook) -> Bool { hookMask & 1 << hook.rawValue != 0 }
    /// The options the script offers, and the value each has in this game.
    public let options: [ScriptOption]
    public let optionValues: [String: String]
    /// The script's other global functions, with the line each starts on (for spelling checks).
    public let otherFunctions: [(name: String, line: Int)]
    /// `timer_interval` when the script has an `on_timer` hook.
    public let timerInterval: Double?
    public let limits: ScriptLimits

    let sandbox: OpaquePointer
    /// The foundations' base (`base` of the first foundation group), for `game.base()`; `nil`
    /// when the layout has no foundation.
    let foundationBase: BaseRank?
    /// The pile whose first card dealt sets the base, when the base is dealt (`base = "dealt"`).
    let baseDealtTo: Int?
    private let lock = Mutex(())
    private var pendingFailure: RulesFailure?

    /// Starts the script for `layout`'s piles: runs its main chunk, finds its hooks, checks the
    /// option values given against the options it declares. Throws when it cannot start.
    public init(
        script: LayoutScript, layout: TableLayout, options given: [String: String] = [:],
        limits: ScriptLimits = .standard
    ) throws(RulesFailure) {
        let maxCards = 52 * max(1, layout.rules?.decks ?? 1)
        guard
            let sandbox = ct_sandbox_new(
                Int32(layout.slots.count), Int32(maxCards), limits.instructionsPerCall, limits.memoryBytes)
        else { throw RulesFailure(summary: "\(script.name): Lua could not start (out of memory?)") }
        self.sandbox = sandbox
        let firstFoundation = layout.slots.firstIndex { $0.kind == .foundation }
        let baseRule = firstFoundation.map { pile in
            let group = layout.slots[pile].group
            return (layout.rules?.groups[group] ?? PileRules.defaults(for: .foundation)).base
        }
        foundationBase = baseRule
        baseDealtTo = baseRule == .dealt ? firstFoundation : nil
        self.name = script.name
        self.limits = limits
        ct_sandbox_set_time_limit(sandbox, limits.secondsPerCall)
        for (index, slot) in layout.slots.enumerated() {
            ct_sandbox_set_pile(sandbox, Int32(index), slot.kind.rawValue, slot.group, slot.id)
        }
        var failure: RulesFailure?
        let loaded = script.source.withCString { text in
            ct_sandbox_load(sandbox, text, strlen(text), script.name)
        }
        if loaded != 0 {
            failure = ScriptEngine.describeFailure(sandbox, name: script.name, hook: nil)
        }
        hooks = Set(ScriptHook.allCases.filter { ct_sandbox_has_hook(sandbox, $0.cHook) != 0 })
        hookMask = hooks.reduce(0) { $0 | 1 << $1.rawValue }
        otherFunctions = String(cString: ct_sandbox_other_functions(sandbox)).split(separator: "\n").compactMap {
            line in
            guard let colon = line.lastIndex(of: ":"), let number = Int(line[line.index(after: colon)...]) else {
                return nil
            }
            return (String(line[..<colon]), number)
        }
        var lines: UnsafePointer<CChar>?
        if failure == nil, ct_sandbox_options(sandbox, &lines) != 0 {
            failure = RulesFailure(summary: "\(script.name): \(String(cString: ct_sandbox_error(sandbox)))")
        }
        options = lines.map { ScriptOption.parse(String(cString: $0)) } ?? []
        var values: [String: String] = [:]
        for option in options { values[option.name] = given[option.name] ?? option.defaultValue }
        for (key, value) in given.sorted(by: { $0.key < $1.key }) where failure == nil {
            guard let option = options.first(where: { $0.name == key }) else {
                let known = options.map(\.name).joined(separator: ", ")
                failure = RulesFailure(
                    summary: "\(script.name): no option '\(key)'"
                        + (known.isEmpty ? " (the script offers none)" : " (it offers: \(known))"))
                break
            }
            if value.utf8.count > ScriptOption.longestSavedValue {
                // The player's free text is held to ScriptOption.longestField where it is
                // typed (--option); a save made before that holds more, and resumes.
                failure = RulesFailure(
                    summary: "\(script.name): option \(key)'s value is \(value.utf8.count) bytes, "
                        + "longer than the \(ScriptOption.longestSavedValue) a value may be")
            } else if value.unicodeScalars.contains(where: { TerminalText.isUnsafe($0) }) {
                failure = RulesFailure(
                    summary: "\(script.name): option \(key)'s value holds a control character: "
                        + "\(TerminalText.safe(value)) is not printable text")
            } else if !option.values.isEmpty, !option.values.contains(value) {
                failure = RulesFailure(
                    summary:
                        "\(script.name): option \(key) may be \(option.values.joined(separator: ", ")), not '\(value)'")
            }
        }
        optionValues = values
        for (key, value) in values { ct_sandbox_set_option(sandbox, key, value) }
        timerInterval =
            hooks.contains(.onTimer)
            ? max(0.1, ct_sandbox_global_number(sandbox, "timer_interval", 1)) : nil
        // Thrown with every property set, the engine is deinitialized: deinit frees the sandbox.
        if let failure { throw failure }
    }

    deinit { ct_sandbox_free(sandbox) }

    /// Runs `body` with the sandbox reading `state`, under the engine's lock.
    func with<T>(_ state: GameState, _ body: (inout ScriptSession) -> T) -> T {
        lock.withLock { _ in
            var session = ScriptSession(engine: self, state: state)
            return body(&session)
        }
    }

    /// Keeps the first failure until it is taken.
    func record(_ failure: RulesFailure) {
        if pendingFailure == nil { pendingFailure = failure }
    }

    /// The failure since the last time this was asked, if any.
    public func takeFailure() -> RulesFailure? {
        lock.withLock { _ in
            let failure = pendingFailure
            pendingFailure = nil
            return failure
        }
    }

    /// How much memory the script holds now, in bytes.
    public var memoryInUse: Int {
        lock.withLock { _ in ct_sandbox_memory(sandbox) }
    }

    /// The instructions the last hook call ran, the work of library functions in C (and of its
    /// allocations) counted as instructions too: what its budget was charged.
    public var lastCallInstructions: Int64 {
        lock.withLock { _ in ct_sandbox_instructions(sandbox) }
    }

    /// The sandbox's last error as a failure: "pyramid.lua:12: in can_drop: attempt to …", and
    /// the traceback's first frames.
    static func describeFailure(_ sandbox: OpaquePointer, name: String, hook: ScriptHook?) -> RulesFailure {
        let message = String(cString: ct_sandbox_error(sandbox))
        let traceback = String(cString: ct_sandbox_traceback(sandbox))
        let place = hook.map { "in \($0.name)" } ?? "while loading"
        var summary: String
        if let end = locationEnd(message) {
            summary = message[..<end] + place + ": " + message[end...]
        } else if message.hasPrefix(name) {
            summary = message
        } else {
            summary = "\(name): \(place): \(message)"
        }
        // What the sandbox calls the traceback is what follows the message's first line: the
        // rest of a message of several lines, then Lua's "stack traceback:" and its frames. The
        // rest of the message is the message's (one line, its line feeds shown as `\x0a`): it
        // was shown as frames, so a script's error("bad\n[C]: in function 'os.execute'") drew
        // a frame of its own making under every failure.
        var lines = traceback.split(separator: "\n", omittingEmptySubsequences: false)
        if let frames = lines.lastIndex(where: { $0.trimmingBlanks() == "stack traceback:" }) {
            if frames > 0 { summary += lines[..<frames].map { "\\x0a" + $0 }.joined() }
            lines = Array(lines[frames...])
        }
        if summary.count > 300 { summary = String(summary.prefix(299)) + "…" }
        let details = lines.map { $0.trimmingBlanks() }
            .filter { !$0.isEmpty && $0 != "stack traceback:" && !$0.hasPrefix("[C]: in ?") }
        return RulesFailure(summary: summary, details: Array(details.prefix(8)))
    }

    /// Where "FILE:LINE: " ends at the start of a message, if it starts with one.
    static func locationEnd(_ message: String) -> String.Index? {
        guard let colon = message.firstIndex(of: ":") else { return nil }
        let digits = message[message.index(after: colon)...].prefix(while: \.isNumber)
        guard !digits.isEmpty, message[digits.endIndex...].hasPrefix(": ") else { return nil }
        return message.index(digits.endIndex, offsetBy: 2)
    }
}

extension ScriptEngine {
    /// The rank an empty foundation takes in `state`, for `game.base()`: the dealt base's rank,
    /// the layout's base rank, or 0 when any card starts one or none is known.
    func baseRank(in state: GameState) -> Int {
        switch foundationBase {
        case .rank(let rank): rank
        case .dealt: state.dealtBase
        case .any, nil: 0
        }
    }
}
