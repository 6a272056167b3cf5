// A layout as the table designer (`cardtable design`) changes it: the map's groups and where each
// slot stands, in the file's own terms (map cells, [slots.X] settings, [[slot]] entries), so that
// `LayoutDocument` can write a changed design back into the file as a person would have written it.

/// One key of a `[slots.X]` table or a `[[slot]]` entry, its value kept as TOML source text so that an
/// unchanged value is written back byte for byte.
///
/// ```
/// DesignSetting(key: "fan", value: "\"down\"")
/// DesignSetting(key: "deal-down", value: "[0, 1, 2, 3, 4, 5, 6]")
/// ```
public struct DesignSetting: Hashable, Sendable {
    public var key: String
    /// The value as written in TOML: `"down"`, `13`, `true`, `[0, 1]`.
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// A string written as TOML text (quoted and escaped): `"A"` for `A`.
    public static func text(_ string: String) -> String { KeyPath.quoted(string) }

    /// The string a value stands for when it is a string (`"down"`, `'down'`, a multi-line one),
    /// else nil: read by the TOML parser, escapes and all. (Only a value that starts with a quote
    /// is parsed, so nothing nested reaches the parser unchecked.)
    public var string: String? {
        guard let first = value.unicodeScalars.first, first == "\"" || first == "'" else { return nil }
        let document = Array("v = ".unicodeScalars) + Array(value.unicodeScalars)
        return (try? TOMLParser.parse(document))?["v"]?.string
    }
}

extension [DesignSetting] {
    /// The value of `key`, as written; nil when the key is not set.
    public subscript(key: String) -> String? {
        get { first { $0.key == key }?.value }
        set {
            if let value = newValue {
                if let at = firstIndex(where: { $0.key == key }) {
                    self[at].value = value
                } else {
                    append(DesignSetting(key: key, value: value))
                }
            } else {
                removeAll { $0.key == key }
            }
        }
    }
}

/// A group of the map: every slot drawn with one character, and the settings of its `[slots.X]` table.
public struct DesignGroup: Hashable, Sendable {
    /// The map character (any non-blank character but `.`).
    public var character: Unicode.Scalar
    /// The keys of its `[slots.X]` table, in file order.
    public var settings: [DesignSetting]

    public init(character: Unicode.Scalar, settings: [DesignSetting]) {
        self.character = character
        self.settings = settings
    }

    /// The group's kind (`kind = "…"`), `free` when it is not set or not a kind.
    public var kind: SlotKind {
        settings["kind"].flatMap { DesignSetting(key: "kind", value: $0).string }.flatMap(SlotKind.init) ?? .free
    }

    /// The name its slots' ids are made from: `name`, else the kind if set, else the character.
    public var name: String {
        if let name = settings["name"].flatMap({ DesignSetting(key: "name", value: $0).string }) { return name }
        if settings["kind"] != nil { return kind.rawValue }
        return String(character)
    }

    /// The group's `offset` in card units (`[0, 0]` when it has none or it cannot be read).
    public var offset: GridPoint {
        guard let text = settings["offset"] else { return GridPoint(column: 0, row: 0) }
        let inside = text.trimmingBlanks().drop { $0 == "[" }.reversed().drop { $0 == "]" }.reversed()
        let numbers = String(inside).split(separator: ",").compactMap { Double($0.trimmingBlanks()) }
        return numbers.count == 2 ? GridPoint(column: numbers[0], row: numbers[1]) : GridPoint(column: 0, row: 0)
    }
}

/// Where a slot stands: on a cell of the map, or freely placed by a `[[slot]]` entry.
public enum DesignPlace: Hashable, Sendable {
    /// A map cell: its row and column, from 0 (the row is the map's line, the column counts the
    /// non-blank characters before it on that line).
    case cell(row: Int, column: Int)
    /// A `[[slot]]` entry's `at`: the top-left corner in card units.
    case free(GridPoint)
}

/// One slot of a design.
public struct DesignSlot: Hashable, Sendable {
    public var place: DesignPlace
    /// The map character of a slot on the map (its group); nil for a freely placed slot.
    public var character: Unicode.Scalar?
    /// A freely placed slot's `[[slot]]` keys but `at` (`id`, `group`, `kind`, `fan`, rules keys …), in
    /// file order; empty for a slot on the map.
    public var entry: [DesignSetting]

    /// A slot on the map.
    public init(character: Unicode.Scalar, row: Int, column: Int) {
        place = .cell(row: row, column: column)
        self.character = character
        entry = []
    }

    /// A freely placed slot.
    public init(at point: GridPoint, entry: [DesignSetting]) {
        place = .free(point)
        character = nil
        self.entry = entry
    }

    public var isOnMap: Bool { character != nil }
}

