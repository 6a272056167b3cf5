// Placement: a layout in card units -> terminal cells, at the largest card size that fits.

/// A card's size in terminal cells.
public struct CardSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// How far each fanned card moves from the one below it, in cells.
public struct FanStep: Hashable, Sendable {
    /// Rows per card in a pile fanned down.
    public var down: Int
    /// Columns per card in a pile fanned right.
    public var right: Int

    public init(down: Int, right: Int) {
        self.down = down
        self.right = right
    }
}

/// Where one slot lands on the screen.
public struct SlotPlacement: Hashable, Sendable {
    public var slot: SlotLayout
    /// Top-left cell of the pile's first (bottom) card, in screen coordinates (0-based).
    public var x: Int
    public var y: Int

    public init(slot: SlotLayout, x: Int, y: Int) {
        self.slot = slot
        self.x = x
        self.y = y
    }
}

/// A whole table placed on a screen.
public struct TablePlacement: Hashable, Sendable {
    public var cardSize: CardSize
    /// Cells the whole table takes, margins included.
    public var width: Int
    public var height: Int
    /// Screen cell of the table's top-left corner (the table is centred horizontally).
    public var originX: Int
    public var originY: Int
    public var slots: [SlotPlacement]
    public var fanStep: FanStep
    /// Blank cells between neighbouring columns and rows of cards at this size.
    public var gapX: Int
    public var gapY: Int

    public init(
        cardSize: CardSize, width: Int, height: Int, originX: Int = 0, originY: Int = 0,
        slots: [SlotPlacement], fanStep: FanStep, gapX: Int = 1, gapY: Int = 1
    ) {
        self.cardSize = cardSize
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        self.slots = slots
        self.fanStep = fanStep
        self.gapX = gapX
        self.gapY = gapY
    }

    /// Where a slot is placed, by its id.
    public func slot(_ slotID: String) -> SlotPlacement? {
        slots.first { $0.slot.id == slotID }
    }

    /// Top-left cell of the card at `index` (0 = bottom) in a pile of `count` cards in that slot.
    /// Only the top `fanVisible` cards are spread; the ones under them stay at the slot's origin.
    /// `nil` for an unknown slot or an index outside `0..<count`.
    public func cardOrigin(slot slotID: String, index: Int, count: Int) -> (x: Int, y: Int)? {
        guard let placement = slot(slotID), index >= 0, index < count else { return nil }
        let visible = max(1, placement.slot.fanVisible)
        var step = max(0, index - max(0, count - visible))
        if placement.slot.showsBottom, visible > 1, count > visible, placement.slot.fan != .none {
            // The bottom card first, then the top `visible - 1` cards, the others under the first of them.
            step = index == 0 ? 0 : max(1, index - (count - visible))
        }
        switch placement.slot.fan {
        case .none: return (placement.x, placement.y)
        case .down: return (placement.x, placement.y + step * fanStep.down)
        case .right: return (placement.x + step * fanStep.right, placement.y)
        }
    }

    /// Cells a pile of `count` cards covers in that slot: its width and height from the slot's origin.
    public func pileExtent(slot slotID: String, count: Int) -> (width: Int, height: Int)? {
        guard let placement = slot(slotID) else { return nil }
        let spread = max(0, min(count, max(1, placement.slot.fanVisible)) - 1)
        switch placement.slot.fan {
        case .none: return (cardSize.width, cardSize.height)
        case .down: return (cardSize.width, cardSize.height + spread * fanStep.down)
        case .right: return (cardSize.width + spread * fanStep.right, cardSize.height)
        }
    }
}

/// The terminal is too small for the table even with the smallest cards.
public struct TooSmall: Error, Hashable, Sendable, CustomStringConvertible {
    /// The terminal size the table needs at the smallest card size (the reserved rows included).
    public var neededWidth: Int
    public var neededHeight: Int

    public init(neededWidth: Int, neededHeight: Int) {
        self.neededWidth = neededWidth
        self.neededHeight = neededHeight
    }

    public var description: String { "the table needs a terminal of at least \(neededWidth)x\(neededHeight)" }
}

