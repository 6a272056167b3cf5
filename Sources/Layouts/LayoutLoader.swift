// Layout files (TOML) -> TableLayout, with compiler-style diagnostics.
//
// TOMLKit parses the text; SourceIndex finds where keys, values and map characters are written,
// since TOMLKit keeps no positions. Every check runs even after an error, so one load reports
// everything that is wrong; the layout is returned only when there is no error.

import Foundation
import TOMLKit

public enum LayoutLoader {
    /// Limits that keep a hand-written (or mangled) file from producing absurd tables.
    public static let maxSlots = 500
    public static let maxFanVisible = 104
    /// Slot positions must stay within this many card units of the origin.
    public static let maxCoordinate = 1000.0
    /// Largest `grid` cell and largest `offset`, in card units.
    public static let maxGrid = 10.0
    public static let maxOffset = 100.0

    /// Keys of the top-level table.
    public static let topLevelKeys = ["name", "title", "grid", "map", "slots", "slot"]
    /// Keys of a `[slots.X]` table (one map character's group).
    public static let groupKeys = [
        "name", "kind", "fan", "fan-visible", "capacity", "tap-to-create", "delete-on-drop", "label", "offset",
        "overlap",
    ]
    /// Keys of a `[[slot]]` entry (one freely placed slot).
    public static let slotKeys = [
        "id", "group", "at", "kind", "fan", "fan-visible", "capacity", "tap-to-create", "delete-on-drop", "label",
        "overlap",
    ]

    /// Loads a layout from text. `file` names it in diagnostics and gives the default `name`.
    public static func load(text: String, file: String) -> LayoutLoadResult {
        let loader = Loader(text: text, file: file)
        let layout = loader.run()
        return loader.result(layout: layout)
    }

    /// Loads a layout file. A file that cannot be read gives an error diagnostic.
    public static func load(path: String) -> LayoutLoadResult {
        func failure(_ message: String, _ position: SourcePosition? = nil) -> LayoutLoadResult {
            LayoutLoadResult(
                layout: nil,
                diagnostics: [
                    LayoutDiagnostic(file: path, position: position, keyPath: nil, severity: .error, message: message)
                ]
            )
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return failure("no such file")
        }
        if isDirectory.boolValue {
            return failure("is a directory, not a layout file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return failure("cannot read the file (permission denied?)")
        }
        switch decodeUTF8(data) {
        case .success(let text):
            return load(text: text, file: path)
        case .failure(let bad):
            return failure("the file is not valid UTF-8", bad.position)
        }
    }

    struct InvalidUTF8: Error {
        var position: SourcePosition
    }

    /// Decodes UTF-8, or tells where the first invalid byte is.
    static func decodeUTF8(_ data: Data) -> Result<String, InvalidUTF8> {
        var iterator = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var text = String.UnicodeScalarView()
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                text.append(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return .success(String(text))
            case .error:
                return .failure(InvalidUTF8(position: SourcePosition(line: line, column: column)))
            }
        }
    }
}

// MARK: - The loader

/// One character of the map that stands for a slot.
private struct MapCell {
    var character: Unicode.Scalar
    var row: Int
    var column: Int
    var position: SourcePosition?
}

/// The settings of a `[slots.X]` group or a `[[slot]]` entry, as read (with defaults still open).
private struct Settings {
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

/// A slot being built, with where it came from.
private struct PendingSlot {
    var slot: SlotLayout
    var position: SourcePosition?
    var keyPath: String
    var overlap: Bool
}

private final class Loader {
    let file: String
    let text: String
    let scalars: [Unicode.Scalar]
    /// Offsets (in scalars) where each line starts.
    let lineStarts: [Int]
    var index = SourceIndex()
    var diagnostics: [LayoutDiagnostic] = []

    init(text: String, file: String) {
        var scalars = Array(text.unicodeScalars)
        var text = text
        if scalars.first == "\u{FEFF}" {
            scalars.removeFirst()
            text = String(String.UnicodeScalarView(scalars))
        }
        self.file = file
        self.text = text
        self.scalars = scalars
        var starts = [0]
        for (offset, c) in scalars.enumerated() where c == "\n" {
            starts.append(offset + 1)
        }
        self.lineStarts = starts
    }

