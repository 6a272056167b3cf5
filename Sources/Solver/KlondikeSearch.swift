import Solitaire

// Klondike's own search: depth first over KlondikePosition's positions, with the depth-first
// search's table of 64-bit keys that forgets when full and the path kept apart
// (DepthFirstSearch.swift tells why a proof still holds). Its positions are far fewer than the
// table's piles would make (runs between twin cards, the stock's turns and moves that change
// nothing are no part of them), and each is a few words, so it decides in milliseconds most of
// the deals the general searches left unknown after seconds.
//
// A win found is played back on the table's own rules (KlondikeReplay.swift), so its moves are
// the player's moves and were each checked legal by the rules. A win that could not be played
// back (which would be a fault of this search) is no win: the search then stops with no answer.

/// One search of a Klondike-shaped game (KlondikeShape.swift).
struct KlondikeSearch {
    let deal: KlondikeDeal
    let replay: KlondikeReplay
    /// It sees every position, so running dry proves the game lost, unless it cut a path short.
    var proves: Bool { !cutShort }
    private(set) var cutShort = false
    /// It found a win it could not play back, and stopped.
    private(set) var failed = false
    /// Positions expanded.
    private(set) var positions = 0
    private(set) var verdict: SolverVerdict?
    private var solutionMoves: [Move] = []

    private var table: PositionTable
    private var path = PositionTable(capacity: 64)
    private var levels: [Level] = []
    private var children: [Child] = []
    private let stackLimit: Int
    private var started = false
    private var startPosition: KlondikePosition
    /// Scratch: the moves of the position being expanded; per card, its place in the stock's
    /// sequence (set for the cards the player can reach).
    private var scratch: [(KlondikeMove, KlondikePosition)] = []
    private var deckPlace = [UInt8](repeating: 0, count: 52)
    /// Scratch: the keys of the listed positions, and the sum of their first slots read ahead
    /// (kept so that the reads are not left out).
    private var keys: [UInt64] = []
    private var touched: UInt64 = 0

    private struct Level {
        var position: KlondikePosition
        var key: UInt64
        var first: Int
        var end: Int
        var next: Int
        var move: KlondikeMove
        /// ``positions`` when it was expanded.
        var expandedAt: Int
    }

    private struct Child {
        var position: KlondikePosition
        var key: UInt64
        var move: KlondikeMove
    }

    init(deal: KlondikeDeal, start: KlondikePosition, replay: KlondikeReplay, memory: Int) {
        self.deal = deal
        self.replay = replay
        startPosition = start
        table = PositionTable.forgetting(within: memory)
        table.keepsLargeSearches = true
        stackLimit = max(0, memory - PositionTable.slotsWithin(memory) * 9)
        children.reserveCapacity(256)
    }

    /// Its stack, in bytes.
    private var stackBytes: Int {
        levels.count * MemoryLayout<Level>.stride + children.count * MemoryLayout<Child>.stride
    }

    /// Searches until it ends (``verdict``) or has expanded `limit` positions.
    mutating func run(upTo limit: Int) {
        guard verdict == nil, !failed else { return }
        if !started {
            started = true
            if startPosition.isWon { return finish(path: [startPosition], moves: []) }
            guard positions < limit else { return }
            positions = 1
            if expand(startPosition, key: startPosition.key, move: KlondikeMove(kind: .baseOff, card: 0)) { return }
        }
        while positions < limit {
            guard let level = levels.last else {
                verdict = .impossible
                return
            }
            if level.next == level.end {
                children.removeSubrange(level.first...)
                path.remove(level.key)
                table.settle(level.key, searched: positions - level.expandedAt)
                levels.removeLast()
                continue
            }
            let child = children[level.next]
            levels[levels.count - 1].next += 1
            if levels.count >= SearchStack.shallowest && stackBytes > stackLimit {
                cutShort = true
                continue
            }
            positions += 1
            if expand(child.position, key: child.key, move: child.move) { return }
        }
    }

