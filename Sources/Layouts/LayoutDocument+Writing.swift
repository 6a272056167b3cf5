// Writing a changed design back into the layout's text, as a person would have written it: the
// writer compares the design with the one the text describes and edits the text only where they
// differ (TOMLTextEditor), so comments, blank lines, key order and every key and table that is not
// the design's stay as they are, byte for byte.
//
// - `grid`: its numbers replaced in place, or the key added above the map.
// - The map: redrawn in its own quotes and spacing (MapPicture), only the rows whose slots changed.
// - `[slots.X]` tables: a changed value replaced in place, a removed key removed with its line, a new
//   key added after the table's last key; a group without slots has its table removed with the
//   comment lines directly above it; a new group's table goes after the last `[slots.X]` table (with
//   none: after `[game]` when it comes before the `[[slot]]` entries, else before the first entry,
//   else at the end).
// - `[[slot]]` entries: `at` rewritten in place; new entries after the last entry (or at the end);
//   removed entries removed whole.
//
// Tables written inline (`S = { kind = "stock" }`) and with dotted keys (`S.kind = "stock"`) are
// edited in their own form.

struct DesignWriter {
    var editor: TOMLTextEditor
    let root: TOMLTable
    let old: TableDesign
    let new: TableDesign
    /// The headers, in file order.
    let headers: [(path: String, offset: Int)]
    /// Tables removed so far (their paths): nothing new is placed after them.
    var removed: Set<String> = []

    /// `text` with `design` written over `old`, the design `text` describes.
    static func write(_ design: TableDesign, over old: TableDesign, in text: String) -> String {
        let syntax = TOMLSyntax(text)
        guard case .success(let parsed) = syntax.parse() else { return text }
        var writer = DesignWriter(
            editor: TOMLTextEditor(syntax: syntax, index: parsed.index), root: parsed.root, old: old,
            new: design,
            headers: parsed.index.headerOffsets.map { ($0.key, $0.value) }.sorted { $0.1 < $1.1 })
        writer.writeGrid()
        writer.writeMap()
        writer.writeGroups()
        writer.writeEntries()
        let bom = text.unicodeScalars.first == "\u{FEFF}" ? "\u{FEFF}" : ""
        return bom + writer.editor.text
    }

    var index: SourceIndex { editor.index }
    var scalars: [Unicode.Scalar] { editor.scalars }

    // MARK: The grid and the map

    mutating func writeGrid() {
        guard new.grid != old.grid else { return }
        let written = "[\(DesignWriter.number(new.grid.column)), \(DesignWriter.number(new.grid.row))]"
        if root["grid"] != nil {
            replacePair("grid", with: new.grid, else: written)
            return
        }
        let line = "grid = \(written)"
        // Above the map, after the keys that come before it (as the shipped layouts write it).
        if let mapKey = index.keyPosition("map") {
            let mapLine = editor.startOfLine(editor.offset(of: mapKey))
            let offset = editor.lastValueEnd(in: 0..<mapLine).map { editor.startOfNextLine(after: $0) } ?? mapLine
            editor.insert(editor.lines([line], at: offset), at: offset)
        } else {
            editor.insertAtTop([line])
        }
    }

    mutating func writeMap() {
        let before = DesignWriter.cells(of: old)
        let after = DesignWriter.cells(of: new)
        guard before != after else { return }
        let fileBreak = editor.newline
        if let start = index.valueOffsets["map"], let end = index.valueEnds["map"], start < end,
            let string = root["map"]?.string,
            var quoting = MapQuoting(source: Array(scalars[start..<end]), fileLineBreak: fileBreak)
        {
            var picture = MapPicture(string, opensWithLineBreak: !quoting.openingBreak.isEmpty)
            let oneRow = picture.rows.count <= 1
            picture.redraw(after)
            var written = quoting.write(picture.value)
            // A one-line map that grows a second row, or a character its quotes cannot hold: the
            // shipped form.
            if written == nil || (!quoting.isMultiline && oneRow && picture.rows.count > 1) {
                quoting = .shipped(lineBreak: fileBreak)
                if picture.closing == nil { picture.closing = "" }
                written = quoting.write(picture.value)
            }
            if let written { editor.replace(start..<end, with: written) }
        } else if root["map"] == nil, !after.isEmpty {
            var picture = MapPicture("", opensWithLineBreak: true)
            picture.redraw(after)
            // Written a line at a time, each ended by the file's line break.
            guard let written = MapQuoting.shipped(lineBreak: "\n").write(picture.value) else { return }
            insertTopLevel("map = " + written)
        }
    }

