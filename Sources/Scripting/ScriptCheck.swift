import CScriptSandbox
import Layouts
import Solitaire

/// What `cardtable check` says about a variant's script, compiler style
/// ("game.lua:12:5: error: 'end' expected near 'x'"): syntax errors, a main chunk that fails,
/// malformed options, hooks that are missing, misspelt or local, and (for a script checked with
/// its layout) a hook that fails on the first deal.
///
/// Diagnostics are values (``LayoutDiagnostic``, the layouts' own kind, so that a layout's and its
/// script's read alike); nothing is printed here.
public enum ScriptCheck {
    /// What checking a script found: its diagnostics, in file order, and the hooks it defines.
    public struct Result: Sendable {
        public var diagnostics: [LayoutDiagnostic]
        public var hooks: [ScriptHook]

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// The table a script checked on its own runs against: Klondike's slots and rules, so that its
    /// main chunk can call `game.piles("tableau")` and the like.
    public static let defaultTableName = "klondike"

    /// Checks a script file on its own, against ``defaultTableName``'s table. `file` names it in
    /// the diagnostics.
    public static func check(source: String, file: String) -> Result {
        var layout = ShippedLayouts.layout(named: defaultTableName)!
        let name = file.split(separator: "/").last.map(String.init) ?? file
        layout.script = LayoutScript(name: name, file: file, source: source)
        return check(layout: layout, playing: false)
    }

    /// Checks the script `layout` names, as the layout runs it; with `playing`, also deals a game
    /// and lists its first legal moves, reporting the first hook that fails.
    public static func check(layout: TableLayout, playing: Bool = true) -> Result {
        guard let script = layout.script else { return Result(diagnostics: [], hooks: []) }
        var report = Report(script: script)
        if let syntax = SyntaxError(source: script.source) {
            report.error(syntax.message, line: syntax.line, column: syntax.column)
            return report.result
        }
        let engine: ScriptEngine
        do {
            engine = try ScriptEngine(script: script, layout: layout)
        } catch {
            // A malformed options table has no line of its own: the line that sets it.
            let options =
                error.summary.contains(": options")
                ? LocalFunctions(source: script.source).assignment(of: "options") : nil
            report.failure(error, line: options?.line)
            return report.result
        }
        report.hooks = ScriptHook.allCases.filter(engine.hooks.contains)
        checkHooks(engine, &report)
        if playing, report.diagnostics.allSatisfy({ $0.severity == .warning }) {
            let rules = ScriptedRules(layout: layout)
            let state = rules.deal(seed: 1)
            if engine.hooks.contains(.deal) { checkDealCounts(layout, dealt: state, &report) }
            _ = rules.legalMoves(in: state)
            _ = rules.isWon(state)
            if let failure = rules.takeFailure() {
                report.failure(failure)
            } else if let listed = rules.transfersListed(in: state) {
                checkListedMoves(listed, rules.transfersAsked(in: state), &report)
                if let clicks = rules.clicksListed(in: state), engine.hooks.contains(.onClick) {
                    checkListedClicks(clicks, rules.clicksTried(in: state), &report)
                }
                if let failure = rules.takeFailure() { report.failure(failure) }
            }
        }
        return report.result
    }

    /// The moves hook's contract on the dealt position: it lists exactly the transfers that
    /// can_pick_up and can_drop (or the declarative rules where they say nothing) allow.
    static func checkListedMoves(_ listed: [Move], _ asked: [Move], _ report: inout Report) {
        guard listed != asked else { return }
        let line = hookLine("moves", report.script.source)
        let describe = { (move: Move) in "\(move.count) from pile \(move.from + 1) to pile \(move.to + 1)" }
        if let extra = listed.first(where: { !asked.contains($0) }) {
            report.error(
                "moves lists a move the other hooks refuse on the first deal (\(describe(extra))): it must list "
                    + "exactly the moves can_pick_up and can_drop allow", line: line, column: 1)
        } else if let missing = asked.first(where: { !listed.contains($0) }) {
            report.error(
                "moves leaves out a move the other hooks allow on the first deal (\(describe(missing))): it must "
                    + "list exactly the moves can_pick_up and can_drop allow", line: line, column: 1)
        }
    }

    /// The clicks the moves hook lists are exactly the piles on_click moves cards on.
    static func checkListedClicks(_ listed: [Int], _ tried: [Int], _ report: inout Report) {
        let line = hookLine("moves", report.script.source)
        if let extra = listed.first(where: { !tried.contains($0) }) {
            report.error(
                "moves lists a click on pile \(extra + 1) on the first deal, where on_click moves nothing: its "
                    + "second result must list exactly the piles on_click moves cards on", line: line, column: 1)
        } else if let missing = tried.first(where: { !listed.contains($0) }) {
            report.error(
                "moves leaves out a click on pile \(missing + 1) on the first deal, where on_click moves cards: "
                    + "its second result must list exactly the piles on_click moves cards on", line: line,
                column: 1)
        }
    }

