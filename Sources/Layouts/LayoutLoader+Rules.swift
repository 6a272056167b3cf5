// Reading a game's rules: the `[game]` table and the rules keys of each `[slots.X]` group and
// `[[slot]]` entry, into a GameRules value. Each value is checked where it is read; the checks that
// need the whole layout (names that deal-to and refill-from give, the size of the deal) are in
// LayoutLoader+RulesChecks.swift.

extension LayoutLoader {
    /// Keys of the `[game]` table.
    public static let gameKeys = ["decks", "suits", "win", "family", "solver", "aces"]
    /// Rules keys of a `[slots.X]` group or a `[[slot]]` entry; only a layout with a `[game]` table may
    /// give them.
    public static let rulesKeys = [
        "deal-down", "deal-up", "deal-rank", "kings-to-bottom", "deal-skips", "build", "suit", "wrap", "restart",
        "base", "empty",
        "refill-from", "move", "move-suit", "sequence-limit", "take-back", "collect", "draw", "redeals", "deal-to",
        "deal-needs-all-filled", "turn-up", "search-sees", "pair", "freeze", "discard", "takes-from", "empty-from",
        "empty-from-in-turn", "groups-to", "covers", "redeal-gathers", "redeal-shuffles", "same-base", "deal-faces",
        "overlap-covers", "available", "trails-previous", "pair-reach", "close-up",
    ]
    /// The most decks a game may use.
    public static let maxDecks = 4
    /// Rank symbols, Ace (1) to King (13).
    public static let rankSymbols = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
    /// The suit letters a game may play with, in deck order.
    public static let suitLetters: [Character] = ["C", "D", "H", "S"]
}

extension Loader {
    /// A table that may hold rules keys: a `[slots.X]` group or a `[[slot]]` entry.
    struct RulesSource {
        var table: TOMLTable
        /// `slots.T` or `slot[2]`.
        var path: String
    }

    /// A group of the finished layout, with the tables that give its rules.
    struct RulesGroup {
        var name: String
        var kind: SlotKind
        var slotCount: Int
        var sources: [RulesSource] = []
        var rules: PileRules
        /// Where each rules key was first given, for the checks that need it: key -> its key path.
        var given: [String: String] = [:]
    }

    /// The `[game]` table's settings, as read.
    struct GameSettings {
        var decks = 1
        var suits: [Character] = LayoutLoader.suitLetters
        var win = WinCondition.foundations
        var family = "Other"
        var solver: SolverFamily?
        var acesHigh = false
    }

    /// The game's rules, or `nil` for a free table (no `[game]`) or when the rules cannot be read.
    /// Every rules key of a layout without `[game]` is an error.
    func readRules(
        _ root: TOMLTable, groups: Groups, groupNames: [Unicode.Scalar: String], explicit: [Settings],
        slots: [SlotLayout]
    ) -> GameRules? {
        let sources = rulesSources(root, groups: groups, groupNames: groupNames, explicit: explicit)
        guard let gameValue = root["game"] else {
            for source in sources.all {
                for key in sortedKeys(source.table, parent: source.path) where LayoutLoader.rulesKeys.contains(key) {
                    let keyPath = KeyPath.join(source.path, key)
                    error(
                        "\(key) is a rules key, but this layout has no [game] table: add [game] to make it a game (a layout without one is a free table)",
                        at: index.keyPosition(keyPath), key: keyPath)
                }
            }
            return nil
        }
        guard gameValue.type == .table, let gameTable = gameValue.table else {
            typeError("game", parent: "", expected: "a table ([game])", found: gameValue)
            return nil
        }
        let game = readGame(gameTable)

        // The groups of the finished layout, in the order their first slot appears.
        var order: [String] = []
        var byName: [String: RulesGroup] = [:]
        for slot in slots {
            if byName[slot.group] == nil {
                order.append(slot.group)
                byName[slot.group] = RulesGroup(
                    name: slot.group, kind: slot.kind, slotCount: 0, rules: PileRules.defaults(for: slot.kind))
            }
            byName[slot.group]!.slotCount += 1
        }
        for (name, source) in sources.byGroup where byName[name] != nil {
            byName[name]!.sources.append(source)
        }
        for name in order {
            readPileRules(&byName[name]!)
        }
        let ordered = order.map { byName[$0]! }
        checkRules(ordered, game: game, slots: slots)
        return GameRules(
            decks: game.decks, suits: game.suits, win: game.win, family: game.family,
            solver: game.solver, acesHigh: game.acesHigh, groups: byName.mapValues(\.rules))
    }

