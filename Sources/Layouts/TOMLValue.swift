// The values of a TOML document, as ``TOMLParser`` reads them: what layout files and the
// settings file hold, read-only once parsed.

/// The kind of a TOML value, as messages name it.
package enum TOMLType: Sendable {
    case string, int, double, bool, array, table, date, time, dateTime

    /// The kind's name in parser messages (`cannot redefine existing integer 'x'`).
    var name: String {
        switch self {
        case .string: "string"
        case .int: "integer"
        case .double: "floating-point"
        case .bool: "boolean"
        case .array: "array"
        case .table: "table"
        case .date: "date"
        case .time: "time"
        case .dateTime: "date-time"
        }
    }
}

/// One TOML value. Dates and times are kept as written: nothing in a layout or the settings
/// uses one, but a message says what was found.
package enum TOMLValue {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case array(TOMLArray)
    case table(TOMLTable)
    case date(String)
    case time(String)
    case dateTime(String)

    package var type: TOMLType {
        switch self {
        case .string: .string
        case .int: .int
        case .double: .double
        case .bool: .bool
        case .array: .array
        case .table: .table
        case .date: .date
        case .time: .time
        case .dateTime: .dateTime
        }
    }

    package var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    package var int: Int? {
        if case .int(let value) = self { value } else { nil }
    }

    package var double: Double? {
        if case .double(let value) = self { value } else { nil }
    }

    package var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    package var array: TOMLArray? {
        if case .array(let value) = self { value } else { nil }
    }

    package var table: TOMLTable? {
        if case .table(let value) = self { value } else { nil }
    }
}

/// A TOML array: values in order (`[1, 2]`), or the tables of `[[name]]` headers.
package final class TOMLArray {
    package private(set) var elements: [TOMLValue] = []
    /// Made by `[[name]]` headers, which may add to it; an array written as a value may not grow.
    let holdsHeaderTables: Bool

    init(holdsHeaderTables: Bool) { self.holdsHeaderTables = holdsHeaderTables }

    package var count: Int { elements.count }

    package subscript(index: Int) -> TOMLValue { elements[index] }

    func append(_ value: TOMLValue) { elements.append(value) }
}

/// A TOML table: keys and their values.
package final class TOMLTable {
    /// How the table came to be, which decides what may still add to it.
    enum Origin {
        /// Named on the way to a header's table (`a` of `[a.b]`): a header of its own may still define it.
        case implicit
        /// Defined by a `[header]` or the document's root.
        case header
        /// Made by a dotted key (`a.b = 1` makes `a`): more dotted keys of the same table may add to it.
        case dotted
        /// Written inline (`{ … }`): complete as written.
        case inline
    }

    package private(set) var entries: [String: TOMLValue] = [:]
    var origin: Origin
    /// ``keys``, sorted once: the loader asks for them several times.
    private var sortedKeys: [String]?

    init(origin: Origin) { self.origin = origin }

    /// The keys, sorted (for text in Unicode's composed form, NFC, the order of their UTF-8 bytes).
    package var keys: [String] {
        if let sortedKeys { return sortedKeys }
        let keys = entries.keys.sorted()
        sortedKeys = keys
        return keys
    }

    package var isEmpty: Bool { entries.isEmpty }

    package subscript(key: String) -> TOMLValue? { entries[key] }

    func set(_ key: String, _ value: TOMLValue) {
        entries[key] = value
        sortedKeys = nil
    }
}