    /// A script that deals decides the deal: the layout's `deal-up` and `deal-down` are ignored.
    /// Said when the script's first deal gives a pile of a group with counts other cards than
    /// the counts say, and puts another number of cards out of the stock in all. Counts the script
    /// follows (kept so that the layout reads right on its own) say nothing, even when the script
    /// then moves cards within its deal (Gaps takes its Aces out of the rows).
    static func checkDealCounts(_ layout: TableLayout, dealt: GameState, _ report: inout Report) {
        guard let groups = layout.rules?.groups else { return }
        var declaredTotal = 0
        var dealtTotal = 0
        var first: (slot: SlotLayout, declared: (down: Int, up: Int), dealt: (down: Int, up: Int))?
        var places: [String: Int] = [:]
        for (pile, slot) in layout.slots.enumerated() where slot.kind != .stock {
            let rules = groups[slot.group] ?? PileRules.defaults(for: slot.kind)
            let place = places[slot.group, default: 0]
            places[slot.group] = place + 1
            let up = DeclarativeRules.dealCount(rules.dealUp, place) + (rules.dealRank == nil ? 0 : 1)
            let down = DeclarativeRules.dealCount(rules.dealDown, place)
            let cards = dealt.piles[pile]
            let faceUp = cards.filter(\.faceUp).count
            declaredTotal += down + up
            dealtTotal += cards.count
            let counts = !rules.dealUp.isEmpty || !rules.dealDown.isEmpty || rules.dealRank != nil
            if first == nil, counts, (cards.count - faceUp, faceUp) != (down, up) {
                first = (slot, (down, up), (cards.count - faceUp, faceUp))
            }
        }
        guard let first, declaredTotal != dealtTotal else { return }
        report.warning(
            "deal() deals \(dealtTotal) cards out of the stock where the layout's deal-down and deal-up deal "
                + "\(declaredTotal) (\(first.slot.id): \(first.dealt.down) down and \(first.dealt.up) up, where "
                + "'\(first.slot.group)' says \(first.declared.down) and \(first.declared.up)): a script that deals "
                + "decides the deal, so they are ignored", line: hookLine("deal", report.script.source), column: 1)
    }

    /// The line `function NAME(` starts on, or 1.
    static func hookLine(_ name: String, _ source: String) -> Int {
        source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.trimmingBlanks().hasPrefix("function \(name)(")
        }.map { $0 + 1 } ?? 1
    }

    /// Hooks missing, misspelt, local, or not functions.
    static func checkHooks(_ engine: ScriptEngine, _ report: inout Report) {
        let hookNames = ScriptHook.allCases.map(\.name)
        for (name, line) in engine.otherFunctions.sorted(by: { $0.line < $1.line }) {
            guard let hook = Suggestions.closest(to: name, in: hookNames) else { continue }
            report.warning("'\(name)' is not a hook; did you mean '\(hook)'?", line: line, column: 1)
        }
        let locals = LocalFunctions(source: report.script.source)
        for hook in ScriptHook.allCases where !engine.hooks.contains(hook) {
            let type = String(cString: ct_sandbox_global_type(engine.sandbox, hook.name))
            if type != "nil" {
                let place = locals.assignment(of: hook.name) ?? (1, 1)
                report.warning(
                    "'\(hook.name)' is a \(type), not a function: it is not a hook", line: place.line,
                    column: place.column)
            } else if let place = locals.local(named: hook.name) {
                report.warning(
                    "'\(hook.name)' is local, so the table never sees it: a hook must be a global function",
                    line: place.line, column: place.column)
            }
        }
        if engine.hooks.isEmpty {
            report.warning(
                "the script defines no hooks (\(hookNames.joined(separator: ", "))): the layout's declarative "
                    + "rules decide everything", line: 1, column: 1)
        }
    }

    /// The diagnostics of one script, as they are found.
    struct Report {
        let script: LayoutScript
        var diagnostics: [LayoutDiagnostic] = []
        var hooks: [ScriptHook] = []

        /// The diagnostics in file order (all have a place).
        var result: Result {
            let ordered = diagnostics.enumerated().sorted {
                ($0.element.position!, $0.offset) < ($1.element.position!, $1.offset)
            }
            return Result(diagnostics: ordered.map(\.element), hooks: hooks)
        }

        mutating func error(_ message: String, line: Int, column: Int) {
            add(.error, message, line: line, column: column)
        }

        mutating func warning(_ message: String, line: Int, column: Int) {
            add(.warning, message, line: line, column: column)
        }

        private mutating func add(_ severity: LayoutDiagnostic.Severity, _ message: String, line: Int, column: Int) {
            diagnostics.append(
                LayoutDiagnostic(
                    file: script.file, position: SourcePosition(line: max(1, line), column: max(1, column)),
                    keyPath: nil, severity: severity, message: message))
        }

        /// A failure the engine reported ("game.lua:12: in can_drop: message"), at its line (or
        /// `line`, or 1).
        mutating func failure(_ failure: RulesFailure, line fallback: Int? = nil) {
            var message = failure.summary
            var line = fallback ?? 1
            let prefix = script.name + ":"
            if message.hasPrefix(prefix), let end = ScriptEngine.locationEnd(message) {
                line =
                    Int(message[message.index(message.startIndex, offsetBy: prefix.count)...].prefix(while: \.isNumber))
                    ?? 1
                message = String(message[end...])
            } else if message.hasPrefix(script.name + ": ") {
                message = String(message.dropFirst(script.name.count + 2))
            }
            error(message, line: line, column: 1)
        }
    }
}
