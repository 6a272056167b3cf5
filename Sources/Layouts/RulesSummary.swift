// A game's rules in a few short sentences, written from the rules themselves (``GameRules``),
// never from a hand-written description: the chooser and the help screen show them, so what a
// player reads is what the game does.

extension TableLayout {
    /// The rules in short sentences: the cards, what each kind of pile builds and lets move,
    /// what an empty pile takes, the cells, reserves and foundations, what the stock deals, and
    /// how the game is won. A free table (no rules) says so.
    ///
    /// ```
    /// ShippedLayouts.layout(named: "klondike")!.rulesSummary
    /// // ["One deck (52 cards).",
    /// //  "Seven tableau piles build down in alternate colours; built runs move together.",
    /// //  "An empty tableau pile takes only a King or a run starting with one.", …]
    /// ```
    ///
    /// A scripted variant's rules are in its script, so its summary is the script's opening
    /// comment, sentence by sentence (the line naming where the rules come from left out).
    public var rulesSummary: [String] {
        if let script, case let sentences = RulesSummary.scriptHeader(script.source), !sentences.isEmpty {
            return sentences
        }
        guard let rules else { return RulesSummary.freeTable(self) }
        return RulesSummary(layout: self, rules: rules).sentences
    }
}

extension RulesSummary {
    /// The sentences of a script's opening comment (its `--` lines before the first line of
    /// code, every paragraph of them, blank lines between them too), without the one that names
    /// the rules' source (`Rules: PySolFC, …`).
    static func scriptHeader(_ source: String) -> [String] {
        var paragraphs: [String] = [""]
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingBlanks()
            if trimmed.isEmpty {
                if !paragraphs.last!.isEmpty { paragraphs.append("") }
                continue
            }
            guard trimmed.hasPrefix("--") else { break }
            let text = trimmed.dropFirst(2).trimmingBlanks()
            if text.isEmpty {
                if !paragraphs.last!.isEmpty { paragraphs.append("") }
            } else {
                paragraphs[paragraphs.count - 1] += (paragraphs.last!.isEmpty ? "" : " ") + text
            }
        }
        var sentences: [String] = []
        for paragraph in paragraphs where !paragraph.isEmpty {
            var sentence = ""
            for word in paragraph.split(separator: " ") {
                sentence += (sentence.isEmpty ? "" : " ") + word
                // A sentence ends at a full stop after a word of more than one letter ("e.g." and
                // "A." stay inside), or at a question or exclamation mark.
                if word.count > 2, word.hasSuffix(".") || word.hasSuffix("?") || word.hasSuffix("!") {
                    sentences.append(sentence)
                    sentence = ""
                }
            }
            if !sentence.isEmpty { sentences.append(sentence) }
        }
        return sentences.filter { !$0.hasPrefix("Rules:") }
    }
}

/// Writes the sentences of ``TableLayout/rulesSummary``.
struct RulesSummary {
    /// A group of slots with its rules, as the sentences speak of it.
    struct Group {
        var name: String
        var kind: SlotKind
        var slots: [SlotLayout]
        var rules: PileRules
    }

    let layout: TableLayout
    let rules: GameRules
    /// The groups in the order their first slot appears in the layout.
    let groups: [Group]

    init(layout: TableLayout, rules: GameRules) {
        self.layout = layout
        self.rules = rules
        var groups: [Group] = []
        for slot in layout.slots {
            if let index = groups.firstIndex(where: { $0.name == slot.group }) {
                groups[index].slots.append(slot)
            } else {
                let pileRules = rules.groups[slot.group] ?? PileRules.defaults(for: slot.kind)
                groups.append(Group(name: slot.group, kind: slot.kind, slots: [slot], rules: pileRules))
            }
        }
        self.groups = groups
    }

    static func freeTable(_ layout: TableLayout) -> [String] {
        var sentences = [
            "A free table with no rules: deal cards onto empty slots and move them wherever there is room."
        ]
        if layout.slots.contains(where: { $0.deleteOnDrop }) {
            sentences.append("A card dropped on the trash is deleted.")
        }
        return sentences
    }

