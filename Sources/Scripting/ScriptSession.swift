import CScriptSandbox
import Layouts
import Solitaire

/// Hook calls on one position, under the engine's lock. The position is handed to the sandbox
/// once; a hook that moved cards (even in a trial run), or failed, makes the next call hand it
/// over again.
struct ScriptSession {
    /// What a yes-or-no hook said.
    enum Answer {
        /// Not defined, or nil: the declarative rules decide.
        case undecided
        case yes
        case no(reason: String?)
        case failed
    }

    /// What a hook that moves cards did.
    enum Action {
        case undefined
        case moved([Step])
        case failed
    }

    unowned let engine: ScriptEngine
    let state: GameState
    private var loaded = false
    /// ``positionSeed``, worked out on the first hook that moves cards.
    private var seed: UInt64?
    /// The engine's, kept here: a hook call is a few hundred nanoseconds, and reaching them
    /// through the unowned engine each time costs a good part of that.
    private let sandbox: OpaquePointer
    private let hookMask: UInt32

    init(engine: ScriptEngine, state: GameState) {
        self.engine = engine
        self.state = state
        sandbox = engine.sandbox
        hookMask = engine.hookMask
    }

    private func defines(_ hook: ScriptHook) -> Bool { hookMask & 1 << hook.rawValue != 0 }

    /// Hands the position to the sandbox (when it does not hold it already).
    private mutating func load() {
        guard !loaded else { return }
        loaded = true
        ScriptSession.hand(state, to: sandbox)
        ct_sandbox_set_redeals(sandbox, ScriptSession.redeals(state.redealsLeft))
        ct_sandbox_set_base(sandbox, Int32(engine.baseRank(in: state)))
    }

    /// Copies the position's piles into the sandbox. The position is borrowed, so that its
    /// piles are read in place, not retained one by one.
    private static func hand(_ state: borrowing GameState, to sandbox: OpaquePointer) {
        for index in state.piles.indices {
            // An empty pile's count alone (reading its cards would retain it).
            guard !state.piles[index].isEmpty else {
                ct_sandbox_set_cards(sandbox, Int32(index), nil, 0)
                continue
            }
            state.piles[index].withUnsafeBytes { bytes in
                ct_sandbox_set_cards(
                    sandbox, Int32(index), bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(bytes.count))
            }
        }
    }

    static func redeals(_ count: Int) -> Int32 { count == Int.max ? -1 : Int32(clamping: count) }

    /// A number that the position decides: math.random's seed for hooks that move cards. A
    /// listing tries a click on every pile: the position is hashed once for all of them.
    private mutating func positionSeed() -> UInt64 {
        if let seed { return seed }
        let seed = state.positionNumber
        self.seed = seed
        return seed
    }

    /// What a yes-or-no hook said, without its reason: for a search, which asks only whether.
    enum Verdict {
        case undecided, yes, no, failed
    }

    /// Asks a yes-or-no hook as ``ask(_:_:_:_:)`` does, leaving out the reason of a no (no text
    /// is copied or made).
    mutating func check(_ hook: ScriptHook, _ first: Int = 0, _ second: Int = 0, _ third: Int = 0) -> Verdict {
        guard defines(hook) else { return .undecided }
        load()
        var answer: Int32 = 0
        var args = (Int32(clamping: first), Int32(clamping: second), Int32(clamping: third))
        let result = withUnsafePointer(to: &args) {
            $0.withMemoryRebound(to: Int32.self, capacity: 3) {
                ct_sandbox_ask(sandbox, hook.cHook, $0, Int32(hook.argumentCount), &answer, nil)
            }
        }
        switch result {
        case CT_RESULT_VALUE: return answer != 0 ? .yes : .no
        case CT_RESULT_NONE: return .undecided
        default:
            fail(hook)
            return .failed
        }
    }

