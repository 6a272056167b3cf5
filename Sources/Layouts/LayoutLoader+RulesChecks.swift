// Checks of a game's rules that need the whole layout: the names deal-to, refill-from, takes-from and
// empty-from give, keys that say nothing where they are given, stock
// keys on other groups, and the deal against the cards the game has.

extension Loader {
    func checkRules(_ groups: [RulesGroup], game: GameSettings, slots: [SlotLayout]) {
        checkNames(groups, slots: slots)
        checkStockKeys(groups)
        checkPairs(groups)
        checkDeal(groups, game: game, slots: slots)
        checkFinishedPiles(groups, game: game, slots: slots)
        checkRoutes(groups)
        checkOverlapCovers(groups, slots: slots)
        if game.win == .stockEmpty && !slots.contains(where: { $0.kind == .stock }) {
            error(
                "win = \"stock-empty\" needs a stock: the game is won once the stock is empty",
                at: index.valuePosition("game.win"), key: "game.win")
        }
    }

    /// `empty-from` says nothing on a pile that takes nothing while empty, `empty-from-in-turn`
    /// nothing without two piles to order, nor `groups-to` on one whose cards move one at a time.
    func checkRoutes(_ groups: [RulesGroup]) {
        for group in groups {
            if let keyPath = group.given["empty-from"], group.rules.empty == .none || group.kind == .foundation {
                let why =
                    group.kind == .foundation
                    ? "a foundation starts with its base rank whatever pile the card comes from: give it takes-from"
                    : "an empty pile of it takes no card (empty = \"none\")"
                warning(
                    "empty-from has no effect on group '\(group.name)': \(why)", at: index.keyPosition(keyPath),
                    key: keyPath)
            }
            if let keyPath = group.given["empty-from-in-turn"], group.rules.emptyFromInTurn,
                (group.rules.emptyFrom?.count ?? 0) < 2
            {
                warning(
                    "empty-from-in-turn has no effect on group '\(group.name)': it orders the piles empty-from names, "
                        + "and needs two of them", at: index.keyPosition(keyPath), key: keyPath)
            }
            if let keyPath = group.given["groups-to"], group.rules.groupsToEmptyOnly,
                group.rules.move == .top || group.rules.move == .none
            {
                warning(
                    "groups-to has no effect on group '\(group.name)': its cards move one at a time (move = "
                        + "\"\(group.rules.move.rawValue)\")", at: index.keyPosition(keyPath), key: keyPath)
            }
        }
    }

    /// `overlap-covers` says nothing on a group none of whose slots lies over another.
    func checkOverlapCovers(_ groups: [RulesGroup], slots: [SlotLayout]) {
        for group in groups {
            guard let keyPath = group.given["overlap-covers"], group.rules.overlapCovers else { continue }
            let own = slots.filter { $0.group == group.name }
            if !own.contains(where: { slot in own.contains { slot.liesOver($0) } }) {
                warning(
                    "overlap-covers has no effect on group '\(group.name)': none of its slots lies over part of "
                        + "another (draw the rows overlapping, with grid = [0.5, 0.5])", at: index.keyPosition(keyPath),
                    key: keyPath)
            }
        }
    }

    /// A finished pile is one full to its capacity: `freeze`, and `win = "sets"` on the tableau,
    /// say nothing without one.
    func checkFinishedPiles(_ groups: [RulesGroup], game: GameSettings, slots: [SlotLayout]) {
        for group in groups {
            let unbounded = slots.contains { $0.group == group.name && $0.capacity == nil }
            if let keyPath = group.given["freeze"], group.rules.freeze, unbounded {
                warning(
                    "freeze has no effect on group '\(group.name)' without a capacity: a pile is finished when it is "
                        + "full", at: index.keyPosition(keyPath), key: keyPath)
            }
            if game.win == .sets, group.kind == .foundation {
                warning(
                    "win = \"sets\" is never met while a card is on group '\(group.name)': every card must be in a "
                        + "finished tableau pile", at: index.valuePosition("game.win"), key: "game.win")
            }
            if game.win == .sets, group.kind == .tableau, unbounded {
                warning(
                    "win = \"sets\" is never met while group '\(group.name)' has no capacity: every tableau pile "
                        + "that holds cards must be full", at: index.valuePosition("game.win"), key: "game.win")
            }
        }
    }