    /// The tables that may hold rules keys: all of them, and those of named groups by group name, in file order.
    func rulesSources(
        _ root: TOMLTable, groups: Groups, groupNames: [Unicode.Scalar: String], explicit: [Settings]
    ) -> (all: [RulesSource], byGroup: [(String, RulesSource)]) {
        var all: [RulesSource] = []
        var byGroup: [(String, RulesSource)] = []
        if let slotsTable = root["slots"]?.table {
            for key in sortedKeys(slotsTable, parent: "slots") {
                guard let table = slotsTable[key]?.table else { continue }
                let source = RulesSource(table: table, path: KeyPath.join("slots", key))
                all.append(source)
                let scalars = Array(key.unicodeScalars)
                if scalars.count == 1, groups.byCharacter[scalars[0]]?.path == source.path,
                    let name = groupNames[scalars[0]]
                {
                    byGroup.append((name, source))
                }
            }
        }
        if let entries = root["slot"]?.array {
            for n in 0..<entries.count {
                guard let table = entries[n].table else { continue }
                let source = RulesSource(table: table, path: KeyPath.index("slot", n + 1))
                all.append(source)
                if let settings = explicit.first(where: { $0.path == source.path }), let id = settings.id {
                    byGroup.append((settings.group ?? id, source))
                }
            }
        }
        return (all, byGroup)
    }

    // MARK: [game]

    func readGame(_ table: TOMLTable) -> GameSettings {
        for key in sortedKeys(table, parent: "game") where !LayoutLoader.gameKeys.contains(key) {
            var message = "unknown key '\(key)' in [game]"
            if let suggestion = closestKnown(to: key, in: LayoutLoader.gameKeys) {
                message += "; did you mean '\(suggestion)'?"
            } else if LayoutLoader.rulesKeys.contains(key) {
                message += "; '\(key)' is a rules key: it belongs in a [slots.X] group or a [[slot]] entry"
            } else {
                message += " (valid keys: \(LayoutLoader.gameKeys.joined(separator: ", ")))"
            }
            let keyPath = KeyPath.join("game", key)
            error(message, at: index.keyPosition(keyPath), key: keyPath)
        }
        var game = GameSettings()
        if let decks = integer(table, "decks", parent: "game") {
            if (1...LayoutLoader.maxDecks).contains(decks) {
                game.decks = decks
            } else {
                error(
                    "decks must be from 1 to \(LayoutLoader.maxDecks), found \(decks)",
                    at: index.valuePosition("game.decks"), key: "game.decks")
            }
        }
        if let suits = string(table, "suits", parent: "game") {
            if let letters = suitLetters(suits) { game.suits = letters }
        }
        if let win = enumeration(table, "win", parent: "game", as: WinCondition.self) {
            game.win = win
        }
        if let family = string(table, "family", parent: "game") {
            if family.trimmingBlanks().isEmpty {
                error("family must not be empty", at: index.valuePosition("game.family"), key: "game.family")
            } else if !holdsControlCharacter(family, at: "game.family") {
                game.family = family
            }
        }
        if let solver = enumeration(table, "solver", parent: "game", as: SolverFamily.self) {
            game.solver = solver
        }
        if let aces = choice(table, "aces", parent: "game", choices: ["low", "high"], shown: "\"low\" or \"high\"") {
            game.acesHigh = aces == "high"
        }
        return game
    }

