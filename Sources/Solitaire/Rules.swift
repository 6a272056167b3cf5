import Layouts

/// The rules of a game: they deal, list and judge moves, apply them with their automatic
/// consequences, and say when the game is won. Piles are numbered as the layout's slots.
///
/// Implementations: ``DeclarativeRules`` (a layout's `[game]` rules) and ``FreeTable`` (the
/// sandbox; its state has one hidden pile more than the layout has slots: the deck).
public protocol Rules: Sendable {
    var layout: TableLayout { get }

    /// The starting position of deal number `seed`. The same number deals the same game; games
    /// number their deals as Microsoft FreeCell does (DeclarativeRules+Deal.swift).
    func deal(seed: UInt64) -> GameState

    /// Every legal move in a position: transfers (each distinct run length) and the stock click.
    func legalMoves(in state: GameState) -> [Move]

    /// Appends every legal move to `moves`, which the caller owns and may reuse (a solver's buffer).
    func legalMoves(in state: GameState, into moves: inout [Move])

    /// Whether any move is legal (the game is stuck when none is).
    func hasAnyLegalMove(in state: GameState) -> Bool

    /// `nil` when the move is legal; otherwise why not.
    func refusal(of move: Move, in state: GameState) -> Refusal?

    /// Whether the move is legal: ``refusal(of:in:)`` without the words of a refusal (a
    /// solver asks millions of times).
    func allows(_ move: Move, in state: GameState) -> Bool

    /// Applies a legal move and the automatic steps it sets off (turning up an exposed card,
    /// refilling from a reserve, collecting a finished run). Revert with `state.revert(record)`.
    func apply(_ move: Move, to state: inout GameState) -> MoveRecord

    /// Whether the cards of `pile` from `index` to the top may be picked up together.
    func canPickUp(pile: Int, from index: Int, in state: GameState) -> Bool

    /// Why the cards of `pile` from `index` to the top may not be picked up together (the words
    /// the player sees: a script's own reason, or the layout's rule); `nil` when they may.
    func pickUpRefusal(pile: Int, from index: Int, in state: GameState) -> Refusal?

    /// Whether a click on the pile does something by itself (the stock deals or redeals; a free
    /// table's slot creates a card): the move it makes, or `nil`.
    func clickMove(on pile: Int, in state: GameState) -> Move?

    func isWon(_ state: GameState) -> Bool

    // MARK: What the play helpers ask (Autoplay, BestMove, Hints, Outlook)

    /// The piles that are foundations, in layout order; empty when the game has none (a free table).
    var foundations: [Int] { get }

    /// Whether `card` may lie on `below` on pile `pile` by the pile's build rule alone (rank, suit,
    /// wrap), whatever lies there now and however many cards would move: what a card could still
    /// need another card for. `false` for piles that build nothing by hand.
    func builds(_ card: PileCard, on below: PileCard, inPile pile: Int) -> Bool

    // MARK: What a variant's script may add (the defaults do nothing)

    /// The move a double-click on the card at `index` of `pile` makes by the variant's own rule,
    /// or `nil` for the table's usual double-click (to a foundation, else the best place).
    func doubleClickMove(on pile: Int, index: Int, in state: GameState) -> Move?

    /// The variant's own hint, when it has one; `nil` lets the table's hints decide.
    func ownHint(in state: GameState) -> Hint?

    /// The variant's own word on whether the game can still change (a script's `moves_left`),
    /// which ``outlook(for:budget:)`` takes instead of searching; `nil` lets the search decide.
    func ownOutlook(for state: GameState) -> Outlook?

    /// A failure of the rules' own code (a script's error) since the last time this was asked:
    /// taken once, so the table shows it once.
    func takeFailure() -> RulesFailure?

    /// How often, in seconds of play, ``timerMessage(seconds:in:)`` is asked; `nil`: never.
    var timerInterval: Double? { get }

    /// What the variant says after `seconds` of play (a countdown, a warning), or `nil`.
    func timerMessage(seconds: Double, in state: GameState) -> String?

    /// How many positions the table's outlook and hints may explore after a move: rules whose
    /// every question costs more (a script's) explore fewer, so no move waits on them.
    var outlookBudget: Int { get }

    /// The layout's declarative rules when they alone decide every move, its consequences and the
    /// win (a script that only deals, or gives hints): a search may then play by them directly,
    /// with everything they let it know. `nil` when other code decides.
    var declarativeRules: DeclarativeRules? { get }
}

/// Something that went wrong in a variant's own code: "pyramid.lua:12: in can_drop: attempt to
/// compare nil with number", with the first frames of its traceback.
public struct RulesFailure: Hashable, Sendable, Error {
    /// One line, naming the file, line and hook.
    public var summary: String
    /// The traceback's lines, innermost first (may be empty).
    public var details: [String]

    public init(summary: String, details: [String] = []) {
        self.summary = summary
        self.details = details
    }
}

extension Rules {
    public func legalMoves(in state: GameState, into moves: inout [Move]) {
        moves.append(contentsOf: legalMoves(in: state))
    }

    public func hasAnyLegalMove(in state: GameState) -> Bool { !legalMoves(in: state).isEmpty }

    public func allows(_ move: Move, in state: GameState) -> Bool { refusal(of: move, in: state) == nil }

    public func doubleClickMove(on pile: Int, index: Int, in state: GameState) -> Move? { nil }

    public func pickUpRefusal(pile: Int, from index: Int, in state: GameState) -> Refusal? {
        canPickUp(pile: pile, from: index, in: state) ? nil : Refusal("those cards cannot be picked up")
    }

    public func ownHint(in state: GameState) -> Hint? { nil }

    public func ownOutlook(for state: GameState) -> Outlook? { nil }

    public func takeFailure() -> RulesFailure? { nil }

    public var timerInterval: Double? { nil }

    public func timerMessage(seconds: Double, in state: GameState) -> String? { nil }

    public var outlookBudget: Int { Self.defaultOutlookBudget }

    public var declarativeRules: DeclarativeRules? { nil }
}

/// The rules a layout is played by, leaving out any script it names: its declarative `[game]`
/// rules, or the free table's for a layout with none. (Scripting's `rulesOf` runs the script too.)
public func declarativeRulesOf(_ layout: TableLayout) -> any Rules {
    if layout.rules != nil { return DeclarativeRules(layout: layout) }
    return FreeTable(layout: layout)
}
