import Gamepads
import XCTest

/// Records in, presses out: buttons, hats and sticks with their dead zone.
final class GamepadButtonReaderTests: XCTestCase {
    func key(_ code: UInt16, _ value: Int32) -> EvdevRecord {
        EvdevRecord(type: EvdevRecord.key, code: code, value: value)
    }
    func axis(_ code: UInt16, _ value: Int32) -> EvdevRecord {
        EvdevRecord(type: EvdevRecord.absolute, code: code, value: value)
    }

    func testRecordsRoundTripThroughTheirBytesAndArriveInPieces() {
        let events = [key(0x130, 1), axis(0x01, -32768), EvdevRecord(type: 0, code: 0, value: 0)]
        let bytes = events.flatMap(\.bytes)
        XCTAssertEqual(bytes.count, 72)
        var reader = EvdevRecordReader()
        XCTAssertEqual(reader.records(from: bytes[0..<30]), [events[0]])
        XCTAssertEqual(reader.records(from: bytes[30..<47]), [])
        XCTAssertEqual(reader.records(from: bytes[47...]), [events[1], events[2]])
    }

    func testEveryStandardButtonPressesOnceOnItsPressNotItsRelease() {
        var reader = GamepadButtonReader()
        let codes: [(UInt16, GamepadButton)] = [
            (0x130, .south), (0x131, .east), (0x133, .north), (0x134, .west), (0x136, .leftShoulder),
            (0x137, .rightShoulder), (0x13A, .select), (0x13B, .start), (0x220, .up), (0x221, .down),
            (0x222, .left), (0x223, .right),
        ]
        for (code, button) in codes {
            XCTAssertEqual(reader.presses(for: key(code, 1)), [button], "\(code)")
            XCTAssertEqual(reader.presses(for: key(code, 2)), [], "autorepeat of \(code)")
            XCTAssertEqual(reader.presses(for: key(code, 0)), [], "release of \(code)")
        }
        XCTAssertEqual(reader.presses(for: key(0x110, 1)), [], "a mouse button is no gamepad button")
    }

    func testAHatPressesWhenItLeavesTheCentre() {
        var reader = GamepadButtonReader()
        XCTAssertEqual(reader.presses(for: axis(0x10, -1)), [.left])
        XCTAssertEqual(reader.presses(for: axis(0x10, -1)), [], "held")
        XCTAssertEqual(reader.presses(for: axis(0x10, 1)), [.right], "straight to the other side")
        XCTAssertEqual(reader.presses(for: axis(0x10, 0)), [])
        XCTAssertEqual(reader.presses(for: axis(0x11, 1)), [.down])
        XCTAssertEqual(reader.presses(for: axis(0x11, 0)), [])
        XCTAssertEqual(reader.presses(for: axis(0x11, -1)), [.up])
    }

    func testAStickPushesPastHalfItsTravelAndAgainOnlyAfterComingBack() {
        var reader = GamepadButtonReader(ranges: [0x00: AxisRange(minimum: 0, maximum: 255)])
        XCTAssertEqual(reader.presses(for: axis(0x00, 150)), [], "a stick resting off centre")
        XCTAssertEqual(reader.presses(for: axis(0x00, 200)), [.right], "past half way")
        XCTAssertEqual(reader.presses(for: axis(0x00, 255)), [], "further: the same push")
        XCTAssertEqual(reader.presses(for: axis(0x00, 170)), [], "wobbling back, not yet centred")
        XCTAssertEqual(reader.presses(for: axis(0x00, 220)), [], "so no second press")
        XCTAssertEqual(reader.presses(for: axis(0x00, 128)), [], "centred")
        XCTAssertEqual(reader.presses(for: axis(0x00, 10)), [.left])
        // The Y axis with the usual range of a stick: down is positive.
        XCTAssertEqual(reader.presses(for: axis(0x01, 30000)), [.down])
        XCTAssertEqual(reader.presses(for: axis(0x01, 0)), [])
        XCTAssertEqual(reader.presses(for: axis(0x01, -30000)), [.up])
    }
}
