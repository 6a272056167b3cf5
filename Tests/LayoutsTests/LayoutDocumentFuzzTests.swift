import Foundation
import TestSupport
import XCTest

@testable import Layouts

/// Random edits, as the designer makes them, written into shipped layouts and a new file: after
/// every step the text checks clean, reads back as the same design, and keeps the file's comments.
final class LayoutDocumentFuzzTests: XCTestCase {
    /// A layout in an unusual hand: line breaks CR LF, tabs, inline and dotted tables, literal
    /// strings, keys in an odd order, comments everywhere.
    static let oddLayout = [
        "# An odd hand.\t",
        "title = 'Odd'   # literal",
        "map = '''",
        "\tS  W",
        "\tT  T  T",
        "'''",
        "name = \"odd\"",
        "",
        "[slots]",
        "# the stock",
        "S = { kind = \"stock\", label = 'S' }",
        "W.kind = \"waste\"",
        "W.fan = \"right\"  # fanned",
        "",
        "[slots.T]",
        "\tfan = \"down\"",
        "\tkind = \"tableau\"",
        "",
        "[[slot]]",
        "at = [6, 0]",
        "id = 'spare'",
        "kind = \"cell\"",
        "",
    ].joined(separator: "\r\n")

    /// A layout whose groups and entries are all written inline.
    static let inlineLayout = """
        # Everything inline.
        map = "S W"   # one line
        slots = { S = { kind = "stock" }, W = { kind = "waste", fan = "right" } }
        slot = [
          { id = "a", kind = "cell", at = [4, 0] },
          { id = "b", kind = "cell", at = [5.5, 0] },
        ]
        # The end.

        """