    /// `pair` and `discard` go on a foundation (the discard pile cards leave for), on one group
    /// of a game only.
    func checkPairs(_ groups: [RulesGroup]) {
        let pairs = groups.contains { $0.kind == .foundation && $0.rules.pair != nil }
        for group in groups {
            guard let keyPath = group.given["pair-reach"], group.rules.pairReach != nil, !pairs else { continue }
            error(
                "pair-reach needs cards that pair: give a discard pile pair (group '\(group.name)')",
                at: index.keyPosition(keyPath), key: keyPath)
        }
        for group in groups where group.rules.closeUp != nil && group.slotCount < 2 {
            guard let keyPath = group.given["close-up"] else { continue }
            warning(
                "close-up has no effect on group '\(group.name)': it has no pile after another",
                at: index.keyPosition(keyPath), key: keyPath)
        }
        for group in groups {
            guard let keyPath = group.given["available"], let cards = group.rules.available else { continue }
            if !pairs {
                error(
                    "available needs cards that pair: give a discard pile pair (group '\(group.name)')",
                    at: index.keyPosition(keyPath), key: keyPath)
            } else if group.kind == .foundation || group.kind == .stock {
                error(
                    "available goes on piles whose cards play, not on group '\(group.name)' (its kind is "
                        + "\(group.kind.rawValue))", at: index.keyPosition(keyPath), key: keyPath)
            } else if cards == [.top] {
                warning(
                    "available = [\"top\"] has no effect on group '\(group.name)': the top card always plays",
                    at: index.keyPosition(keyPath), key: keyPath)
            }
        }
        var discarding: (key: String, group: String)?
        for group in groups {
            for key in ["pair", "discard"] {
                guard let keyPath = group.given[key], group.rules.pair != nil || group.rules.discard != nil else {
                    continue
                }
                if group.kind != .foundation {
                    error(
                        "\(key) goes on the foundation cards leave for (a discard pile), not on group '\(group.name)' "
                            + "(its kind is \(group.kind.rawValue))", at: index.keyPosition(keyPath), key: keyPath)
                } else if let first = discarding {
                    error(
                        "\(first.key) is given to group '\(first.group)' already: cards leave for one discard pile",
                        at: index.keyPosition(keyPath), key: keyPath)
                } else {
                    discarding = (key, group.name)
                }
            }
        }
    }