    /// The letters of `suits`, or `nil` (with an error) when one is not a suit or is repeated.
    func suitLetters(_ text: String) -> [Character]? {
        let at = index.valuePosition("game.suits")
        guard !text.isEmpty else {
            error("suits must name at least one suit: letters from \"CDHS\"", at: at, key: "game.suits")
            return nil
        }
        var letters: [Character] = []
        for letter in text {
            guard LayoutLoader.suitLetters.contains(letter) else {
                let upper = Character(letter.uppercased())
                let hint = LayoutLoader.suitLetters.contains(upper) ? "; did you mean '\(upper)'?" : ""
                error(
                    "suits: '\(letter)' is not a suit\(hint) (letters from \"CDHS\": clubs, diamonds, hearts, spades)",
                    at: at, key: "game.suits")
                return nil
            }
            guard !letters.contains(letter) else {
                error("suits: '\(letter)' is given twice", at: at, key: "game.suits")
                return nil
            }
            letters.append(letter)
        }
        return letters
    }

    // MARK: Group rules

    /// Reads the rules keys of every table of the group into `group.rules`. Two tables of one group
    /// giving one key different values is an error.
    func readPileRules(_ group: inout RulesGroup) {
        // Each key's first value, kept as a test of equality with it: a value of one key is
        // always of one type, so the test casts to that concrete type (an `AnyHashable` would
        // ask the runtime, for each type, whether it conforms to a protocol of its own).
        var first: [String: (path: String, isEqual: (Any) -> Bool)] = [:]
        for source in group.sources {
            let table = source.table
            let path = source.path
            func take<T: Equatable>(_ key: String, _ value: T?, _ apply: (inout PileRules, T) -> Void) {
                guard let value else { return }
                let keyPath = KeyPath.join(path, key)
                if let earlier = first[key] {
                    if !earlier.isEqual(value) {
                        error(
                            "\(key) differs from the value [\(earlier.path)] gives: the slots of group '\(group.name)' share their rules",
                            at: index.valuePosition(keyPath), key: keyPath)
                    }
                    return
                }
                first[key] = (keyPath, { ($0 as? T) == value })
                group.given[key] = keyPath
                apply(&group.rules, value)
            }
            take("deal-down", dealCounts(table, "deal-down", parent: path, group: group)) { $0.dealDown = $1 }
            take("deal-up", dealCounts(table, "deal-up", parent: path, group: group)) { $0.dealUp = $1 }
            take("deal-rank", rank(table, "deal-rank", parent: path)) { $0.dealRank = $1 }
            take("kings-to-bottom", boolean(table, "kings-to-bottom", parent: path)) { $0.kingsToBottom = $1 }
            take("deal-skips", rank(table, "deal-skips", parent: path)) { $0.dealSkips = $1 }
            take("build", enumeration(table, "build", parent: path, as: BuildDirection.self)) { $0.build = $1 }
            take("suit", enumeration(table, "suit", parent: path, as: SuitRule.self)) { $0.suit = $1 }
            take("wrap", boolean(table, "wrap", parent: path)) { $0.wrap = $1 }
            take("restart", boolean(table, "restart", parent: path)) { $0.restart = $1 }
            take("base", baseRank(table, parent: path)) { $0.base = $1 }
            take("empty", emptyRule(table, parent: path)) { $0.empty = $1 }
            take("refill-from", names(table, "refill-from", parent: path)) {
                $0.refillFrom = $1.first
                $0.refillThen = Array($1.dropFirst())
            }
            take("move", enumeration(table, "move", parent: path, as: MoveRule.self)) { $0.move = $1 }
            take("move-suit", enumeration(table, "move-suit", parent: path, as: SuitRule.self)) { $0.moveSuit = $1 }
            take("sequence-limit", enumeration(table, "sequence-limit", parent: path, as: SequenceLimit.self)) {
                $0.sequenceLimit = $1
            }
            take("take-back", boolean(table, "take-back", parent: path)) { $0.takeBack = $1 }
            take("collect", boolean(table, "collect", parent: path)) { $0.collect = $1 }
            take("draw", draw(table, parent: path)) { $0.draw = $1 }
            take("redeals", redeals(table, parent: path)) { $0.redeals = $1 }
            take("deal-to", names(table, "deal-to", parent: path)) { $0.dealTo = $1 }
            take("deal-needs-all-filled", boolean(table, "deal-needs-all-filled", parent: path)) {
                $0.dealNeedsNoEmpty = $1
            }
            take("turn-up", boolean(table, "turn-up", parent: path)) { $0.turnUp = $1 }
            take("search-sees", enumeration(table, "search-sees", parent: path, as: SearchSight.self)) {
                $0.searchSees = $1
            }
            take("pair", pairRule(table, parent: path)) { $0.pair = $1 }
            take("freeze", boolean(table, "freeze", parent: path)) { $0.freeze = $1 }
            take("discard", enumeration(table, "discard", parent: path, as: DiscardRule.self)) { $0.discard = $1 }
            take("takes-from", names(table, "takes-from", parent: path)) { $0.takesFrom = $1 }
            take("empty-from", names(table, "empty-from", parent: path)) { $0.emptyFrom = $1 }
            take("empty-from-in-turn", boolean(table, "empty-from-in-turn", parent: path)) { $0.emptyFromInTurn = $1 }
            take("covers", names(table, "covers", parent: path)) { $0.covers = $1 }
            take("overlap-covers", boolean(table, "overlap-covers", parent: path)) { $0.overlapCovers = $1 }
            take("available", availableCards(table, parent: path)) { $0.available = $1 }
            take("trails-previous", boolean(table, "trails-previous", parent: path)) { $0.trailsPrevious = $1 }
            take("pair-reach", enumeration(table, "pair-reach", parent: path, as: PairReach.self)) { $0.pairReach = $1 }
            take("close-up", enumeration(table, "close-up", parent: path, as: CloseUp.self)) { $0.closeUp = $1 }
            take("redeal-gathers", names(table, "redeal-gathers", parent: path)) { $0.redealGathers = $1 }
            take("redeal-shuffles", boolean(table, "redeal-shuffles", parent: path)) { $0.redealShuffles = $1 }
            take("same-base", boolean(table, "same-base", parent: path)) { $0.sameBase = $1 }
            let slotCount = group.slotCount
            take("deal-faces", dealFaces(table, parent: path)) {
                $0.dealFaces = $1
                $0.dealDown = Array(repeating: $1.filter { !$0 }.count, count: slotCount)
                $0.dealUp = Array(repeating: $1.filter { $0 }.count, count: slotCount)
            }
            take(
                "groups-to",
                choice(table, "groups-to", parent: path, choices: ["any", "empty"], shown: "\"any\" or \"empty\"")
            ) { $0.groupsToEmptyOnly = $1 == "empty" }
        }
    }

