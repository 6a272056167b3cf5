import TestSupport
import XCTest

@testable import Layouts

final class PlacementTests: XCTestCase {
    var klondike: TableLayout { ShippedLayouts.layout(named: "klondike")! }

    func testCardSizesLargestFirst() {
        let sizes = Placement.cardSizes
        XCTAssertEqual(sizes.first, CardSize(width: 13, height: 9), "the largest has a real card's shape")
        XCTAssertTrue(sizes.contains(CardSize(width: 7, height: 5)), "the seed's 7x5 card is still one")
        for (larger, smaller) in zip(sizes, sizes.dropFirst()) {
            XCTAssertLessThanOrEqual(smaller.width, larger.width, "\(larger) before \(smaller)")
            XCTAssertLessThanOrEqual(smaller.height, larger.height, "\(larger) before \(smaller)")
            XCTAssertLessThan(
                smaller.width * smaller.height, larger.width * larger.height, "\(larger) before \(smaller)")
        }
        for size in sizes {
            let step = Placement.fanStep(for: size)
            XCTAssertEqual(step.down, 1, "\(size): a card fanned down shows its top row")
            XCTAssertGreaterThanOrEqual(step.right, 2, "\(size): a card fanned right shows its corner and rank")
            XCTAssertLessThan(step.right, size.width, "\(size): fanned cards overlap")
        }
        XCTAssertEqual(Placement.fanStep(for: CardSize(width: 13, height: 9)).right, 4)
        XCTAssertEqual(Placement.fanStep(for: CardSize(width: 9, height: 7)).right, 4)
        XCTAssertEqual(Placement.fanStep(for: CardSize(width: 7, height: 5)).right, 3)
        XCTAssertEqual(Placement.fanStep(for: CardSize(width: 6, height: 4)).right, 2)
    }

    func testLargeTerminalGetsLargestCardsCentred() throws {
        let table = try Placement.place(klondike, width: 200, height: 60).get()
        XCTAssertEqual(table.cardSize, CardSize(width: 13, height: 9))
        // 7 columns of 13 + 2 gap, margins of 1: 1 + 6*15 + 13 + 1.
        XCTAssertEqual(table.width, 105)
        // Tableau at row 1 (y = 1 + 10), 9 rows of card and 12 of fan, then the margin.
        XCTAssertEqual(table.height, 33)
        XCTAssertEqual(table.originX, 47)
        XCTAssertEqual(table.slot("stock").map { [$0.x, $0.y] }, [48, 1])
        XCTAssertEqual(table.slot("waste").map { [$0.x, $0.y] }, [63, 1])
        XCTAssertEqual(table.slot("foundation.1").map { [$0.x, $0.y] }, [93, 1])
        XCTAssertEqual(table.slot("tableau.7").map { [$0.x, $0.y] }, [138, 11])
        XCTAssertNil(table.slot("nope"))
    }

    /// Large terminals get cards with room for a real card's face; 80x24 keeps the sizes it
    /// had before those were added, except where a bigger one now fits (Golf, a short table).
    func testBigTerminalsGetBigCardsAndEightyByTwentyFourKeepsItsSizes() throws {
        func size(_ name: String, _ width: Int, _ height: Int) throws -> String {
            let layout = try XCTUnwrap(ShippedLayouts.layout(named: name))
            return try Placement.place(layout, width: width, height: height).get().cardSize.description
        }
        XCTAssertEqual(try size("freecell", 120, 40), "13x9")
        XCTAssertEqual(try size("klondike", 160, 50), "13x9")
        XCTAssertEqual(try size("spider", 160, 50), "13x9")
        XCTAssertEqual(try size("all-in-a-row", 120, 40), "11x9", "13 columns: 13x9 is too wide")
        XCTAssertEqual(try size("klondike", 100, 30), "9x7", "11x9 is too tall")
        XCTAssertEqual(try size("spider", 100, 30), "7x5", "10 columns: 9x7 is too wide")
        // Every other shipped table had 6x4 cards at 80x24, the sandbox 7x5 and Golf 7x5; Nestor and
        // Aces Up, Fourteen, Cover, Pileon and Fortunes, added later, are short enough for 7x5, as
        // are Aisleriot's Royal East, Jamestown, Block Ten, Doublets and Napoleon's Tomb; Gay
        // Gordons' two rows of five cards take 9x7.
        let exceptions = [
            "sandbox": "7x5", "golf": "9x7", "nestor": "7x5", "aces-up": "7x5", "fourteen": "7x5",
            "cover": "7x5", "pileon": "7x5", "fortunes": "7x5", "royal-east": "7x5", "jamestown": "7x5",
            "block-ten": "7x5", "gay-gordons": "9x7", "doublets": "7x5", "napoleons-tomb": "7x5",
        ]
        for name in ShippedLayouts.names {
            XCTAssertEqual(try size(name, 80, 24), exceptions[name] ?? "6x4", name)
        }
    }

