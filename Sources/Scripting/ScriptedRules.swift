import Layouts
import Solitaire
import Synchronization

/// The rules of a layout that names a script: the layout's declarative rules (or each kind's
/// defaults when it has no `[game]` table), with every hook the script defines deciding instead
/// (man/cardtable-lua.7). A hook that returns nil leaves the decision to the declarative rules.
///
/// The script reads positions and changes them only through moves, as steps: undo, saves,
/// hints and statistics work on a scripted variant as on any other. A hook that fails refuses
/// the move it was asked about (a question it was asked answers no); ``takeFailure()`` says why.
public struct ScriptedRules: Rules {
    public let layout: TableLayout
    /// The declarative rules the script overrides.
    public let base: DeclarativeRules
    /// The running script; `nil` when it could not start (``loadFailure`` says why), and the
    /// declarative rules play alone.
    public let engine: ScriptEngine?
    public let loadFailure: RulesFailure?
    private let loadFailureShown = FailureFlag()

    /// Precondition: `layout.script` is not `nil`.
    public init(layout: TableLayout, options: [String: String] = [:], limits: ScriptLimits = .standard) {
        // A scripted layout is a game even without a [game] table: each kind's defaults then.
        var declarative = layout
        if declarative.rules == nil { declarative.rules = GameRules(groups: [:]) }
        self.layout = declarative
        base = DeclarativeRules(layout: declarative)
        do {
            engine = try ScriptEngine(script: layout.script!, layout: layout, options: options, limits: limits)
            loadFailure = nil
        } catch {
            engine = nil
            loadFailure = error
        }
    }

    public var foundations: [Int] { base.foundations }

    public func builds(_ card: PileCard, on below: PileCard, inPile pile: Int) -> Bool {
        base.builds(card, on: below, inPile: pile)
    }

    // MARK: The deal

    public func deal(seed: UInt64) -> GameState {
        let dealt = base.deal(seed: seed)
        guard let engine, engine.defines(.deal) else { return dealt }
        var deck = DeclarativeRules.orderedCards(for: base.game)
        MicrosoftDeal.shuffle(&deck, dealNumber: MicrosoftDeal.dealNumber(for: seed))
        let result = engine.with(GameState(piles: Array(repeating: [], count: layout.slots.count))) {
            $0.deal(deck: deck, seed: seed, redeals: dealt.redealsLeft)
        }
        guard let (dealtState, left) = result else { return dealt }
        var state = dealtState
        // Cards the deal left go face down onto the first stock, the next to deal on top, as the
        // declarative deal does; without a stock, face up onto the first pile that is not a foundation.
        if !left.isEmpty {
            if let stock = layout.slots.firstIndex(where: { $0.kind == .stock }) {
                state.piles[stock].append(contentsOf: left.reversed().map { PileCard(raw: $0.raw & 0x7F) })
            } else if let pile = layout.slots.firstIndex(where: { $0.kind != .foundation })
                ?? layout.slots.indices.first
            {
                state.piles[pile].append(contentsOf: left.map { PileCard(raw: $0.raw | 0x80) })
            }
        }
        return state
    }

    // MARK: Questions

    public func canPickUp(pile: Int, from index: Int, in state: GameState) -> Bool {
        guard state.piles.indices.contains(pile), index >= 0, index < state.piles[pile].count else { return false }
        guard let engine else { return base.canPickUp(pile: pile, from: index, in: state) }
        return engine.with(state) { session in
            switch session.ask(.canPickUp, pile + 1, index + 1) {
            case .yes: true
            case .no, .failed: false
            case .undecided: base.canPickUp(pile: pile, from: index, in: state)
            }
        }
    }

    /// The script's reason when its `can_pick_up` says no with one (cardtable-lua(7)).
    public func pickUpRefusal(pile: Int, from index: Int, in state: GameState) -> Refusal? {
        guard state.piles.indices.contains(pile), index >= 0, index < state.piles[pile].count else {
            return Refusal("there is no card there")
        }
        guard let engine else { return base.pickUpRefusal(pile: pile, from: index, in: state) }
        return engine.with(state) { session in
            switch session.ask(.canPickUp, pile + 1, index + 1) {
            case .yes: nil
            case .no(let reason): Refusal(reason ?? "those cards cannot be picked up")
            case .failed: Refusal("the script failed")
            case .undecided: base.pickUpRefusal(pile: pile, from: index, in: state)
            }
        }
    }

    public func refusal(of move: Move, in state: GameState) -> Refusal? {
        guard let engine else { return base.refusal(of: move, in: state) }
        return engine.with(state) { refusal(of: move, session: &$0) }
    }