    /// The moves of the solution, from the start, once it ended `.solved`.
    func solution() -> [Move] { solutionMoves }

    /// Lists the new moves of `position` and pushes them as a level; returns whether the search
    /// ended (a move won).
    private mutating func expand(_ position: KlondikePosition, key: UInt64, move: KlondikeMove) -> Bool {
        _ = path.insert(key)
        let first = children.count
        var listed = scratch
        scratch = []
        listed.removeAll(keepingCapacity: true)
        listMoves(of: position, into: &listed)
        keys.removeAll(keepingCapacity: true)
        var touched: UInt64 = 0
        for (_, child) in listed {
            let key = child.key
            keys.append(key)
            touched &+= table.firstSlot(of: key)
        }
        self.touched = touched
        var won: (KlondikeMove, KlondikePosition)?
        for (index, (move, child)) in listed.enumerated() {
            if child.isWon {
                won = (move, child)
                break
            }
            let key = keys[index]
            if table.hasForgotten && path.contains(key) { continue }
            if table.insert(key) { children.append(Child(position: child, key: key, move: move)) }
        }
        scratch = listed
        levels.append(
            Level(
                position: position, key: key, first: first, end: children.count, next: first, move: move,
                expandedAt: positions))
        guard let (winning, last) = won else { return false }
        let moves = levels.dropFirst().map(\.move) + [winning]
        finish(path: levels.map(\.position) + [last], moves: moves)
        return true
    }

    private mutating func finish(path: [KlondikePosition], moves: [KlondikeMove]) {
        // Moves that empty a column for a King are played as their two moves.
        var simplePath = [path[0]]
        var simpleMoves: [KlondikeMove] = []
        for (step, move) in moves.enumerated() {
            let parts = move.parts
            if parts.count == 2 { simplePath.append(play(parts[0], on: path[step])) }
            simplePath.append(path[step + 1])
            simpleMoves += parts
        }
        if let played = replay.play(path: simplePath, moves: simpleMoves, deal: deal) {
            solutionMoves = played
            verdict = .solved
        } else {
            failed = true
        }
    }

    /// The position a simple move (not one that empties a column: see ``KlondikeMove/parts``)
    /// leads to.
    func play(_ move: KlondikeMove, on position: KlondikePosition) -> KlondikePosition {
        var child = position
        let card = Int(move.card)
        let isKing = KlondikeCards.rank(card) == 13
        switch move.kind {
        case .columnToFoundation:
            child.takeOff(card, columnCount: deal.columnCount, deal: deal)
            child.setFoundation(KlondikeCards.suit(card), to: KlondikeCards.rank(card))
        case .deckToFoundation:
            child.takeFromDeck(place: Int(move.place), draw: deal.draw)
            child.setFoundation(KlondikeCards.suit(card), to: KlondikeCards.rank(card))
        case .baseOff:
            let column = position.column(ofBase: card, count: deal.columnCount)
            child.setBase(column, to: nil)
            if isKing {
                child.setBase(position.emptyColumn(count: deal.columnCount)!, to: card)
            } else {
                child.baseMask &= ~KlondikeCards.bit(card)
            }
            child.turnUp(column, deal: deal)
        case .deckToColumn:
            child.takeFromDeck(place: Int(move.place), draw: deal.draw)
            child.putInPlay(card, emptyColumn: isKing ? position.emptyColumn(count: deal.columnCount) : nil)
        case .foundationToColumn:
            child.setFoundation(KlondikeCards.suit(card), to: KlondikeCards.rank(card) - 1)
            child.putInPlay(card, emptyColumn: isKing ? position.emptyColumn(count: deal.columnCount) : nil)
        }
        return child
    }