    func testEightyByTwentyFourPicksTheLargestSizeThatFits() throws {
        let table = try Placement.place(klondike, width: 80, height: 24).get()
        XCTAssertEqual(table.cardSize, CardSize(width: 6, height: 4))
        XCTAssertEqual(table.height, 23)
        XCTAssertEqual(table.width, 56)
        XCTAssertEqual(table.originX, 12)
        // Without the status line, 7x5 still needs 25 rows.
        XCTAssertEqual(try Placement.place(klondike, width: 80, height: 25, reservedRows: 0).get().cardSize.width, 7)
        XCTAssertEqual(try Placement.place(klondike, width: 80, height: 25, reservedRows: 1).get().cardSize.width, 6)
    }

    func testEveryResultFitsAndIsTheLargestThatDoes() {
        var rng = SplitMix64(seed: 7)
        for name in ShippedLayouts.names {
            let layout = ShippedLayouts.layout(named: name)!
            for _ in 0..<40 {
                let width = 10 + rng.below(200)
                let height = 5 + rng.below(70)
                switch Placement.place(layout, width: width, height: height) {
                case .success(let table):
                    XCTAssertLessThanOrEqual(table.width, width)
                    XCTAssertLessThanOrEqual(table.height, height - 1)
                    for slot in table.slots {
                        XCTAssertGreaterThanOrEqual(slot.x, 1)
                        XCTAssertGreaterThanOrEqual(slot.y, 1)
                        XCTAssertLessThanOrEqual(slot.x + table.cardSize.width, width)
                    }
                    if let larger = Placement.cardSizes.firstIndex(of: table.cardSize).flatMap({
                        $0 > 0 ? Placement.cardSizes[$0 - 1] : nil
                    }) {
                        let bigger = Placement.place(layout, cardSize: larger)
                        XCTAssertTrue(bigger.width > width || bigger.height > height - 1, "\(name) \(width)x\(height)")
                    }
                case .failure(let tooSmall):
                    XCTAssertTrue(
                        tooSmall.neededWidth > width || tooSmall.neededHeight > height, "\(name) \(width)x\(height)")
                }
            }
        }
    }

    func testTooSmallTellsTheSizeNeededAtTheSmallestCards() {
        XCTAssertEqual(
            Placement.place(klondike, width: 20, height: 10), .failure(TooSmall(neededWidth: 29, neededHeight: 20)))
        XCTAssertEqual(
            Placement.place(klondike, width: 29, height: 19), .failure(TooSmall(neededWidth: 29, neededHeight: 20)))
        XCTAssertEqual(
            try Placement.place(klondike, width: 29, height: 20).get().cardSize, CardSize(width: 3, height: 2))
        XCTAssertEqual(
            Placement.place(klondike, width: 0, height: 0, reservedRows: 3),
            .failure(TooSmall(neededWidth: 29, neededHeight: 22)))
    }

    func testCardOriginsSpreadOnlyTheTopCards() throws {
        let table = try Placement.place(klondike, width: 200, height: 60).get()
        let base = try XCTUnwrap(table.slot("tableau.1"))
        // 20 cards, 13 visible: the bottom 8 stack at the base, the top 13 step down one row each.
        for index in 0..<8 {
            let origin = try XCTUnwrap(table.cardOrigin(slot: "tableau.1", index: index, count: 20))
            XCTAssertEqual([origin.x, origin.y], [base.x, base.y])
        }
        let top = try XCTUnwrap(table.cardOrigin(slot: "tableau.1", index: 19, count: 20))
        XCTAssertEqual([top.x, top.y], [base.x, base.y + 12])
        let second = try XCTUnwrap(table.cardOrigin(slot: "tableau.1", index: 1, count: 3))
        XCTAssertEqual([second.x, second.y], [base.x, base.y + 1])
        XCTAssertNil(table.cardOrigin(slot: "tableau.1", index: 3, count: 3))
        XCTAssertNil(table.cardOrigin(slot: "tableau.1", index: -1, count: 3))
        XCTAssertNil(table.cardOrigin(slot: "nope", index: 0, count: 1))

        let waste = try XCTUnwrap(table.slot("waste"))
        let origins = (0..<5).compactMap { table.cardOrigin(slot: "waste", index: $0, count: 5) }.map { [$0.x, $0.y] }
        XCTAssertEqual(origins, [[waste.x, 1], [waste.x, 1], [waste.x, 1], [waste.x + 4, 1], [waste.x + 8, 1]])

        let stock = try XCTUnwrap(table.cardOrigin(slot: "stock", index: 9, count: 10))
        XCTAssertEqual([stock.x, stock.y], [48, 1])
        XCTAssertEqual(table.pileExtent(slot: "tableau.1", count: 20).map { [$0.width, $0.height] }, [13, 21])
        XCTAssertEqual(table.pileExtent(slot: "waste", count: 2).map { [$0.width, $0.height] }, [17, 9])
    }

