import Layouts

// Layouts built in code for the tests: groups of slots with their rules.

/// A group of slots with the default rules of its kind, changed by `change`.
public struct GroupSpec {
    public var name: String
    public var kind: SlotKind
    public var count: Int
    public var rules: PileRules
    public var capacity: Int?

    public init(
        _ name: String, _ kind: SlotKind, _ count: Int, capacity: Int? = nil,
        _ change: (inout PileRules) -> Void = { _ in }
    ) {
        self.name = name
        self.kind = kind
        self.count = count
        self.capacity = capacity
        var rules = PileRules.defaults(for: kind)
        change(&rules)
        self.rules = rules
    }
}

/// A table of the groups, one row per group, slots `name.1`, `name.2`, … (or `name` alone).
public func makeLayout(
    _ groups: [GroupSpec], decks: Int = 1, suits: [Character] = ["C", "D", "H", "S"], win: WinCondition = .foundations
) -> TableLayout {
    var slots: [SlotLayout] = []
    for (row, group) in groups.enumerated() {
        for index in 0..<group.count {
            slots.append(
                SlotLayout(
                    id: group.count == 1 ? group.name : "\(group.name).\(index + 1)", group: group.name,
                    kind: group.kind, position: GridPoint(column: Double(index), row: Double(row)),
                    fan: group.kind == .tableau ? .down : .none, capacity: group.capacity))
        }
    }
    let rules = GameRules(
        decks: decks, suits: suits, win: win, family: "Test",
        groups: Dictionary(uniqueKeysWithValues: groups.map { ($0.name, $0.rules) }))
    return TableLayout(name: "test", title: "Test", slots: slots, rules: rules)
}