    /// Why a move is refused, asking the script through an open session.
    func refusal(of move: Move, session: inout ScriptSession) -> Refusal? {
        let state = session.state
        switch move.kind {
        case .transfer:
            guard state.piles.indices.contains(move.from), state.piles.indices.contains(move.to) else {
                return Refusal("there is no such pile")
            }
            if move.from == move.to { return Refusal("the cards are already there") }
            guard move.count >= 1, move.count <= state.piles[move.from].count else {
                return Refusal("there are not that many cards there")
            }
            let index = state.piles[move.from].count - move.count
            let pickUp = session.ask(.canPickUp, move.from + 1, index + 1)
            return transferRefusal(of: move, pickUp: pickUp, session: &session)
        case .stock:
            switch session.act(.onStockClick, move.from + 1, automatic: false) {
            case .undefined: return base.refusal(of: move, in: state)
            case .moved(let steps): return steps.isEmpty ? Refusal("nothing happens") : nil
            case .failed: return Refusal("the script failed")
            }
        case .click:
            switch session.act(move.count == 2 ? .onDoubleClick : .onClick, move.from + 1, automatic: false) {
            case .moved(let steps) where !steps.isEmpty: return nil
            case .failed: return Refusal("the script failed")
            default: return Refusal("nothing happens")
            }
        case .create:
            return base.refusal(of: move, in: state)
        }
    }

    /// Why a transfer is refused, once the script has said whether its cards may be picked up.
    func transferRefusal(of move: Move, pickUp: ScriptSession.Answer, session: inout ScriptSession) -> Refusal? {
        let state = session.state
        var pickedUp = false
        switch pickUp {
        case .yes: pickedUp = true
        case .no(let reason): return Refusal(reason ?? "those cards cannot be picked up")
        case .failed: return Refusal("the script failed")
        case .undecided: break
        }
        switch session.ask(.canDrop, move.from + 1, move.count, move.to + 1) {
        case .yes: return pickedUp ? nil : base.pickUpRefusal(pile: move.from, count: move.count, in: state)
        case .no(let reason): return Refusal(reason ?? "that cannot go there")
        case .failed: return Refusal("the script failed")
        case .undecided:
            if pickedUp { return base.dropRefusal(of: move, in: state) }
            return base.refusal(of: move, in: state)
        }
    }

    public func clickMove(on pile: Int, in state: GameState) -> Move? {
        guard let engine else { return base.clickMove(on: pile, in: state) }
        return engine.with(state) { clickMove(on: pile, session: &$0) }
    }

    /// `clicked`: whether `on_click` moves cards on the pile, when the moves hook said; `nil`
    /// tries it.
    func clickMove(on pile: Int, session: inout ScriptSession, clicked: Bool? = nil) -> Move? {
        let state = session.state
        guard state.piles.indices.contains(pile) else { return nil }
        if clicked == true { return .click(pile) }
        if clicked == nil, case .moved(let steps) = session.act(.onClick, pile + 1, automatic: false),
            !steps.isEmpty
        {
            return .click(pile)
        }
        if layout.slots[pile].kind == .stock, engine?.defines(.onStockClick) == true {
            if case .moved(let steps) = session.act(.onStockClick, pile + 1, automatic: false), !steps.isEmpty {
                return .stock(pile)
            }
            return nil
        }
        return base.clickMove(on: pile, in: state)
    }

    public func doubleClickMove(on pile: Int, index: Int, in state: GameState) -> Move? {
        guard let engine, engine.defines(.onDoubleClick), state.piles.indices.contains(pile) else { return nil }
        return engine.with(state) { session in
            if case .moved(let steps) = session.act(.onDoubleClick, pile + 1, automatic: false), !steps.isEmpty {
                return .click(pile, clicks: 2)
            }
            return nil
        }
    }

    public func isWon(_ state: GameState) -> Bool {
        guard let engine, engine.defines(.isWon) else { return base.isWon(state) }
        return engine.with(state) { session in
            switch session.ask(.isWon) {
            case .yes: true
            case .no, .failed: false
            case .undecided: base.isWon(state)
            }
        }
    }

    public func hasAnyLegalMove(in state: GameState) -> Bool {
        if let engine {
            let answer = engine.with(state) { $0.ask(.movesLeft) }
            switch answer {
            case .yes: return true
            case .no, .failed: return false
            case .undecided: break
            }
        }
        return !legalMoves(in: state).isEmpty
    }

