// Keys and typed values of TOML tables, with a message for each wrong one, and how values are shown in messages.

extension Loader {
    /// The table's keys in the order the file writes them (each key's place looked up once).
    func sortedKeys(_ table: TOMLTable, parent: String) -> [String] {
        sortedKeys(table.keys, parent: parent)
    }

    func sortedKeys(_ keys: [String], parent: String) -> [String] {
        keys.map { (index.order[KeyPath.join(parent, $0)] ?? Int.max, $0) }.sorted { a, b in
            a.0 != b.0 ? a.0 < b.0 : a.1 < b.1
        }.map(\.1)
    }

    func checkKeys(_ table: TOMLTable, path: String, allowed: [String], context: String, otherKeys: [String]) {
        let keys = table.keys
        guard keys.contains(where: { !allowed.contains($0) }) else { return }
        var validKeys: String?  // said in many messages, joined once
        for key in sortedKeys(keys, parent: path) where !allowed.contains(key) {
            let keyPath = KeyPath.join(path, key)
            var message = "unknown key '\(key)' \(context)"
            if let suggestion = closestKnown(to: key, in: allowed) {
                message += "; did you mean '\(suggestion)'?"
            } else if otherKeys.contains(key) {
                message +=
                    key == "at"
                    ? "; 'at' places a [[slot]]: a map group is placed by the map (shift it with offset)"
                    : "; '\(key)' belongs in a \(allowed.contains("id") ? "[slots.X] group" : "[[slot]]")"
            } else {
                if validKeys == nil { validKeys = allowed.joined(separator: ", ") }
                message += " (valid keys: \(validKeys!))"
            }
            error(message, at: index.keyPosition(keyPath), key: keyPath)
        }
    }

    func typeError(_ key: String, parent: String, expected: String, found value: TOMLValue) {
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

    func number(_ value: TOMLValue) -> Double? {
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

    /// A string naming one case of `E`: its raw value, with "did you mean" when one is close.
    func enumeration<E: RawRepresentable & CaseIterable>(
        _ table: TOMLTable, _ key: String, parent: String, as type: E.Type
    ) -> E? where E.RawValue == String {
        let choices = E.allCases.map { $0.rawValue }
        return choice(table, key, parent: parent, choices: choices, shown: "one of \(choices.joined(separator: ", "))")
            .flatMap(E.init(rawValue:))
    }

    /// A string that must be one of `choices`, with "did you mean" when one is close. `shown`
    /// (the choices as a message says them) is made only for a message.
    func choice(
        _ table: TOMLTable, _ key: String, parent: String, choices: [String], shown: @autoclosure () -> String
    ) -> String? {
        guard let value = table[key] else { return nil }
        guard value.type == .string, let raw = value.string else {
            typeError(key, parent: parent, expected: "a string (\(shown()))", found: value)
            return nil
        }
        if choices.contains(raw) { return raw }
        let keyPath = KeyPath.join(parent, key)
        var message = "unknown \(key) \(quote(raw))"
        if let suggestion = closestKnown(to: raw, in: choices) {
            message += "; did you mean \(quote(suggestion))?"
        }
        message += " (\(shown()))"
        error(message, at: index.valuePosition(keyPath), key: keyPath)
        return nil
    }

    // MARK: Text

    func describe(_ value: TOMLValue) -> String {
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