    /// `deal-to`, `takes-from`, `empty-from` and `refill-from` must name a group or a slot of the layout.
    func checkNames(_ groups: [RulesGroup], slots: [SlotLayout]) {
        let groupNames = groups.map(\.name)
        let known = groupNames + slots.map(\.id).filter { !groupNames.contains($0) }
        // A map character written where its group's name belongs: [slots.T] is group "tableau".
        var nameOfCharacter: [String: String] = [:]
        for group in groups {
            for source in group.sources where source.path.hasPrefix("slots.") {
                let character = String(source.path.dropFirst("slots.".count))
                if character != group.name { nameOfCharacter[character] = group.name }
            }
        }
        func check(_ name: String, key: String, keyPath: String, elementPath: String) {
            guard !known.contains(name) else { return }
            var message = "\(key) names no group or slot \(quote(name))"
            if let group = nameOfCharacter[name] {
                message += "; did you mean \(quote(group))? (groups are named by their name, else their kind)"
            } else if let suggestion = closestKnown(to: name, in: known) {
                message += "; did you mean \(quote(suggestion))?"
            } else {
                message += " (groups: \(groupNames.joined(separator: ", ")))"
            }
            error(message, at: index.valuePosition(elementPath), key: keyPath)
        }
        for group in groups {
            if let keyPath = group.given["refill-from"], let name = group.rules.refillFrom,
                !groupNames.contains(name)
            {
                do {
                    var message = "refill-from names no group \(quote(name))"
                    if let owner = nameOfCharacter[name] {
                        message += "; did you mean \(quote(owner))? (groups are named by their name, else their kind)"
                    } else if let suggestion = closestKnown(to: name, in: groupNames) {
                        message += "; did you mean \(quote(suggestion))?"
                    } else {
                        message += " (groups: \(groupNames.joined(separator: ", ")))"
                    }
                    error(message, at: index.valuePosition(keyPath), key: keyPath)
                }
            }
            if let keyPath = group.given["refill-from"] {
                for (n, name) in group.rules.refillThen.enumerated() {
                    let at = index.valuePosition(KeyPath.index(keyPath, n + 2)) ?? index.valuePosition(keyPath)
                    guard let source = groups.first(where: { $0.name == name }) else {
                        var message = "refill-from names no group \(quote(name))"
                        if let suggestion = closestKnown(to: name, in: groupNames) {
                            message += "; did you mean \(quote(suggestion))?"
                        }
                        error(message, at: at, key: keyPath)
                        continue
                    }
                    if source.kind != .waste && source.kind != .stock {
                        error(
                            "refill-from: after the first group, only a waste or a stock may refill a pile, "
                                + "found \(quote(name)) (its kind is \(source.kind.rawValue))", at: at, key: keyPath)
                    }
                }
            }
            let named: [(key: String, names: [String])] = [
                ("deal-to", group.rules.dealTo), ("takes-from", group.rules.takesFrom ?? []),
                ("empty-from", group.rules.emptyFrom ?? []), ("covers", group.rules.covers ?? []),
                ("redeal-gathers", group.rules.redealGathers ?? []),
            ]
            for (key, names) in named {
                guard let keyPath = group.given[key] else { continue }
                let single = group.sources.contains {
                    KeyPath.join($0.path, key) == keyPath && $0.table[key]?.type == .string
                }
                for (n, name) in names.enumerated() {
                    check(
                        name, key: key, keyPath: keyPath, elementPath: single ? keyPath : KeyPath.index(keyPath, n + 1))
                }
            }
        }
    }

    /// `draw`, `redeals` and the redeal's keys mean something only for a stock; a gathering redeal
    /// needs redeals, and a shuffle needs cards gathered.
    func checkStockKeys(_ groups: [RulesGroup]) {
        for group in groups where group.rules.sameBase && (group.kind != .foundation || group.rules.base != .any) {
            guard let keyPath = group.given["same-base"] else { continue }
            warning(
                "same-base has no effect on group '\(group.name)': only foundations whose base is \"any\" share the first card's rank",
                at: index.keyPosition(keyPath), key: keyPath)
        }
        for group in groups where group.rules.trailsPrevious && group.slotCount < 2 {
            guard let keyPath = group.given["trails-previous"] else { continue }
            warning(
                "trails-previous has no effect on group '\(group.name)': it has no pile before another",
                at: index.keyPosition(keyPath), key: keyPath)
        }
        for group in groups where group.rules.restart {
            guard let keyPath = group.given["restart"] else { continue }
            if group.kind == .foundation, case .rank = group.rules.base,
                group.rules.build == .up || group.rules.build == .down
            {
                continue
            }
            warning(
                "restart has no effect on group '\(group.name)': only a foundation built up or down from a rank base starts again",
                at: index.keyPosition(keyPath), key: keyPath)
        }
        for group in groups where group.kind == .stock {
            if let keyPath = group.given["redeal-shuffles"], group.rules.redealShuffles,
                group.rules.redealGathers == nil
            {
                warning(
                    "redeal-shuffles has no effect on group '\(group.name)' without redeal-gathers (the waste is turned over as it lies)",
                    at: index.keyPosition(keyPath), key: keyPath)
            }
            if let keyPath = group.given["redeal-gathers"], group.rules.redeals == .limited(0) {
                warning(
                    "redeal-gathers has no effect on group '\(group.name)' without redeals",
                    at: index.keyPosition(keyPath), key: keyPath)
            }
        }
        for group in groups where group.kind != .stock {
            for key in ["draw", "redeals", "redeal-gathers", "redeal-shuffles"] {
                guard let keyPath = group.given[key] else { continue }
                warning(
                    "\(key) has no effect on group '\(group.name)': only a stock deals (its kind is \(group.kind.rawValue))",
                    at: index.keyPosition(keyPath), key: keyPath)
            }
        }
    }

