import Layouts

// Checks a layout loader runs before a game is played: each problem is a sentence that names the
// group or key at fault. `deal` never crashes on a layout with problems, but the game it deals may
// not be the one meant.

extension DeclarativeRules {
    /// What is wrong with a layout's rules, in words; empty when nothing is.
    public static func problems(in layout: TableLayout) -> [String] {
        guard let game = layout.rules else { return ["the table has no game rules"] }
        var problems: [String] = []
        var groupNames: [String] = []
        var groupSlots: [String: [SlotLayout]] = [:]
        for slot in layout.slots {
            if groupSlots[slot.group] == nil { groupNames.append(slot.group) }
            groupSlots[slot.group, default: []].append(slot)
        }
        let slotIDs = Set(layout.slots.map(\.id))
        func rules(_ group: String) -> PileRules {
            game.groups[group] ?? PileRules.defaults(for: groupSlots[group]![0].kind)
        }
        func quoted(_ text: String) -> String { "'\(text)'" }
        func isRank(_ rank: Int) -> Bool { (1...13).contains(rank) }

        if !(1...4).contains(game.decks) { problems.append("decks is \(game.decks); a game has 1 to 4 decks") }
        for letter in game.suits where Card.Suit(rawValue: Character(letter.uppercased())) == nil {
            problems.append("suits names \(quoted(String(letter))), which is not a suit (C, D, H or S)")
        }
        if game.suits.isEmpty { problems.append("suits names no suit") }
        for name in game.groups.keys.sorted() where groupSlots[name] == nil {
            problems.append("rules for group \(quoted(name)), which the table does not have")
        }
        if game.win == .foundations && !layout.slots.contains(where: { $0.kind == .foundation }) {
            problems.append("the game is won on the foundations but the table has none")
        }
        if game.win == .stockEmpty && !layout.slots.contains(where: { $0.kind == .stock }) {
            problems.append("the game is won once the stock is empty but the table has none")
        }

        var dealt = 0
        var dealtRank: [Int: Int] = [:]
        for name in groupNames {
            let slots = groupSlots[name]!
            let rules = rules(name)
            for (key, counts) in [("deal-down", rules.dealDown), ("deal-up", rules.dealUp)] {
                if counts.count > 1 && counts.count != slots.count {
                    problems.append(
                        "\(key) of group \(quoted(name)) has \(counts.count) entries for \(slots.count) slots")
                }
                if counts.contains(where: { $0 < 0 }) {
                    problems.append("\(key) of group \(quoted(name)) has a negative count")
                }
            }
            for index in slots.indices {
                dealt += dealCount(rules.dealDown, index) + dealCount(rules.dealUp, index)
            }
            if let rank = rules.dealRank {
                if isRank(rank) {
                    dealtRank[rank, default: 0] += slots.count
                } else {
                    problems.append("deal-rank of group \(quoted(name)) is not a rank")
                }
            }
            if case .rank(let rank) = rules.empty, !isRank(rank) {
                problems.append("empty of group \(quoted(name)) is not a rank")
            }
            if case .rank(let rank) = rules.base, !isRank(rank) {
                problems.append("base of group \(quoted(name)) is not a rank")
            }
            if rules.base == .dealt && slots.contains(where: { $0.kind == .foundation }) {
                let first = dealCount(rules.dealDown, 0) + dealCount(rules.dealUp, 0)
                if first == 0 {
                    problems.append("base of group \(quoted(name)) is dealt but its first slot is dealt no card")
                }
            }
            for source in (rules.refillFrom.map { [$0] } ?? []) + rules.refillThen where groupSlots[source] == nil {
                problems.append("refill-from of group \(quoted(name)) names no group \(quoted(source))")
            }
            for target in rules.dealTo where groupSlots[target] == nil && !slotIDs.contains(target) {
                problems.append("deal-to of group \(quoted(name)) names no group \(quoted(target))")
            }
            if rules.draw < 1 {
                problems.append("draw of group \(quoted(name)) is \(rules.draw); it must be 1 or more")
            }
            if case .limited(let count) = rules.redeals, count < 0 {
                problems.append("redeals of group \(quoted(name)) is negative")
            }
        }

        for (rank, wanted) in dealtRank.sorted(by: { $0.key < $1.key }) where wanted > 4 * max(1, game.decks) {
            let name = rankName(rank)
            problems.append("deal-rank needs \(wanted) \(name)s but the game has \(4 * max(1, game.decks))")
        }
        let total = game.cardCount
        let used = dealt + dealtRank.values.reduce(0, +)
        if used > total {
            problems.append("the deal uses \(used) cards but the game has \(total)")
        } else if used < total {
            if let stock = layout.slots.first(where: { $0.kind == .stock }) {
                let stockRules = rules(stock.group)
                let dealsSomewhere =
                    stockRules.dealTo.isEmpty
                    ? layout.slots.contains { $0.kind == .waste }
                    : stockRules.dealTo.contains { groupSlots[$0] != nil || slotIDs.contains($0) }
                // A stock the table's spaces refill from (Cover) needs nowhere to deal.
                let refills = groupNames.contains {
                    rules($0).refillFrom == stock.group || rules($0).refillThen.contains(stock.group)
                }
                if !dealsSomewhere && !refills {
                    problems.append("the stock has nowhere to deal: give it deal-to or add a waste")
                }
            } else {
                problems.append("the deal leaves \(total - used) cards over and the table has no stock")
            }
        }
        return problems
    }
}
