import Layouts

/// A table with no game rules: the Cookbook's drag-and-drop sandbox, for any layout.
///
/// - Tapping a slot that creates cards deals the next card of a shuffled deck onto it,
///   when the slot has room. A layout that marks no slot `tap-to-create` (a game's layout
///   without its rules) is played with every slot but the trash creating cards, so any
///   layout can be tried out as a free table.
/// - A card may be dropped on a slot with room: an empty slot, or a fanned slot below its
///   capacity (unfanned slots hold one card). Anywhere else it goes back.
/// - A slot that deletes what is dropped on it (the trash) takes any card and stays empty.
/// - Only the top card of a pile can be picked up.
///
/// It plays as ``Rules`` on a ``GameState`` (FreeTable+Rules.swift), as every game does.
public struct FreeTable: Sendable {
    /// What the sandbox's ``Rules`` need per slot, worked out once.
    struct Sandbox: Sendable {
        /// How many shuffled decks the hidden deck pile holds.
        var deckCount: Int
        /// Per slot: how many cards it holds (`Int.max`: no limit; 0 for a trash).
        var capacities: [Int]
        /// Per slot: a tap on it creates a card (room permitting).
        var creates: [Bool]
        /// Per slot: it deletes what is dropped on it.
        var deletes: [Bool]

        init(layout: TableLayout, deckCount: Int) {
            self.deckCount = max(1, deckCount)
            capacities = layout.slots.map(FreeTable.capacity(of:))
            let everySlotCreates = !layout.slots.contains { $0.tapToCreate }
            creates = layout.slots.map { ($0.tapToCreate || everySlotCreates) && !$0.deleteOnDrop }
            deletes = layout.slots.map(\.deleteOnDrop)
        }
    }

    public let layout: TableLayout
    let sandbox: Sandbox

    /// How many shuffled decks the ``Rules`` deal puts in the hidden deck pile.
    public var deckCount: Int { sandbox.deckCount }

    /// The sandbox on a layout: `deal(seed:)` gives its positions. `deckCount` decks (8 unless
    /// given) fill the hidden deck pile.
    public init(layout: TableLayout, deckCount: Int = 8) {
        self.layout = layout
        self.sandbox = Sandbox(layout: layout, deckCount: deckCount)
    }

    /// How many cards a slot may hold: 0 for a trash; unfanned slots hold one card.
    public static func capacity(of slot: SlotLayout) -> Int {
        if slot.deleteOnDrop { return 0 }
        if let capacity = slot.capacity { return slot.fan == .none ? min(capacity, 1) : capacity }
        return slot.fan == .none ? 1 : Int.max
    }
}