    // MARK: Values

    /// `deal-faces`: a string of `d` (face down) and `u` (face up), one letter a card, bottom
    /// first, at most 104; not with `deal-down` or `deal-up`.
    func dealFaces(_ table: TOMLTable, parent: String) -> [Bool]? {
        guard let text = string(table, "deal-faces", parent: parent) else { return nil }
        let keyPath = KeyPath.join(parent, "deal-faces")
        guard !text.isEmpty, text.count <= 104, text.allSatisfy({ $0 == "d" || $0 == "u" }) else {
            error(
                "deal-faces must be 1 to 104 letters, each d (face down) or u (face up), found \(quote(text))",
                at: index.valuePosition(keyPath), key: keyPath)
            return nil
        }
        for other in ["deal-down", "deal-up"] where table[other] != nil {
            error(
                "deal-faces says every card's face: give it without \(other)", at: index.valuePosition(keyPath),
                key: keyPath)
            return nil
        }
        return text.map { $0 == "u" }
    }

    /// `deal-down` / `deal-up`: an integer for every slot, or an array with one integer per slot.
    func dealCounts(_ table: TOMLTable, _ key: String, parent: String, group: RulesGroup) -> [Int]? {
        guard let value = table[key] else { return nil }
        let keyPath = KeyPath.join(parent, key)
        let expected = "an integer or an array of integers (one per slot)"
        func count(_ n: Int, at position: SourcePosition?) -> Int? {
            guard n >= 0 else {
                error("\(key) must be 0 or more, found \(n)", at: position, key: keyPath)
                return nil
            }
            guard n <= 52 * LayoutLoader.maxDecks else {
                error(
                    "\(key) must be at most \(52 * LayoutLoader.maxDecks) (the cards of \(LayoutLoader.maxDecks) decks), found \(n)",
                    at: position, key: keyPath)
                return nil
            }
            return n
        }
        switch value.type {
        case .int:
            guard let n = count(value.int ?? -1, at: index.valuePosition(keyPath)) else { return nil }
            return Array(repeating: n, count: group.slotCount)
        case .array:
            guard let array = value.array else { return nil }
            var counts: [Int] = []
            for n in 0..<array.count {
                let element = array[n]
                let at = index.valuePosition(KeyPath.index(keyPath, n + 1)) ?? index.valuePosition(keyPath)
                guard element.type == .int, let x = element.int else {
                    error(
                        "\(key) must be \(expected), found \(describe(element)) at position \(n + 1)", at: at,
                        key: keyPath)
                    return nil
                }
                guard let c = count(x, at: at) else { return nil }
                counts.append(c)
            }
            guard counts.count == group.slotCount else {
                let slots = group.slotCount == 1 ? "1 slot" : "\(group.slotCount) slots"
                error(
                    "\(key) has \(counts.count) entr\(counts.count == 1 ? "y" : "ies") but group '\(group.name)' has \(slots): give one count per slot, or a single integer for all",
                    at: index.valuePosition(keyPath), key: keyPath)
                return nil
            }
            return counts
        default:
            typeError(key, parent: parent, expected: expected, found: value)
            return nil
        }
    }