    var sentences: [String] {
        var result = [cards] + dealNotes
        for kind in [SlotKind.tableau, .cell, .reserve, .foundation] {
            for group in groups where group.kind == kind {
                result += sentences(for: group)
            }
        }
        for group in groups where group.kind == .stock {
            result += stockSentence(for: group).map { [$0] } ?? []
        }
        for group in groups where group.kind == .waste { result += availableSentences(group) }
        result.append(win)
        return result
    }

    // MARK: Cards and deal

    /// How many cards, from how many decks, of which suits.
    var cards: String {
        let aces = rules.acesHigh ? "; Aces rank high, above the Kings." : "."
        if rules.suits.count == 4 {
            return "\(Words.count(rules.decks, capitalized: true)) \(rules.decks == 1 ? "deck" : "decks") "
                + "(\(rules.cardCount) cards)" + aces
        }
        let names = rules.suits.map(Words.suitName)
        if names.count == 1 { return "\(rules.cardCount) cards, all \(names[0])" + aces }
        return "\(rules.cardCount) cards, \(Words.list(names)) only" + aces
    }

    /// What the deal does beyond dealing cards out: ranks put out first, Kings put at the bottom.
    var dealNotes: [String] {
        var notes: [String] = []
        for group in groups {
            if let rank = group.rules.dealRank {
                let each =
                    group.slots.count == 1 ? "the \(noun(group, plural: false))" : "each \(noun(group, plural: false))"
                notes.append("\(Words.rankPlural(rank)) are put out first, one on \(each).")
            }
            if group.rules.kingsToBottom {
                notes.append("Kings are dealt to the bottom of the \(noun(group, plural: true)).")
            }
            if let rank = group.rules.dealSkips {
                let to =
                    group.slots.count == 1 ? "the \(noun(group, plural: false))" : "the \(noun(group, plural: true))"
                notes.append("No \(Words.rankName(rank)) is dealt to \(to): it goes under the stock instead.")
            }
        }
        return notes
    }

    // MARK: Piles

    func sentences(for group: Group) -> [String] {
        switch group.kind {
        case .tableau, .reserve:
            return [pileSentence(for: group)] + (emptySentence(for: group).map { [$0] } ?? []) + routeSentences(group)
        case .cell: return [cellSentence(for: group)] + routeSentences(group)
        case .foundation: return [foundationSentence(for: group)] + routeSentences(group)
        case .stock, .waste, .trash, .free: return []
        }
    }

    /// "each holds at most three cards" for a group whose piles have a capacity (Eagle Wing's columns,
    /// Doublets' reserves); `nil` for one without.
    func holding(_ group: Group) -> String? {
        mostCards(group).map { "\(group.slots.count == 1 ? "it holds" : "each holds") at most \($0)" }
    }

    /// "one card", "three cards": the most cards a pile of the group holds, if it has a capacity.
    func mostCards(_ group: Group) -> String? {
        group.slots.compactMap(\.capacity).max().map {
            $0 == 1 ? "one card" : "\(Words.count($0, capitalized: false)) cards"
        }
    }

