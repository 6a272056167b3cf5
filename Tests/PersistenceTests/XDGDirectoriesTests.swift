import XCTest

@testable import Persistence

final class XDGDirectoriesTests: XCTestCase {
    func testDefaultsAreUnderHome() throws {
        let folders = try XCTUnwrap(XDGDirectories(environment: ["HOME": "/home/ann/"]))
        XCTAssertEqual(folders.state, "/home/ann/.local/state/cardtable")
        XCTAssertEqual(folders.data, "/home/ann/.local/share/cardtable")
        XCTAssertEqual(folders.config, "/home/ann/.config/cardtable")
        XCTAssertEqual(folders.settingsFile, "/home/ann/.config/cardtable/config.toml")
    }

    func testAbsoluteVariablesWinAndRelativeOnesAreIgnored() throws {
        let folders = try XCTUnwrap(
            XDGDirectories(environment: [
                "HOME": "/home/ann", "XDG_STATE_HOME": "/s", "XDG_DATA_HOME": "relative", "XDG_CONFIG_HOME": "",
            ]))
        XCTAssertEqual(folders.state, "/s/cardtable")
        XCTAssertEqual(folders.data, "/home/ann/.local/share/cardtable")
        XCTAssertEqual(folders.config, "/home/ann/.config/cardtable")
    }

    func testNoHomeAndNoVariablesIsNowhere() {
        XCTAssertNil(XDGDirectories(environment: [:]))
        XCTAssertNil(XDGDirectories(environment: ["HOME": "relative", "XDG_STATE_HOME": "/s"]))
    }
}
