// Reading [slots.X] groups and [[slot]] entries into their settings, checking each value.

extension Loader {
    /// The settings of a `[slots.X]` group or a `[[slot]]` entry, as read (with defaults still open).
    struct Settings {
        var path: String
        var name: String?
        var kind: SlotKind?
        var fan: FanDirection = .none
        var fanVisible: Int?
        var capacity: Int?
        var tapToCreate: Bool?
        var deleteOnDrop: Bool?
        var label: String?
        var overlap = false
        var offset = GridPoint(column: 0, row: 0)
        // [[slot]] only
        var id: String?
        var group: String?
        var at: GridPoint?
        var atGiven = false

        func slot(id: String, group: String, position: GridPoint) -> SlotLayout {
            let kind = self.kind ?? .free
            return SlotLayout(
                id: id, group: group, kind: kind, position: position, fan: fan, fanVisible: fanVisible,
                capacity: capacity, tapToCreate: tapToCreate, deleteOnDrop: deleteOnDrop, label: label
            )
        }
    }

    /// The `[slots.X]` groups; nil (with an error) when there are more than a table may have
    /// slots, before any is read.
    func readGroups(_ root: TOMLTable) -> [(Unicode.Scalar, Settings)]? {
        guard let value = root["slots"] else { return [] }
        guard value.type == .table, let slots = value.table else {
            let hint = value.type == .array ? " (for freely placed slots, write [[slot]])" : ""
            error(
                "slots must be a table of [slots.X] tables, found \(describe(value))\(hint)",
                at: index.valuePosition("slots"), key: "slots")
            return []
        }
        let keys = sortedKeys(slots, parent: "slots")
        if keys.count > LayoutLoader.maxSlots {
            let path = KeyPath.join("slots", keys[LayoutLoader.maxSlots])
            error(
                "more than \(LayoutLoader.maxSlots) [slots.X] groups, the most a table may have",
                at: index.keyPosition(path) ?? index.keyPosition("slots"), key: "slots")
            return nil
        }
        var groups: [(Unicode.Scalar, Settings)] = []
        for key in keys {
            let path = KeyPath.join("slots", key)
            guard let entry = slots[key] else { continue }
            guard entry.type == .table, let table = entry.table else {
                error(
                    "[\(path)] must be a table of settings, found \(describe(entry))", at: index.valuePosition(path),
                    key: path)
                continue
            }
            let keyScalars = Array(key.unicodeScalars)
            guard keyScalars.count == 1, let character = keyScalars.first,
                !character.properties.isWhitespace, character != ".", character.value >= 0x20
            else {
                error(
                    "[\(path)] must be named by a single map character (not '.' or a blank)",
                    at: index.keyPosition(path), key: path)
                _ = readSettings(table, path: path, allowed: LayoutLoader.groupKeys, otherKeys: LayoutLoader.slotKeys)
                continue
            }
            groups.append(
                (
                    character,
                    readSettings(table, path: path, allowed: LayoutLoader.groupKeys, otherKeys: LayoutLoader.slotKeys)
                ))
        }
        return groups
    }

    /// The `[[slot]]` entries; nil (with an error) when there are more than a table may have slots,
    /// before any is read.
    func readExplicitSlots(_ root: TOMLTable) -> [Settings]? {
        guard let value = root["slot"] else { return [] }
        guard value.type == .array, let array = value.array else {
            let hint =
                value.type == .table ? " (write [[slot]] with two brackets, or use [slots.X] for map characters)" : ""
            error(
                "slot must be an array of tables ([[slot]]), found \(describe(value))\(hint)",
                at: index.valuePosition("slot"), key: "slot")
            return []
        }
        if array.count > LayoutLoader.maxSlots {
            let path = KeyPath.index("slot", LayoutLoader.maxSlots + 1)
            error(
                "more than \(LayoutLoader.maxSlots) [[slot]] entries, the most a table may have",
                at: index.keyPosition(path) ?? index.valuePosition("slot"), key: "slot")
            return nil
        }
        var result: [Settings] = []
        for n in 0..<array.count {
            let path = KeyPath.index("slot", n + 1)
            let entry = array[n]
            guard entry.type == .table, let table = entry.table else {
                error(
                    "slot[\(n + 1)] must be a table, found \(describe(entry))", at: index.valuePosition(path), key: path
                )
                continue
            }
            let settings = readSettings(
                table, path: path, allowed: LayoutLoader.slotKeys, otherKeys: LayoutLoader.groupKeys)
            if settings.id == nil && table["id"] == nil {
                error("[[slot]] needs an id = \"...\"", at: index.keyPosition(path), key: path)
            }
            if !settings.atGiven {
                error("[[slot]] needs a position: at = [column, row]", at: index.keyPosition(path), key: path)
            }
            result.append(settings)
        }
        return result
    }