    /// "The reserves take cards only from the waste.", "An empty tableau pile takes cards only
    /// from the tableau piles or the waste.", "A group of cards from a tableau pile goes only
    /// onto an empty pile."
    func routeSentences(_ group: Group) -> [String] {
        let pile = group.rules
        func places(_ names: [String], _ conjunction: String = "or") -> String {
            let named = names.map { name in
                "the " + (groups.first { $0.name == name }.map { noun($0, plural: $0.slots.count > 1) } ?? name)
            }
            return named.count == 1
                ? named[0] : named.dropLast().joined(separator: ", ") + " \(conjunction) " + named.last!
        }
        var sentences: [String] = []
        if let from = pile.takesFrom {
            let the = "The \(noun(group, plural: group.slots.count != 1))"
            sentences.append("\(the) \(verb("take", group)) cards only from \(places(from)).")
        }
        if let from = pile.emptyFrom, group.kind != .foundation, pile.empty != .none {
            if pile.emptyFromInTurn, from.count > 1 {
                // "…only from the reserves, then from the waste once the reserves are empty."
                let turns = from.indices.dropFirst().map { index in
                    let before = Array(from[..<index])
                    let one = before.count == 1 && (groups.first { $0.name == before[0] }?.slots.count ?? 1) == 1
                    return "from \(places([from[index]])) once \(places(before, "and")) \(one ? "is" : "are") empty"
                }
                sentences.append(
                    "An empty \(noun(group, plural: false)) takes cards only from \(places([from[0]])), then "
                        + turns.joined(separator: ", then ") + ".")
            } else {
                sentences.append("An empty \(noun(group, plural: false)) takes cards only from \(places(from)).")
            }
        }
        if let covered = pile.covers {
            let the = "The \(noun(group, plural: group.slots.count != 1))"
            let lie = group.slots.count == 1 ? "lies" : "lie"
            let them =
                covered.count == 1 && groups.first(where: { $0.name == covered[0] })?.slots.count == 1 ? "it" : "them"
            sentences.append(
                "\(the) \(lie) across \(places(covered, "and")): while "
                    + "\(group.slots.count == 1 ? "it holds" : "they hold") a card, no card leaves \(them).")
        }
        if pile.overlapCovers {
            sentences.append(
                "A card of the \(noun(group, plural: true)) plays only once the cards lying over it, in the row "
                    + "below, are gone.")
        }
        sentences += availableSentences(group)
        if let reach = pile.pairReach, group.slots.count > 1 {
            let how =
                reach == .touching
                ? "their cards touch, side by side or corner to corner" : "they lie in one row or one column"
            sentences.append("Two of the \(noun(group, plural: true)) pair only when \(how).")
        }
        if let closeUp = pile.closeUp, group.slots.count > 1 {
            let refill = pile.refillFrom.map { source in
                groups.first { $0.name == source }.map { noun($0, plural: $0.slots.count > 1) } ?? source
            }
            switch (closeUp, refill) {
            case (.beforeRefill, let refill?):
                sentences.append(
                    "An emptied \(noun(group, plural: false)) takes the card of the next one after it, so the cards "
                        + "close up toward the first; then the \(refill) fills the empty ones at the end.")
            case (.afterRefill, let refill?):
                sentences.append(
                    "Once the \(refill) is empty, an emptied \(noun(group, plural: false)) takes the card of the next "
                        + "one after it, so the cards close up toward the first.")
            default:
                sentences.append(
                    "An emptied \(noun(group, plural: false)) takes the card of the next one after it, so the cards "
                        + "close up toward the first.")
            }
        }
        if pile.groupsToEmptyOnly, pile.move != .top, pile.move != .none {
            sentences.append(
                "A group of cards from one of the \(noun(group, plural: true)) goes only onto an empty pile; a single "
                    + "card goes where it builds.")
        }
        return sentences
    }

    /// "Seven tableau piles build down in alternate colours; built runs move together."
    /// The cards under a pile's top that play (`available`).
    func availableSentences(_ group: Group) -> [String] {
        guard let available = group.rules.available else { return [] }
        let one = group.slots.count == 1
        let each = one ? "the \(noun(group, plural: false))" : "each of the \(noun(group, plural: true))"
        var sentences: [String] = []
        if available.contains(.bottom) {
            sentences.append("The bottom card of \(each) plays too, as its top card does.")
        }
        if available.contains(.second) {
            sentences.append("The top card of \(each) pairs with the card under it too: drop it on the discard pile.")
        }
        return sentences
    }

    func pileSentence(for group: Group) -> String {
        var sentence = "\(subject(group)) \(building(group)); \(moving(group))"
        if let held = holding(group) { sentence += "; " + held }
        if group.rules.freeze {
            sentence += "; a full pile built in order is finished: its top card turns over and its cards stay"
        }
        return sentence + "."
    }

    /// "Four free cells hold one card each."
    func cellSentence(for group: Group) -> String {
        let capacity = group.slots.map { $0.capacity ?? 1 }.max() ?? 1
        let hold = verb("hold", group)
        let what = capacity == 1 ? "one card" : "up to \(capacity) cards"
        return "\(subject(group)) \(hold) \(what)\(group.slots.count == 1 ? "" : " each")."
    }

