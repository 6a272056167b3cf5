// The table description a layout file turns into. No UI, no cards: just slots and where they stand.

/// What a slot is for. The rules of a game give the kinds their meaning; the layout only names them.
public enum SlotKind: String, CaseIterable, Sendable {
    case stock, waste, foundation, tableau, cell, reserve, trash, free
}

/// How the cards of a pile spread out.
public enum FanDirection: String, CaseIterable, Sendable {
    /// Cards lie on top of each other; only the top card shows.
    case none
    /// Each card sits one row below the previous one.
    case down
    /// Each card sits a few columns right of the previous one.
    case right
}

/// A point on the table in card units: column 1.5 is one and a half card widths from the left.
public struct GridPoint: Hashable, Sendable {
    public var column: Double
    public var row: Double

    public init(column: Double, row: Double) {
        self.column = column
        self.row = row
    }
}

/// One slot of a table: a place where a pile of cards lies.
public struct SlotLayout: Hashable, Sendable {
    /// Unique on the table: `"<group>.<n>"`, or the group name when the group has one slot.
    public var id: String
    /// The group the slot belongs to (one map character, or the `group` of a `[[slot]]`).
    public var group: String
    public var kind: SlotKind
    /// Top-left corner of the slot's (first) card, in card units.
    public var position: GridPoint
    public var fan: FanDirection
    /// How many cards show when the pile is fanned: only the top `fanVisible` cards are spread.
    public var fanVisible: Int
    /// The most cards the slot holds; `nil` means no limit.
    public var capacity: Int?
    /// Tapping the slot creates a card.
    public var tapToCreate: Bool
    /// A card dropped on the slot is deleted.
    public var deleteOnDrop: Bool
    /// Text shown on the slot while it is empty.
    public var label: String?
    /// The pile's bottom card plays (`available` names `bottom`): it shows at the slot's origin,
    /// the spread cards after it, and the cards between them stay stacked under the first of those.
    public var showsBottom = false

    /// `nil` for `fanVisible`, `tapToCreate` or `deleteOnDrop` takes the default that a layout file would get:
    /// see ``defaultFanVisible(for:)``, ``defaultTapToCreate(for:)`` and ``defaultDeleteOnDrop(for:)``.
    /// A `nil` capacity means no limit, except for a trash, which then gets 0 (it stays empty).
    public init(
        id: String,
        group: String,
        kind: SlotKind,
        position: GridPoint,
        fan: FanDirection = .none,
        fanVisible: Int? = nil,
        capacity: Int? = nil,
        tapToCreate: Bool? = nil,
        deleteOnDrop: Bool? = nil,
        label: String? = nil
    ) {
        self.id = id
        self.group = group
        self.kind = kind
        self.position = position
        self.fan = fan
        self.fanVisible = max(1, fanVisible ?? SlotLayout.defaultFanVisible(for: fan))
        self.capacity = capacity ?? SlotLayout.defaultCapacity(for: kind)
        self.tapToCreate = tapToCreate ?? SlotLayout.defaultTapToCreate(for: kind)
        self.deleteOnDrop = deleteOnDrop ?? SlotLayout.defaultDeleteOnDrop(for: kind)
        self.label = label
    }

    /// 13 for `down`, 3 for `right`, 1 for `none`.
    public static func defaultFanVisible(for fan: FanDirection) -> Int {
        switch fan {
        case .none: return 1
        case .down: return 13
        case .right: return 3
        }
    }

    /// 0 for a trash (it stays empty), no limit otherwise.
    public static func defaultCapacity(for kind: SlotKind) -> Int? {
        kind == .trash ? 0 : nil
    }

    /// True for `free` slots.
    public static func defaultTapToCreate(for kind: SlotKind) -> Bool {
        kind == .free
    }

    /// True for a `trash`.
    public static func defaultDeleteOnDrop(for kind: SlotKind) -> Bool {
        kind == .trash
    }
}

/// A whole table: its name, its title and its slots.
public struct TableLayout: Hashable, Sendable {
    /// Short name, as used on the command line (`klondike`).
    public var name: String
    /// Human title (`Klondike`).
    public var title: String
    /// Slots from the map in reading order (top to bottom, left to right), then the `[[slot]]` entries in file order.
    public var slots: [SlotLayout]
    /// The game played on the table (its `[game]` table and group rules); `nil` for a free table.
    public var rules: GameRules?
    /// The Lua script whose hooks change the rules (`script = "pyramid.lua"`); `nil` for none.
    public var script: LayoutScript?

    public init(
        name: String, title: String, slots: [SlotLayout], rules: GameRules? = nil, script: LayoutScript? = nil
    ) {
        self.name = name
        self.title = title
        self.slots = slots
        self.rules = rules
        self.script = script
    }

    /// The slot with this id, if any.
    public func slot(_ id: String) -> SlotLayout? {
        slots.first { $0.id == id }
    }

    /// The slots of a group, in order.
    public func slots(inGroup group: String) -> [SlotLayout] {
        slots.filter { $0.group == group }
    }

    /// The slots of a kind, in order.
    public func slots(ofKind kind: SlotKind) -> [SlotLayout] {
        slots.filter { $0.kind == kind }
    }
}

extension SlotLayout {
    /// Whether this slot's card lies over part of `other`'s card on the table, lower down: a card
    /// of the next row of a pyramid drawn with half-card cells (`overlap-covers`).
    public func liesOver(_ other: SlotLayout) -> Bool {
        let across = abs(position.column - other.position.column)
        let down = position.row - other.position.row
        return across < 1 && down > 0 && down < 1
    }
}
