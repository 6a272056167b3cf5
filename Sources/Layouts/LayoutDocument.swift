// A layout file opened in the table designer (`cardtable design FILE`): the file's text, the design
// it describes, and the text with a changed design written back into it as a person would have
// written it (LayoutDocument+Writing.swift): what did not change is kept byte for byte.

/// Why a layout's text cannot be opened in the designer: the diagnostics, as `cardtable check`
/// prints them (`FILE:LINE:COL: error: …`).
public struct LayoutDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    public var diagnostics: [LayoutDiagnostic]

    public init(diagnostics: [LayoutDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// The diagnostics, one a line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// A layout file opened for the designer.
///
/// ```
/// let document = try LayoutDocument(text: text, file: "mine.toml")
/// var design = document.design
/// design.moveSlot(0, to: .cell(row: 0, column: 3))
/// let saved = document.text(for: design)          // only the map's first row redrawn
/// let checked = document.load(design)             // what `cardtable check` would say of it
/// ```
public struct LayoutDocument: Sendable {
    /// The file's name: in diagnostics, for the default `name`, and where a script is looked for.
    public let file: String
    /// The text read (or the new file's first text).
    public let text: String
    /// Whether the file was not there when the document was made (``init(newFile:scripts:)``).
    public let isNewFile: Bool
    /// The design the text describes.
    public let design: TableDesign
    /// Finds the script the layout names, as the loader does (beside `file`).
    let scripts: ScriptLookup

    /// Reads a layout file's text. Throws when the text is not TOML, or has no shape a design can
    /// hold (a map that is not a string, a `[slots.X]` that is not a table or not named by one
    /// character, a `[[slot]]` without a position, more slots than a table may have, a text larger
    /// than a layout file may be); the error carries the diagnostics as `cardtable check` prints
    /// them. A layout with rule or value errors but a readable shape opens (the designer mends it).
    public init(
        text: String, file: String, scripts: @escaping ScriptLookup = LayoutLoader.scriptBesideLayout
    ) throws(LayoutDocumentError) {
        self.file = file
        self.text = text
        self.scripts = scripts
        isNewFile = false
        let size = text.utf8.count
        guard size <= LayoutLoader.maxFileBytes else {
            let reason = FileReading.Failure.tooLarge(size: size, limit: LayoutLoader.maxFileBytes)
                .reason(what: "a layout file")
            throw LayoutDocumentError(diagnostics: [
                LayoutDiagnostic(file: file, position: nil, keyPath: nil, severity: .error, message: reason)
            ])
        }
        let syntax = TOMLSyntax(text)
        do throws(ShapeProblem) {
            switch syntax.parse() {
            case .failure(let failure):
                throw ShapeProblem(message: failure.message, position: failure.position, keyPath: nil)
            case .success(let parsed):
                design = try DesignReader(syntax: syntax, root: parsed.root, index: parsed.index).read()
            }
        } catch {
            // The loader says what is wrong in its own words, with everything else it finds.
            let checked = LayoutLoader.load(text: text, file: file, scripts: scripts)
            let own = LayoutDiagnostic(
                file: file, position: error.position, keyPath: error.keyPath, severity: .error, message: error.message)
            throw LayoutDocumentError(diagnostics: checked.hasErrors ? checked.diagnostics : [own])
        }
    }

    /// A new, empty layout for `file`: `name` from the file name, a `title` made from it, an empty map.
    public init(newFile file: String, scripts: @escaping ScriptLookup = LayoutLoader.scriptBesideLayout) {
        self.file = file
        self.scripts = scripts
        isNewFile = true
        let name = LayoutDocument.name(of: file)
        text = """
            name = \(DesignSetting.text(name))
            title = \(DesignSetting.text(LayoutDocument.title(of: name)))

            map = \"\"\"
            \"\"\"

            """
        design = TableDesign()
    }

    /// The file's text with `design` written in, as a person would have written it: see
    /// LayoutDocument+Writing.swift. The document's own design gives back `text` itself.
    public func text(for design: TableDesign) -> String {
        guard design != self.design else { return text }
        return DesignWriter.write(design, over: self.design, in: text)
    }

    /// `text(for:)` loaded exactly as `cardtable check FILE` loads it: the table to draw and the
    /// diagnostics.
    public func load(_ design: TableDesign) -> LayoutLoadResult {
        LayoutLoader.load(text: text(for: design), file: file, scripts: scripts)
    }

    // MARK: A new file

    /// The layout's default name: the file's name without `.toml`, as the loader takes it; letters,
    /// digits, `-` and `_` only, so that it is a name a layout may have.
    static func name(of file: String) -> String {
        let base = PathNames.lastComponent(file)
        let stem = base.hasSuffix(".toml") ? String(base.dropLast(5)) : base
        var name = ""
        for scalar in stem.unicodeScalars {
            name.unicodeScalars.append(KeyPath.isBareKeyScalar(scalar) ? scalar : "-")
        }
        return name.isEmpty ? "layout" : name
    }

    /// A title from a name: `my-table` is "My Table".
    static func title(of name: String) -> String {
        name.split { $0 == "-" || $0 == "_" }.map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }
}

/// What makes a text hold no design, and where; the loader reports the same in its own words.
struct ShapeProblem: Error {
    var message: String
    var position: SourcePosition?
    var keyPath: String?
}