    func testRandomEditsAlwaysWriteACleanFile() throws {
        var starts: [(name: String, document: LayoutDocument)] = []
        let folder = repositoryRoot.appendingPathComponent("layouts")
        for name in ["klondike", "freecell", "pyramid", "clock", "sandbox", "golf"] {
            let file = folder.appendingPathComponent(name + ".toml").path
            starts.append((name, try LayoutDocument(text: String(contentsOfFile: file, encoding: .utf8), file: file)))
        }
        starts.append(("new", LayoutDocument(newFile: "new-table.toml")))
        starts.append(("odd", try LayoutDocument(text: Self.oddLayout, file: "odd.toml")))
        starts.append(("inline", try LayoutDocument(text: Self.inlineLayout, file: "inline.toml")))
        var edits = 0
        for (name, document) in starts {
            for seed in 1...3 {
                var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ UInt64(name.utf8.count))
                edits += try fuzz(document, name: "\(name) (seed \(seed))", steps: 30, random: &random)
            }
        }
        XCTAssertGreaterThan(edits, 400, "most steps find an edit to make")
    }

    /// A few random edits on every shipped layout, so a new one is covered as it is added.
    func testEveryShippedLayoutTakesRandomEdits() throws {
        var random = SplitMix64(seed: 15)
        var edits = 0
        for (name, file, text) in try shippedLayoutFiles() {
            edits += try fuzz(try LayoutDocument(text: text, file: file), name: name, steps: 8, random: &random)
        }
        XCTAssertGreaterThan(edits, 400)
    }

    /// Makes `steps` random edits, checking each; returns how many were made.
    func fuzz(_ document: LayoutDocument, name: String, steps: Int, random: inout SplitMix64) throws -> Int {
        let comments = LayoutDocumentFuzzTests.keptComments(document.text)
        let before = document.load(document.design)
        XCTAssertFalse(before.hasErrors && !document.design.slots.isEmpty, name)
        let overlapsBefore = before.warnings.filter { $0.message.contains("overlaps") }.count
        var design = document.design
        var made = 0
        for step in 0..<steps {
            guard let edited = randomEdit(design, random: &random) else { continue }
            design = edited.design
            made += 1
            let context = "\(name), step \(step): \(edited.description)"
            let text = document.text(for: design)
            let loaded = LayoutLoader.load(text: text, file: document.file)
            if !design.slots.isEmpty {
                XCTAssertEqual(
                    loaded.diagnostics.filter { $0.severity == .error }.map(\.description), [], "\(context)\n\(text)")
            }
            let overlaps = loaded.warnings.filter { $0.message.contains("overlaps") }
            XCTAssertLessThanOrEqual(overlaps.count, overlapsBefore, "\(context)\n\(text)")
            let reread = try LayoutDocument(text: text, file: document.file)
            if let difference = LayoutDocumentFuzzTests.difference(reread.design, design) {
                XCTFail("\(context): read back as another design: \(difference)\n\(text)")
                return made
            }
            if let layout = loaded.layout {
                let ids = Dictionary(uniqueKeysWithValues: layout.slots.map { ($0.id, $0.position) })
                for index in design.slots.indices {
                    XCTAssertEqual(ids[design.id(of: index)], design.position(of: index), "\(context)\n\(text)")
                }
            }
            var lines = LayoutDocumentFuzzTests.lines(text)[...]
            for comment in comments {
                guard let found = lines.firstIndex(of: comment) else {
                    XCTFail("\(context): the comment \(comment) was lost\n\(text)")
                    return made
                }
                lines = lines[(found + 1)...]
            }
        }
        return made
    }

    // MARK: Edits

    struct Edit {
        var design: TableDesign
        var description: String
    }

    /// A random edit the designer would allow: it leaves every slot id different, adds no overlap
    /// and keeps slots on the table; it adds or removes slots only in groups whose rules say nothing
    /// of how many slots they have (no rules keys), so that the deal still fits.
    func randomEdit(_ design: TableDesign, random: inout SplitMix64) -> Edit? {
        for _ in 0..<20 {
            var changed = design
            let description: String
            let index = design.slots.isEmpty ? 0 : random.below(design.slots.count)
            switch random.below(9) {
            case 0:
                let kind = random.pick([SlotKind.free, .cell, .reserve, .trash, .foundation, .stock, .waste])
                let place = random.chance(50) ? randomCell(in: design, random: &random) : randomPoint(&random)
                // A slot on the map joins the first group of its kind, a free one the group named
                // after its kind: neither may be one whose rules count its slots.
                if case .cell = place, let group = design.groups.first(where: { $0.kind == kind }),
                    hasRules(group.settings)
                {
                    continue
                }
                if case .free = place,
                    design.groups.contains(where: { $0.name == kind.rawValue && hasRules($0.settings) })
                {
                    continue
                }
                changed.addSlot(kind: kind, at: place)
                description = "add a \(kind.rawValue) at \(place)"
            case 1, 2:
                guard !design.slots.isEmpty else { continue }
                let place: DesignPlace =
                    design.slots[index].isOnMap ? randomCell(in: design, random: &random) : randomPoint(&random)
                changed.moveSlot(index, to: place)
                description = "move \(design.id(of: index)) to \(place)"
            case 3:
                guard design.slots.count > 1, !hasRules(design.settings(of: index)) && !isNamedByRules(design, index),
                    design.kind(of: index) != .stock
                else { continue }
                changed.removeSlot(index)
                description = "remove \(design.id(of: index))"
            case 4, 5:
                guard !design.slots.isEmpty else { continue }
                let (key, value) = random.pick(
                    [
                        ("label", "\"Q\""), ("label", "'K'"), ("label", nil), ("fan", "\"down\""), ("fan", "\"right\""),
                        ("fan-visible", "3"), ("fan-visible", nil), ("capacity", "13"), ("capacity", nil),
                    ] as [(String, String?)])
                changed.setValue(value, forKey: key, ofSlot: index)
                description = "set \(key) of \(design.id(of: index)) to \(value ?? "nothing")"
            case 6:
                guard !design.slots.isEmpty, design.slots[index].isOnMap,
                    !hasRules(design.settings(of: index)) && !isNamedByRules(design, index)
                else {
                    continue
                }
                changed.makeFree(index)
                description = "make \(design.id(of: index)) free"
            case 7:
                guard !design.slots.isEmpty, design.slots[index].isOnMap,
                    !hasRules(design.settings(of: index)) && !isNamedByRules(design, index)
                else {
                    continue
                }
                // A group of its own kind: one of another kind changes what the slot is (the
                // stock put among the wastes leaves the deal without a stock).
                let kind = design.kind(of: index)
                let name = random.pick(
                    ["extra-\(kind.rawValue)"]
                        + design.groups.filter { !hasRules($0.settings) && $0.kind == kind }.map(\.name))
                changed.assign(index, toGroupNamed: name)
                description = "put \(design.id(of: index)) in group \(name)"
            default:
                changed.grid = random.pick([
                    GridPoint(column: 1, row: 1), GridPoint(column: 1.5, row: 1.25), GridPoint(column: 0.5, row: 0.5),
                    design.grid,
                ])
                description = "make the grid \(changed.grid)"
            }
            if isAllowed(changed, after: design) { return Edit(design: changed, description: description) }
        }
        return nil
    }

    func hasRules(_ settings: [DesignSetting]) -> Bool {
        settings.contains { LayoutLoader.rulesKeys.contains($0.key) }
    }

    /// Whether another group's `takes-from`, `empty-from`, `refill-from`, `covers` or `redeal-gathers` names the
    /// slot's group (Sir Tommy's reserves name the waste): removing or regrouping it would leave a
    /// name to nothing.
    func isNamedByRules(_ design: TableDesign, _ index: Int) -> Bool {
        guard let name = design.group(of: index)?.name else { return false }
        let quoted = DesignSetting.text(name)
        return design.slots.indices.contains { other in
            design.settings(of: other).contains {
                ["takes-from", "empty-from", "refill-from", "covers", "redeal-gathers"].contains($0.key)
                    && $0.value.contains(quoted)
            }
        }
    }

    func randomCell(in design: TableDesign, random: inout SplitMix64) -> DesignPlace {
        .cell(row: random.below(Int(6 / design.grid.row)), column: random.below(Int(12 / design.grid.column)))
    }

    func randomPoint(_ random: inout SplitMix64) -> DesignPlace {
        .free(GridPoint(column: Double(random.below(48)) / 4, row: Double(random.below(24)) / 4))
    }

    /// Ids all different, no more overlapping pairs than before, nothing at a negative position.
    func isAllowed(_ design: TableDesign, after previous: TableDesign) -> Bool {
        let cells = design.slots.filter(\.isOnMap).map(\.place)
        guard Set(cells).count == cells.count else { return false }
        let ids = design.slots.indices.map(design.id(of:))
        guard Set(ids).count == ids.count, !ids.contains("") else { return false }
        guard
            design.slots.indices.allSatisfy({ design.position(of: $0).column >= 0 && design.position(of: $0).row >= 0 })
        else { return false }
        return overlaps(design) <= overlaps(previous)
    }

    func overlaps(_ design: TableDesign) -> Int {
        let positions = design.slots.indices.map(design.position(of:))
        let overlap = design.slots.indices.map { design.settings(of: $0)["overlap"] == "true" }
        var count = 0
        for j in positions.indices {
            for i in 0..<j where !(overlap[i] && overlap[j]) {
                if abs(positions[i].column - positions[j].column) < 1 - 1e-9,
                    abs(positions[i].row - positions[j].row) < 1 - 1e-9
                {
                    count += 1
                }
            }
        }
        return count
    }

    // MARK: Checks

    /// How two designs differ, whatever the order of their slots; nil when they do not.
    static func difference(_ read: TableDesign, _ written: TableDesign) -> String? {
        if read.grid != written.grid { return "grid \(read.grid) for \(written.grid)" }
        if read.groups != written.groups { return "groups \(read.groups) for \(written.groups)" }
        let a = read.slots.map { "\($0)" }.sorted()
        let b = written.slots.map { "\($0)" }.sorted()
        guard a != b else { return nil }
        return "slots \(a.filter { !b.contains($0) }) for \(b.filter { !a.contains($0) })"
    }

    /// A text's lines, whatever their line breaks.
    static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }

    /// The comment lines of a text that no edit may remove: all but those in a `[slots.X]` table or
    /// a `[[slot]]` entry and those directly above one (which go with it), in order.
    static func keptComments(_ text: String) -> [Substring] {
        let lines = lines(text)
        func isHeader(_ line: Substring) -> Bool { line.trimmingBlanks().hasPrefix("[") }
        func isDesigns(_ line: Substring) -> Bool {
            let header = line.trimmingBlanks()
            return header.hasPrefix("[slots.") || header.hasPrefix("[[slot]]") || header.hasPrefix("[slots]")
        }
        var kept: [Substring] = []
        var inDesigns = false
        for (n, line) in lines.enumerated() {
            if isHeader(line) { inDesigns = isDesigns(line) }
            guard line.trimmingBlanks().hasPrefix("#"), !inDesigns else { continue }
            // A comment block directly above a header goes with it.
            let below = lines[(n + 1)...].first { !$0.trimmingBlanks().hasPrefix("#") }
            if let below, isDesigns(below) { continue }
            kept.append(line)
        }
        return kept
    }
}