/// A whole design: the grid, the map's groups, and every slot.
///
/// Editing is done on values: each edit returns nothing but changes the design, and the editor keeps
/// its undo history as a list of designs.
///
/// ```
/// var design = TableDesign()
/// let stock = design.addSlot(kind: .stock, at: .cell(row: 0, column: 0))   // a group S, kind "stock"
/// design.moveSlot(stock, to: .cell(row: 0, column: 2))
/// design.setValue("\"down\"", forKey: "fan", ofSlot: stock)               // the group's fan
/// design.removeSlot(stock)                                                // and its group with it
/// ```
public struct TableDesign: Hashable, Sendable {
    /// Card units per map cell (`grid = [width, height]`); [1, 1] by default.
    public var grid: GridPoint
    /// The map's groups, in the order their `[slots.X]` tables are written.
    public var groups: [DesignGroup]
    /// Every slot, map slots and free slots, in the order they were read (map slots in reading order,
    /// then the `[[slot]]` entries in file order) or made. The order is kept as slots move; writing
    /// the map puts each character where its slot stands.
    public var slots: [DesignSlot]

    public init(grid: GridPoint = GridPoint(column: 1, row: 1), groups: [DesignGroup] = [], slots: [DesignSlot] = []) {
        self.grid = grid
        self.groups = groups
        self.slots = slots
    }

    // MARK: Reading

    /// The group of a slot on the map; nil for a free slot.
    public func group(of index: Int) -> DesignGroup? {
        guard let character = slots[index].character else { return nil }
        return groups.first { $0.character == character }
    }

    /// The settings that apply to a slot: its group's (map) or its entry's (free, without `id`,
    /// `group` and `at`).
    public func settings(of index: Int) -> [DesignSetting] {
        if let group = group(of: index) { return group.settings }
        return slots[index].entry.filter { !["id", "group", "at"].contains($0.key) }
    }

    /// The slot's kind.
    public func kind(of index: Int) -> SlotKind {
        settings(of: index)["kind"].flatMap { DesignSetting(key: "kind", value: $0).string }.flatMap(SlotKind.init)
            ?? .free
    }

    /// The top-left corner of the slot in card units, as the loader places it.
    public func position(of index: Int) -> GridPoint {
        switch slots[index].place {
        case .free(let point):
            return point
        case .cell(let row, let column):
            let offset = group(of: index)?.offset ?? GridPoint(column: 0, row: 0)
            return GridPoint(
                column: Double(column) * grid.column + offset.column, row: Double(row) * grid.row + offset.row)
        }
    }

    /// The slot's id in the loaded layout: `GROUP.N` numbered in reading order, or the group name
    /// alone for a group of one; a free slot's `id`.
    public func id(of index: Int) -> String {
        let slot = slots[index]
        guard let character = slot.character, let group = group(of: index) else {
            return slot.entry["id"].flatMap { DesignSetting(key: "id", value: $0).string } ?? ""
        }
        let members = slots.indices.filter { slots[$0].character == character }
        guard members.count > 1 else { return group.name }
        let ordered = members.sorted {
            readingOrder(slots[$0].place).lexicographicallyPrecedes(readingOrder(slots[$1].place))
        }
        return "\(group.name).\((ordered.firstIndex(of: index) ?? 0) + 1)"
    }

    /// The slot at a place, if any.
    public func slot(at place: DesignPlace) -> Int? {
        slots.firstIndex { $0.place == place }
    }

    /// The map cell nearest a point in card units, for a slot of `character`'s group (whose offset
    /// counts) or a new group; never left of column 0 or above row 0.
    public func cell(nearest point: GridPoint, character: Unicode.Scalar? = nil) -> DesignPlace {
        let offset =
            character.flatMap { c in groups.first { $0.character == c }?.offset } ?? GridPoint(column: 0, row: 0)
        let column = ((point.column - offset.column) / grid.column).rounded()
        let row = ((point.row - offset.row) / grid.row).rounded()
        return .cell(row: max(0, Int(row)), column: max(0, Int(column)))
    }

    // MARK: Editing

    /// Makes a slot of `kind` at `place` and returns its index. On the map it joins the first group of
    /// that kind (another `F` beside Klondike's foundations), or a new group with a character of its
    /// own (the kind's initial, upper case, when it is free) and `kind` set. A free place makes a
    /// `[[slot]]` entry with an id of its own (`kind.N`).
    @discardableResult
    public mutating func addSlot(kind: SlotKind, at place: DesignPlace) -> Int {
        switch place {
        case .cell(let row, let column):
            let character: Unicode.Scalar
            if let group = groups.first(where: { $0.kind == kind }) {
                character = group.character
            } else {
                character = freeCharacter(for: kind)
                var settings: [DesignSetting] = []
                if kind != .free { settings["kind"] = DesignSetting.text(kind.rawValue) }
                groups.append(DesignGroup(character: character, settings: settings))
            }
            slots.append(DesignSlot(character: character, row: row, column: column))
        case .free(let point):
            let used = Set(slots.indices.map { id(of: $0) })
            var number = 1
            while used.contains("\(kind.rawValue).\(number)") { number += 1 }
            var entry: [DesignSetting] = []
            entry["id"] = DesignSetting.text("\(kind.rawValue).\(number)")
            entry["group"] = DesignSetting.text(kind.rawValue)
            entry["kind"] = DesignSetting.text(kind.rawValue)
            slots.append(DesignSlot(at: point, entry: entry))
        }
        return slots.count - 1
    }

