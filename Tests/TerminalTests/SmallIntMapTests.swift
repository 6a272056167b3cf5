import TestSupport
import XCTest

@testable import Terminal

/// The frame encoder's small map answers as a dictionary does, below and past the size where
/// it becomes one.
final class SmallIntMapTests: XCTestCase {
    func testItAnswersAsADictionary() {
        var random = SplitMix64(seed: 3)
        for keyRange in [8, 60, 400] {
            var map = SmallIntMap()
            var dictionary: [Int: Int] = [:]
            for _ in 0..<3000 {
                let key = random.below(keyRange) - keyRange / 2
                let value: Int? = random.chance(15) ? nil : random.below(50)
                map[key] = value
                dictionary[key] = value
                let probe = random.below(keyRange) - keyRange / 2
                XCTAssertEqual(map[probe], dictionary[probe])
            }
            let expected = dictionary.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
            XCTAssertEqual(map.keyOfLargestValue, expected, "\(keyRange) keys")
        }
    }

    func testNoKeysHaveNoLargest() {
        XCTAssertNil(SmallIntMap().keyOfLargestValue)
    }
}