    func testPyramidHalfOffsets() throws {
        let pyramid = try XCTUnwrap(ShippedLayouts.layout(named: "pyramid"))
        let table = Placement.place(pyramid, cardSize: CardSize(width: 7, height: 5))
        let top = try XCTUnwrap(table.slot("pyramid.1"))
        let left = try XCTUnwrap(table.slot("pyramid.2"))
        let right = try XCTUnwrap(table.slot("pyramid.3"))
        XCTAssertEqual(top.y, 1)
        XCTAssertEqual(left.y, 4)  // half of 5 + 1 gap rows
        XCTAssertEqual(right.x - left.x, 9)
        XCTAssertEqual(top.x - left.x, 5)  // 4.5 rounded away from zero
    }

    func testNegativeAndHostilePositionsStayOnScreen() throws {
        let layout = TableLayout(
            name: "odd", title: "Odd",
            slots: [
                SlotLayout(id: "a", group: "a", kind: .cell, position: GridPoint(column: -1, row: -0.5)),
                SlotLayout(id: "b", group: "b", kind: .cell, position: GridPoint(column: 1, row: 0)),
                SlotLayout(id: "c", group: "c", kind: .cell, position: GridPoint(column: .nan, row: .infinity)),
                SlotLayout(
                    id: "d", group: "d", kind: .tableau, position: GridPoint(column: 0, row: 0), fan: .down,
                    fanVisible: .max),
            ])
        let table = Placement.place(layout, cardSize: CardSize(width: 3, height: 2))
        XCTAssertEqual(table.slot("a").map { [$0.x, $0.y] }, [1, 1])
        XCTAssertEqual(table.slot("b").map { [$0.x, $0.y] }, [9, 3])
        XCTAssertTrue(table.slots.allSatisfy { $0.x >= 1 && $0.y >= 1 })
        if case .success = Placement.place(layout, width: 50, height: 50) { XCTFail("a 1000-card fan cannot fit") }
        let empty = Placement.place(TableLayout(name: "e", title: "E", slots: []), width: 10, height: 5)
        XCTAssertEqual(try empty.get().width, 2)
    }
}

/// The player's fixed card size: used when the table fits at it, else the largest that fits.
final class FixedCardSizeTests: XCTestCase {
    var klondike: TableLayout { ShippedLayouts.layout(named: "klondike")! }

    func testAFixedSizeThatFitsIsUsed() throws {
        let small = CardSize(width: 7, height: 5)
        let table = try Placement.place(klondike, width: 200, height: 60, cardSize: small).get()
        XCTAssertEqual(table.cardSize, small, "smaller than the largest that fits")
        let unplaced = Placement.place(klondike, cardSize: small)
        XCTAssertEqual(table.width, unplaced.width)
        XCTAssertEqual(table.originX, (200 - unplaced.width) / 2, "centred")
        XCTAssertEqual(table.slot("stock")?.x, unplaced.slot("stock")!.x + table.originX)
        let automatic = try Placement.place(klondike, width: 200, height: 60).get()
        XCTAssertEqual(automatic.cardSize, CardSize(width: 13, height: 9))
    }

    func testAFixedSizeTooLargeFallsBackToTheLargestThatFits() throws {
        let large = CardSize(width: 13, height: 9)
        let table = try Placement.place(klondike, width: 80, height: 24, cardSize: large).get()
        XCTAssertEqual(table, try Placement.place(klondike, width: 80, height: 24).get())
        XCTAssertNotEqual(table.cardSize, large)
        XCTAssertThrowsError(try Placement.place(klondike, width: 10, height: 5, cardSize: large).get())
    }
}
