import Layouts
import XCTest

/// A Klondike-shaped table (stock, waste, four foundations, seven columns) named `NAME` whose
/// rules are changed by a script `NAME.lua` given as text: for tests of what the table does with
/// a script's hooks.
enum ScriptedTable {
    /// The layout's text; `columns` are the tableau group's rules keys.
    static func layoutText(name: String, columns: String) -> String {
        """
        name = "\(name)"
        title = "\(name.prefix(1).uppercased() + name.dropFirst())"
        script = "\(name).lua"
        map = \"\"\"
        S W . F F F F
        T T T T T T T
        \"\"\"
        [game]
        [slots.S]
        kind = "stock"
        [slots.W]
        kind = "waste"
        [slots.F]
        kind = "foundation"
        [slots.T]
        kind = "tableau"
        fan = "down"
        \(columns)
        """
    }

    /// The table dealt with `seed`, its script read from `script`.
    static func harness(name: String, columns: String, script: String, seed: UInt64 = 3) throws -> Harness {
        let text = layoutText(name: name, columns: columns)
        let result = LayoutLoader.load(text: text, file: "/tables/\(name).toml") { file, _ in
            .success(LayoutScript(name: file, file: "/tables/\(file)", source: script))
        }
        let layout = try XCTUnwrap(result.layout, "\(result.diagnostics)")
        let harness = Harness(layout: layout, seed: seed, width: 100, height: 34)
        harness.renderFrame()
        return harness
    }
}
