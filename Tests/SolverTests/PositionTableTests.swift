import XCTest

@testable import Solver

/// The transposition table's slots: a table large enough to be mapped from the system reads
/// zero until written and after it is emptied, grows without losing a key, and copies of a
/// table do not share what either is given afterwards.
final class PositionTableTests: XCTestCase {
    func testALargeTableHoldsItsKeysAndForgetsThemWhenEmptied() {
        // 2 MiB of slots, made whole at once: mapped, as the status line's table is.
        var table = PositionTable.forgetting(within: 4 << 20)
        XCTAssertGreaterThanOrEqual(table.bytes, TableSlots.mappedFrom)
        let keys = (1...20_000).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
        for key in keys { XCTAssertTrue(table.insert(key)) }
        XCTAssertEqual(table.count, keys.count)
        XCTAssertTrue(keys.allSatisfy(table.contains))
        XCTAssertFalse(table.insert(keys[7]), "a key held is not added twice")
        table.removeAll()
        XCTAssertEqual(table.count, 0)
        XCTAssertFalse(keys.contains(where: table.contains), "an emptied table still held a key")
        for key in keys.prefix(100) { XCTAssertTrue(table.insert(key)) }
        XCTAssertTrue(keys.prefix(100).allSatisfy(table.contains))
    }

    /// Emptying zeroes the pages keys were written to, by insertion, by growing and by taking an
    /// old key's place once full: none is found afterwards.
    func testEveryWayAKeyIsWrittenIsEmptied() {
        var full = PositionTable.forgetting(within: 1 << 20)
        let keys = (1...80_000).map { UInt64($0) &* 0xD6E8_FEB8_6659_FD93 }
        for key in keys { _ = full.insert(key) }
        XCTAssertTrue(full.isFull)
        XCTAssertTrue(full.hasForgotten, "no key took an old one's place")
        full.removeAll()
        XCTAssertFalse(keys.contains(where: full.contains), "a key written over an old one stayed")
        // The last key grows the table: the others are written again by the growing alone.
        var grown = PositionTable()
        let bytes = grown.bytes
        for key in keys.prefix(6145) { _ = grown.insert(key) }
        XCTAssertGreaterThan(grown.bytes, bytes, "the table did not grow")
        grown.removeAll()
        XCTAssertFalse(keys.prefix(6145).contains(where: grown.contains), "a key moved by growing stayed")
        XCTAssertEqual(grown.count, 0)
    }

    func testATableGrowsPastTheMappedSizeKeepingEveryKey() {
        var table = PositionTable()
        let keys = (1...300_000).map { UInt64($0) &* 0xC2B2_AE3D_27D4_EB4F }
        for key in keys { XCTAssertTrue(table.insert(key)) }
        XCTAssertGreaterThan(table.bytes, TableSlots.mappedFrom, "the table never grew to be mapped")
        XCTAssertTrue(keys.allSatisfy(table.contains))
        for key in keys.prefix(1000) { table.remove(key) }
        XCTAssertFalse(keys.prefix(1000).contains(where: table.contains))
        XCTAssertTrue(keys.dropFirst(1000).allSatisfy(table.contains))
    }

    func testCopiesKeepTheirOwnKeys() {
        for capacity in [1 << 8, 1 << 18] {
            var first = PositionTable(capacity: capacity)
            _ = first.insert(11)
            var second = first
            _ = second.insert(22)
            second.remove(11)
            XCTAssertTrue(first.contains(11), "capacity \(capacity)")
            XCTAssertFalse(first.contains(22), "capacity \(capacity)")
            XCTAssertEqual(first.count, 1)
            var third = first
            third.removeAll()
            XCTAssertTrue(first.contains(11), "emptying a copy emptied the table, capacity \(capacity)")
            XCTAssertFalse(third.contains(11))
        }
    }

    /// A full table that forgets gives up the keys of small searches before those of large
    /// ones: after four times its slots of new keys went in, most keys settled as standing for
    /// many positions are still there (one goes only when every key of a new key's run from its
    /// home is as heavy), where most unsettled keys of the same age are gone.
    func testAFullTableForgetsSmallSearchesBeforeLargeOnes() {
        var table = PositionTable.forgetting(within: 1 << 20)
        table.keepsLargeSearches = true
        let slots = PositionTable.slotsWithin(1 << 20)
        let old = (1...slots / 2).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
        for key in old { XCTAssertTrue(table.insert(key)) }
        let heavy = old.enumerated().filter { $0.offset % 16 == 0 }.map(\.element)
        for key in heavy { table.settle(key, searched: 5_000) }
        // Settling a key the table does not hold changes nothing.
        table.settle(0x1234_5678_9ABC_DEF1, searched: 1 << 40)
        let new = (1...slots * 4).map { UInt64($0) &* 0xD6E8_FEB8_6659_FD93 }
        for key in new { _ = table.insert(key) }
        XCTAssertTrue(table.hasForgotten)
        let heavyKept = heavy.filter(table.contains).count
        XCTAssertGreaterThan(heavyKept, heavy.count * 4 / 5, "the keys of large searches were forgotten")
        let light = old.enumerated().filter { $0.offset % 16 != 0 }.map(\.element)
        let lightKept = light.filter(table.contains).count
        XCTAssertLessThan(lightKept, light.count / 4, "the keys of small searches were kept as well: \(lightKept)")
        XCTAssertFalse(table.contains(0x1234_5678_9ABC_DEF1))
    }
}