    /// The deal must fit the cards of the game; what is left goes to a stock, which must exist; no rank
    /// may be asked for more often than the game has it.
    func checkDeal(_ groups: [RulesGroup], game: GameSettings, slots: [SlotLayout]) {
        let cardCount = 52 * game.decks
        let deckWords = game.decks == 1 ? "1 deck" : "\(game.decks) decks"
        var dealt = 0
        var dealtToClear = 0
        var overflowReported = false
        var byRank: [Int: Int] = [:]
        for group in groups {
            let rules = group.rules
            var groupCards = rules.dealDown.reduce(0, +) + rules.dealUp.reduce(0, +)
            if let rank = rules.dealRank {
                groupCards += group.slotCount
                byRank[rank, default: 0] += group.slotCount
                let have = 4 * game.decks
                if byRank[rank]! > have, let keyPath = group.given["deal-rank"] {
                    let symbol = LayoutLoader.rankSymbols[rank - 1]
                    error(
                        "deal-rank \(quote(symbol)) asks for \(byRank[rank]!) cards of that rank, but the game has \(have) (\(deckWords))",
                        at: index.valuePosition(keyPath), key: keyPath)
                }
            }
            dealt += groupCards
            if [.tableau, .cell, .reserve].contains(group.kind) { dealtToClear += groupCards }
            if dealt > cardCount && !overflowReported {
                overflowReported = true
                let keyPath = ["deal-up", "deal-down", "deal-rank"].compactMap { group.given[$0] }.first
                error(
                    "the deal needs \(dealt) cards by group '\(group.name)', but the game has \(cardCount) (\(deckWords))",
                    at: keyPath.flatMap { index.valuePosition($0) } ?? index.keyPosition("game"), key: keyPath)
            }
        }
        let left = cardCount - dealt
        // Won before the first move: the stock is empty from the start, or the piles to clear are.
        if game.win == .stockEmpty, left <= 0, slots.contains(where: { $0.kind == .stock }), !namesScript {
            error(
                "win = \"stock-empty\" is met before the first move: the deal leaves no card in the stock",
                at: index.valuePosition("game.win"), key: "game.win")
        }
        if game.win == .cleared, dealtToClear == 0, !namesScript {
            error(
                "win = \"cleared\" is met before the first move: the deal puts no card on the tableau, cells or "
                    + "reserve", at: index.valuePosition("game.win"), key: "game.win")
        }
        // A script may deal the cards itself (its deal hook); what it leaves lies face up on the
        // first pile that is not a foundation, so no card is lost either way.
        if left > 0 && !slots.contains(where: { $0.kind == .stock }) && !namesScript {
            error(
                "\(left) card\(left == 1 ? " is" : "s are") left after the deal, and the layout has no stock to hold \(left == 1 ? "it" : "them"): deal \(left == 1 ? "it" : "them") with deal-down or deal-up, or add a slot of kind \"stock\"",
                at: index.keyPosition("game"), key: "game")
        }
    }
}