    public func legalMoves(in state: GameState) -> [Move] {
        var moves: [Move] = []
        legalMoves(in: state, into: &moves)
        return moves
    }

    /// Every transfer the script (or, where it says nothing, the declarative rules) allows, then
    /// every click that does something. The transfers are those the `moves` hook lists, when the
    /// script has one and it lists them; else each is asked of `can_pick_up` and `can_drop`.
    public func legalMoves(in state: GameState, into moves: inout [Move]) {
        guard let engine else { return base.legalMoves(in: state, into: &moves) }
        engine.with(state) { session in
            let start = moves.count
            var clicks: [Int]?
            if session.listedMoves(into: &moves, clicks: &clicks) {
                ScriptedRules.settle(&moves, from: start)
            } else {
                askedTransfers(session: &session, into: &moves)
            }
            for pile in state.piles.indices {
                // Without an on_click hook a click moves nothing by it, whatever the list says.
                let clicked = engine.defines(.onClick) ? clicks.map { $0.contains(pile) } : nil
                if let move = clickMove(on: pile, session: &session, clicked: clicked) { moves.append(move) }
            }
        }
    }

    /// The piles whose `on_click` moves cards, tried one by one: the moves hook's contract for
    /// the clicks it lists.
    public func clicksTried(in state: GameState) -> [Int] {
        guard let engine, engine.defines(.onClick) else { return [] }
        return engine.with(state) { session in
            state.piles.indices.filter { pile in
                if case .moved(let steps) = session.act(.onClick, pile + 1, automatic: false), !steps.isEmpty {
                    return true
                }
                return false
            }
        }
    }

    /// The piles the moves hook says a click moves cards on, sorted, each once; `nil` when it
    /// does not say (or lists no moves).
    public func clicksListed(in state: GameState) -> [Int]? {
        guard let engine else { return nil }
        var moves: [Move] = []
        var clicks: [Int]?
        guard engine.with(state, { $0.listedMoves(into: &moves, clicks: &clicks) }) else { return nil }
        return clicks.map { Array(Set($0)).sorted() }
    }

    /// The transfers the moves hook listed (from `start` on) in the order the hooks would give
    /// them, each once: by the pile they leave, the cards they take, the pile they go to.
    static func settle(_ moves: inout [Move], from start: Int) {
        guard moves.count - start > 1 else { return }
        moves[start...].sort { ($0.from, $0.count, $0.to) < ($1.from, $1.count, $1.to) }
        var kept = start + 1
        for index in (start + 1)..<moves.count where moves[index] != moves[kept - 1] {
            moves[kept] = moves[index]
            kept += 1
        }
        moves.removeSubrange(kept...)
    }

    /// The transfers the script's can_pick_up and can_drop (or, where they say nothing, the
    /// declarative rules) allow: the moves hook's contract.
    public func transfersAsked(in state: GameState) -> [Move] {
        guard let engine else { return base.legalMoves(in: state).filter { $0.kind == .transfer } }
        var moves: [Move] = []
        engine.with(state) { askedTransfers(session: &$0, into: &moves) }
        return moves
    }

    /// The transfers the moves hook lists, in the order ``transfersAsked(in:)`` gives them; `nil`
    /// when the script has no such hook, or it returned nil or failed (``takeFailure()`` says).
    public func transfersListed(in state: GameState) -> [Move]? {
        guard let engine else { return nil }
        var moves: [Move] = []
        var clicks: [Int]?
        let listed = engine.with(state) { $0.listedMoves(into: &moves, clicks: &clicks) }
        guard listed else { return nil }
        ScriptedRules.settle(&moves, from: 0)
        return moves
    }

    func askedTransfers(session: inout ScriptSession, into moves: inout [Move]) {
        let state = session.state
        guard engine?.defines(.canPickUp) == true || engine?.defines(.canDrop) == true else {
            var declarative: [Move] = []
            base.legalMoves(in: state, into: &declarative)
            moves.append(contentsOf: declarative.filter { $0.kind == .transfer })
            return
        }
        // Whether a run may be picked up is settled once, not once per target: by the script,
        // else by the declarative rules; a run that may not goes nowhere. Only yes or no is
        // asked: no reason is copied or made.
        for from in state.piles.indices {
            let count = state.piles[from].count
            for index in stride(from: count - 1, through: 0, by: -1) {
                switch session.check(.canPickUp, from + 1, index + 1) {
                case .no, .failed: continue
                case .undecided where base.pickUpRefusal(pile: from, count: count - index, in: state) != nil:
                    continue
                default: break
                }
                for to in state.piles.indices where to != from {
                    let move = Move.transfer(from: from, to: to, count: count - index)
                    let allowed =
                        switch session.check(.canDrop, from + 1, count - index, to + 1) {
                        case .yes: true
                        case .no, .failed: false
                        case .undecided: base.dropRefusal(of: move, in: state) == nil
                        }
                    if allowed { moves.append(move) }
                }
            }
        }
    }