    static let ranksShown = "a rank: A, 2 to 9, T, J, Q or K"

    /// A rank symbol, 1 = Ace … 13 = King.
    func rank(_ table: TOMLTable, _ key: String, parent: String) -> Int? {
        choice(table, key, parent: parent, choices: LayoutLoader.rankSymbols, shown: Loader.ranksShown)
            .flatMap { LayoutLoader.rankSymbols.firstIndex(of: $0) }.map { $0 + 1 }
    }

    func baseRank(_ table: TOMLTable, parent: String) -> BaseRank? {
        let choices = LayoutLoader.rankSymbols + ["dealt", "any"]
        guard
            let raw = choice(
                table, "base", parent: parent, choices: choices, shown: Loader.ranksShown + ", \"dealt\" or \"any\"")
        else { return nil }
        switch raw {
        case "dealt": return .dealt
        case "any": return .any
        default: return .rank(LayoutLoader.rankSymbols.firstIndex(of: raw)! + 1)
        }
    }

    func emptyRule(_ table: TOMLTable, parent: String) -> EmptyRule? {
        let choices = ["any", "none", "below-base"] + LayoutLoader.rankSymbols
        guard
            let raw = choice(
                table, "empty", parent: parent, choices: choices,
                shown: "\"any\", \"none\", \"below-base\" or " + Loader.ranksShown)
        else { return nil }
        switch raw {
        case "any": return .any
        case "none": return EmptyRule.none
        case "below-base": return .belowBase
        default: return .rank(LayoutLoader.rankSymbols.firstIndex(of: raw)! + 1)
        }
    }

    /// A group name or slot id (checked against the layout later).
    func nameValue(_ table: TOMLTable, _ key: String, parent: String) -> String? {
        guard let name = string(table, key, parent: parent) else { return nil }
        guard !name.isEmpty else {
            let keyPath = KeyPath.join(parent, key)
            error("\(key) must name a group, found an empty string", at: index.valuePosition(keyPath), key: keyPath)
            return nil
        }
        return name
    }

