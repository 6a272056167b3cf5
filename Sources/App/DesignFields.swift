import Layouts

/// One row of the designer's slot panel: a key of the slot's group (or of its `[[slot]]` entry),
/// what it is set to and what applies when it is not.
///
/// ```
/// fan           down
/// fan-visible   (13)        ← not set: the default, in brackets
/// build         alternate-colour
/// ```
struct DesignField: Hashable {
    enum Kind: Hashable {
        /// One of a few words (kind, fan), changed with the arrows or typed.
        case choice([String])
        /// true or false, changed with the arrows or typed.
        case boolean
        /// Text written as a TOML string (group, label, id).
        case text
        /// A number, or any TOML value (a rules key's), written as typed (a bare word is quoted).
        case value
        /// The row that adds a rules key: the arrows choose which, Enter types its value.
        case addKey([String])
    }

    /// The key: `fan`, `build`; the add row's is the rules key it would add.
    var key: String
    var kind: Kind
    /// What the file sets, as the panel shows it (strings without their quotes); nil when unset.
    var value: String?
    /// What applies when it is not set (`13`, `no limit`), as the layout loads it.
    var effective: String

    /// The value shown: the set value, or the one that applies in brackets.
    var shown: String {
        if case .addKey = kind { return key }
        if let value { return value }
        return effective.isEmpty ? "" : "(\(effective))"
    }

    /// The words the arrows step through; empty for rows typed only.
    var choices: [String] {
        switch kind {
        case .choice(let words): words
        case .boolean: ["true", "false"]
        case .addKey(let keys): keys
        case .text, .value: []
        }
    }

    /// The TOML a typed value is written as: quoted for a text row (or a bare word anywhere), as
    /// typed otherwise; nil (the key removed) when nothing was typed.
    static func toml(forTyped typed: String, kind: Kind) -> String? {
        let text = typed.trimmingBlanks()
        guard !text.isEmpty else { return nil }
        switch kind {
        case .text:
            return DesignSetting.text(text)
        case .choice, .boolean, .value, .addKey:
            if let first = text.unicodeScalars.first, "\"'[{".unicodeScalars.contains(first) { return text }
            if text == "true" || text == "false" || Double(text) != nil || Int(text) != nil { return text }
            if text.hasPrefix("-") || text.hasPrefix("+"), Double(text.dropFirst()) != nil { return text }
            return DesignSetting.text(text)
        }
    }
}

/// The rows of the slot panel for one slot, read off the design and the layout it loads as.
enum DesignFields {
    /// The keys every slot has a row for, in the panel's order (the rules keys set follow).
    static let baseKeys = [
        "group", "kind", "fan", "fan-visible", "capacity", "label", "tap-to-create", "delete-on-drop",
    ]

    static func rows(for key: Int, in session: DesignSession) -> [DesignField] {
        guard let index = session.index(of: key) else { return [] }
        let design = session.design
        let settings = design.settings(of: index)
        let slot = session.slotLayout(of: key)
        func set(_ name: String) -> String? {
            settings[name].map { DesignSetting(key: name, value: $0).string ?? $0 }
        }
        var rows: [DesignField] = []
        if !design.slots[index].isOnMap {
            let id = design.slots[index].entry["id"].map { DesignSetting(key: "id", value: $0).string ?? $0 }
            rows.append(DesignField(key: "id", kind: .text, value: id, effective: ""))
        }
        let group =
            design.group(of: index)?.name
            ?? design.slots[index].entry["group"].map { DesignSetting(key: "group", value: $0).string ?? $0 }
        rows.append(DesignField(key: "group", kind: .text, value: group, effective: slot?.group ?? ""))
        rows.append(
            DesignField(
                key: "kind", kind: .choice(SlotKind.allCases.map(\.rawValue)), value: set("kind"),
                effective: (slot?.kind ?? .free).rawValue))
        rows.append(
            DesignField(
                key: "fan", kind: .choice(FanDirection.allCases.map(\.rawValue)), value: set("fan"),
                effective: (slot?.fan ?? .none).rawValue))
        rows.append(
            DesignField(
                key: "fan-visible", kind: .value, value: set("fan-visible"),
                effective: slot.map { "\($0.fanVisible)" } ?? ""))
        rows.append(
            DesignField(
                key: "capacity", kind: .value, value: set("capacity"),
                effective: slot.map { $0.capacity.map(String.init) ?? "no limit" } ?? ""))
        rows.append(DesignField(key: "label", kind: .text, value: set("label"), effective: "none"))
        rows.append(
            DesignField(
                key: "tap-to-create", kind: .boolean, value: set("tap-to-create"),
                effective: slot.map { "\($0.tapToCreate)" } ?? ""))
        rows.append(
            DesignField(
                key: "delete-on-drop", kind: .boolean, value: set("delete-on-drop"),
                effective: slot.map { "\($0.deleteOnDrop)" } ?? ""))
        let rulesKeys = LayoutLoader.rulesKeys
        for setting in settings where rulesKeys.contains(setting.key) {
            rows.append(
                DesignField(key: setting.key, kind: .value, value: set(setting.key), effective: ""))
        }
        // A free table has no [game], so no rules: the row that adds a rules key is a game's.
        let unset = rulesKeys.filter { settings[$0] == nil }
        if session.layout.rules != nil, let first = unset.first {
            rows.append(DesignField(key: first, kind: .addKey(unset), value: nil, effective: ""))
        }
        return rows
    }

    /// The text a row's value starts from when it is typed over.
    static func editingText(of field: DesignField) -> String {
        switch field.kind {
        case .addKey: ""
        default: field.value ?? ""
        }
    }
}