    // MARK: Moves

    public func apply(_ move: Move, to state: inout GameState) -> MoveRecord {
        guard let engine else { return base.apply(move, to: &state) }
        let before = state
        switch move.kind {
        case .transfer:
            guard engine.defines(.afterMove) else { return base.apply(move, to: &state) }
            guard state.piles.indices.contains(move.from), state.piles.indices.contains(move.to),
                move.from != move.to, move.count >= 1, move.count <= state.piles[move.from].count
            else { return MoveRecord(move: move, steps: []) }
            let step = Step(from: move.from, to: move.to, count: move.count)
            state.apply(step)
            let after = engine.with(state) {
                $0.act(.afterMove, move.from + 1, move.count, move.to + 1, automatic: true)
            }
            guard case .moved(let automatic) = after else {
                state = before
                return MoveRecord(move: move, steps: [])
            }
            if automatic.isEmpty {
                // A hook that moved nothing leaves the automatic steps to the layout's rules
                // (turn-up, refill-from), as a hook that is missing does (cardtable-lua(7)).
                state = before
                return base.apply(move, to: &state)
            }
            for step in automatic { state.apply(step) }
            return MoveRecord(move: move, steps: [step] + automatic)
        case .stock where engine.defines(.onStockClick), .click:
            let hook: ScriptHook =
                move.kind == .stock ? .onStockClick : move.count == 2 ? .onDoubleClick : .onClick
            let action = engine.with(state) { $0.act(hook, move.from + 1, automatic: false) }
            guard case .moved(let steps) = action else { return MoveRecord(move: move, steps: []) }
            for step in steps { state.apply(step) }
            return MoveRecord(move: move, steps: steps)
        case .stock, .create:
            return base.apply(move, to: &state)
        }
    }

    // MARK: What scripts add

    public func ownHint(in state: GameState) -> Hint? {
        guard let engine, engine.defines(.hint) else { return nil }
        guard let (move, text) = engine.with(state, { $0.hint() }) else { return nil }
        return Hint(move: move, sentence: text.map { Sentence($0) } ?? describe(move, in: state))
    }

    /// The `moves_left` hook's answer: "No moves left" when it says no; `nil` (the outlook's
    /// search decides) when the script has no such hook, returns nil or fails.
    public func ownOutlook(for state: GameState) -> Outlook? {
        guard let engine, engine.defines(.movesLeft) else { return nil }
        switch engine.with(state, { $0.ask(.movesLeft) }) {
        case .yes: return .movesLeft
        case .no: return .noMovesLeft
        case .undecided, .failed: return nil
        }
    }

    public func takeFailure() -> RulesFailure? {
        if let loadFailure, loadFailureShown.setOnce() { return loadFailure }
        return engine?.takeFailure()
    }

    public var timerInterval: Double? { engine?.timerInterval }

    /// Each position costs the script's hooks: the outlook's search looks at 100 at most after a
    /// move (see docs/PERFORMANCE.md), past which it says nothing. A script whose hooks decide
    /// nothing of the play (``declarativeRules``) costs nothing there.
    public var outlookBudget: Int { declarativeRules != nil ? Self.defaultOutlookBudget : 100 }

    /// The hooks that decide nothing of the play: the deal (the position is then the search's
    /// given) and the script's own hints.
    static let hooksBesideThePlay: Set<ScriptHook> = [.deal, .hint]

    /// The declarative rules, when the script defines no hook but ``hooksBesideThePlay`` (or did
    /// not load): every move, its consequences and the win are then theirs (Black Hole's script
    /// only deals the Ace of Spades into the hole).
    public var declarativeRules: DeclarativeRules? {
        guard let engine else { return base }
        return engine.hooks.allSatisfy(Self.hooksBesideThePlay.contains) ? base : nil
    }

    public func timerMessage(seconds: Double, in state: GameState) -> String? {
        engine?.with(state) { $0.timer(seconds: seconds) }
    }
}

/// A flag set once, shared by copies of the rules.
final class FailureFlag: Sendable {
    private let isSet = Mutex(false)

    /// True the first time only.
    func setOnce() -> Bool {
        isSet.withLock { isSet in
            defer { isSet = true }
            return !isSet
        }
    }
}