    var lineCount: Int { lineStarts.count }

    // MARK: Diagnostics

    func clamp(_ position: SourcePosition?) -> SourcePosition? {
        guard let position else { return nil }
        let line = min(max(position.line, 1), lineCount)
        return SourcePosition(line: line, column: max(position.column, 1))
    }

    func error(_ message: String, at position: SourcePosition?, key: String?) {
        diagnostics.append(
            LayoutDiagnostic(file: file, position: clamp(position), keyPath: key, severity: .error, message: message))
    }

    func warning(_ message: String, at position: SourcePosition?, key: String?) {
        diagnostics.append(
            LayoutDiagnostic(file: file, position: clamp(position), keyPath: key, severity: .warning, message: message))
    }

    func result(layout: TableLayout?) -> LayoutLoadResult {
        // File order; diagnostics without a position keep their order, after the others.
        let sorted = diagnostics.enumerated().sorted { a, b in
            switch (a.element.position, b.element.position) {
            case (let pa?, let pb?): return pa != pb ? pa < pb : a.offset < b.offset
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.offset < b.offset
            }
        }.map(\.element)
        let hasErrors = sorted.contains { $0.severity == .error }
        return LayoutLoadResult(layout: hasErrors ? nil : layout, diagnostics: sorted)
    }

    func position(ofOffset offset: Int) -> SourcePosition {
        // The last line start <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return SourcePosition(line: low + 1, column: offset - lineStarts[low] + 1)
    }

    // MARK: Running

    func run() -> TableLayout? {
        if let nul = scalars.firstIndex(of: "\u{0}") {
            error("the file contains a NUL character", at: position(ofOffset: nul), key: nil)
            return nil
        }
        index = SourceIndex.scan(scalars)
        if let hazard = index.hazard {
            error("TOML syntax: " + hazard.message, at: position(ofOffset: hazard.offset), key: nil)
            return nil
        }
        let root: TOMLTable
        do {
            root = try TOMLTable(string: text)
        } catch let parseError as TOMLParseError {
            let begin = parseError.source.begin
            error(
                syntaxMessage(parseError.description), at: SourcePosition(line: begin.line, column: begin.column),
                key: nil)
            return nil
        } catch {
            self.error("cannot parse the file: \(error)", at: nil, key: nil)
            return nil
        }
        return build(root)
    }

    func syntaxMessage(_ description: String) -> String {
        // toml++ says "Error while parsing X: detail"; keep it but lowercase the start, compiler style.
        var message = description.trimmingCharacters(in: .whitespacesAndNewlines)
        if message.isEmpty { return "TOML syntax error" }
        if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
            message = first.lowercased() + message.dropFirst()
        }
        return "TOML syntax: " + message
    }

