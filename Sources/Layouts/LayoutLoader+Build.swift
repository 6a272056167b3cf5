// Building the table from what was read: names, the grid, map characters against their groups,
// slots placed and numbered, unique ids, bounds and overlaps.
//
// The steps run in this order whatever went wrong before, so one load reports every error; the order
// also keeps messages at the same place in their written order.

extension Loader {
    /// A slot being built, with where it came from.
    struct PendingSlot {
        var slot: SlotLayout
        var position: SourcePosition?
        var keyPath: String
        var overlap: Bool
    }

    /// The `[slots.X]` groups by map character, in file order (the first of a repeated character wins).
    struct Groups {
        var byCharacter: [Unicode.Scalar: Settings] = [:]
        var order: [Unicode.Scalar] = []

        init(_ groups: [(Unicode.Scalar, Settings)]) {
            for (character, settings) in groups where byCharacter[character] == nil {
                byCharacter[character] = settings
                order.append(character)
            }
        }
    }

    func build(_ root: TOMLTable) -> TableLayout? {
        checkKeys(root, path: "", allowed: LayoutLoader.topLevelKeys, context: "at the top level", otherKeys: [])
        let (name, title) = readNameAndTitle(root)
        let grid = readGrid(root)

        let mapValue = string(root, "map", parent: "")
        let cells = mapValue.map(parseMap) ?? []
        if cells.count > LayoutLoader.maxSlots {
            error(
                "the map has more than \(LayoutLoader.maxSlots) slots, the most a table may have",
                at: cells[LayoutLoader.maxSlots].position, key: "map")
            return nil
        }
        guard let read = readGroups(root) else { return nil }
        let groups = Groups(read)
        guard let explicit = readExplicitSlots(root) else { return nil }
        let usedCharacters = Set(cells.map(\.character))
        checkMapAgainstGroups(
            cells: cells, groups: groups, usedCharacters: usedCharacters, explicit: explicit,
            mapWritten: root["map"] != nil, mapRead: mapValue != nil)
        let groupNames = nameGroups(groups, usedCharacters: usedCharacters)

        let pending =
            mapSlots(cells, groups: groups, groupNames: groupNames, grid: grid) + freelyPlacedSlots(explicit)
        guard checkSlotCount(pending) else { return nil }
        checkUniqueIDs(pending)
        checkOverlaps(slotsWithinBounds(pending))
        namesScript = root["script"] != nil
        let rules = readRules(
            root, groups: groups, groupNames: groupNames, explicit: explicit, slots: pending.map(\.slot))

        let script = readScript(root)
        var slots = pending.map(\.slot)
        for index in slots.indices where rules?.groups[slots[index].group]?.available?.contains(.bottom) == true {
            slots[index].showsBottom = true
        }
        return TableLayout(name: name, title: title, slots: slots, rules: rules, script: script)
    }

    // MARK: Steps

    /// `name` (the file's name by default) and `title` (the name by default).
    func readNameAndTitle(_ root: TOMLTable) -> (name: String, title: String) {
        var name = defaultName()
        if let value = string(root, "name", parent: "") {
            if value.trimmingBlanks().isEmpty {
                error("name must not be empty", at: index.valuePosition("name"), key: "name")
            } else if !isRefusedText(value, of: "name") {
                name = value
            }
        }
        guard let title = string(root, "title", parent: "") else { return (name, name) }
        return (name, isRefusedText(title, of: "title") ? name : title)
    }

    /// Whether `value` of the top-level `key` is longer than ``LayoutLoader/maxNameCharacters``
    /// or holds a control character (and so an error): a 1 MB title made every game's line in
    /// the statistics 1 MB, and the statistics were full after a few games; a line feed or a
    /// carriage return in it ended its line in every save early, and the save did not read back.
    /// Characters are counted as Unicode scalars: one letter with 3,000 accents is one
    /// character to Swift, and 6 KB in a statistics line of at most 4 KB.
    private func isRefusedText(_ value: String, of key: String) -> Bool {
        if holdsControlCharacter(value, at: key) { return true }
        let count = value.unicodeScalars.count
        guard count > LayoutLoader.maxNameCharacters else { return false }
        error(
            "\(key) is \(count) characters, longer than the \(LayoutLoader.maxNameCharacters) a \(key) may be",
            at: index.valuePosition(key), key: key)
        return true
    }