    /// Appends the transfers the moves hook listed and returns true; false when it has none to
    /// give (not defined, or it returned nil: the other hooks decide), or it failed or listed a
    /// move the position cannot make (recorded as its failure).
    /// `clicks` gets the piles its second result says a click moves cards on, when it gave one.
    mutating func listedMoves(into moves: inout [Move], clicks: inout [Int]?) -> Bool {
        guard defines(.moves) else { return false }
        load()
        var listed: UnsafePointer<Int32>?
        var count: Int32 = 0
        switch ct_sandbox_moves(sandbox, &listed, &count) {
        case CT_RESULT_VALUE:
            var clicked: UnsafePointer<Int32>?
            let clickCount = Int(ct_sandbox_moves_clicks(sandbox, &clicked))
            if clickCount >= 0 {
                clicks = clickCount == 0 ? [] : (0..<clickCount).map { Int(clicked![$0]) }
            }
            guard let listed else { return true }
            let start = moves.count
            for index in 0..<Int(count) {
                let from = Int(listed[3 * index])
                let to = Int(listed[3 * index + 2])
                let cards = Int(listed[3 * index + 1])
                // The sandbox checked the numbers' range; what the position allows is checked here.
                guard from != to, cards <= state.piles[from].count else {
                    moves.removeSubrange(start...)
                    clicks = nil
                    let what = from == to ? "onto the pile it comes from" : "more cards than pile \(from + 1) holds"
                    engine.record(
                        RulesFailure(
                            summary: "\(engine.name): in moves: listed a move of \(cards) from pile \(from + 1) "
                                + "to pile \(to + 1), \(what)"))
                    return false
                }
                moves.append(.transfer(from: from, to: to, count: cards))
            }
            return true
        case CT_RESULT_NONE: return false
        default:
            fail(.moves)
            return false
        }
    }

    /// Asks a yes-or-no hook; arguments as the script sees them (piles and card indices from 1),
    /// as many as the hook takes.
    mutating func ask(_ hook: ScriptHook, _ first: Int = 0, _ second: Int = 0, _ third: Int = 0) -> Answer {
        guard defines(hook) else { return .undecided }
        load()
        var answer: Int32 = 0
        var reason: UnsafePointer<CChar>?
        var args = (Int32(clamping: first), Int32(clamping: second), Int32(clamping: third))
        let result = withUnsafePointer(to: &args) {
            $0.withMemoryRebound(to: Int32.self, capacity: 3) {
                ct_sandbox_ask(sandbox, hook.cHook, $0, Int32(hook.argumentCount), &answer, &reason)
            }
        }
        switch result {
        case CT_RESULT_VALUE: return answer != 0 ? .yes : .no(reason: reason.map { String(cString: $0) })
        case CT_RESULT_NONE: return .undecided
        default:
            fail(hook)
            return .failed
        }
    }

    /// Calls a hook that may move cards, with as many arguments as it takes (piles from 1);
    /// `automatic` marks its steps as the rules' own.
    mutating func act(
        _ hook: ScriptHook, _ first: Int = 0, _ second: Int = 0, _ third: Int = 0, automatic: Bool
    ) -> Action {
        guard defines(hook) else { return .undefined }
        load()
        loaded = false  // the hook may change the sandbox's copy
        ct_sandbox_seed(sandbox, positionSeed())
        var args = (Int32(clamping: first), Int32(clamping: second), Int32(clamping: third))
        let result = withUnsafePointer(to: &args) {
            $0.withMemoryRebound(to: Int32.self, capacity: 3) {
                ct_sandbox_act(sandbox, hook.cHook, $0, Int32(hook.argumentCount), automatic ? 1 : 0)
            }
        }
        guard result == CT_RESULT_VALUE else {
            if result == CT_RESULT_ERROR { fail(hook) }
            return result == CT_RESULT_ERROR ? .failed : .undefined
        }
        let count = Int(ct_sandbox_step_count(sandbox))
        // Every change a hook makes is a step: one that made none left the sandbox's copy as it
        // was, and the next call reads it as it is (a listing tries a click on every pile).
        if count == 0 { loaded = true }
        guard count > 0, let steps = ct_sandbox_steps(sandbox) else { return .moved([]) }
        return .moved(
            (0..<count).map { index in
                let step = steps[index]
                return Step(
                    from: Int(step.from), to: Int(step.to), count: Int(step.count), flip: step.flip != 0,
                    reverse: step.reverse != 0, spendsRedeal: step.spends_redeal != 0, automatic: step.automatic != 0,
                    shuffle: step.shuffle)
            })
    }