    /// "Four foundations build up in suit from Ace to King."
    func foundationSentence(for group: Group) -> String {
        let pile = group.rules
        let them = group.slots.count == 1 ? "it" : "them"
        if pile.collect {
            return "\(subject(group)) \(verb("take", group)) complete runs of one suit, King to Ace, "
                + "which go there by themselves."
        }
        if let rule = pile.pair { return pairSentence(rule, group: group) }
        if pile.discard == .outranked {
            return "A card that may move goes to the discard pile while a higher card of its suit tops another pile."
        }
        var sentence = "\(subject(group)) \(building(group))"
        if pile.build != .none && pile.build != .double && pile.build != .upThenDown {
            switch pile.base {
            case .rank(let rank):
                let toKing = rank == 1 && pile.build == .up && !pile.wrap
                sentence += " from \(Words.rankName(rank))" + (toKing ? " to King" : "")
                if pile.restart && (pile.build == .down || pile.build == .up) {
                    let last = Words.rankName(pile.build == .down ? 1 : 13)
                    sentence += " to \(last), then from \(Words.rankName(rank)) again"
                }
            case .dealt: sentence += " from the rank of the first card dealt to \(them)"
            case .any:
                sentence +=
                    pile.sameBase && group.slots.count > 1
                    ? " from the rank of the first card played to \(them)" : " from any card"
            }
        }
        if let capacity = group.slots.compactMap(\.capacity).max(), capacity != 13 {
            sentence += ", up to \(capacity) cards\(group.slots.count == 1 ? "" : " each")"
        }
        sentence += Words.wrapNote(pile)
        if !pile.takeBack { sentence += "; cards never leave \(them)" }
        sentence += "."
        if pile.trailsPrevious, group.slots.count > 1 {
            sentence +=
                " Each but the first takes a card only when the one before it holds a card of that rank."
        }
        return sentence
    }

    /// "Two cards that may move, whose ranks add up to 14, go to the discard pile together: drop
    /// one on the other."
    func pairSentence(_ rule: PairRule, group: Group) -> String {
        let pile = "the discard pile"
        let how: String
        switch rule {
        case .sum(let total): how = "whose ranks add up to \(total) (Ace 1, Jack 11, Queen 12, King 13)"
        case .sameRank: how = "of one rank"
        case .sameSuit: how = "of one suit"
        case .sumOr(let total, let pairs):
            let named = pairs.map { code in
                let one = Words.rankName(code >> 4)
                let other = Words.rankName(code & 0xF)
                return one == other
                    ? "two \(one)s" : "\(Words.article(code & 0xF)) \(other) and \(Words.article(code >> 4)) \(one)"
            }
            how = "whose ranks add up to \(total) (Ace 1), or " + named.joined(separator: ", or ")
        }
        var sentence = "Two cards that may move, \(how), go to \(pile) together: drop one on the other"
        if case .sum(let total) = rule, total <= 13 {
            sentence += "; \(Words.article(total)) \(Words.rankName(total)) goes alone"
        }
        return sentence + "."
    }

    /// "build down in alternate colours", "take no cards".
    func building(_ group: Group) -> String {
        let pile = group.rules
        let direction: String
        switch pile.build {
        case .none:
            // Dropped on, a pile of a pairing game gives its card up with the one dropped.
            if group.kind != .foundation, groups.contains(where: { $0.rules.pair != nil }) {
                return "\(verb("take", group)) no cards but "
                    + (group.slots.count == 1 ? "pairs off its" : "pair off theirs")
            }
            return "\(verb("take", group)) no cards"
        case .down: direction = "down"
        case .up: direction = "up"
        case .either: direction = "up or down"
        case .oneWay:
            let each = group.slots.count == 1 ? "" : ", each pile one way"
            return
                "\(verb("build", group)) up or down \(Words.suitRule(pile.suit))\(each): the way its top two cards go"
        case .upThenDown:
            let from: String
            switch pile.base {
            case .rank(let rank): from = "from \(Words.rankName(rank)) "
            case .dealt, .any: from = ""
            }
            return "\(verb("build", group)) up \(Words.suitRule(pile.suit)) \(from)to King, then take a second King "
                + "and build down to Ace"
        case .sameRank:
            let suits = pile.suit == .any ? "" : " " + Words.suitRule(pile.suit)
            return "\(verb("take", group)) cards of their top card's rank\(suits)"
        case .any:
            let suits = pile.suit == .any ? "" : " " + Words.suitRule(pile.suit)
            return "\(verb("take", group)) any card on any card\(suits)"
        case .double:
            let suits = pile.suit == .any ? "" : " " + Words.suitRule(pile.suit)
            return "\(verb("build", group)) by doubling the top card's rank, less 13 past the King "
                + "(A, 2, 4, 8, 3, 6, Q, J, 9, 5, 10, 7, A; nothing on a King)\(suits)"
        }
        let wrap = group.kind == .foundation ? "" : Words.wrapNote(pile)
        return "\(verb("build", group)) \(direction) \(Words.suitRule(pile.suit))" + wrap
    }

