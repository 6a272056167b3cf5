// Reading a layout's text into a TableDesign: the grid, the map's cells, each `[slots.X]` table's
// keys and each `[[slot]]` entry's, with every value kept as the TOML text it is written as.
//
// Only the shape is checked here (what a design must have to hold the layout); values are the
// loader's to judge, and the designer opens a layout whose values are wrong so that they can be
// mended.

struct DesignReader {
    let syntax: TOMLSyntax
    let root: TOMLTable
    let index: SourceIndex

    func read() throws(ShapeProblem) -> TableDesign {
        var design = TableDesign(grid: grid)
        let picture = try map()
        let cells = picture?.slots ?? []
        guard cells.count <= LayoutLoader.maxSlots else {
            throw problem("the map has more than \(LayoutLoader.maxSlots) slots, the most a table may have", "map")
        }
        design.groups = try groups()
        for (cell, character) in cells {
            design.slots.append(DesignSlot(character: character, row: cell.row, column: cell.column))
            // A character without a [slots.X] table still makes a group, with no settings (the
            // loader says it lacks a table), so that every map slot has its group.
            if !design.groups.contains(where: { $0.character == character }) {
                design.groups.append(DesignGroup(character: character, settings: []))
            }
        }
        design.slots += try entries()
        return design
    }

    // MARK: Parts

    /// `grid`, when it is two numbers the loader takes; [1, 1] otherwise, as the loader places slots.
    var grid: GridPoint {
        guard let pair = root["grid"].flatMap(DesignReader.numberPair), pair.column > 0, pair.row > 0,
            pair.column <= LayoutLoader.maxGrid, pair.row <= LayoutLoader.maxGrid
        else { return GridPoint(column: 1, row: 1) }
        return pair
    }

    /// The map's picture; nil when there is no map.
    func map() throws(ShapeProblem) -> MapPicture? {
        guard let value = root["map"] else { return nil }
        guard let string = value.string else { throw problem("map must be a string", "map") }
        return MapPicture(string, opensWithLineBreak: quoting(of: "map")?.openingBreak.isEmpty == false)
    }

    /// How the string value at `path` is quoted; nil when it is not written as a string.
    func quoting(of path: String) -> MapQuoting? {
        guard let start = index.valueOffsets[path], let end = index.valueEnds[path], start < end else { return nil }
        return MapQuoting(
            source: Array(syntax.scalars[start..<end]), fileLineBreak: syntax.text.contains("\r\n") ? "\r\n" : "\n")
    }

    /// The `[slots.X]` groups, in file order.
    func groups() throws(ShapeProblem) -> [DesignGroup] {
        guard let value = root["slots"] else { return [] }
        guard let slots = value.table else { throw problem("slots must be a table of [slots.X] tables", "slots") }
        let keys = ordered(slots.keys, in: "slots")
        guard keys.count <= LayoutLoader.maxSlots else {
            throw problem("more than \(LayoutLoader.maxSlots) [slots.X] groups, the most a table may have", "slots")
        }
        var groups: [DesignGroup] = []
        for key in keys {
            let path = KeyPath.join("slots", key)
            guard let table = slots[key]?.table else { throw problem("[\(path)] must be a table of settings", path) }
            let scalars = Array(key.unicodeScalars)
            guard scalars.count == 1, let character = scalars.first, !character.properties.isWhitespace,
                character != ".", character.value >= 0x20
            else { throw problem("[\(path)] must be named by a single map character (not '.' or a blank)", path) }
            groups.append(DesignGroup(character: character, settings: settings(table, path: path)))
        }
        return groups
    }

    /// The `[[slot]]` entries, in file order.
    func entries() throws(ShapeProblem) -> [DesignSlot] {
        guard let value = root["slot"] else { return [] }
        guard let array = value.array else { throw problem("slot must be an array of tables ([[slot]])", "slot") }
        guard array.count <= LayoutLoader.maxSlots else {
            throw problem("more than \(LayoutLoader.maxSlots) [[slot]] entries, the most a table may have", "slot")
        }
        var slots: [DesignSlot] = []
        for n in 0..<array.count {
            let path = KeyPath.index("slot", n + 1)
            guard let table = array[n].table else { throw problem("slot[\(n + 1)] must be a table", path) }
            guard let at = table["at"] else { throw problem("[[slot]] needs a position: at = [column, row]", path) }
            guard let point = DesignReader.numberPair(at), point.column.isFinite, point.row.isFinite else {
                throw problem("at must be an array of two numbers [column, row]", KeyPath.join(path, "at"))
            }
            slots.append(DesignSlot(at: point, entry: settings(table, path: path).filter { $0.key != "at" }))
        }
        return slots
    }

    // MARK: Helpers

    /// A table's keys that have a value of their own, in file order, each with its value as written.
    /// (A key that only names a table, `x` of `x.y = 1`, has none: the design leaves it alone.)
    func settings(_ table: TOMLTable, path: String) -> [DesignSetting] {
        ordered(table.keys, in: path).compactMap { key in
            let keyPath = KeyPath.join(path, key)
            guard let start = index.valueOffsets[keyPath], let end = index.valueEnds[keyPath], start <= end else {
                return nil
            }
            return DesignSetting(key: key, value: String(scalars: syntax.scalars[start..<end]))
        }
    }

    /// Keys in the order the file writes them.
    func ordered(_ keys: [String], in parent: String) -> [String] {
        keys.map { (index.order[KeyPath.join(parent, $0)] ?? Int.max, $0) }.sorted { a, b in
            a.0 != b.0 ? a.0 < b.0 : a.1 < b.1
        }.map(\.1)
    }

    static func numberPair(_ value: TOMLValue) -> GridPoint? {
        guard let array = value.array, array.count == 2 else { return nil }
        func number(_ value: TOMLValue) -> Double? { value.double ?? value.int.map(Double.init) }
        guard let column = number(array[0]), let row = number(array[1]) else { return nil }
        return GridPoint(column: column, row: row)
    }

    func problem(_ message: String, _ keyPath: String) -> ShapeProblem {
        ShapeProblem(message: message, position: index.valuePosition(keyPath), keyPath: keyPath)
    }
}