    /// C0 controls, DEL and C1 controls.
    static func isControlCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    /// Whether text the program shows (a name, a title, a slot's label, a family) holds a
    /// character a terminal would act on rather than show (``TerminalText/isUnsafe(_:keepingLines:)``:
    /// the controls, the bidirectional controls, the line separators), and so an error at
    /// `keyPath` that names it as messages show it (`\x07`): a bell in a slot's label passed
    /// `check` and the table drew it as `?`.
    func holdsControlCharacter(_ value: String, at keyPath: String) -> Bool {
        guard let control = value.unicodeScalars.first(where: { TerminalText.isUnsafe($0) }) else { return false }
        error(
            "\(keyPath) holds the control character \(TerminalText.escaped(control))",
            at: index.valuePosition(keyPath), key: keyPath)
        return true
    }

    func defaultName() -> String {
        let base = PathNames.lastComponent(file)
        let name = base.hasSuffix(".toml") ? String(base.dropLast(5)) : base
        return name.isEmpty ? "layout" : name
    }

    /// The size of one map cell in card units; 1 by 1 by default.
    func readGrid(_ root: TOMLTable) -> GridPoint {
        guard let pair = numberPair(root, "grid", parent: "", shape: "[width, height]") else {
            return GridPoint(column: 1, row: 1)
        }
        if pair.column > 0, pair.row > 0, pair.column <= LayoutLoader.maxGrid, pair.row <= LayoutLoader.maxGrid {
            return pair
        }
        error(
            "grid sizes must be greater than 0 and at most \(format(LayoutLoader.maxGrid)) card units",
            at: index.valuePosition("grid"), key: "grid")
        return GridPoint(column: 1, row: 1)
    }

    /// Map characters and `[slots.X]` tables must match: every character has a table, every table is used,
    /// and there is a map with slots (or freely placed slots instead).
    func checkMapAgainstGroups(
        cells: [MapCell], groups: Groups, usedCharacters: Set<Unicode.Scalar>, explicit: [Settings],
        mapWritten: Bool, mapRead: Bool
    ) {
        var reported = Set<Unicode.Scalar>()
        for cell in cells where groups.byCharacter[cell.character] == nil && !reported.contains(cell.character) {
            reported.insert(cell.character)
            let shown = showCharacter(cell.character)
            error(
                "map character \(shown) has no [slots.\(keyForm(cell.character))] table", at: cell.position, key: "map")
        }
        if !mapWritten {
            if explicit.isEmpty {
                error(
                    "missing map: a layout needs a map (or at least one [[slot]])",
                    at: SourcePosition(line: 1, column: 1), key: "map")
            } else {
                for character in groups.order {
                    let path = KeyPath.join("slots", String(character))
                    error("[\(path)] is not used: there is no map", at: index.keyPosition(path), key: path)
                }
            }
        } else if mapRead {
            for character in groups.order where !usedCharacters.contains(character) {
                let path = KeyPath.join("slots", String(character))
                error(
                    "[\(path)] is not used: \(showCharacter(character)) does not appear in the map",
                    at: index.keyPosition(path), key: path)
            }
            if cells.isEmpty && explicit.isEmpty {
                error(
                    "the map has no slots: every character but '.' and blanks is a slot",
                    at: index.valuePosition("map"), key: "map")
            }
        }
    }

    /// The group name of each used map character: its `name`, else its `kind`, else the character.
    /// Two groups may not share a name; the second gets none (and so no slots).
    func nameGroups(_ groups: Groups, usedCharacters: Set<Unicode.Scalar>) -> [Unicode.Scalar: String] {
        var groupNames: [Unicode.Scalar: String] = [:]
        var groupOwner: [String: String] = [:]  // group name -> the [slots.X] path that took it
        for character in groups.order where usedCharacters.contains(character) {
            let settings = groups.byCharacter[character]!
            let groupName = settings.name ?? settings.kind?.rawValue ?? String(character)
            if let owner = groupOwner[groupName] {
                let at = index.valuePosition(KeyPath.join(settings.path, "name")) ?? index.keyPosition(settings.path)
                error(
                    "group name '\(groupName)' is already used by [\(owner)]; give [\(settings.path)] its own name = \"...\"",
                    at: at, key: settings.path)
                continue
            }
            groupOwner[groupName] = settings.path
            groupNames[character] = groupName
        }
        return groupNames
    }