    /// Runs the deal hook over `deck` (in dealing order), starting from empty piles. The piles it
    /// made and the cards it left in the deck, or `nil` when it failed.
    mutating func deal(deck: [PileCard], seed: UInt64, redeals: Int) -> (state: GameState, left: [PileCard])? {
        guard defines(.deal) else { return nil }
        for index in state.piles.indices { ct_sandbox_set_cards(sandbox, Int32(index), nil, 0) }
        loaded = false
        ct_sandbox_set_redeals(sandbox, ScriptSession.redeals(redeals))
        // The deal sets a dealt base: none is known until it has dealt.
        ct_sandbox_set_base(sandbox, engine.foundationBase == .dealt ? 0 : Int32(engine.baseRank(in: state)))
        deck.withUnsafeBytes { bytes in
            ct_sandbox_set_deck(sandbox, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(deck.count))
        }
        ct_sandbox_seed(sandbox, seed)
        guard ct_sandbox_act(sandbox, ScriptHook.deal.cHook, nil, 0, 0) == CT_RESULT_VALUE else {
            fail(.deal)
            return nil
        }
        var piles: [[PileCard]] = []
        for index in state.piles.indices {
            let count = Int(ct_sandbox_pile_count(sandbox, Int32(index)))
            let cards = ct_sandbox_pile_cards(sandbox, Int32(index))!
            piles.append((0..<count).map { PileCard(raw: cards[$0]) })
        }
        let redealsLeft = Int(ct_sandbox_redeals(sandbox))
        let left = Int(ct_sandbox_deck_left(sandbox))
        let rest = ct_sandbox_deck_cards(sandbox)!
        let remaining = (0..<left).map { PileCard(raw: rest[$0]) }
        // A dealt base is the rank of the first card the deal put on the first foundation.
        let dealtBase = engine.baseDealtTo.flatMap { piles[$0].first?.rank } ?? 0
        return (
            GameState(piles: piles, redealsLeft: redealsLeft < 0 ? Int.max : redealsLeft, dealtBase: dealtBase),
            remaining
        )
    }

    /// The hint hook's move and words.
    mutating func hint() -> (move: Move, text: String?)? {
        guard defines(.hint) else { return nil }
        load()
        var move: (Int32, Int32, Int32) = (0, 0, 0)
        var text: UnsafePointer<CChar>?
        let result = withUnsafeMutablePointer(to: &move) {
            $0.withMemoryRebound(to: Int32.self, capacity: 3) { ct_sandbox_hint(sandbox, $0, &text) }
        }
        switch result {
        case CT_RESULT_VALUE:
            return (.transfer(from: Int(move.0), to: Int(move.1), count: Int(move.2)), text.map { String(cString: $0) })
        case CT_RESULT_ERROR:
            fail(.hint)
            return nil
        default: return nil
        }
    }

    /// The timer hook's words after `seconds` of play.
    mutating func timer(seconds: Double) -> String? {
        guard defines(.onTimer) else { return nil }
        load()
        var text: UnsafePointer<CChar>?
        switch ct_sandbox_timer(sandbox, seconds, &text) {
        case CT_RESULT_VALUE: return text.map { String(cString: $0) }
        case CT_RESULT_ERROR:
            fail(.onTimer)
            return nil
        default: return nil
        }
    }

    private func fail(_ hook: ScriptHook) {
        engine.record(ScriptEngine.describeFailure(sandbox, name: engine.name, hook: hook))
    }
}
