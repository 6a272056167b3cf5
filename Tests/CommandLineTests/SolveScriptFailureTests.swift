import Foundation
import TestSupport
import XCTest

/// A search through a scripted variant's hooks proves nothing once a hook has failed: the moves
/// the failing hook would have allowed were never searched, so the deal is `unknown`, never
/// `impossible`, and the failure is said.
final class SolveScriptFailureTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws { folder = try TemporaryFolder.make() }
    override func tearDown() { TemporaryFolder.remove(folder) }

    func testADealWhoseScriptFailedIsUnknownNotImpossible() throws {
        let copied = try runCardtable(["copy", "klondike-lua", "broken", "--to", folder], in: folder)
        XCTAssertEqual(copied.status, 0, copied.errors)
        // The generic search, through the hooks (not Klondike's own search), with a stock that fails.
        let layoutPath = folder + "/broken.toml"
        let layout = try String(contentsOfFile: layoutPath, encoding: .utf8)
        try layout.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("solver") }.joined(separator: "\n")
            .write(toFile: layoutPath, atomically: false, encoding: .utf8)
        let script = try String(contentsOfFile: folder + "/broken.lua", encoding: .utf8)
        try (script + "\nfunction on_stock_click() error(\"the stock is broken\") end\n")
            .write(toFile: folder + "/broken.lua", atomically: false, encoding: .utf8)

        let run = try runCardtable(["solve", "./broken.toml", "--deal", "1", "--seconds", "5"], in: folder)
        XCTAssertTrue(run.errors.contains("the stock is broken"), run.errors)
        let line = try XCTUnwrap(run.output.split(separator: "\n").first { $0.hasPrefix("   1 ") }, run.output)
        let verdict = line.split(separator: " ")[1]
        XCTAssertEqual(verdict, "unknown", run.output)
        XCTAssertTrue(run.output.contains("0 impossible"), run.output)
        XCTAssertNotEqual(run.status, 0)
    }
}