    func build(_ root: TOMLTable) -> TableLayout? {
        checkKeys(root, path: "", allowed: LayoutLoader.topLevelKeys, context: "at the top level", otherKeys: [])

        var name = defaultName()
        if let value = string(root, "name", parent: "") {
            if value.trimmingCharacters(in: .whitespaces).isEmpty {
                error("name must not be empty", at: index.valuePosition("name"), key: "name")
            } else {
                name = value
            }
        }
        let title = string(root, "title", parent: "") ?? name

        var grid = GridPoint(column: 1, row: 1)
        if let pair = numberPair(root, "grid", parent: "", shape: "[width, height]") {
            if pair.column > 0, pair.row > 0, pair.column <= LayoutLoader.maxGrid, pair.row <= LayoutLoader.maxGrid {
                grid = pair
            } else {
                error(
                    "grid sizes must be greater than 0 and at most \(format(LayoutLoader.maxGrid)) card units",
                    at: index.valuePosition("grid"), key: "grid")
            }
        }

        let mapValue = string(root, "map", parent: "")
        let cells = mapValue.map(parseMap) ?? []
        let groups = readGroups(root)
        let explicit = readExplicitSlots(root)

        // Map characters and [slots.X] tables must match.
        var groupByCharacter: [Unicode.Scalar: Settings] = [:]
        var characterOrder: [Unicode.Scalar] = []
        for (character, settings) in groups where groupByCharacter[character] == nil {
            groupByCharacter[character] = settings
            characterOrder.append(character)
        }
        var reported = Set<Unicode.Scalar>()
        for cell in cells where groupByCharacter[cell.character] == nil && !reported.contains(cell.character) {
            reported.insert(cell.character)
            let shown = showCharacter(cell.character)
            error(
                "map character \(shown) has no [slots.\(keyForm(cell.character))] table", at: cell.position, key: "map")
        }
        let usedCharacters = Set(cells.map(\.character))
        if root["map"] == nil {
            if explicit.isEmpty {
                error(
                    "missing map: a layout needs a map (or at least one [[slot]])",
                    at: SourcePosition(line: 1, column: 1), key: "map")
            } else {
                for character in characterOrder {
                    let path = KeyPath.join("slots", String(character))
                    error("[\(path)] is not used: there is no map", at: index.keyPosition(path), key: path)
                }
            }
        } else if mapValue != nil {
            for character in characterOrder where !usedCharacters.contains(character) {
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

        // Group names.
        var groupNames: [Unicode.Scalar: String] = [:]
        var groupOwner: [String: String] = [:]  // group name -> the [slots.X] path that took it
        for character in characterOrder where usedCharacters.contains(character) {
            let settings = groupByCharacter[character]!
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

        // Map slots, numbered within their group in reading order.
        var pending: [PendingSlot] = []
        var countByCharacter: [Unicode.Scalar: Int] = [:]
        for cell in cells { countByCharacter[cell.character, default: 0] += 1 }
        var numberByCharacter: [Unicode.Scalar: Int] = [:]
        for cell in cells {
            guard let settings = groupByCharacter[cell.character], let groupName = groupNames[cell.character] else {
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

        // Freely placed slots.
        for settings in explicit {
            guard let id = settings.id, let at = settings.at else { continue }
            let group = settings.group ?? id
            pending.append(
                PendingSlot(
                    slot: settings.slot(id: id, group: group, position: at),
                    position: index.valuePosition(KeyPath.join(settings.path, "id"))
                        ?? index.keyPosition(settings.path),
                    keyPath: settings.path, overlap: settings.overlap
                ))
        }

        if pending.count > LayoutLoader.maxSlots {
            error(
                "too many slots (\(pending.count)); a table has at most \(LayoutLoader.maxSlots)",
                at: index.valuePosition("map") ?? SourcePosition(line: 1, column: 1), key: nil)
            return nil
        }

        // Unique ids.
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

        // Positions.
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
        checkOverlaps(placed)

        return TableLayout(name: name, title: title, slots: pending.map(\.slot))
    }

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

    func defaultName() -> String {
        let base = (file as NSString).lastPathComponent
        let name = base.hasSuffix(".toml") ? String(base.dropLast(5)) : base
        return name.isEmpty ? "layout" : name
    }

    // MARK: Map

    /// Cells of the map: whitespace lines the picture up and means nothing; '.' is an empty cell;
    /// every other character is a slot of that character's group.
    func parseMap(_ map: String) -> [MapCell] {
        let positions = mapPositions(map)
        let fallback = index.valuePosition("map")
        var cells: [MapCell] = []
        var row = 0
        var column = 0
        var reportedControl = false
        for (offset, c) in map.unicodeScalars.enumerated() {
            let position = positions?[offset] ?? fallback
            if c == "\n" {
                row += 1
                column = 0
            } else if c.properties.isWhitespace {
                continue
            } else if c.value < 0x20 || c.value == 0x7F || (0x80..<0xA0).contains(c.value) {
                if !reportedControl {
                    reportedControl = true
                    error(
                        "the map contains the control character U+\(String(format: "%04X", c.value))", at: position,
                        key: "map")
                }
            } else if c == "." {
                column += 1
            } else {
                cells.append(MapCell(character: c, row: row, column: column, position: position))
                column += 1
            }
        }
        return cells
    }

    /// Where each scalar of the map's value is written, when the string is written without escapes.
    func mapPositions(_ map: String) -> [SourcePosition]? {
        guard var k = index.valueOffsets["map"], k < scalars.count else { return nil }
        let quote = scalars[k]
        guard quote == "\"" || quote == "'" else { return nil }
        let multiline = k + 2 < scalars.count && scalars[k + 1] == quote && scalars[k + 2] == quote
        if multiline {
            k += 3
            if k < scalars.count && scalars[k] == "\n" {
                k += 1
            } else if k + 1 < scalars.count && scalars[k] == "\r" && scalars[k + 1] == "\n" {
                k += 2
            }
        } else {
            k += 1
        }
        var result: [SourcePosition] = []
        for c in map.unicodeScalars {
            guard k < scalars.count else { return nil }
            if multiline && c == "\n" && scalars[k] == "\r" && k + 1 < scalars.count && scalars[k + 1] == "\n" {
                k += 1
            }
            let raw = scalars[k]
            if quote == "\"" && raw == "\\" { return nil }
            guard raw == c else { return nil }
            result.append(position(ofOffset: k))
            k += 1
        }
        return result
    }

    // MARK: Tables

    func sortedKeys(_ table: TOMLTable, parent: String) -> [String] {
        table.keys.sorted { a, b in
            let oa = index.order[KeyPath.join(parent, a)] ?? Int.max
            let ob = index.order[KeyPath.join(parent, b)] ?? Int.max
            return oa != ob ? oa < ob : a < b
        }
    }

    func readGroups(_ root: TOMLTable) -> [(Unicode.Scalar, Settings)] {
        guard let value = root["slots"] else { return [] }
        guard value.type == .table, let slots = value.table else {
            let hint = value.type == .array ? " (for freely placed slots, write [[slot]])" : ""
            error(
                "slots must be a table of [slots.X] tables, found \(describe(value))\(hint)",
                at: index.valuePosition("slots"), key: "slots")
            return []
        }
        var groups: [(Unicode.Scalar, Settings)] = []
        for key in sortedKeys(slots, parent: "slots") {
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

    func readExplicitSlots(_ root: TOMLTable) -> [Settings] {
        guard let value = root["slot"] else { return [] }
        guard value.type == .array, let array = value.array else {
            let hint =
                value.type == .table ? " (write [[slot]] with two brackets, or use [slots.X] for map characters)" : ""
            error(
                "slot must be an array of tables ([[slot]]), found \(describe(value))\(hint)",
                at: index.valuePosition("slot"), key: "slot")
            return []
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
        settings.label = string(table, "label", parent: path)
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

    // MARK: Keys and values

    func checkKeys(_ table: TOMLTable, path: String, allowed: [String], context: String, otherKeys: [String]) {
        for key in sortedKeys(table, parent: path) where !allowed.contains(key) {
            let keyPath = KeyPath.join(path, key)
            var message = "unknown key '\(key)' \(context)"
            if let suggestion = Suggestions.closest(to: key, in: allowed) {
                message += "; did you mean '\(suggestion)'?"
            } else if otherKeys.contains(key) {
                message +=
                    key == "at"
                    ? "; 'at' places a [[slot]]: a map group is placed by the map (shift it with offset)"
                    : "; '\(key)' belongs in a \(allowed.contains("id") ? "[slots.X] group" : "[[slot]]")"
            } else {
                message += " (valid keys: \(allowed.joined(separator: ", ")))"
            }
            error(message, at: index.keyPosition(keyPath), key: keyPath)
        }
    }

    func typeError(_ key: String, parent: String, expected: String, found value: TOMLValueConvertible) {
        let keyPath = KeyPath.join(parent, key)
        error("\(key) must be \(expected), found \(describe(value))", at: index.valuePosition(keyPath), key: keyPath)
    }

    func string(_ table: TOMLTable, _ key: String, parent: String) -> String? {
        guard let value = table[key] else { return nil }
        guard value.type == .string, let string = value.string else {
            typeError(key, parent: parent, expected: "a string", found: value)
            return nil
        }
        return string
    }

    func integer(_ table: TOMLTable, _ key: String, parent: String) -> Int? {
        guard let value = table[key] else { return nil }
        guard value.type == .int, let int = value.int else {
            typeError(key, parent: parent, expected: "an integer", found: value)
            return nil
        }
        return int
    }

    func boolean(_ table: TOMLTable, _ key: String, parent: String) -> Bool? {
        guard let value = table[key] else { return nil }
        guard value.type == .bool, let bool = value.bool else {
            typeError(key, parent: parent, expected: "true or false", found: value)
            return nil
        }
        return bool
    }

    func number(_ value: TOMLValueConvertible) -> Double? {
        switch value.type {
        case .int: return value.int.map(Double.init)
        case .double: return value.double
        default: return nil
        }
    }

    func numberPair(_ table: TOMLTable, _ key: String, parent: String, shape: String) -> GridPoint? {
        guard let value = table[key] else { return nil }
        let expected = "an array of two numbers \(shape)"
        guard value.type == .array, let array = value.array else {
            typeError(key, parent: parent, expected: expected, found: value)
            return nil
        }
        let keyPath = KeyPath.join(parent, key)
        guard array.count == 2 else {
            error(
                "\(key) must be \(expected), found \(array.count) value\(array.count == 1 ? "" : "s")",
                at: index.valuePosition(keyPath), key: keyPath)
            return nil
        }
        var numbers: [Double] = []
        for n in 0..<2 {
            let element = array[n]
            let elementPath = KeyPath.index(keyPath, n + 1)
            guard let x = number(element) else {
                error(
                    "\(key) must be \(expected), found \(describe(element)) at position \(n + 1)",
                    at: index.valuePosition(elementPath) ?? index.valuePosition(keyPath), key: keyPath)
                return nil
            }
            guard x.isFinite else {
                error(
                    "\(key) must hold finite numbers, found \(format(x))",
                    at: index.valuePosition(elementPath) ?? index.valuePosition(keyPath), key: keyPath)
                return nil
            }
            numbers.append(x)
        }
        return GridPoint(column: numbers[0], row: numbers[1])
    }

    func enumeration<E: RawRepresentable & CaseIterable>(
        _ table: TOMLTable, _ key: String, parent: String, as type: E.Type
    ) -> E? where E.RawValue == String {
        let choices = E.allCases.map(\.rawValue)
        let list = choices.joined(separator: ", ")
        guard let value = table[key] else { return nil }
        guard value.type == .string, let raw = value.string else {
            typeError(key, parent: parent, expected: "a string (one of \(list))", found: value)
            return nil
        }
        if let result = E(rawValue: raw) { return result }
        let keyPath = KeyPath.join(parent, key)
        var message = "unknown \(key) \(quote(raw))"
        if let suggestion = Suggestions.closest(to: raw, in: choices) {
            message += "; did you mean \(quote(suggestion))?"
        }
        message += " (one of \(list))"
        error(message, at: index.valuePosition(keyPath), key: keyPath)
        return nil
    }

    // MARK: Text

    func describe(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .string: return "a string (\(quote(value.string ?? "")))"
        case .int: return "an integer (\(value.int.map(String.init) ?? "?"))"
        case .double: return "a float (\(value.double.map(format) ?? "?"))"
        case .bool: return "a boolean (\(value.bool.map(String.init) ?? "?"))"
        case .array: return "an array"
        case .table: return "a table"
        case .date: return "a date"
        case .time: return "a time"
        case .dateTime: return "a date-time"
        }
    }

    func quote(_ text: String) -> String {
        let limit = 24
        let short = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return KeyPath.quoted(short)
    }

    func format(_ x: Double) -> String {
        if x.isFinite, x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return String(x)
    }

    func showCharacter(_ c: Unicode.Scalar) -> String {
        "'\(Character(c))'"
    }

    func keyForm(_ c: Unicode.Scalar) -> String {
        KeyPath.isBare(String(c)) ? String(c) : KeyPath.quoted(String(c))
    }
}

// MARK: - Suggestions

enum Suggestions {
    /// The closest candidate within a small edit distance (case, '-' and '_' forgiven), if any.
    static func closest(to word: String, in candidates: [String]) -> String? {
        func normal(_ s: String) -> [Character] {
            Array(s.lowercased().map { $0 == "_" ? "-" : $0 })
        }
        let w = normal(word)
        var best: (String, Int)?
        for candidate in candidates {
            let c = normal(candidate)
            let limit = c.count >= 5 ? 2 : 1
            let d = distance(w, c, limit: limit)
            if d <= limit, best == nil || d < best!.1 {
                best = (candidate, d)
            }
        }
        return best?.0
    }

    /// Levenshtein distance (with adjacent transpositions), giving up past `limit`.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
