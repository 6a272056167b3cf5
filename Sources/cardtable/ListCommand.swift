import ArgumentParser
import Layouts
import Scripting

/// `cardtable list`: the shipped games by family, then the free tables.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the shipped games by family, and the free tables."
    )

    func run() throws {
        printOut(ListCommand.listing(), terminator: "", lines: true)
    }

    /// One line per family (`Klondike: klondike, klondike-3, …`), families in alphabetical order,
    /// then the tables without rules.
    static func listing() -> String {
        var families: [String: [TableLayout]] = [:]
        var freeTables: [TableLayout] = []
        for name in ShippedLayouts.names {
            guard let layout = ShippedLayouts.layout(named: name) else { continue }
            if let rules = layout.rules {
                families[rules.family, default: []].append(layout)
            } else {
                freeTables.append(layout)
            }
        }
        var text = ""
        let width = max(12, families.keys.map(\.count).max() ?? 0)
        for family in families.keys.sorted() {
            let games = families[family]!.sorted { $0.name < $1.name }
            text += family.padded(to: width) + "  "
            text += games.map(\.name).joined(separator: ", ") + "\n"
        }
        if !freeTables.isEmpty {
            text += "Free tables".padded(to: width) + "  "
            text += freeTables.map(\.name).joined(separator: ", ") + "\n"
        }
        let count = families.values.reduce(0) { $0 + $1.count }
        text += scriptedListing()
        text += "\n\(count) games. Play one with: cardtable play NAME [--deal N]\n"
        return text
    }

    /// The games scripted in Lua, and the options their scripts offer (`--option NAME=VALUE`).
    static func scriptedListing() -> String {
        let scripted = ShippedLayouts.names.compactMap(ShippedLayouts.layout(named:)).filter { $0.script != nil }
        guard !scripted.isEmpty else { return "" }
        var text = "\nScripted in Lua: " + scripted.map(\.name).sorted().joined(separator: ", ") + "\n"
        for layout in scripted.sorted(by: { $0.name < $1.name }) {
            guard let engine = ScriptedRules(layout: layout).engine else { continue }
            for option in engine.options {
                let values = option.values.isEmpty ? "VALUE" : option.values.joined(separator: "|")
                text += "  \(layout.name) --option \(option.name)=\(values)"
                text += option.text.isEmpty ? "" : ": \(option.text)"
                text += " (default \(option.defaultValue))\n"
            }
        }
        return text
    }
}
