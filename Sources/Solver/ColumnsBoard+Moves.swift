// The moves of a game of columns and a stock, listed for its searches (ColumnsSearch.swift,
// ColumnsPhaseSearch.swift) in the order they look at them.
//
// Every legal move is listed but those that lead to the same position up to alike piles: a card
// from one foundation to another, a whole column onto an empty one and a move onto any empty
// column but the first, once the stock deals no more to the columns in their order. A seeking
// search leaves out shuffles (``isShuffle(from:count:)``) and cards taken back off the
// foundations too: it finds wins sooner, but what it leaves out proves nothing.

extension ColumnsBoard {
    /// Appends the position's moves to `moves`: for each column its top card to a foundation, then
    /// each card or run it may give onto each column that takes it; the reserve's top card, then
    /// the waste's, to a foundation, then onto the columns; cards back off the foundations (not
    /// when `seeking`); the stock's click last, when it may be clicked.
    ///
    /// With `walking` (a stock that turns onto the waste with unlimited redeals), the click is not
    /// listed: instead each card the waste would show at some turn of the stock is listed as
    /// played after the clicks that bring it up. Clicks change nothing else, so a click followed
    /// by a move that does not touch the waste is the move followed by the click, and every
    /// position a solution reaches is reached so, or is one clicks away from it (which the next
    /// walk covers).
    func listMoves(seeking: Bool, walking: Bool = false, into moves: inout [ColumnsMove]) {
        let columns = columnCount
        let pinned = self.pinned
        let empties = emptyColumns
        // The empty columns a move may go to: every one while they are told apart, else the first.
        let firstEmpty = heights.firstIndex(of: 0) ?? -1
        func takesEmpty(_ to: Int) -> Bool { pinned || to == firstEmpty }
        // Alike free cells: a card goes to the first empty one.
        let freeCell = firstEmptyCell.map { ColumnsPlace(cellBase + $0) }
        // Cards and runs from the columns.
        let emptyFromColumns = shape.emptyFromColumns
        for from in 0..<columns {
            let movable = movable(from)
            guard movable > 0 else { continue }
            let height = heights[from]
            if let foundation = foundation(for: top(from)) {
                moves.append(ColumnsMove(from: UInt8(from), to: UInt8(columns + foundation), count: 1))
            }
            if let freeCell { moves.append(ColumnsMove(from: UInt8(from), to: freeCell, count: 1)) }
            for count in 1...movable {
                let bottom = card(from, height - count)
                for to in 0..<columns where to != from {
                    if heights[to] == 0 {
                        guard emptyFromColumns, takesEmpty(to), emptyTakes(bottom) else { continue }
                        // A whole column onto an empty one, once the columns are alike: the same position.
                        if count == height && !pinned { continue }
                        if count > 1 && shape.limitsRuns && count > runLimit(empties: empties - 1) { continue }
                    } else {
                        guard shape.builds[Int(top(to)) << 6 | Int(bottom)] else { continue }
                        if count > 1 && shape.limitsRuns && count > runLimit(empties: empties) { continue }
                        if seeking && isShuffle(from: from, count: count) { continue }
                    }
                    moves.append(ColumnsMove(from: UInt8(from), to: UInt8(to), count: UInt8(count)))
                }
            }
        }
        // One card from `from`: to a foundation (`upToo`), to a free cell (`cellToo`), then onto
        // each column that takes it.
        func single(
            _ card: UInt8, from: ColumnsPlace, upToo: Bool, emptyToo: Bool, cellToo: Bool = true, clicks: Int = 0
        ) {
            if upToo, let foundation = foundation(for: card) {
                moves.append(ColumnsMove(from: from, to: UInt8(columns + foundation), count: 1, clicks: UInt8(clicks)))
            }
            if cellToo, let freeCell {
                moves.append(ColumnsMove(from: from, to: freeCell, count: 1, clicks: UInt8(clicks)))
            }
            for to in 0..<columns {
                if heights[to] == 0 {
                    guard emptyToo, takesEmpty(to), emptyTakes(card) else { continue }
                } else {
                    guard shape.builds[Int(top(to)) << 6 | Int(card)] else { continue }
                }
                moves.append(ColumnsMove(from: from, to: UInt8(to), count: 1, clicks: UInt8(clicks)))
            }
        }
        if let card = reserve.last {
            single(card, from: Self.reservePlace, upToo: true, emptyToo: shape.emptyFromReserve)
        }
        if let card = waste.last { single(card, from: Self.wastePlace, upToo: true, emptyToo: shape.emptyFromWaste) }
        for cell in cells.indices where cells[cell] != 0 && !cells[..<cell].contains(cells[cell]) {
            single(
                cells[cell], from: ColumnsPlace(cellBase + cell), upToo: true, emptyToo: shape.emptyFromCells,
                cellToo: false)
        }
        // Cards back off the foundations (one of each top: alike foundations give alike positions).
        if shape.takesBack && !seeking {
            for foundation in tops.indices {
                let card = tops[foundation]
                guard card != 0, !tops[..<foundation].contains(card) else { continue }
                single(
                    card, from: ColumnsPlace(columns + foundation), upToo: false, emptyToo: shape.emptyFromFoundations)
            }
        }
        if walking && shape.waste != nil {
            // The cards of the waste and the stock in the order they are turned: the waste's bottom
            // first, then the stock's top. With `shown` of them on the waste, its top is the
            // `shown`th.
            let total = waste.count + stock.count
            func turned(_ index: Int) -> UInt8 { index < waste.count ? waste[index] : stock[total - 1 - index] }
            // The turns from here on: on to the stock's end, then round from the start until a
            // turn already seen (the one shown now, when it is on the round; else the last).
            let start = waste.count
            let onRound = start % shape.draw == 0
            var shown = start
            var turnedOver = false
            var clicks = 0
            while total > 0 && clicks < 255 {
                if shown == total {
                    // Turned over at most once: a card shown again in a later round shows with
                    // fewer redeals left. Not at all when none are left.
                    if turnedOver || redealsLeft == 0 { break }
                    turnedOver = true
                    shown = 0
                } else {
                    shown = min(shown + shape.draw, total)
                }
                clicks += 1
                if turnedOver && (shown == total || onRound && shown >= start) { break }
                if shown > 0 {
                    single(
                        turned(shown - 1), from: Self.wastePlace, upToo: true, emptyToo: shape.emptyFromWaste,
                        clicks: clicks)
                }
            }
        } else if canClick {
            moves.append(.click)
        }
    }

    /// The most cards a run may hold with `empties` empty columns besides its target, moved one
    /// card at a time (there are no cells).
    func runLimit(empties: Int) -> Int {
        shape.empty == .any ? 1 << min(empties, 20) : 1
    }

    /// A move a seeking search leaves out: a card or run lifted off a card it lies on in order,
    /// onto another card. It only changes which of two cards alike in rank (and colour or suit)
    /// carries it.
    func isShuffle(from: Int, count: Int) -> Bool {
        let left = heights[from] - count
        guard left > downs[from] else { return false }
        return shape.builds[Int(card(from, left - 1)) << 6 | Int(card(from, left))]
    }
}