    /// "built runs move together", "only the top card moves".
    func moving(_ group: Group) -> String {
        let pile = group.rules
        switch pile.move {
        case .top: return "only the top card moves"
        case .pile: return "only the whole pile moves"
        case .faceUp: return "any face-up card moves with the cards on it"
        case .none: return "no card leaves \(group.slots.count == 1 ? "it" : "them")"
        case .sequence:
            if pile.build == .sameRank { return "cards of one rank move together" }
            var runs = "built runs move together"
            if let moveSuit = pile.moveSuit, moveSuit != pile.suit {
                runs = "runs built \(Words.suitRule(moveSuit)) move together"
            }
            guard pile.sequenceLimit == .freeCells else { return runs }
            let limits =
                (hasFreeCells ? ["free cells"] : []) + (hasOpenColumns ? ["empty \(noun(group, plural: true))"] : [])
            if limits.isEmpty { return "only the top card moves" }
            return runs + " as far as \(Words.list(limits)) allow"
        }
    }

    /// "An empty tableau pile takes only a King or a run starting with one."
    func emptySentence(for group: Group) -> String? {
        let pile = group.rules
        let one = "An empty \(noun(group, plural: false))"
        let carriesRuns = pile.move != .top && pile.move != .none
        var takes: String
        switch pile.empty {
        case .none:
            if pile.build == .none && pile.refillFrom == nil { return nil }  // it takes nothing anyway
            if pile.closeUp != nil { return nil }  // the close-up's sentence says how it fills
            takes = "stays empty"
        case .any:
            takes = carriesRuns ? "takes any card or run" : "takes any card"
        case .rank(let rank):
            let card = "\(Words.article(rank)) \(Words.rankName(rank))"
            takes = carriesRuns ? "takes only \(card) or a run starting with one" : "takes only \(card)"
        case .belowBase:
            let card = "a card one rank below the foundations' base (a King below an Ace)"
            takes = carriesRuns ? "takes only \(card), or a run starting with one" : "takes only \(card)"
        }
        if let source = pile.refillFrom {
            func name(_ source: String) -> String {
                groups.first { $0.name == source }.map { noun($0, plural: $0.slots.count > 1) } ?? source
            }
            let from = name(source)
            let then = pile.refillThen.map { ", else from the \(name($0))" }.joined()
            let last = pile.refillThen.last.map(name) ?? from
            let fallback = pile.empty == .none ? "then it stays empty" : "once the \(last) is empty, it \(takes)"
            return "\(one) is filled from the \(from)\(then) by itself; \(fallback)."
        }
        return "\(one) \(takes)."
    }

    /// Whether some cell takes cards by hand (it counts for the free-cell limit).
    var hasFreeCells: Bool { groups.contains { $0.kind == .cell } }

    /// Whether an empty tableau pile takes any card (it counts for the free-cell limit).
    var hasOpenColumns: Bool { groups.contains { $0.kind == .tableau && $0.rules.empty == .any } }

    // MARK: Stock and win