    func readSettings(_ table: TOMLTable, path: String, allowed: [String], otherKeys: [String]) -> Settings {
        let context = path.hasPrefix("slot[") ? "in [[slot]] \(path.dropFirst(5).dropLast())" : "in [\(path)]"
        checkKeys(table, path: path, allowed: allowed, context: context, otherKeys: otherKeys)
        var settings = Settings(path: path)
        if allowed.contains("name"), let name = string(table, "name", parent: path) {
            if isName(name) {
                settings.name = name
            } else {
                error(
                    "name must be letters, digits, '-' or '_', found \(quote(name))",
                    at: index.valuePosition(KeyPath.join(path, "name")), key: KeyPath.join(path, "name"))
            }
        }
        if allowed.contains("id"), let id = string(table, "id", parent: path) {
            if !id.isEmpty && id.unicodeScalars.allSatisfy({ KeyPath.isBareKeyScalar($0) || $0 == "." }) {
                settings.id = id
            } else {
                error(
                    "id must be letters, digits, '-', '_' or '.', found \(quote(id))",
                    at: index.valuePosition(KeyPath.join(path, "id")), key: KeyPath.join(path, "id"))
            }
        }
        if allowed.contains("group"), let group = string(table, "group", parent: path) {
            if isName(group) {
                settings.group = group
            } else {
                error(
                    "group must be letters, digits, '-' or '_', found \(quote(group))",
                    at: index.valuePosition(KeyPath.join(path, "group")), key: KeyPath.join(path, "group"))
            }
        }
        settings.kind = enumeration(table, "kind", parent: path, as: SlotKind.self)
        settings.fan = enumeration(table, "fan", parent: path, as: FanDirection.self) ?? .none
        if let visible = integer(table, "fan-visible", parent: path) {
            let keyPath = KeyPath.join(path, "fan-visible")
            if visible < 1 {
                error(
                    "fan-visible must be at least 1, found \(visible)", at: index.valuePosition(keyPath), key: keyPath)
            } else if visible > LayoutLoader.maxFanVisible {
                error(
                    "fan-visible must be at most \(LayoutLoader.maxFanVisible), found \(visible)",
                    at: index.valuePosition(keyPath), key: keyPath)
            } else {
                settings.fanVisible = visible
                if settings.fan == .none && (table["fan"] == nil || table["fan"]?.string == "none") {
                    warning(
                        "fan-visible has no effect when fan is \"none\"", at: index.keyPosition(keyPath), key: keyPath)
                }
            }
        }
        if let capacity = integer(table, "capacity", parent: path) {
            let keyPath = KeyPath.join(path, "capacity")
            if capacity < 0 {
                error("capacity must be 0 or more, found \(capacity)", at: index.valuePosition(keyPath), key: keyPath)
            } else {
                settings.capacity = capacity
            }
        }
        settings.tapToCreate = boolean(table, "tap-to-create", parent: path)
        settings.deleteOnDrop = boolean(table, "delete-on-drop", parent: path)
        if let label = string(table, "label", parent: path),
            !holdsControlCharacter(label, at: KeyPath.join(path, "label"))
        {
            settings.label = label
        }
        settings.overlap = boolean(table, "overlap", parent: path) ?? false
        if allowed.contains("offset"), let offset = numberPair(table, "offset", parent: path, shape: "[column, row]") {
            if abs(offset.column) <= LayoutLoader.maxOffset && abs(offset.row) <= LayoutLoader.maxOffset {
                settings.offset = offset
            } else {
                let keyPath = KeyPath.join(path, "offset")
                error(
                    "offset must stay within \(format(LayoutLoader.maxOffset)) card units",
                    at: index.valuePosition(keyPath), key: keyPath)
            }
        }
        if allowed.contains("at") {
            settings.atGiven = table["at"] != nil
            settings.at = numberPair(table, "at", parent: path, shape: "[column, row]")
        }
        return settings
    }

    func isName(_ text: String) -> Bool {
        KeyPath.isBare(text)
    }
}
