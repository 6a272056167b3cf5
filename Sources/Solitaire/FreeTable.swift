import Layouts

/// A table with no game rules: the Cookbook's drag-and-drop sandbox, for any layout.
///
/// - Tapping a slot that creates cards deals the next card of a shuffled deck onto it,
///   when the slot has room. A layout that marks no slot `tap-to-create` (a game's layout,
///   such as Klondike's) is played with every slot but the trash creating cards, so any
///   layout can be tried out as a free table.
/// - A card may be dropped on a slot with room: an empty slot, or a fanned slot below its
///   capacity (unfanned slots hold one card). Anywhere else it goes back.
/// - A slot that deletes what is dropped on it (the trash) takes any card and stays empty.
/// - Only the top card of a pile can be picked up.
///
/// It is also the sandbox's ``Rules`` (FreeTable+Rules.swift), on a ``GameState``: that part uses
/// only the layout, never the mutating piles and deck below.
public struct FreeTable: Sendable {
    /// A card on the table with an identity of its own (two decks can hold two `TS`).
    public struct PlacedCard: Hashable, Sendable {
        public let id: Int
        public let card: Card
    }

    public enum DropOutcome: Equatable, Sendable {
        case moved
        case deleted
        case rejected
    }

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
    public private(set) var piles: [String: [PlacedCard]]
    public private(set) var deck: Deck
    private var nextID = 1
    let sandbox: Sandbox

    /// How many shuffled decks the ``Rules`` deal puts in the hidden deck pile.
    public var deckCount: Int { sandbox.deckCount }

    public init(layout: TableLayout, seed: UInt64) {
        self.layout = layout
        self.deck = Deck(seed: seed)
        self.piles = Dictionary(uniqueKeysWithValues: layout.slots.map { ($0.id, []) })
        self.sandbox = Sandbox(layout: layout, deckCount: 8)
    }

    /// The sandbox as ``Rules``: `deal(seed:)` gives its positions. `deckCount` decks (8 unless
    /// given) fill the hidden deck pile.
    public init(layout: TableLayout, deckCount: Int = 8) {
        self.layout = layout
        self.deck = Deck(seed: 0)
        self.piles = Dictionary(uniqueKeysWithValues: layout.slots.map { ($0.id, []) })
        self.sandbox = Sandbox(layout: layout, deckCount: deckCount)
    }

    public func pile(_ slotID: String) -> [PlacedCard] { piles[slotID] ?? [] }

    public func topCard(of slotID: String) -> PlacedCard? { piles[slotID]?.last }

    /// The slot a card is in.
    public func slot(of cardID: Int) -> String? {
        piles.first { $0.value.contains { $0.id == cardID } }?.key
    }

    /// How many cards a slot may hold.
    public func capacity(of slot: SlotLayout) -> Int { FreeTable.capacity(of: slot) }

    /// How many cards a slot may hold: 0 for a trash; unfanned slots hold one card.
    public static func capacity(of slot: SlotLayout) -> Int {
        if slot.deleteOnDrop { return 0 }
        if let capacity = slot.capacity { return slot.fan == .none ? min(capacity, 1) : capacity }
        return slot.fan == .none ? 1 : Int.max
    }

    public func hasRoom(_ slotID: String) -> Bool {
        guard let slot = layout.slot(slotID) else { return false }
        return pile(slotID).count < capacity(of: slot)
    }

    /// True when the layout marks no slot as creating cards: then every slot but the trash does.
    public var everySlotCreates: Bool { !layout.slots.contains { $0.tapToCreate } }

    /// Would a tap on this slot create a card?
    public func canCreate(at slotID: String) -> Bool {
        guard let slot = layout.slot(slotID) else { return false }
        return (slot.tapToCreate || everySlotCreates) && !slot.deleteOnDrop && hasRoom(slotID)
    }

    /// Deals the next card onto the slot, if it creates cards and has room.
    public mutating func createCard(at slotID: String) -> PlacedCard? {
        guard canCreate(at: slotID) else { return nil }
        let placed = PlacedCard(id: nextID, card: deck.deal())
        nextID += 1
        piles[slotID, default: []].append(placed)
        return placed
    }

    /// Deals the next card onto a slot whatever its rules: sample cards for previews.
    @discardableResult
    public mutating func placeSample(onto slotID: String) -> PlacedCard? {
        guard piles[slotID] != nil else { return nil }
        let placed = PlacedCard(id: nextID, card: deck.deal())
        nextID += 1
        piles[slotID, default: []].append(placed)
        return placed
    }

    /// What dropping a card on a slot would do.
    public func dropOutcome(of cardID: Int, onto slotID: String) -> DropOutcome {
        guard let from = slot(of: cardID), topCard(of: from)?.id == cardID, let target = layout.slot(slotID) else {
            return .rejected
        }
        if target.deleteOnDrop { return .deleted }
        if from == slotID { return .rejected }
        return hasRoom(slotID) ? .moved : .rejected
    }

    /// Drops a card on a slot: moves it, deletes it, or leaves the table unchanged.
    @discardableResult
    public mutating func drop(_ cardID: Int, onto slotID: String) -> DropOutcome {
        let outcome = dropOutcome(of: cardID, onto: slotID)
        guard outcome != .rejected, let from = slot(of: cardID), let card = piles[from]?.popLast() else {
            return outcome
        }
        if outcome == .moved { piles[slotID, default: []].append(card) }
        return outcome
    }
}