    /// Appends each move of `position` with the position it leads to, in the order worth trying:
    /// cards to the foundations, bases off their columns (the most cards under them first), stock
    /// cards into play, foundation cards back. A card that no card still out could need goes up
    /// alone.
    ///
    /// Some moves are made only for the move that follows them, folded into one move:
    ///
    /// - A base with no cards under it that is not a King leaves its column only to make room for
    ///   a King. A solution that empties the column earlier plays as well with the base left in
    ///   place until the King comes: nothing but a King uses an empty column, the card the base
    ///   went onto stays free for it meanwhile, and a base lying on no card leaves more room to
    ///   the others. One that never puts a King there did not need to empty it.
    /// - A card comes back off its foundation only for a card to lie on it (from the stock, off
    ///   its column or off its foundation), to take the card on its twin so that the twin can go
    ///   up, or to let the card under it on the foundation come back too. Brought back earlier,
    ///   it only takes room and keeps its suit's next card off the foundation until then; never
    ///   needed for one of these, it need not come back at all.
    /// - With one card a turn, a stock card comes into play only for the same moves but the last:
    ///   every stock card can be reached at any time, so it may as well wait in the stock (and go
    ///   up from there) until a card is to lie on it or its twin is to go up.
    ///
    /// Delaying such a move to just before the move it is for keeps every move between legal, so
    /// a game with a win has a win made of these folded moves and the others.
    mutating func listMoves(of position: KlondikePosition, into moves: inout [(KlondikeMove, KlondikePosition)]) {
        let columnCount = deal.columnCount
        let draw = deal.draw
        // The stock's reachable cards, with their places in its sequence.
        let reach = position.reachableDeckIndices(draw: draw)
        var reachCards: UInt64 = 0
        if reach != 0 {
            var rest = position.deck
            var index = 0
            while rest != 0 {
                let place = rest.trailingZeroBitCount
                if reach & (1 << UInt64(index)) != 0 {
                    let card = Int(deal.deckCards[place])
                    reachCards |= KlondikeCards.bit(card)
                    deckPlace[card] = UInt8(place)
                }
                rest &= rest - 1
                index += 1
            }
        }

        // Cards to the foundations; a safe one alone.
        for pass in 0..<2 {
            for suit in 0..<4 {
                let rank = position.foundation(suit) + 1
                guard rank <= 13 else { continue }
                let card = suit * 13 + rank - 1
                let bit = KlondikeCards.bit(card)
                var move: KlondikeMove
                if position.visible & bit != 0, position.canBeTop(card) {
                    move = KlondikeMove(kind: .columnToFoundation, card: UInt8(card))
                    if pass == 0 && !position.isSafe(card) { continue }
                } else if reachCards & bit != 0 {
                    move = KlondikeMove(kind: .deckToFoundation, card: UInt8(card), place: deckPlace[card])
                    if pass == 0 && !(draw == 1 && position.isSafe(card)) { continue }
                } else {
                    continue
                }
                moves.append((move, play(move, on: position)))
                if pass == 0 { return }
            }
        }

        let empty = position.emptyColumn(count: columnCount)
        // Bases off their columns, the columns with the most cards under them first.
        var most = 0
        for column in 0..<columnCount { most = max(most, position.hiddenCount(column)) }
        for under in stride(from: most, through: 0, by: -1) {
            for column in 0..<columnCount where position.hiddenCount(column) == under {
                guard let base = position.base(column) else { continue }
                if KlondikeCards.rank(base) == 13 {
                    guard under > 0, empty != nil else { continue }
                } else {
                    guard position.hasRoom(for: base) else { continue }
                }
                let move = KlondikeMove(kind: .baseOff, card: UInt8(base))
                let child = play(move, on: position)
                guard under == 0 && KlondikeCards.rank(base) != 13 else {
                    moves.append((move, child))
                    continue
                }
                // The column is emptied for a King, which comes next: off a column with cards
                // under it, from the stock, off its foundation.
                func emptied(for king: KlondikeMove) { moves.append((move.then(king), play(king, on: child))) }
                for other in 0..<columnCount {
                    if let king = child.base(other), KlondikeCards.rank(king) == 13, child.hiddenCount(other) > 0 {
                        emptied(for: KlondikeMove(kind: .baseOff, card: UInt8(king)))
                    }
                }
                var kings = reachCards & KlondikeCards.kings
                while kings != 0 {
                    let king = kings.trailingZeroBitCount
                    kings &= kings - 1
                    emptied(for: KlondikeMove(kind: .deckToColumn, card: UInt8(king), place: deckPlace[king]))
                }
                for suit in 0..<4 where deal.takesBack && child.foundation(suit) == 13 {
                    emptied(for: KlondikeMove(kind: .foundationToColumn, card: UInt8(suit * 13 + 12)))
                }
            }
        }

        // Stock cards into play; one at a time, each only with the move it is for.
        var rest = reachCards
        while rest != 0 {
            let card = rest.trailingZeroBitCount
            rest &= rest - 1
            let isKing = KlondikeCards.rank(card) == 13
            if isKing ? empty == nil : !position.hasRoom(for: card) { continue }
            let move = KlondikeMove(kind: .deckToColumn, card: UInt8(card), place: deckPlace[card])
            let child = play(move, on: position)
            if draw == 1 {
                listUses(of: card, after: move, from: position, in: child, reachCards: reachCards, into: &moves)
            } else {
                moves.append((move, child))
            }
        }

        // Foundation cards back into play (not a safe one: it would only go up again), each with
        // the move that needs it there next.
        guard deal.takesBack else { return }
        for suit in 0..<4 {
            let rank = position.foundation(suit)
            guard rank > 0 else { continue }
            let card = suit * 13 + rank - 1
            if position.isSafe(card) { continue }
            let isKing = rank == 13
            if isKing ? empty == nil : !position.hasRoom(for: card) { continue }
            let move = KlondikeMove(kind: .foundationToColumn, card: UInt8(card))
            let child = play(move, on: position)
            listUses(of: card, after: move, from: position, in: child, reachCards: reachCards, into: &moves)
            // The card under it on its foundation comes back too.
            if rank > 1, !child.isSafe(card - 1), child.hasRoom(for: card - 1) {
                let next = KlondikeMove(kind: .foundationToColumn, card: UInt8(card - 1))
                moves.append((move.then(next), play(next, on: child)))
            }
        }
    }

