import Layouts

/// A layout's piles sorted by slot kind, in layout order: what each family shape reads first.
/// `nil` when a slot is of a kind the family does not take.
struct PilesByKind {
    private var piles: [SlotKind: [Int]] = [:]

    init?(_ slots: [SlotLayout], allowed: Set<SlotKind>) {
        for (index, slot) in slots.enumerated() {
            guard allowed.contains(slot.kind) else { return nil }
            piles[slot.kind, default: []].append(index)
        }
    }

    /// The piles of a kind, in layout order (none: empty).
    subscript(kind: SlotKind) -> [Int] { piles[kind] ?? [] }
}