    /// "The stock deals one card to the waste; the waste may be turned over as often as you like."
    func stockSentence(for group: Group) -> String? {
        let pile = group.rules
        var targets: [SlotLayout]
        if pile.dealTo.isEmpty {
            targets = groups.first { $0.kind == .waste }?.slots ?? []
        } else {
            targets = pile.dealTo.flatMap { name in
                groups.first { $0.name == name }?.slots ?? layout.slot(name).map { [$0] } ?? []
            }
        }
        targets.removeAll { group.slots.contains($0) }
        guard let first = targets.first, let targetGroup = groups.first(where: { $0.name == first.group }) else {
            return nil
        }
        let stock = "The \(noun(group, plural: false))"
        let gathering = gatheringSentence(for: group)
        if targets.count > 1 {
            let condition = pile.dealNeedsNoEmpty ? ", only when none is empty" : ""
            let cards = pile.draw == 1 ? "one card" : "\(Words.count(pile.draw, capitalized: false)) cards"
            return "\(stock) deals \(cards) onto each \(noun(targetGroup, plural: false))\(condition)\(gathering)."
        }
        if !gathering.isEmpty {
            let cards = pile.draw == 1 ? "one card" : "\(Words.count(pile.draw, capitalized: false)) cards"
            return "\(stock) deals \(cards) to the \(noun(targetGroup, plural: false))\(gathering)."
        }
        let cards = pile.draw == 1 ? "one card" : "\(Words.count(pile.draw, capitalized: false)) cards"
        let target = noun(targetGroup, plural: false)
        let redeal: String
        switch pile.redeals {
        case .limited(0): redeal = "there is no redeal"
        case .limited(1): redeal = "the \(target) may be turned over once"
        case .limited(2): redeal = "the \(target) may be turned over twice"
        case .limited(let times):
            redeal = "the \(target) may be turned over \(Words.count(times, capitalized: false)) times"
        case .unlimited: redeal = "the \(target) may be turned over as often as you like"
        }
        // Sir Tommy's waste of one card: "…to the waste, which holds at most one card; …".
        let held = mostCards(targetGroup).map { ", which holds at most \($0)" } ?? ""
        return "\(stock) deals \(cards) to the \(target)\(held); \(redeal)."
    }

    /// "; once empty, it gathers the reserves' cards, shuffles them and deals again, twice", or
    /// nothing for a stock whose redeal turns the waste over.
    func gatheringSentence(for group: Group) -> String {
        let pile = group.rules
        guard let names = pile.redealGathers, !names.isEmpty else { return "" }
        let gathered = names.map { name -> String in
            if let named = groups.first(where: { $0.name == name }) {
                return "the \(noun(named, plural: named.slots.count > 1))"
            }
            return name
        }
        let piles =
            gathered.count == 1 ? gathered[0] : gathered.dropLast().joined(separator: ", ") + " and " + gathered.last!
        let shuffled = pile.redealShuffles ? ", shuffles them" : ""
        let times: String
        switch pile.redeals {
        case .limited(1): times = "once"
        case .limited(2): times = "twice"
        case .limited(let count): times = "\(Words.count(count, capitalized: false)) times"
        case .unlimited: times = "as often as you like"
        }
        return "; once empty, it gathers the cards of \(piles)\(shuffled) and deals again, \(times)"
    }

