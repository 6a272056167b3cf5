import XCTest

@testable import Layouts

/// The TOML parser of layouts and the settings file: TOML 1.0's values and tables, and the first
/// error with its line and column.
final class TOMLParserTests: XCTestCase {
    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> TOMLTable? {
        switch TOMLSyntax(text).parse() {
        case .success(let parsed): return parsed.root
        case .failure(let failure):
            XCTFail("\(failure.message) at \(String(describing: failure.position))", file: file, line: line)
            return nil
        }
    }

    /// "LINE:COL: message" of the first error.
    private func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        switch TOMLSyntax(text).parse() {
        case .success:
            XCTFail("parsed: \(text)", file: file, line: line)
            return ""
        case .failure(let failure):
            return "\(failure.position?.line ?? 0):\(failure.position?.column ?? 0): \(failure.message)"
        }
    }

    func testStrings() throws {
        let root = try XCTUnwrap(
            parse(
                #"""
                basic = "tab\there \"quoted\" \\ \u00E9 \U0001F0A1"
                literal = 'C:\no\escapes'
                multi = """
                one \
                   two
                three"""
                raw = '''
                first line
                "quotes" ''ok'''
                quotes = """a "" b"""""
                "quoted key" = 1
                '' = 2
                """#))
        XCTAssertEqual(root["basic"]?.string, "tab\there \"quoted\" \\ é 🂡")
        XCTAssertEqual(root["literal"]?.string, #"C:\no\escapes"#)
        XCTAssertEqual(root["multi"]?.string, "one two\nthree")
        XCTAssertEqual(root["raw"]?.string, "first line\n\"quotes\" ''ok")
        XCTAssertEqual(root["quotes"]?.string, "a \"\" b\"\"")
        XCTAssertEqual(root["quoted key"]?.int, 1)
        XCTAssertEqual(root[""]?.int, 2)
    }

    func testNumbersBooleansDatesAndTimes() throws {
        let root = try XCTUnwrap(
            parse(
                """
                a = 42
                b = -17
                c = 1_000
                d = 0xDEAD_beef
                e = 0o755
                f = 0b1101
                g = 3.25
                h = -1e3
                i = 6.626e-34
                j = inf
                k = -inf
                l = nan
                m = true
                n = false
                o = 1979-05-27
                p = 07:32:00.5
                q = 1979-05-27T07:32:00Z
                r = 1979-05-27 07:32:00-07:00
                s = +0
                t = 9223372036854775807
                """))
        XCTAssertEqual(root["a"]?.int, 42)
        XCTAssertEqual(root["b"]?.int, -17)
        XCTAssertEqual(root["c"]?.int, 1000)
        XCTAssertEqual(root["d"]?.int, 0xDEAD_BEEF)
        XCTAssertEqual(root["e"]?.int, 0o755)
        XCTAssertEqual(root["f"]?.int, 13)
        XCTAssertEqual(root["g"]?.double, 3.25)
        XCTAssertEqual(root["h"]?.double, -1000)
        XCTAssertEqual(root["i"]?.double, 6.626e-34)
        XCTAssertEqual(root["j"]?.double, .infinity)
        XCTAssertEqual(root["k"]?.double, -.infinity)
        XCTAssertEqual(root["l"]?.double?.isNaN, true)
        XCTAssertEqual(root["m"]?.bool, true)
        XCTAssertEqual(root["n"]?.bool, false)
        XCTAssertEqual(root["o"]?.type, .date)
        XCTAssertEqual(root["p"]?.type, .time)
        XCTAssertEqual(root["q"]?.type, .dateTime)
        XCTAssertEqual(root["r"]?.type, .dateTime)
        XCTAssertEqual(root["s"]?.int, 0)
        XCTAssertEqual(root["t"]?.int, Int.max)
        XCTAssertNil(root["a"]?.double, "an integer is not a float")
    }

    func testTablesArraysAndDottedKeys() throws {
        let root = try XCTUnwrap(
            parse(
                """
                # a comment
                at = [ 1, 2.5, "x", [3], { y = 4 }, ]
                lines = [
                  1,  # one
                  2,
                ]
                point = { x = 1, y.z = 2 }
                a.b.c = 1
                a.b.d = 2
                [slots.A]
                kind = "stock"
                [ slots . "B" ]
                kind = "waste"
                [x.y.z]
                [x]
                w = 1
                [[slot]]
                id = "one"
                [[slot]]
                id = "two"
                [slot.sub]
                n = 3
                """))
        let at = try XCTUnwrap(root["at"]?.array)
        XCTAssertEqual(at.count, 5)
        XCTAssertEqual(at[0].int, 1)
        XCTAssertEqual(at[1].double, 2.5)
        XCTAssertEqual(at[2].string, "x")
        XCTAssertEqual(at[3].array?[0].int, 3)
        XCTAssertEqual(at[4].table?["y"]?.int, 4)
        XCTAssertEqual(root["lines"]?.array?.count, 2)
        XCTAssertEqual(root["point"]?.table?["y"]?.table?["z"]?.int, 2)
        XCTAssertEqual(root["a"]?.table?["b"]?.table?.keys, ["c", "d"])
        let slots = try XCTUnwrap(root["slots"]?.table)
        XCTAssertEqual(slots.keys, ["A", "B"])
        XCTAssertEqual(slots["B"]?.table?["kind"]?.string, "waste")
        XCTAssertEqual(root["x"]?.table?["w"]?.int, 1)
        XCTAssertEqual(root["x"]?.table?["y"]?.table?["z"]?.type, .table)
        let slot = try XCTUnwrap(root["slot"]?.array)
        XCTAssertEqual(slot.count, 2)
        XCTAssertEqual(slot[1].table?["id"]?.string, "two")
        XCTAssertEqual(slot[1].table?["sub"]?.table?["n"]?.int, 3)
        XCTAssertEqual(root.keys, ["a", "at", "lines", "point", "slot", "slots", "x"], "keys in byte order")
    }

    func testCarriageReturnLineFeedEndsALine() throws {
        let root = try XCTUnwrap(parse("a = 1\r\n[t]\r\nb = \"\"\"x\r\ny\"\"\"\r\n"))
        XCTAssertEqual(root["t"]?.table?["b"]?.string, "x\ny")
    }

    func testRedefinitionsAreRefused() {
        XCTAssertEqual(
            failure("a = 1\na = 2\n"),
            "2:5: TOML syntax: error while parsing key-value pair: cannot redefine existing integer 'a'")
        XCTAssertEqual(
            failure("[t]\n[t]\n"),
            "2:1: TOML syntax: error while parsing table header: cannot redefine existing table 't'")
        XCTAssertEqual(
            failure("a.b = 1\n[a.b]\n"),
            "2:1: TOML syntax: error while parsing table header: cannot redefine existing integer 'a.b'")
        XCTAssertEqual(
            failure("[t]\nx.y = 1\n[t.x]\n"),
            "3:1: TOML syntax: error while parsing table header: cannot redefine existing table 't.x'")
        XCTAssertEqual(
            failure("p = { x = 1 }\np.y = 2\n"),
            "2:7: TOML syntax: error while parsing key-value pair: cannot redefine existing table 'p'")
        XCTAssertEqual(
            failure("p = { x = 1 }\n[p]\n"),
            "2:1: TOML syntax: error while parsing table header: cannot redefine existing table 'p'")
        XCTAssertEqual(
            failure("a = [1]\n[[a]]\n"),
            "2:1: TOML syntax: error while parsing array-of-tables header: cannot redefine existing array 'a'")
        XCTAssertEqual(
            failure("[[a]]\n[a]\n"),
            "2:1: TOML syntax: error while parsing table header: cannot redefine existing array 'a'")
    }

    func testMalformedValuesAreRefusedWithTheirPlace() {
        XCTAssertEqual(
            failure("a = 01\n"), "1:5: TOML syntax: error while parsing integer: leading zeroes are prohibited")
        XCTAssertEqual(
            failure("a = 1__0\n"),
            "1:6: TOML syntax: error while parsing integer: underscores must be followed by digits")
        XCTAssertEqual(
            failure("a = _1\n"), "1:5: TOML syntax: error while parsing value: could not determine value type")
        XCTAssertEqual(
            failure("a = 1_.5\n"),
            "1:6: TOML syntax: error while parsing floating-point: underscores must be followed by digits")
        XCTAssertEqual(
            failure("a = 10_\n"),
            "1:7: TOML syntax: error while parsing integer: underscores must be followed by digits")
        XCTAssertEqual(
            failure("a = 9223372036854775808\n"),
            "1:5: TOML syntax: error while parsing integer: '9223372036854775808' is not representable in 64 bits")
        XCTAssertEqual(
            failure("a = 1.\n"), "1:5: TOML syntax: error while parsing floating-point: '1.' is not a number")
        XCTAssertEqual(
            failure("a = stock\n"), "1:5: TOML syntax: error while parsing value: could not determine value type")
        XCTAssertEqual(failure("a = \"x\n"), "1:7: TOML syntax: error while parsing string: encountered end-of-line")
        XCTAssertEqual(failure("a = 'x"), "1:7: TOML syntax: error while parsing string: encountered end-of-file")
        XCTAssertEqual(
            failure(#"a = "\q""#), #"1:6: TOML syntax: error while parsing string: unknown escape sequence '\q'"#)
        XCTAssertEqual(
            failure(#"a = "\uD800""#),
            "1:6: TOML syntax: error while parsing string: unicode surrogates (U+D800 - U+DFFF) are explicitly prohibited"
        )
        XCTAssertEqual(
            failure("a = 1979-13-01\n"),
            "1:10: TOML syntax: error while parsing date: expected month between 1 and 12 (inclusive), saw 13")
        XCTAssertEqual(
            failure("a = 1979-02-30\n"),
            "1:13: TOML syntax: error while parsing date: expected day between 1 and 28 (inclusive), saw 30")
        XCTAssertEqual(
            failure("a = 24:00:00\n"),
            "1:5: TOML syntax: error while parsing time: expected hour between 0 and 23 (inclusive), saw 24")
        XCTAssertEqual(failure("a = 1 2\n"), "1:7: TOML syntax: expected a comment or whitespace, saw '2'")
        XCTAssertEqual(
            failure("a = \"\u{1}\"\n"), "1:6: TOML syntax: error while parsing string: unexpected control character")
        XCTAssertEqual(failure("a = 1\r2\n"), "1:7: TOML syntax: expected '\\n' after '\\r', saw '2'")
    }

    func testMalformedArraysTablesAndKeysAreRefused() {
        XCTAssertEqual(
            failure("a = [1 2]\n"),
            "1:8: TOML syntax: error while parsing array: expected comma or closing ']', saw '2'")
        XCTAssertEqual(
            failure("a = [,]\n"),
            "1:6: TOML syntax: error while parsing array: expected value or closing ']', saw comma")
        XCTAssertEqual(failure("a = [1,\n"), "2:1: TOML syntax: error while parsing array: encountered end-of-file")
        XCTAssertEqual(
            failure("a = { x = 1,\n y = 2 }\n"),
            "1:13: TOML syntax: error while parsing inline table: expected key or closing '}', saw '\\n'")
        XCTAssertEqual(
            failure("a = { x = 1, }\n"),
            "1:14: TOML syntax: error while parsing inline table: expected key-value pair, saw closing '}' (dangling comma)"
        )
        XCTAssertEqual(
            failure("a = { x = 1 y = 2 }\n"),
            "1:13: TOML syntax: error while parsing inline table: expected comma or closing '}', saw 'y'")
        XCTAssertEqual(failure("[a]]\n"), "1:4: TOML syntax: expected a comment or whitespace, saw ']'")
        XCTAssertEqual(
            failure("[[a]\n"), "1:5: TOML syntax: error while parsing array-of-tables header: expected ']', saw '\\n'")
        XCTAssertEqual(
            failure("a.= 1\n"),
            "1:3: TOML syntax: error while parsing key: expected bare key starting character or string delimiter, saw '='"
        )
        XCTAssertEqual(
            failure("a = 1 # \u{7F}\n"), "1:9: TOML syntax: error while parsing comment: unexpected control character")
        XCTAssertEqual(failure("= 1\n"), "1:1: TOML syntax: expected keys, tables, whitespace or comments, saw '='")
        XCTAssertEqual(
            failure("a = \n"), "1:5: TOML syntax: error while parsing key-value pair: expected value, saw '\\n'")
        XCTAssertEqual(
            failure("a = "), "1:5: TOML syntax: error while parsing key-value pair: expected value, saw end-of-file")
    }

    /// Every shipped layout parses, and to the values the loader reads from it.
    func testEveryShippedLayoutParses() {
        for name in ShippedLayouts.names {
            guard let source = ShippedLayouts.source(named: name) else { continue }
            if case .failure(let failure) = TOMLSyntax(source).parse() {
                XCTFail("\(name): \(failure.message) at \(String(describing: failure.position))")
            }
        }
    }
}