public enum Placement {
    /// Card sizes tried, largest first. The three largest have room for a real card's face
    /// (pips in three columns, court cards framed); 7x5 and smaller show rank and suit only.
    /// A terminal cell is about twice as tall as it is wide, so 13x9 is a real card's shape.
    public static let cardSizes: [CardSize] = [
        CardSize(width: 13, height: 9), CardSize(width: 11, height: 9), CardSize(width: 9, height: 7),
        CardSize(width: 7, height: 5), CardSize(width: 6, height: 4), CardSize(width: 5, height: 4),
        CardSize(width: 5, height: 3), CardSize(width: 4, height: 3), CardSize(width: 3, height: 2),
    ]
    /// Blank cells around the table.
    public static let margin = 1

    /// Blank columns between neighbouring cards: 2 for cards 6 or more wide, else 1.
    public static func gapX(for size: CardSize) -> Int { size.width >= 6 ? 2 : 1 }
    /// Blank rows between neighbouring cards.
    public static func gapY(for size: CardSize) -> Int { 1 }
    /// Fan steps: down 1 row, so a fanned card shows its top row (its corner index); right 4
    /// columns for cards 9 or more wide, 3 for 7 or 8, else 2, so it shows its corner and index.
    public static func fanStep(for size: CardSize) -> FanStep {
        FanStep(down: 1, right: size.width >= 9 ? 4 : size.width >= 7 ? 3 : 2)
    }

    /// The largest card size whose table fits in `width` x `height` cells, leaving `reservedRows` at the
    /// bottom (for a status line). The table is centred horizontally and top-aligned.
    /// Failure tells the terminal size needed at the smallest card size.
    ///
    /// With a `cardSize` (the player's fixed size), the table is placed at that size when it fits,
    /// and at the largest size that fits otherwise, as if none were asked for.
    public static func place(
        _ layout: TableLayout, width: Int, height: Int, reservedRows: Int = 1, cardSize: CardSize? = nil
    ) -> Result<TablePlacement, TooSmall> {
        let reserved = max(0, reservedRows)
        if let cardSize, cardSize.width > 0, cardSize.height > 0 {
            let table = place(layout, cardSize: cardSize)
            if table.width <= width && table.height <= height - reserved {
                return .success(centred(table, inWidth: width))
            }
        }
        var last: TablePlacement?
        for size in cardSizes {
            let table = place(layout, cardSize: size)
            if table.width <= width && table.height <= height - reserved {
                return .success(centred(table, inWidth: width))
            }
            last = table
        }
        let smallest = last ?? place(layout, cardSize: cardSizes[cardSizes.count - 1])
        return .failure(TooSmall(neededWidth: smallest.width, neededHeight: smallest.height + reserved))
    }

    /// The table at one card size, with its top-left corner at (0, 0).
    public static func place(_ layout: TableLayout, cardSize size: CardSize) -> TablePlacement {
        let gapX = gapX(for: size)
        let gapY = gapY(for: size)
        let step = fanStep(for: size)
        let pitchX = Double(size.width + gapX)
        let pitchY = Double(size.height + gapY)
        // Hand-built layouts are not validated: keep every number in a range that cannot overflow.
        func clean(_ x: Double) -> Double { x.isFinite ? min(max(x, -10_000), 10_000) : 0 }
        let minColumn = min(0, layout.slots.map { clean($0.position.column) }.min() ?? 0)
        let minRow = min(0, layout.slots.map { clean($0.position.row) }.min() ?? 0)

        var slots: [SlotPlacement] = []
        var right = 0
        var bottom = 0
        for slot in layout.slots {
            let x = Int(((clean(slot.position.column) - minColumn) * pitchX).rounded()) + margin
            let y = Int(((clean(slot.position.row) - minRow) * pitchY).rounded()) + margin
            let spread = min(max(slot.fanVisible, 1), 1000) - 1
            var extentX = size.width
            var extentY = size.height
            switch slot.fan {
            case .none: break
            case .down: extentY += spread * step.down
            case .right: extentX += spread * step.right
            }
            right = max(right, x + extentX)
            bottom = max(bottom, y + extentY)
            slots.append(SlotPlacement(slot: slot, x: x, y: y))
        }
        return TablePlacement(
            cardSize: size, width: max(right, margin) + margin, height: max(bottom, margin) + margin,
            slots: slots, fanStep: step, gapX: gapX, gapY: gapY
        )
    }

    private static func centred(_ table: TablePlacement, inWidth width: Int) -> TablePlacement {
        var table = table
        let dx = max(0, (width - table.width) / 2)
        table.originX = dx
        table.slots = table.slots.map { SlotPlacement(slot: $0.slot, x: $0.x + dx, y: $0.y) }
        return table
    }
}