    /// Slots of the map, numbered within their group in reading order (`tableau.1`, `tableau.2`, …);
    /// a group with one slot gives it the group's name as its id.
    func mapSlots(
        _ cells: [MapCell], groups: Groups, groupNames: [Unicode.Scalar: String], grid: GridPoint
    ) -> [PendingSlot] {
        var pending: [PendingSlot] = []
        var countByCharacter: [Unicode.Scalar: Int] = [:]
        for cell in cells { countByCharacter[cell.character, default: 0] += 1 }
        var numberByCharacter: [Unicode.Scalar: Int] = [:]
        for cell in cells {
            guard let settings = groups.byCharacter[cell.character], let groupName = groupNames[cell.character]
            else {
                continue
            }
            let number = numberByCharacter[cell.character, default: 0] + 1
            numberByCharacter[cell.character] = number
            let id = countByCharacter[cell.character] == 1 ? groupName : "\(groupName).\(number)"
            let position = GridPoint(
                column: Double(cell.column) * grid.column + settings.offset.column,
                row: Double(cell.row) * grid.row + settings.offset.row
            )
            pending.append(
                PendingSlot(
                    slot: settings.slot(id: id, group: groupName, position: position),
                    position: cell.position, keyPath: "map", overlap: settings.overlap
                ))
        }
        return pending
    }

    /// `[[slot]]` entries that have an id and a position (the others were reported when read).
    func freelyPlacedSlots(_ explicit: [Settings]) -> [PendingSlot] {
        explicit.compactMap { settings in
            guard let id = settings.id, let at = settings.at else { return nil }
            let group = settings.group ?? id
            return PendingSlot(
                slot: settings.slot(id: id, group: group, position: at),
                position: index.valuePosition(KeyPath.join(settings.path, "id")) ?? index.keyPosition(settings.path),
                keyPath: settings.path, overlap: settings.overlap
            )
        }
    }

    /// False, with an error, when there are more slots than a table may have.
    func checkSlotCount(_ pending: [PendingSlot]) -> Bool {
        guard pending.count > LayoutLoader.maxSlots else { return true }
        error(
            "too many slots (\(pending.count)); a table has at most \(LayoutLoader.maxSlots)",
            at: index.valuePosition("map") ?? SourcePosition(line: 1, column: 1), key: nil)
        return false
    }

    func checkUniqueIDs(_ pending: [PendingSlot]) {
        var firstByID: [String: PendingSlot] = [:]
        for entry in pending {
            if let first = firstByID[entry.slot.id] {
                let firstPlace = first.position.map { "line \($0.line), column \($0.column)" } ?? first.keyPath
                error(
                    "duplicate slot id '\(entry.slot.id)' (the first is at \(firstPlace))", at: entry.position,
                    key: entry.keyPath)
            } else {
                firstByID[entry.slot.id] = entry
            }
        }
    }

    /// The slots whose positions are within bounds; an error for each that is too far out, a warning for
    /// each at a negative position.
    func slotsWithinBounds(_ pending: [PendingSlot]) -> [PendingSlot] {
        var placed: [PendingSlot] = []
        for entry in pending {
            let p = entry.slot.position
            guard p.column.isFinite, p.row.isFinite,
                abs(p.column) <= LayoutLoader.maxCoordinate, abs(p.row) <= LayoutLoader.maxCoordinate
            else {
                error(
                    "slot '\(entry.slot.id)' is too far out (column \(format(p.column)), row \(format(p.row))); positions stay within \(format(LayoutLoader.maxCoordinate)) card units",
                    at: entry.position, key: entry.keyPath)
                continue
            }
            if p.column < 0 || p.row < 0 {
                warning(
                    "slot '\(entry.slot.id)' is off the table (column \(format(p.column)), row \(format(p.row))): positions should not be negative",
                    at: entry.position, key: entry.keyPath)
            }
            placed.append(entry)
        }
        return placed
    }

    /// A warning for each pair of slots closer than a card, unless both say `overlap = true`
    /// (at most 20, then a count).
    func checkOverlaps(_ slots: [PendingSlot]) {
        let epsilon = 1e-9
        var count = 0
        let limit = 20
        for j in slots.indices {
            for i in 0..<j {
                let a = slots[i]
                let b = slots[j]
                if a.overlap && b.overlap { continue }
                if a.slot.id == b.slot.id { continue }  // already an error
                let dx = abs(a.slot.position.column - b.slot.position.column)
                let dy = abs(a.slot.position.row - b.slot.position.row)
                guard dx < 1 - epsilon, dy < 1 - epsilon else { continue }
                count += 1
                if count <= limit {
                    warning(
                        "slot '\(b.slot.id)' overlaps slot '\(a.slot.id)'; if that is meant, set overlap = true in both",
                        at: b.position, key: b.keyPath)
                }
            }
        }
        if count > limit {
            warning("\(count - limit) more overlapping slots not shown", at: nil, key: nil)
        }
    }
}