    /// "Win by moving every card to the foundations."
    var win: String {
        switch rules.win {
        case .foundations:
            let count = groups.filter { $0.kind == .foundation }.reduce(0) { $0 + $1.slots.count }
            if count == 1, groups.contains(where: { $0.rules.pair != nil }) {
                return "Win by moving every card to the discard pile."
            }
            return "Win by moving every card to the \(count == 1 ? "foundation" : "foundations")."
        case .cleared:
            let cleared = groups.filter { [.tableau, .cell, .reserve].contains($0.kind) }
            var names: [String] = []
            for group in cleared {
                let name = noun(group, plural: group.slots.count > 1)
                if !names.contains(name) { names.append(name) }
            }
            let hasStock = groups.contains { $0.kind == .stock }
            let what = names.isEmpty ? "the table" : "every card off the \(Words.list(names))"
            return "Win by clearing \(what)" + (hasStock ? "; the stock may still hold cards." : ".")
        case .stockEmpty:
            return "Win by emptying the stock, whatever is left on the table."
        case .acesLeft:
            return "Win by discarding every card but the Aces."
        case .kingsLeft:
            return "Win by moving every card but the Kings to the foundations."
        case .runs:
            let up = groups.contains { $0.kind == .tableau && $0.rules.build == .up }
            return
                "Win by gathering every card onto tableau piles of one suit each, built \(up ? "Ace to King" : "King to Ace")."
        case .sets:
            let tableau = groups.filter { $0.kind == .tableau }
            let sizes = Set(tableau.flatMap { $0.slots.map(\.capacity) })
            if tableau.allSatisfy({ $0.rules.build == .sameRank }), sizes.count == 1, let size = sizes.first ?? nil {
                return "Win by leaving every tableau pile empty or holding \(Words.count(size, capitalized: false)) "
                    + "cards of one rank."
            }
            return "Win by leaving every tableau pile empty or full, its cards built in order."
        }
    }

    // MARK: Words

    /// "Seven tableau piles", "One reserve".
    func subject(_ group: Group) -> String {
        "\(Words.count(group.slots.count, capitalized: true)) \(noun(group, plural: group.slots.count != 1))"
    }

    /// The name of a group's kind ("tableau pile", "free cells"); a kind that several groups share
    /// adds the group's name.
    func noun(_ group: Group, plural: Bool) -> String {
        let word: (String, String)
        switch group.kind {
        case .tableau: word = ("tableau pile", "tableau piles")
        case .foundation: word = ("foundation", "foundations")
        case .cell: word = ("free cell", "free cells")
        case .reserve: word = ("reserve", "reserves")
        case .waste: word = ("waste", "wastes")
        case .stock: word = ("stock", "stocks")
        case .trash: word = ("trash", "trashes")
        case .free: word = ("free slot", "free slots")
        }
        let shared = groups.filter { $0.kind == group.kind }.count > 1
        return (plural ? word.1 : word.0) + (shared ? " (\(group.name))" : "")
    }

    /// A verb agreeing with a group: "builds" for one pile, "build" for several.
    func verb(_ base: String, _ group: Group) -> String {
        group.slots.count == 1 ? base + "s" : base
    }
}

/// Words the sentences share: numbers, ranks, suits, lists.
enum Words {
    static let numbers = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ]
    static let ranks = [
        "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King",
    ]

    /// "Seven", "seven"; past twenty, digits.
    static func count(_ number: Int, capitalized: Bool) -> String {
        guard numbers.indices.contains(number) else { return "\(number)" }
        let word = numbers[number]
        return capitalized ? word.prefix(1).uppercased() + word.dropFirst() : word
    }

    /// 1 → "Ace" … 13 → "King".
    static func rankName(_ rank: Int) -> String {
        ranks.indices.contains(rank - 1) ? ranks[rank - 1] : "\(rank)"
    }

    static func rankPlural(_ rank: Int) -> String { rankName(rank) + "s" }

    /// "an" before Ace and Eight, "a" otherwise.
    static func article(_ rank: Int) -> String { rank == 1 || rank == 8 ? "an" : "a" }

    static func suitName(_ letter: Character) -> String {
        switch letter {
        case "C": return "clubs"
        case "D": return "diamonds"
        case "H": return "hearts"
        default: return "spades"
        }
    }

    static func suitRule(_ rule: SuitRule) -> String {
        switch rule {
        case .alternate: return "in alternate colours"
        case .same: return "in suit"
        case .sameColour: return "in the same colour"
        case .any: return "regardless of suit"
        case .different: return "in any other suit"
        }
    }

    /// What `wrap` adds, by build direction: " (a King goes on an Ace)".
    static func wrapNote(_ pile: PileRules) -> String {
        guard pile.wrap else { return "" }
        switch pile.build {
        case .down: return " (a King goes on an Ace)"
        case .up: return " (an Ace goes on a King)"
        case .either: return " (King and Ace are neighbours)"
        case .none, .sameRank, .any, .double, .oneWay, .upThenDown: return ""
        }
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        if items.count == 1 { return last }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
