import Layouts

/// Why a move is refused, in the game's words: "7♠ goes on a red 8". Cards are kept as cards so
/// the table can draw them with its own glyphs (♠ or S).
public struct Refusal: Hashable, Sendable {
    public enum Part: Hashable, Sendable {
        case text(String)
        case card(Card)
    }

    public var parts: [Part]

    public init(_ parts: [Part]) { self.parts = parts }

    public init(_ text: String) { self.parts = [.text(text)] }

    /// The sentence, with each card written by `label` (`theme.label(for:)`).
    public func message(label: (Card) -> String) -> String {
        parts.map {
            switch $0 {
            case .text(let text): text
            case .card(let card): label(card)
            }
        }.joined()
    }

    /// The sentence with cards written `7S`.
    public var plainMessage: String { message { $0.description } }
}

/// The rules of a game: they deal, list and judge moves, apply them with their automatic
/// consequences, and say when the game is won. Piles are numbered as the layout's slots.
///
/// Implementations: ``DeclarativeRules`` (a layout's `[game]` rules) and ``FreeTable`` (the
/// sandbox; its state has one hidden pile more than the layout has slots: the deck).
public protocol Rules: Sendable {
    var layout: TableLayout { get }

    /// The starting position of deal number `seed`. The same seed deals the same game.
    func deal(seed: UInt64) -> GameState

    /// Every legal move in a position: transfers (each distinct run length) and the stock click.
    func legalMoves(in state: GameState) -> [Move]

    /// Appends every legal move to `moves`, which the caller owns and may reuse (a solver's buffer).
    func legalMoves(in state: GameState, into moves: inout [Move])

    /// Whether any move is legal (the game is stuck when none is).
    func hasAnyLegalMove(in state: GameState) -> Bool

    /// `nil` when the move is legal; otherwise why not.
    func refusal(of move: Move, in state: GameState) -> Refusal?

    /// Applies a legal move and the automatic steps it sets off (turning up an exposed card,
    /// refilling from a reserve, collecting a finished run). Revert with `state.revert(record)`.
    func apply(_ move: Move, to state: inout GameState) -> MoveRecord

    /// Whether the cards of `pile` from `index` to the top may be picked up together.
    func canPickUp(pile: Int, from index: Int, in state: GameState) -> Bool

    /// Whether a click on the pile does something by itself (the stock deals or redeals; a free
    /// table's slot creates a card): the move it makes, or `nil`.
    func clickMove(on pile: Int, in state: GameState) -> Move?

    func isWon(_ state: GameState) -> Bool
}

extension Rules {
    public func legalMoves(in state: GameState, into moves: inout [Move]) {
        moves.append(contentsOf: legalMoves(in: state))
    }

    public func hasAnyLegalMove(in state: GameState) -> Bool { !legalMoves(in: state).isEmpty }
}
