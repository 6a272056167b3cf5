import Layouts
import Persistence

/// An edit the designer asked for that the layout's checks refuse: what the status line says
/// ("slot 'tableau.2' overlaps slot 'tableau.3'; …") and, when `cardtable check` would report
/// it, its whole line (`mine.toml:7:1: warning: …`).
public struct DesignRefusal: Error, Hashable, Sendable {
    public var message: String
    public var diagnostic: LayoutDiagnostic?

    public init(message: String, diagnostic: LayoutDiagnostic? = nil) {
        self.message = message
        self.diagnostic = diagnostic
    }

    /// The refusal as `cardtable check` words it: its whole line when there is one.
    public var checkLine: String { diagnostic?.description ?? message }
}

/// A design and the identity of each of its slots: `keys[i]` stays with `design.slots[i]` through
/// every edit (a slot moved, its group renamed, taken off the map), so that the views on screen
/// follow their slots and the selection stays on them.
public struct DesignSnapshot: Hashable, Sendable {
    public var design: TableDesign
    public var keys: [Int]
}

/// The layout designer's model, without views: the document being edited, the design as it
/// stands, undo and redo (a stack of designs), and the one rule of editing: after each edit the
/// design is loaded as `cardtable check` loads it, and an edit that adds an error, or a slot
/// overlapping another, is refused and leaves the design as it was.
///
/// ```
/// var session = try DesignSession(document: LayoutDocument(newFile: "mine.toml"))
/// let stock = try session.add(.stock, at: .cell(row: 0, column: 0)).get()
/// session.move([stock], to: [.cell(row: 0, column: 1)])   // .failure(refusal) when refused
/// session.undo()
/// try session.save()
/// ```
public struct DesignSession: Sendable {
    /// The file as last read or saved.
    public private(set) var document: LayoutDocument
    /// What the file held when it was read or last saved (nil: nothing, a new file): a save
    /// finds out from it whether something else wrote the file meanwhile.
    private var lastSeenOnDisk: String?
    /// The file's text when a save was refused because something else had written it: a save
    /// that finds it so again writes over it (the player was told).
    private var changeSaidOf: String?
    public private(set) var snapshot: DesignSnapshot
    /// The layout the design loads as (the last accepted edit's), and what checking it said:
    /// warnings, and errors only when the file had them when it was opened (an edit that makes
    /// a new one is refused). While it has errors, the layout is the design's slots as they
    /// stand, with no more than their kinds.
    public private(set) var layout: TableLayout
    public private(set) var diagnostics: [LayoutDiagnostic]
    private var undoStack: [DesignSnapshot] = []
    private var redoStack: [DesignSnapshot] = []
    private var nextKey = 0

    /// A session on a document. One whose file has errors `cardtable check` reports (a value
    /// out of range, a kind misspelt) opens with them, to be mended: edits may leave them, or
    /// take them away, but not add one.
    public init(document: LayoutDocument) {
        self.document = document
        lastSeenOnDisk = document.isNewFile ? nil : document.text
        let result = Self.load(document.design, of: document)
        layout = result.layout ?? Self.provisional(document.design, of: document)
        diagnostics = result.diagnostics
        snapshot = DesignSnapshot(design: document.design, keys: Array(document.design.slots.indices))
        nextKey = document.design.slots.count
    }

    public var design: TableDesign { snapshot.design }
    /// The errors `cardtable check` reports of the design as it stands (only ones the file was
    /// opened with).
    public var errors: [LayoutDiagnostic] { diagnostics.filter { $0.severity == .error } }
    /// Checks clean: no error (warnings may remain).
    public var isClean: Bool { errors.isEmpty }
    /// Changed since the file was read or saved (undoing back to it makes it unchanged again).
    public var isModified: Bool { design != document.design }
    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    // MARK: Slots by key

    /// The index in the design of the slot with this key.
    public func index(of key: Int) -> Int? { snapshot.keys.firstIndex(of: key) }

