import Foundation
import XCTest

@testable import Layouts

/// TOML's official test suite, toml-lang/toml-test (the files its `tests/files-toml-1.0.0` lists,
/// kept in `toml-test/` with the suite's licence): every valid document read to the values its
/// JSON gives, every invalid one refused with a line and column. Read as layout files are: the
/// bytes decoded (TextDecoding), then parsed (TOMLSyntax). docs/TOML.md has the results.
final class TOMLConformanceTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("toml-test")

    /// Documents TOML 1.0 allows that the layouts' reader refuses on purpose: none.
    static let refusedOnPurpose: Set<String> = []

    /// The suite's files under `kind` (valid or invalid), relative to it, sorted.
    private func files(_ kind: String, ending: String) throws -> [String] {
        let root = Self.folder.appendingPathComponent(kind)
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path))
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(ending) }.sorted()
    }

    /// Why a document was refused: where, and what was said.
    struct Refusal: Error {
        var text: String
    }

    /// A document read as a layout file is: decoded, then parsed.
    private func read(_ url: URL) -> Result<TOMLTable, Refusal> {
        guard let data = try? Data(contentsOf: url) else { return .failure(Refusal(text: "unreadable")) }
        switch TextDecoding.decode(Array(data)) {
        case .failure(let problem):
            return .failure(Refusal(text: "\(problem.position.line):\(problem.position.column): \(problem.message)"))
        case .success(let text):
            switch TOMLSyntax(text).parse() {
            case .success(let parsed): return .success(parsed.root)
            case .failure(let failure):
                guard let position = failure.position else {
                    return .failure(Refusal(text: "no position: \(failure.message)"))
                }
                return .failure(Refusal(text: "\(position.line):\(position.column): \(failure.message)"))
            }
        }
    }

    func testEveryValidDocumentReadsToTheSuitesValues() throws {
        let names = try files("valid", ending: ".toml")
        XCTAssertEqual(names.count, 210, "the suite's valid TOML 1.0 documents")
        var wrong: [String] = []
        for name in names where !Self.refusedOnPurpose.contains("valid/" + name) {
            let url = Self.folder.appendingPathComponent("valid").appendingPathComponent(name)
            let expectedURL = url.deletingPathExtension().appendingPathExtension("json")
            let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: expectedURL), options: [])
            switch read(url) {
            case .failure(let why): wrong.append("\(name): refused (\(why.text))")
            case .success(let root):
                if let difference = Self.difference(tagged(.table(root)), expected, at: "") {
                    wrong.append("\(name): \(difference)")
                }
            }
        }
        XCTAssertEqual(wrong, [], "\(wrong.count) valid documents read wrong:\n" + wrong.joined(separator: "\n"))
    }

    func testEveryInvalidDocumentIsRefusedWithALineAndColumn() throws {
        let names = try files("invalid", ending: ".toml")
        XCTAssertEqual(names.count, 499, "the suite's invalid TOML 1.0 documents")
        var accepted: [String] = []
        for name in names {
            let url = Self.folder.appendingPathComponent("invalid").appendingPathComponent(name)
            switch read(url) {
            case .success: accepted.append(name)
            case .failure(let why): XCTAssertFalse(why.text.hasPrefix("no position"), "\(name): \(why.text)")
            }
        }
        XCTAssertEqual(
            accepted, [], "\(accepted.count) invalid documents accepted:\n" + accepted.joined(separator: "\n"))
    }

    // MARK: The suite's JSON form

    /// A value in the suite's form: tables as dictionaries, arrays as arrays, every other value
    /// as `{"type": …, "value": …}` with the value as text.
    private func tagged(_ value: TOMLValue) -> Any {
        switch value {
        case .table(let table):
            var result: [String: Any] = [:]
            for key in table.keys { result[key] = tagged(table[key]!) }
            return result
        case .array(let array): return array.elements.map(tagged)
        case .string(let text): return ["type": "string", "value": text]
        case .int(let number): return ["type": "integer", "value": String(number)]
        case .double(let number): return ["type": "float", "value": Self.text(of: number)]
        case .bool(let flag): return ["type": "bool", "value": flag ? "true" : "false"]
        case .date(let text): return ["type": "date-local", "value": text]
        case .time(let text): return ["type": "time-local", "value": text]
        case .dateTime(let text):
            let offset = text.hasSuffix("Z") || text.hasSuffix("z") || Self.hasOffset(text)
            return ["type": offset ? "datetime" : "datetime-local", "value": text]
        }
    }

    private static func text(of number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        return String(number)
    }

    /// Whether a date-time ends in an offset (`+07:00`, `-00:30`) after its time.
    private static func hasOffset(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 6 else { return false }
        let sign = scalars[scalars.count - 6]
        return (sign == "+" || sign == "-") && scalars[scalars.count - 3] == ":"
    }

    /// Where two values in the suite's form differ, or nil.
    static func difference(_ found: Any, _ expected: Any, at path: String) -> String? {
        switch (found, expected) {
        case (let found as [String: Any], let expected as [String: Any]):
            if let type = expected["type"] as? String, let value = expected["value"] as? String,
                expected.count == 2
            {
                guard let foundType = found["type"] as? String, let foundValue = found["value"] as? String else {
                    return "\(path): a table where a \(type) is expected"
                }
                guard foundType == type else { return "\(path): \(foundType) where a \(type) is expected" }
                return same(foundValue, value, type: type) ? nil : "\(path): \(foundValue) where \(value) is expected"
            }
            if found["type"] is String, found["value"] is String, found.count == 2 {
                return "\(path): a value where a table is expected"
            }
            let keys = Set(found.keys).union(expected.keys)
            for key in keys.sorted() {
                guard let one = found[key] else { return "\(path).\(key): missing" }
                guard let other = expected[key] else { return "\(path).\(key): not expected" }
                if let difference = difference(one, other, at: path + "." + key) { return difference }
            }
            return nil
        case (let found as [Any], let expected as [Any]):
            guard found.count == expected.count else {
                return "\(path): \(found.count) elements where \(expected.count) are expected"
            }
            for (index, pair) in zip(found, expected).enumerated() {
                if let difference = difference(pair.0, pair.1, at: path + "[\(index)]") { return difference }
            }
            return nil
        default:
            return "\(path): \(type(of: found)) where \(type(of: expected)) is expected"
        }
    }

    /// Whether two values as text are the same value of a type: numbers by value, dates and
    /// times by their parts (`T` or a space, `Z` or `z`, the fraction's trailing zeros).
    static func same(_ found: String, _ expected: String, type: String) -> Bool {
        switch type {
        case "float":
            if found == "nan" || expected == "nan" { return found.hasSuffix("nan") && expected.hasSuffix("nan") }
            return Double(found.replacingOccurrences(of: "+", with: "")) == Double(expected) || found == expected
        case "integer": return Int(found) == Int(expected)
        case "datetime", "datetime-local", "date-local", "time-local":
            return normalized(found) == normalized(expected)
        default: return found == expected
        }
    }

    private static func normalized(_ text: String) -> String {
        var text = text.uppercased().replacingOccurrences(of: " ", with: "T")
        if text.hasSuffix("+00:00") || text.hasSuffix("-00:00") { text = String(text.dropLast(6)) + "Z" }
        // Seconds written or not ("07:32" is "07:32:00"), the fraction's trailing zeros.
        if let dot = text.firstIndex(of: ".") {
            var end = text[dot...].firstIndex { !$0.isNumber && $0 != "." } ?? text.endIndex
            var fraction = String(text[text.index(after: dot)..<end])
            while fraction.hasSuffix("0") { fraction.removeLast() }
            let rest = String(text[end...])
            end = dot
            text = String(text[..<dot]) + (fraction.isEmpty ? "" : "." + fraction) + rest
        }
        return text
    }
}
