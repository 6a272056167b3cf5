import ArgumentParser
import Layouts
import Scripting

#if canImport(Glibc)
    import Glibc
#endif

/// `cardtable list`: the shipped games by family, then the free tables.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the shipped games by family, and the free tables."
    )

    func run() throws {
        printOut(ListCommand.listing(width: terminalSize(STDOUT_FILENO)?.columns), terminator: "", lines: true)
    }

    /// One line per family (`Klondike: klondike, klondike-3, …`), families in alphabetical order,
    /// then the tables without rules.
    ///
    /// On a terminal (`width`, its columns) a family's games go on as many lines as they need,
    /// under the first game, broken only between names: the terminal broke them mid-name at 80
    /// columns (`spanis` / `h-patience`), a name no one can type. Piped, each stays one line.
    static func listing(width: Int? = nil) -> String {
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
        let columns = width
        var text = ""
        let width = max(12, families.keys.map(\.count).max() ?? 0)
        for family in families.keys.sorted() {
            let games = families[family]!.sorted { $0.name < $1.name }
            text += wrapped(family.padded(to: width) + "  ", names(games), width: columns)
        }
        if !freeTables.isEmpty {
            text += wrapped("Free tables".padded(to: width) + "  ", names(freeTables), width: columns)
        }
        let count = families.values.reduce(0) { $0 + $1.count }
        text += scriptedListing(width: columns)
        text += "\n\(count) games. Play one with: cardtable play NAME [--deal N]\n"
        return text
    }

    /// The games scripted in Lua, and the options their scripts offer (`--option NAME=VALUE`).
    static func scriptedListing(width: Int? = nil) -> String {
        let scripted = ShippedLayouts.names.compactMap(ShippedLayouts.layout(named:)).filter { $0.script != nil }
        guard !scripted.isEmpty else { return "" }
        var text = "\n" + wrapped("Scripted in Lua: ", names(scripted), width: width)
        for layout in scripted.sorted(by: { $0.name < $1.name }) {
            guard let engine = ScriptedRules(layout: layout).engine else { continue }
            for option in engine.options {
                let values = option.values.isEmpty ? "VALUE" : option.values.joined(separator: "|")
                // The option's text goes on under its own first word, not under the game's
                // name (column 2), so the lines after the first read as the text they go on.
                let head = "  \(layout.name) --option \(option.name)=\(values)" + (option.text.isEmpty ? " " : ": ")
                // "(default 1)" is kept whole: cut after "(default" it read as a broken line.
                let words =
                    option.text.split(separator: " ").map(String.init) + ["(default \(option.defaultValue))"]
                // A head too long to leave the text a fair line takes its text on lines of
                // their own, four columns in.
                let room = width.map { $0 - head.count } ?? .max
                text +=
                    room >= 24
                    ? wrapped(head, words, width: width)
                    : wrapped(String(head.dropLast()), [], width: width)
                        + wrapped("    ", words, width: width)
            }
        }
        return text
    }

    /// The games' names, in order, each but the last with its comma.
    private static func names(_ layouts: [TableLayout]) -> [String] {
        let sorted = layouts.map(\.name).sorted()
        return sorted.enumerated().map { $0.offset < sorted.count - 1 ? $0.element + "," : $0.element }
    }

    /// `head` then `words` with a space between each two, on one line; with a `width`, on as
    /// many lines of at most that many columns as they need (a word longer than a line has its
    /// own), the lines after the first under the first word.
    static func wrapped(_ head: String, _ words: [String], width: Int?) -> String {
        guard let width else { return head + words.joined(separator: " ") + "\n" }
        let indent = String(repeating: " ", count: head.count)
        var text = ""
        var line = head
        var lineHasWord = false
        for word in words {
            if lineHasWord, line.count + 1 + word.count > width {
                text += line + "\n"
                line = indent
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        return text + line + "\n"
    }
}
