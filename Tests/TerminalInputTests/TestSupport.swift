import TerminalInput
import XCTest

/// ESC as a string, for building sequences.
let esc = "\u{1B}"

extension String {
    var bytes: [UInt8] { Array(utf8) }
}

/// Shorthand for key events in expectations.
func key(_ key: Key, _ modifiers: Modifiers = []) -> InputEvent {
    .key(KeyPress(key, modifiers: modifiers))
}

func char(_ character: Character, _ modifiers: Modifiers = []) -> InputEvent {
    .key(KeyPress(.character(character), modifiers: modifiers))
}

func mouse(
    _ action: MouseAction, _ button: MouseButton, _ column: Int, _ row: Int, _ modifiers: Modifiers = []
) -> InputEvent {
    .mouse(MouseReport(action: action, button: button, column: column, row: row, modifiers: modifiers))
}

/// Decodes `bytes` in one feed, then flushes (as the run loop would after the escape delay).
func decodeWhole(_ bytes: [UInt8]) -> [InputEvent] {
    var decoder = InputDecoder()
    var events = decoder.feed(bytes)
    events += decoder.flush()
    return events
}

/// Decodes `bytes` one byte per feed, then flushes.
func decodeBytewise(_ bytes: [UInt8]) -> [InputEvent] {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    for byte in bytes { events += decoder.feed(CollectionOfOne(byte)) }
    events += decoder.flush()
    return events
}

/// One row of a table-driven decoder test.
struct DecodeCase {
    var input: [UInt8]
    var expected: [InputEvent]
    var line: UInt

    init(_ input: String, _ expected: [InputEvent], line: UInt = #line) {
        self.init(input.bytes, expected, line: line)
    }

    init(_ input: [UInt8], _ expected: [InputEvent], line: UInt = #line) {
        self.input = input
        self.expected = expected
        self.line = line
    }
}

/// Checks every case both fed whole and fed one byte at a time.
func check(_ cases: [DecodeCase], file: StaticString = #filePath) {
    for testCase in cases {
        XCTAssertEqual(
            decodeWhole(testCase.input), testCase.expected, "whole: \(testCase.input)",
            file: file, line: testCase.line)
        XCTAssertEqual(
            decodeBytewise(testCase.input), testCase.expected, "bytewise: \(testCase.input)",
            file: file, line: testCase.line)
    }
}