    /// The key of the slot at an index of the design.
    public func key(at index: Int) -> Int { snapshot.keys[index] }

    /// The slot's id in the loaded layout (`tableau.3`).
    public func id(of key: Int) -> String? { index(of: key).map { design.id(of: $0) } }

    /// The slot as the layout loads it (kind, fan, label …).
    public func slotLayout(of key: Int) -> SlotLayout? { id(of: key).flatMap { layout.slot($0) } }

    /// The key of the slot with an id.
    public func key(ofID id: String) -> Int? {
        design.slots.indices.first { design.id(of: $0) == id }.map { snapshot.keys[$0] }
    }

    // MARK: Edits

    /// Makes a slot of `kind` at a place (see ``TableDesign/addSlot(kind:at:)``); its key.
    public mutating func add(_ kind: SlotKind, at place: DesignPlace) -> Result<Int, DesignRefusal> {
        var candidate = snapshot
        let groups = candidate.design.groups.count
        let index = candidate.design.addSlot(kind: kind, at: place)
        if kind == .free, candidate.design.groups.count > groups {
            // A new group of free slots says its kind, so that its slots are named `free.N` as the
            // sandbox's are, not after the map's character.
            candidate.design.setValue(DesignSetting.text(kind.rawValue), forKey: "kind", ofSlot: index)
        }
        let key = nextKey
        candidate.keys.append(key)
        return commit(candidate).map {
            nextKey += 1
            return key
        }
    }

    /// Moves slots, each to its place (a map slot to a cell, a free slot to a point); the places
    /// are checked together, so slots moved as a group may take each other's places.
    public mutating func move(_ keys: [Int], to places: [DesignPlace]) -> Result<Void, DesignRefusal> {
        var candidate = snapshot
        for (key, place) in zip(keys, places) {
            guard let index = index(of: key) else { continue }
            candidate.design.moveSlot(index, to: place)
        }
        guard candidate != snapshot else { return .success(()) }
        return commit(candidate)
    }

    /// Deletes slots.
    public mutating func remove(_ keys: [Int]) -> Result<Void, DesignRefusal> {
        var candidate = snapshot
        for index in keys.compactMap({ index(of: $0) }).sorted(by: >) {
            candidate.design.removeSlot(index)
            candidate.keys.remove(at: index)
        }
        return commit(candidate)
    }

    /// Takes a map slot off the map into a `[[slot]]` entry at the same spot.
    public mutating func makeFree(_ key: Int) -> Result<Void, DesignRefusal> {
        guard let index = index(of: key) else { return .success(()) }
        var candidate = snapshot
        candidate.design.makeFree(index)
        return commit(candidate)
    }

    /// Sets a key of the slot (its group's, for a map slot), or removes it with nil; `value` is TOML.
    public mutating func setValue(_ value: String?, forKey name: String, ofSlot key: Int) -> Result<
        Void, DesignRefusal
    > {
        guard let index = index(of: key) else { return .success(()) }
        var candidate = snapshot
        candidate.design.setValue(value, forKey: name, ofSlot: index)
        return commit(candidate)
    }

    /// Puts a map slot into the group named `name`.
    public mutating func assign(_ key: Int, toGroupNamed name: String) -> Result<Void, DesignRefusal> {
        guard let index = index(of: key) else { return .success(()) }
        var candidate = snapshot
        candidate.design.assign(index, toGroupNamed: name)
        return commit(candidate)
    }