    /// Moves a slot to another place of its own sort: a map slot to a cell, a free slot to a point.
    /// (``makeFree(_:)`` takes a map slot off the map.)
    public mutating func moveSlot(_ index: Int, to place: DesignPlace) {
        switch (slots[index].place, place) {
        case (.cell, .cell), (.free, .free): slots[index].place = place
        default: preconditionFailure("a slot moves within the map or freely, not between them")
        }
    }

    /// Takes a map slot off the map into a `[[slot]]` entry at the same spot, with its group's
    /// settings (but `name` and `offset`) and an id and group of its own.
    public mutating func makeFree(_ index: Int) {
        guard let group = group(of: index) else { return }
        let point = position(of: index)
        let id = id(of: index)
        var entry: [DesignSetting] = []
        let used = Set(slots.indices.map { self.id(of: $0) })
        var freeID = id
        if slots.indices.contains(where: { slots[$0].character == group.character && $0 != index }) {
            // The map's numbering moves on without this slot: give it an id no slot will take.
            var number = 1
            repeat {
                freeID = "\(group.name)-free.\(number)"
                number += 1
            } while used.contains(freeID)
        }
        entry["id"] = DesignSetting.text(freeID)
        entry["group"] = DesignSetting.text(freeID.split(separator: ".").first.map(String.init) ?? freeID)
        for setting in group.settings where setting.key != "name" && setting.key != "offset" {
            entry.append(setting)
        }
        slots[index] = DesignSlot(at: point, entry: entry)
        removeEmptyGroups()
    }

    /// Deletes a slot; a map group left without slots goes with it.
    public mutating func removeSlot(_ index: Int) {
        slots.remove(at: index)
        removeEmptyGroups()
    }

    /// Sets (or, with nil, removes) a key that applies to a slot: its group's `[slots.X]` key, which
    /// every slot of the group shares, or its own entry's key. `value` is TOML source text.
    public mutating func setValue(_ value: String?, forKey key: String, ofSlot index: Int) {
        if let character = slots[index].character, let at = groups.firstIndex(where: { $0.character == character }) {
            groups[at].settings[key] = value
        } else {
            slots[index].entry[key] = value
        }
    }

    /// Puts a map slot into the group named `name` (a group's name, as ids are made): an existing
    /// group of that name, or a new one with the slot's old group's settings and `name` set.
    public mutating func assign(_ index: Int, toGroupNamed name: String) {
        guard let old = group(of: index), old.name != name else { return }
        if let existing = groups.first(where: { $0.name == name }) {
            slots[index].character = existing.character
        } else {
            let character = freeCharacter(for: old.kind)
            var settings = old.settings
            settings["name"] = DesignSetting.text(name)
            groups.append(DesignGroup(character: character, settings: settings))
            slots[index].character = character
        }
        removeEmptyGroups()
    }

    // MARK: Helpers

    /// A map character not yet used: the kind's initial in upper case, then lower case, then the
    /// rest of the letters and the digits.
    func freeCharacter(for kind: SlotKind) -> Unicode.Scalar {
        let used = Set(groups.map(\.character))
        let initial = kind == .trash ? "X" : kind.rawValue.prefix(1).uppercased()
        let candidates =
            [initial, initial.lowercased()]
            + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".map(String.init)
        for candidate in candidates {
            if let scalar = candidate.unicodeScalars.first, !used.contains(scalar) { return scalar }
        }
        // More groups than letters and digits: any other character that needs no care in a map.
        var code: UInt32 = 0xC0
        while let scalar = Unicode.Scalar(code), used.contains(scalar) { code += 1 }
        return Unicode.Scalar(code) ?? "?"
    }

    private mutating func removeEmptyGroups() {
        let used = Set(slots.compactMap(\.character))
        groups.removeAll { !used.contains($0.character) }
    }

    private func readingOrder(_ place: DesignPlace) -> [Double] {
        switch place {
        case .cell(let row, let column): [Double(row), Double(column)]
        case .free(let point): [Double.infinity, point.row, point.column]
        }
    }
}
