import CScriptSandbox

/// The hooks a variant's script may define: global functions of these names (man/cardtable-lua.7).
/// Each is optional; a hook that is missing, or returns nil, leaves the decision to the layout's
/// declarative rules.
public enum ScriptHook: Int, CaseIterable, Sendable {
    case deal, canPickUp, canDrop, afterMove, onClick, onDoubleClick, onStockClick, isWon, movesLeft, hint, onTimer
    case moves

    /// The function's name in Lua (`can_drop`).
    public var name: String { String(cString: ct_hook_name(cHook)) }

    /// What it is asked, as the manual says it, for messages and `cardtable check`.
    public var signature: String {
        switch self {
        case .deal: "deal()"
        case .canPickUp: "can_pick_up(pile, index)"
        case .canDrop: "can_drop(from, count, to)"
        case .afterMove: "after_move(from, count, to)"
        case .onClick: "on_click(pile)"
        case .onDoubleClick: "on_double_click(pile)"
        case .onStockClick: "on_stock_click(pile)"
        case .isWon: "is_won()"
        case .movesLeft: "moves_left()"
        case .hint: "hint()"
        case .onTimer: "on_timer(seconds)"
        case .moves: "moves()"
        }
    }

    var cHook: ct_hook { ct_hook(UInt32(rawValue)) }

    /// How many arguments the hook is called with.
    var argumentCount: Int {
        switch self {
        case .canDrop, .afterMove: 3
        case .canPickUp: 2
        case .onClick, .onDoubleClick, .onStockClick, .onTimer: 1
        case .deal, .isWon, .movesLeft, .hint, .moves: 0
        }
    }

    /// The hook with this Lua name.
    public init?(name: String) {
        guard let hook = ScriptHook.allCases.first(where: { $0.name == name }) else { return nil }
        self = hook
    }
}