    /// Takes back the last edit. False when there is none.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        redoStack.append(snapshot)
        show(previous)
        return true
    }

    /// Makes again the last edit taken back. False when there is none.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let next = redoStack.popLast() else { return false }
        undoStack.append(snapshot)
        show(next)
        return true
    }

    /// What the design would load as, or why it is refused: an error `cardtable check` would
    /// report, a slot overlapping another that did not before, or two map slots on one cell.
    public func check(_ candidate: TableDesign) -> Result<(TableLayout, [LayoutDiagnostic]), DesignRefusal> {
        var cells: [DesignPlace: Int] = [:]
        for index in candidate.slots.indices where candidate.slots[index].isOnMap {
            let place = candidate.slots[index].place
            if let other = cells[place] {
                return .failure(
                    DesignRefusal(
                        message:
                            "slot '\(candidate.id(of: index))' overlaps slot '\(candidate.id(of: other))': "
                            + "they would share a cell of the map"))
            }
            cells[place] = index
        }
        let result = Self.load(candidate, of: document)
        // An error is new when its message is said more often than before (a file opened with
        // errors keeps them until they are mended).
        var known: [String: Int] = [:]
        for error in errors { known[error.message, default: 0] += 1 }
        for error in result.diagnostics where error.severity == .error {
            if known[error.message, default: 0] == 0 {
                return .failure(DesignRefusal(message: error.message, diagnostic: error))
            }
            known[error.message, default: 0] -= 1
        }
        let overlaps = result.diagnostics.filter(Self.isOverlap)
        let before = diagnostics.filter(Self.isOverlap)
        if overlaps.count > before.count {
            let known = Set(before.map(\.message))
            let new = overlaps.first { !known.contains($0.message) } ?? overlaps[overlaps.count - 1]
            return .failure(DesignRefusal(message: new.message, diagnostic: new))
        }
        return .success((result.layout ?? Self.provisional(candidate, of: document), result.diagnostics))
    }

    /// A design loaded as `cardtable check` loads its file; a design with no slot yet (a new
    /// file, or every slot deleted), which no file could say, as an empty table.
    static func load(_ design: TableDesign, of document: LayoutDocument) -> LayoutLoadResult {
        guard design.slots.isEmpty else { return document.load(design) }
        let name = PathNames.lastComponent(document.file)
        let bare = name.hasSuffix(".toml") ? String(name.dropLast(5)) : name
        return LayoutLoadResult(layout: TableLayout(name: bare, title: bare, slots: []), diagnostics: [])
    }

    /// A design that does not load (its file has errors), as a table to draw: each slot where it
    /// stands, with its id and kind and defaults for the rest.
    static func provisional(_ design: TableDesign, of document: LayoutDocument) -> TableLayout {
        let name = PathNames.lastComponent(document.file)
        let bare = name.hasSuffix(".toml") ? String(name.dropLast(5)) : name
        let slots = design.slots.indices.map { index in
            let id = design.id(of: index)
            return SlotLayout(
                id: id, group: design.group(of: index)?.name ?? id, kind: design.kind(of: index),
                position: design.position(of: index))
        }
        return TableLayout(name: bare, title: bare, slots: slots)
    }

    /// A warning that two slots overlap (`slot 'b' overlaps slot 'a'; …`, or the count of more).
    static func isOverlap(_ diagnostic: LayoutDiagnostic) -> Bool {
        diagnostic.severity == .warning
            && (diagnostic.message.hasPrefix("slot '") && diagnostic.message.contains("' overlaps slot '")
                || diagnostic.message.hasSuffix("more overlapping slots not shown"))
    }

    // MARK: Saving

    /// The file's text with the design written in.
    public var text: String { document.text(for: design) }

    /// Writes the design into its file (atomically), once its text reads back as a document (it
    /// is not written otherwise); the design becomes the file's, unchanged.
    public mutating func save() throws(DesignSaveError) {
        guard !design.slots.isEmpty else {
            throw DesignSaveError(message: "nothing to save yet: a layout needs a slot")
        }
        let text = document.text(for: design)
        // What is written must read back (a file past a layout's 1 MB would be refused by play
        // and check, and by the designer itself): read first, written only then.
        let reread: LayoutDocument
        do {
            reread = try LayoutDocument(text: text, file: document.file)
        } catch {
            throw DesignSaveError(
                message: (error.diagnostics.first?.description ?? "the file would not read back") + ": not saved")
        }
        try refuseToWriteOverAChange()
        do {
            try AtomicFile.write(text, to: document.file, keepingPermissions: true)
        } catch {
            // The file by its name, as the title line names it: with its whole path first, the
            // status line of an 80-column terminal was cut before it said why (a full disk:
            // "not saved: /home/ann/.config/cardtable/layouts/mine.toml: No space lef…").
            // Its reason in few words too: a link's refusal named a second path, or said at
            // length why a link of another user's is not followed, and was cut the same way.
            let name = PathNames.lastComponent(document.file)
            let said = error.path == document.file ? error.short : TerminalText.safe(name + ": ") + error.short
            throw DesignSaveError(message: said)
        }
        lastSeenOnDisk = text
        changeSaidOf = nil
        document = reread
        let keys = Self.matchKeys(from: snapshot, to: reread.design, next: &nextKey)
        let result = Self.load(reread.design, of: reread)
        layout = result.layout ?? Self.provisional(reread.design, of: reread)
        diagnostics = result.diagnostics
        snapshot = DesignSnapshot(design: reread.design, keys: keys)
    }

    /// Throws when something else wrote the file since the designer read it or last saved it (an
    /// editor open on it too, a `cardtable copy` to a new file's name): the design would replace
    /// that change unseen. Said once; the next save that finds the file as it was then writes
    /// over it. A file removed meanwhile is made again.
    private mutating func refuseToWriteOverAChange() throws(DesignSaveError) {
        let found = try? AtomicFile.readText(document.file, limit: LayoutLoader.maxFileBytes, what: "a layout file")
        guard let now = found, now != lastSeenOnDisk, now != changeSaidOf else { return }
        changeSaidOf = now
        let name = PathNames.lastComponent(document.file)
        // Short enough for the status line of an 80-column terminal, "not saved: " before it.
        let how = lastSeenOnDisk == nil ? "was made" : "changed"
        throw DesignSaveError(message: "\(name) \(how) elsewhere: save again to write over it")
    }

    /// Keys for a design read back from the file, whose slots may stand in another order: a map
    /// slot keeps its key by its cell, a free slot by its id.
    static func matchKeys(from old: DesignSnapshot, to design: TableDesign, next: inout Int) -> [Int] {
        var byPlace: [DesignPlace: Int] = [:]
        var byID: [String: Int] = [:]
        for index in old.design.slots.indices {
            if old.design.slots[index].isOnMap {
                byPlace[old.design.slots[index].place] = old.keys[index]
            } else {
                byID[old.design.id(of: index)] = old.keys[index]
            }
        }
        var used = Set<Int>()
        return design.slots.indices.map { index in
            let found =
                design.slots[index].isOnMap ? byPlace[design.slots[index].place] : byID[design.id(of: index)]
            if let found, !used.contains(found) {
                used.insert(found)
                return found
            }
            next += 1
            return next - 1
        }
    }

    // MARK: Helpers

    private mutating func commit(_ candidate: DesignSnapshot) -> Result<Void, DesignRefusal> {
        switch check(candidate.design) {
        case .failure(let refusal):
            return .failure(refusal)
        case .success(let (layout, diagnostics)):
            undoStack.append(snapshot)
            redoStack = []
            snapshot = candidate
            self.layout = layout
            self.diagnostics = diagnostics
            return .success(())
        }
    }

    /// Shows an earlier or later design (undo, redo): it loaded before, so it loads now.
    private mutating func show(_ other: DesignSnapshot) {
        snapshot = other
        let result = Self.load(other.design, of: document)
        layout = result.layout ?? Self.provisional(other.design, of: document)
        diagnostics = result.diagnostics
    }
}

/// Why a design could not be saved: the file could not be written (`Permission denied`), or
/// what was written does not read back.
public struct DesignSaveError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