    /// `available`: an array of `top`, `second` and `bottom`, which must hold `top`.
    func availableCards(_ table: TOMLTable, parent: String) -> [AvailableCard]? {
        guard let value = table["available"] else { return nil }
        let keyPath = KeyPath.join(parent, "available")
        let shown = "an array of \"top\", \"second\" and \"bottom\""
        guard value.type == .array, let array = value.array else {
            typeError("available", parent: parent, expected: shown, found: value)
            return nil
        }
        var cards: [AvailableCard] = []
        for n in 0..<array.count {
            let element = array[n]
            let at = index.valuePosition(KeyPath.index(keyPath, n + 1)) ?? index.valuePosition(keyPath)
            guard element.type == .string, let raw = element.string, let card = AvailableCard(rawValue: raw) else {
                error(
                    "available must be \(shown), found \(describe(element)) at position \(n + 1)", at: at, key: keyPath)
                return nil
            }
            if !cards.contains(card) { cards.append(card) }
        }
        guard cards.contains(.top) else {
            error(
                "available must name \"top\": the top card of a pile always plays", at: index.valuePosition(keyPath),
                key: keyPath)
            return nil
        }
        return cards
    }

    /// `deal-to`: a group name or slot id, or an array of them.
    func names(_ table: TOMLTable, _ key: String, parent: String) -> [String]? {
        guard let value = table[key] else { return nil }
        let keyPath = KeyPath.join(parent, key)
        let expected = "a group name or an array of group names and slot ids"
        switch value.type {
        case .string:
            return nameValue(table, key, parent: parent).map { [$0] }
        case .array:
            guard let array = value.array else { return nil }
            var names: [String] = []
            for n in 0..<array.count {
                let element = array[n]
                let at = index.valuePosition(KeyPath.index(keyPath, n + 1)) ?? index.valuePosition(keyPath)
                guard element.type == .string, let name = element.string, !name.isEmpty else {
                    error(
                        "\(key) must be \(expected), found \(describe(element)) at position \(n + 1)", at: at,
                        key: keyPath)
                    return nil
                }
                names.append(name)
            }
            guard !names.isEmpty else {
                error("\(key) must name at least one group", at: index.valuePosition(keyPath), key: keyPath)
                return nil
            }
            return names
        default:
            typeError(key, parent: parent, expected: expected, found: value)
            return nil
        }
    }

    /// `pair = "sum-14"`, `"same-rank"` or `"same-suit"`.
    func pairRule(_ table: TOMLTable, parent: String) -> PairRule? {
        guard let text = string(table, "pair", parent: parent) else { return nil }
        guard let rule = PairRule(name: text) else {
            let keyPath = KeyPath.join(parent, "pair")
            error(
                "pair must be \"sum-N\" (N from 2 to 26: ranks adding up to N, with pairs of ranks such as "
                    + "\"+KQ\" after it), \"same-rank\" or \"same-suit\", found \(quote(text))",
                at: index.valuePosition(keyPath), key: keyPath)
            return nil
        }
        return rule
    }

    func draw(_ table: TOMLTable, parent: String) -> Int? {
        guard let n = integer(table, "draw", parent: parent) else { return nil }
        guard n >= 1 else {
            let keyPath = KeyPath.join(parent, "draw")
            error("draw must be at least 1, found \(n)", at: index.valuePosition(keyPath), key: keyPath)
            return nil
        }
        return n
    }

    func redeals(_ table: TOMLTable, parent: String) -> Redeals? {
        guard let value = table["redeals"] else { return nil }
        let keyPath = KeyPath.join(parent, "redeals")
        let expected = "an integer (0 or more) or \"unlimited\""
        switch value.type {
        case .int:
            let n = value.int ?? -1
            guard n >= 0 else {
                error("redeals must be 0 or more, found \(n)", at: index.valuePosition(keyPath), key: keyPath)
                return nil
            }
            return .limited(n)
        case .string:
            if value.string == "unlimited" { return .unlimited }
            var message = "unknown redeals \(quote(value.string ?? ""))"
            if closestKnown(to: value.string ?? "", in: ["unlimited"]) != nil {
                message += "; did you mean \"unlimited\"?"
            }
            error(message + " (\(expected))", at: index.valuePosition(keyPath), key: keyPath)
            return nil
        default:
            typeError("redeals", parent: parent, expected: expected, found: value)
            return nil
        }
    }
}