    /// A new top-level key (written on as many lines as its value takes): after the last
    /// top-level key with a blank line between, else before the first table, else at the end.
    mutating func insertTopLevel(_ assignment: String) {
        let lines = assignment.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(scalars: $0)
        }
        let topEnd = editor.firstHeader ?? scalars.count
        if editor.lastValueEnd(in: 0..<topEnd) != nil {
            editor.insertAtTop([""] + lines)
        } else if editor.firstHeader != nil {
            editor.insertAtTop(lines)
        } else {
            let blank = scalars.isEmpty || editor.endsWithBlankLine ? [] : [""]
            editor.insert(editor.lines(blank + lines, at: scalars.count), at: scalars.count)
        }
    }

    static func cells(of design: TableDesign) -> [MapPicture.Cell: Unicode.Scalar] {
        var cells: [MapPicture.Cell: Unicode.Scalar] = [:]
        for slot in design.slots {
            guard let character = slot.character, case .cell(let row, let column) = slot.place else { continue }
            cells[MapPicture.Cell(row: row, column: column)] = character
        }
        return cells
    }

    // MARK: [slots.X] tables

    /// The groups' tables. A group's table stays where it is while the design's groups keep the
    /// file's order; from the first group that is new or out of that order (one removed and made
    /// again), the groups are written as new tables after the others, so the file keeps the
    /// design's order.
    mutating func writeGroups() {
        if let start = index.valueOffsets["slots"], scalars[start] == "{" {
            writeInlineGroups()
            return
        }
        let kept = Set(new.groups.map(\.character))
        for group in old.groups where !kept.contains(group.character) {
            removeTable(DesignWriter.groupPath(group.character))
        }
        var added: [DesignGroup] = []
        // Groups of map characters the file has no table for, left so while nothing follows them.
        var unwritten: [DesignGroup] = []
        var lastKept = -1
        for group in new.groups {
            let path = DesignWriter.groupPath(group.character)
            let was = old.groups.firstIndex { $0.character == group.character }
            if added.isEmpty, let was, was > lastKept {
                lastKept = was
                if form(of: path) != nil {
                    writeSettings(from: old.groups[was].settings, to: group.settings, table: path)
                } else if old.groups[was].settings == group.settings {
                    unwritten.append(group)
                } else {
                    added += unwritten + [group]
                    unwritten = []
                }
            } else {
                if was != nil { removeTable(path) }
                added += unwritten + [group]
                unwritten = []
            }
        }
        guard !added.isEmpty else { return }
        let tables = added.map { ["[\(DesignWriter.groupPath($0.character))]"] + DesignWriter.lines($0.settings) }
        let groupPaths = old.groups.map { DesignWriter.groupPath($0.character) }
        let last = headers.last { header in
            if header.path == "slots" { return true }
            guard let group = groupPaths.first(where: { DesignWriter.isWithin(header.path, $0) }) else {
                return false
            }
            return !removed.contains(group)
        }
        if let last {
            let owner = last.path == "slots" ? "slots" : groupPaths.first { DesignWriter.isWithin(last.path, $0) }!
            let belongs: (String) -> Bool = {
                owner == "slots" ? $0 == "slots" : DesignWriter.isWithin($0, owner)
            }
            appendTables(tables, after: contentEnd(ofHeaderAt: last.offset, belongs: belongs))
        } else if let game = index.headerOffsets["game"],
            index.headerOffsets["slot[1]"].map({ game < $0 }) ?? true
        {
            appendTables(tables, after: contentEnd(ofHeaderAt: game) { DesignWriter.isWithin($0, "game") })
        } else if let entry = index.headerOffsets["slot[1]"] {
            let offset = editor.startOfCommentsAbove(editor.startOfLine(entry))
            editor.insert(editor.lines(tables.flatMap { $0 + [""] }, at: offset), at: offset)
        } else {
            appendTables(tables, after: scalars.count)
        }
    }

    /// The groups of `slots = { S = { … }, … }`: each kept group's keys edited in its braces while
    /// the groups keep their order and only gain new ones; otherwise the whole table written again.
    mutating func writeInlineGroups() {
        let written = old.groups.filter { index.valueOffsets[DesignWriter.groupPath($0.character)] != nil }
        let characters = written.map(\.character)
        let keepsOrder = new.groups.prefix(characters.count).map(\.character) == characters
        var members: [(text: String, kept: Bool)] = []
        for (n, group) in new.groups.enumerated() {
            let path = DesignWriter.groupPath(group.character)
            if keepsOrder, n < written.count {
                writeSettings(from: written[n].settings, to: group.settings, table: path)
                members.append(("", true))
            } else if let was = written.first(where: { $0.character == group.character }),
                was.settings == group.settings,
                let key = index.keyPosition(path), let end = index.valueEnds[path]
            {
                members.append((editor.source(editor.offset(of: key)..<end), false))
            } else {
                let key = KeyPath.join("", String(group.character))
                members.append((key + " = " + DesignWriter.inlineTable(group.settings), false))
            }
        }
        if members.contains(where: { !$0.kept }) || members.count != written.count {
            writeInlineContainer("slots", members: members)
        }
    }

    static func groupPath(_ character: Unicode.Scalar) -> String {
        KeyPath.join("slots", String(character))
    }

    // MARK: [[slot]] entries

    mutating func writeEntries() {
        let before = old.slots.filter { !$0.isOnMap }
        let after = new.slots.filter { !$0.isOnMap }
        guard before != after else { return }
        let match = DesignWriter.match(after, to: before)
        if let start = index.valueOffsets["slot"], scalars[start] == "[" {
            writeInlineEntries(after, before: before, match: match)
            return
        }
        let matched = Set(match.compactMap { $0 })
        for n in before.indices where !matched.contains(n) {
            removeTable(KeyPath.index("slot", n + 1))
        }
        var added: [DesignSlot] = []
        for (slot, was) in zip(after, match) {
            guard let n = was else {
                added.append(slot)
                continue
            }
            writeEntry(slot, over: before[n], path: KeyPath.index("slot", n + 1))
        }
        guard !added.isEmpty else { return }
        let tables = added.map { ["[[slot]]"] + DesignWriter.lines(DesignWriter.entrySettings($0)) }
        let last = headers.last { header in
            guard header.path.hasPrefix("slot[") else { return false }
            let entry = String(header.path.prefix { $0 != "]" }) + "]"
            return !removed.contains(entry)
        }
        if let last {
            let entry = String(last.path.prefix { $0 != "]" }) + "]"
            appendTables(tables, after: contentEnd(ofHeaderAt: last.offset) { DesignWriter.isWithin($0, entry) })
        } else {
            appendTables(tables, after: scalars.count)
        }
    }

    /// An entry's keys and `at`, where they differ from what it was.
    mutating func writeEntry(_ slot: DesignSlot, over was: DesignSlot, path: String) {
        writeSettings(
            from: was.entry.filter { $0.key != "at" }, to: slot.entry.filter { $0.key != "at" }, table: path)
        if slot.place != was.place, case .free(let point) = slot.place {
            replacePair(
                KeyPath.join(path, "at"), with: point,
                else: "[\(DesignWriter.number(point.column)), \(DesignWriter.number(point.row))]")
        }
    }

    /// The entries of `slot = [ { … }, … ]`: each kept entry edited in its braces while the entries
    /// keep their order and only gain new ones; otherwise the whole array written again.
    mutating func writeInlineEntries(_ after: [DesignSlot], before: [DesignSlot], match: [Int?]) {
        let keepsOrder = match.prefix(before.count).elementsEqual((0..<before.count).map { Optional($0) })
        var members: [(text: String, kept: Bool)] = []
        for (slot, was) in zip(after, match) {
            let path = was.map { KeyPath.index("slot", $0 + 1) } ?? ""
            if keepsOrder, let n = was {
                writeEntry(slot, over: before[n], path: path)
                members.append(("", true))
            } else if let n = was, slot == before[n], let start = index.valueOffsets[path],
                let end = index.valueEnds[path]
            {
                members.append((editor.source(start..<end), false))
            } else {
                members.append((DesignWriter.inlineTable(DesignWriter.entrySettings(slot)), false))
            }
        }
        if members.contains(where: { !$0.kept }) || members.count != before.count {
            writeInlineContainer("slot", members: members)
        }
    }

    /// For each slot of `after`, the entry of `before` it was (its index), or nil for a new one:
    /// an unchanged entry first, then one with the same `id`, then one at the same place.
    static func match(_ after: [DesignSlot], to before: [DesignSlot]) -> [Int?] {
        var result: [Int?] = Array(repeating: nil, count: after.count)
        var free = Set(before.indices)
        func pass(_ same: (DesignSlot, DesignSlot) -> Bool) {
            for (i, slot) in after.enumerated() where result[i] == nil {
                if let n = before.indices.first(where: { free.contains($0) && same(slot, before[$0]) }) {
                    result[i] = n
                    free.remove(n)
                }
            }
        }
        pass { $0 == $1 }
        pass { $0.entry["id"] != nil && $0.entry["id"] == $1.entry["id"] }
        pass { $0.place == $1.place }
        return result
    }

    /// An entry's keys as written: its keys, `at` after `id`, `group` and `kind`.
    static func entrySettings(_ slot: DesignSlot) -> [DesignSetting] {
        var settings = slot.entry.filter { $0.key != "at" }
        guard case .free(let point) = slot.place else { return settings }
        let at = DesignSetting(key: "at", value: "[\(number(point.column)), \(number(point.row))]")
        let after = ["id", "group", "kind"].compactMap { key in settings.firstIndex { $0.key == key } }.max()
        settings.insert(at, at: after.map { $0 + 1 } ?? 0)
        return settings
    }

    // MARK: Keys

    /// The keys of a table as `before` and `after` have them: removed, replaced, added. A key
    /// stays in its place while the keys keep the file's order; from the first key that is new or
    /// out of that order (one removed and set again), the keys are added after the others. An
    /// inline table that loses a key is written again whole, its values as they were.
    mutating func writeSettings(from before: [DesignSetting], to after: [DesignSetting], table path: String) {
        var removed = before.filter { after[$0.key] == nil }.map(\.key)
        var added: [DesignSetting] = []
        var replaced: [DesignSetting] = []
        var lastKept = -1
        for setting in after where !added.contains(where: { $0.key == setting.key }) {
            let was = before.firstIndex { $0.key == setting.key }
            if added.isEmpty, let was, was > lastKept {
                lastKept = was
                if before[was].value != setting.value { replaced.append(setting) }
            } else {
                if was != nil { removed.append(setting.key) }
                added.append(setting)
            }
        }
        if case .inline(let start, let end) = form(of: path), !removed.isEmpty {
            var seen: Set<String> = []
            let settings = after.filter { seen.insert($0.key).inserted }
            editor.replace(start..<end, with: DesignWriter.inlineTable(settings))
            return
        }
        for key in removed { removeKey(KeyPath.join(path, key)) }
        for setting in replaced {
            let keyPath = KeyPath.join(path, setting.key)
            if let start = index.valueOffsets[keyPath], let end = index.valueEnds[keyPath] {
                editor.replace(start..<end, with: setting.value)
            }
        }
        if !added.isEmpty { addKeys(added, to: path) }
    }

    /// The numbers of a pair (`grid`, `at`) replaced where they differ, each in its place; the
    /// whole value replaced by `written` when it is not two numbers.
    mutating func replacePair(_ path: String, with point: GridPoint, else written: String) {
        guard let start = index.valueOffsets[path], let end = index.valueEnds[path] else { return }
        let elements = [KeyPath.index(path, 1), KeyPath.index(path, 2)]
        guard let value = DesignReader.numberPair(valueAt(path)),
            elements.allSatisfy({ index.valueOffsets[$0] != nil && index.valueEnds[$0] != nil })
        else {
            editor.replace(start..<end, with: written)
            return
        }
        for (element, (was, now)) in zip(elements, [(value.column, point.column), (value.row, point.row)])
        where was != now {
            editor.replace(index.valueOffsets[element]!..<index.valueEnds[element]!, with: DesignWriter.number(now))
        }
    }

    /// The value at a key path of the root, through tables and arrays (`slot[2].at`).
    func valueAt(_ path: String) -> TOMLValue {
        if path == "grid" { return root["grid"] ?? .bool(false) }
        guard path.hasPrefix("slot["), let close = path.firstIndex(of: "]"),
            let n = Int(path[path.index(path.startIndex, offsetBy: 5)..<close]),
            let entries = root["slot"]?.array, n >= 1, n <= entries.count
        else { return .bool(false) }
        return entries[n - 1].table?["at"] ?? .bool(false)
    }

    /// Removes a key and its value with its whole line (and a comment after it). (An inline table
    /// that loses a key is written again whole: see ``writeSettings(from:to:table:)``.)
    mutating func removeKey(_ keyPath: String) {
        guard let key = index.keyPosition(keyPath), let end = index.valueEnds[keyPath] else { return }
        editor.remove(editor.startOfLine(editor.offset(of: key))..<editor.startOfNextLine(after: end))
    }

    /// Adds keys to a table, in its form: lines after its last key (indented as that key is), or
    /// inside its braces.
    mutating func addKeys(_ settings: [DesignSetting], to table: String) {
        let assignments = settings.map { KeyPath.join("", $0.key) + " = " + $0.value }
        switch form(of: table) {
        case .inline(let start, let end):
            insertInline(assignments, intoTableFrom: start, to: end)
        case .header(let header):
            let sectionEnd = headers.first { $0.offset > header }?.offset ?? scalars.count
            let last = editor.lastValueEnd(in: header..<sectionEnd)
            let offset = editor.startOfNextLine(after: last ?? header)
            let indent = last.map { indentation(ofLineAt: $0) } ?? ""
            editor.insert(editor.lines(assignments.map { indent + $0 }, at: offset), at: offset)
        case .dotted(let lastKey):
            // `S.kind = "stock"`: the new key written after the same prefix.
            guard let key = index.keyPosition(lastKey) else { return }
            let keyStart = editor.offset(of: key)
            let prefix = editor.source(editor.startOfLine(keyStart)..<keyStart)
            let offset = editor.startOfNextLine(after: index.valueEnds[lastKey] ?? keyStart)
            editor.insert(editor.lines(assignments.map { prefix + $0 }, at: offset), at: offset)
        case nil:
            break
        }
    }

    func indentation(ofLineAt offset: Int) -> String {
        let start = editor.startOfLine(offset)
        return editor.source(start..<editor.skippingBlanks(from: start))
    }

    // MARK: Tables

    /// How a table is written.
    enum Form {
        /// `[slots.S]` at this offset.
        case header(Int)
        /// `S = { … }`: the value's range.
        case inline(start: Int, end: Int)
        /// `S.kind = "stock"`: only dotted keys; the path of its last key written.
        case dotted(lastKey: String)
    }

    /// How the table at `path` is written; nil when it is not.
    func form(of path: String) -> Form? {
        if let header = index.headerOffsets[path] { return .header(header) }
        if let start = index.valueOffsets[path], let end = index.valueEnds[path], start < end, scalars[start] == "{" {
            return .inline(start: start, end: end)
        }
        guard let last = dottedKeys(of: path).max(by: { index.valueOffsets[$0]! < index.valueOffsets[$1]! }) else {
            return nil
        }
        return .dotted(lastKey: last)
    }

    /// The keys with values written under `path` that are not inside another's value.
    func dottedKeys(of path: String) -> [String] {
        let children = index.valueOffsets.keys.filter { $0.hasPrefix(path + ".") && index.keys[$0] != nil }
        return children.filter { child in !children.contains { $0 != child && child.hasPrefix($0 + ".") } }
    }

    /// Removes a table: a `[header]` table with the comment lines directly above it and everything
    /// up to the next table's (a sub-table `[slots.S.x]` goes with it); an inline table with its key;
    /// a table of dotted keys with each of its lines.
    mutating func removeTable(_ path: String) {
        removed.insert(path)
        switch form(of: path) {
        case .header(let header):
            let start = editor.startOfCommentsAbove(editor.startOfLine(header))
            let end = extentEnd(ofHeaderAt: header) { DesignWriter.isWithin($0, path) }
            var from = start
            if end == scalars.count {
                // The last table: the blank lines before it go too, so the file does not end with them.
                while from > 0 {
                    let previous = editor.startOfLine(from - 1)
                    guard editor.isBlankLine(at: previous) else { break }
                    from = previous
                }
            }
            editor.remove(from..<end)
        case .inline(_, let end):
            // `S = { … }` on a line of its own (one inside an inline `slots` or `slot` is written
            // with its container: see ``writeInlineContainer(_:members:)``).
            if let key = index.keyPosition(path) {
                editor.remove(editor.startOfLine(editor.offset(of: key))..<editor.startOfNextLine(after: end))
            }
        case .dotted:
            for child in dottedKeys(of: path) {
                guard let key = index.keyPosition(child), let end = index.valueEnds[child] else { continue }
                editor.remove(editor.startOfLine(editor.offset(of: key))..<editor.startOfNextLine(after: end))
            }
        case nil:
            break
        }
    }

    /// Where a header's table ends: at the comment lines directly above the next header that is
    /// not `belongs` to it (its sub-tables are), or at the end of the text.
    func extentEnd(ofHeaderAt header: Int, belongs: (String) -> Bool) -> Int {
        guard let next = headers.first(where: { $0.offset > header && !belongs($0.path) }) else {
            return scalars.count
        }
        return editor.startOfCommentsAbove(editor.startOfLine(next.offset))
    }

    /// Where a header's table's lines end: after its last key and the comment lines directly below
    /// it (comments after a blank line speak of what follows).
    func contentEnd(ofHeaderAt header: Int, belongs: (String) -> Bool) -> Int {
        let extent = extentEnd(ofHeaderAt: header, belongs: belongs)
        var end = editor.startOfNextLine(after: editor.lastValueEnd(in: header..<extent) ?? header)
        while end < extent, editor.isCommentLine(at: end) { end = editor.startOfNextLine(after: end) }
        return end
    }

    /// New tables at `offset`, each after a blank line (none at the start of an empty text).
    mutating func appendTables(_ tables: [[String]], after offset: Int) {
        var lines: [String] = []
        for (n, table) in tables.enumerated() {
            let atStart = n == 0 && (offset == 0 || (offset == scalars.count && editor.endsWithBlankLine))
            lines += (atStart ? [] : [""]) + table
        }
        editor.insert(editor.lines(lines, at: offset), at: offset)
    }

    // MARK: Inline tables and arrays

    /// `key = value` assignments added inside an inline table's braces.
    mutating func insertInline(_ assignments: [String], intoTableFrom start: Int, to end: Int) {
        var last = end - 2
        while last > start, scalars[last] == " " || scalars[last] == "\t" { last -= 1 }
        if last == start {
            editor.replace(start + 1..<end - 1, with: " " + assignments.joined(separator: ", ") + " ")
        } else {
            editor.insert(assignments.map { ", " + $0 }.joined(), at: last + 1)
        }
    }

    /// An inline `slots = { … }` or `slot = [ … ]` that gains or loses members, written again with
    /// `members` (each member unchanged as it was written): on one line as it was, or a member a
    /// line when it spanned lines (comments between members do not stay). A container that only
    /// gains members has them added after the last.
    mutating func writeInlineContainer(_ path: String, members: [(text: String, kept: Bool)]) {
        guard let start = index.valueOffsets[path], let end = index.valueEnds[path], end - start >= 2 else { return }
        let close = scalars[end - 1]
        let table = close == "}"
        let keptCount = members.filter(\.kept).count
        let oldCount = table ? (root[path]?.table?.keys.count ?? 0) : (root[path]?.array?.count ?? 0)
        let memberPaths =
            table
            ? (root[path]?.table?.keys ?? []).map { KeyPath.join(path, $0) }
            : (0..<oldCount).map { KeyPath.index(path, $0 + 1) }
        if keptCount == oldCount, members.prefix(keptCount).allSatisfy(\.kept),
            let last = memberPaths.compactMap({ index.valueEnds[$0] }).max()
        {
            // Only additions, after the last member there is.
            editor.insert(members.dropFirst(keptCount).map { ", " + $0.text }.joined(), at: last)
            return
        }
        let source = editor.source(start..<end)
        let written: String
        if source.unicodeScalars.contains("\n") {
            let firstMember = editor.skippingBlanks(from: editor.startOfNextLine(after: start))
            let indent = firstMember < end ? indentation(ofLineAt: firstMember) : "  "
            let closing = indentation(ofLineAt: end - 1)
            written =
                String(Character(scalars[start])) + editor.newline
                + members.map { indent + $0.text + "," + editor.newline }.joined() + closing + String(Character(close))
        } else if members.isEmpty {
            written = table ? "{}" : "[]"
        } else {
            let pad = table || scalars[start + 1] == " " ? " " : ""
            written =
                String(Character(scalars[start])) + pad + members.map(\.text).joined(separator: ", ") + pad
                + String(Character(close))
        }
        editor.replace(start..<end, with: written)
    }

    // MARK: Text

    /// `key = value` lines.
    static func lines(_ settings: [DesignSetting]) -> [String] {
        settings.map { KeyPath.join("", $0.key) + " = " + $0.value }
    }

    /// `{ key = value, … }`.
    static func inlineTable(_ settings: [DesignSetting]) -> String {
        settings.isEmpty ? "{}" : "{ " + lines(settings).joined(separator: ", ") + " }"
    }

    /// A number as a person writes it: `7`, `7.5`, `0.25` (the shortest form that reads back as
    /// the same number).
    static func number(_ x: Double) -> String {
        if x.isFinite, x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return String(x)
    }

    /// Whether the header path `path` is the table `table` or within it (`slots.S.x`, `slot[2].x`).
    static func isWithin(_ path: String, _ table: String) -> Bool {
        path == table || path.hasPrefix(table + ".") || path.hasPrefix(table + "[")
    }
}