    /// Appends `move` (which put `card` in play, leading from `position` to `child`) with each
    /// move it can be for: a card that may lie on it coming from the stock, off its column or off
    /// its foundation, or the card's twin going up, the card on it moved onto `card`.
    private func listUses(
        of card: Int, after move: KlondikeMove, from position: KlondikePosition, in child: KlondikePosition,
        reachCards: UInt64, into moves: inout [(KlondikeMove, KlondikePosition)]
    ) {
        var onIt = KlondikeCards.children(card)
        while onIt != 0 {
            let upper = onIt.trailingZeroBitCount
            onIt &= onIt - 1
            let bit = KlondikeCards.bit(upper)
            var next: KlondikeMove
            if reachCards & bit != 0 {
                next = KlondikeMove(kind: .deckToColumn, card: UInt8(upper), place: deckPlace[upper])
            } else if child.baseMask & bit != 0 {
                next = KlondikeMove(kind: .baseOff, card: UInt8(upper))
            } else if child.foundation(KlondikeCards.suit(upper)) == KlondikeCards.rank(upper), !child.isSafe(upper) {
                next = KlondikeMove(kind: .foundationToColumn, card: UInt8(upper))
            } else {
                continue
            }
            guard child.hasRoom(for: upper) else { continue }
            moves.append((move.then(next), play(next, on: child)))
        }
        let twin = KlondikeCards.twin(card).trailingZeroBitCount
        if child.visible & KlondikeCards.bit(twin) != 0, child.foundationTakes(twin), !position.canBeTop(twin),
            child.canBeTop(twin)
        {
            let next = KlondikeMove(kind: .columnToFoundation, card: UInt8(twin))
            moves.append((move.then(next), play(next, on: child)))
        }
    }
}
