import ArgumentParser
import Layouts
import Persistence

#if canImport(Glibc)
    import Glibc
#endif

/// `cardtable copy`: a shipped game written out as files of the player's own, under a new name,
/// to change: its layout and, for a scripted game, its script.
struct CopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Write a shipped game's layout (and script) into your layouts folder under a new name, to change it."
    )

    @Argument(help: "A shipped game (see 'cardtable list').")
    var game: String

    @Argument(help: "The new game's name: letters, digits and dashes.")
    var name: String

    @Option(
        help: ArgumentHelp(
            "Write the files here instead of your layouts folder (~/.config/cardtable/layouts).", valueName: "folder"))
    var to: String?

    func validate() throws {
        guard ShippedLayouts.source(named: game) != nil else {
            throw ValidationError("no shipped game '\(game)' (see 'cardtable list')")
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw ValidationError("the new name may use letters, digits and dashes only, such as my-pyramid")
        }
        guard ShippedLayouts.source(named: name) == nil else {
            throw ValidationError("'\(name)' is a shipped game's name: choose another, such as my-\(name)")
        }
    }

    func run() throws {
        let environment = ProcessEnvironment.current
        guard let folder = to ?? LayoutResolver.userDirectory(environment: environment) else {
            printError("cardtable: no layouts folder (HOME is not set): give one with --to FOLDER")
            throw ExitCode(1)
        }
        let copy = GameCopy(game: game, name: name)
        let files = copy.files()
        do {
            try AtomicFile.makeFolder(folder)
            for file in files {
                let path = PathNames.join(folder, file.name)
                guard !fileExists(path) else { throw FileError(path: path, reason: AtomicFile.existsAlready) }
            }
            // A file that comes there after the look above (an editor's, another copy's) is
            // not written over either; the layout written before a script that could not be is
            // taken away again, so that it names no script of someone else's.
            var written: [String] = []
            for file in files {
                let path = PathNames.join(folder, file.name)
                do {
                    try AtomicFile.write(file.text, to: path, replacing: false)
                } catch {
                    for path in written { try? AtomicFile.remove(path) }
                    throw error
                }
                written.append(path)
            }
        } catch let error as FileError {
            guard error.reason == AtomicFile.existsAlready else {
                printError("cardtable: \(error)")
                throw ExitCode(1)
            }
            printError("cardtable: \(error.path) exists already: choose another name, or move it away first")
            throw ExitCode(1)
        }
        let layout = PathNames.join(folder, "\(name).toml")
        printOut(
            "Wrote " + files.map { PathNames.join(folder, $0.name) }.joined(separator: " and ")
                + ".")
        printOut(
            "Change \(files.count == 1 ? "it" : "them"), and watch the table redraw: cardtable preview --watch \(layout)"
        )
        printOut("Play it: cardtable play \(to == nil ? name : layout)")
    }
}

/// A shipped game's files renamed: `name = "pyramid"` becomes the new name, the title says
/// whose copy it is ("Pyramid (my-pyramid)"), and the script the layout names becomes `NEW.lua`.
/// The values are replaced where the TOML scanner found them; the rest of the file, comments
/// included, is copied as it is.
struct GameCopy {
    var game: String
    var name: String

    /// The files to write: the layout, then its script if it has one.
    func files() -> [(name: String, text: String)] {
        guard let source = ShippedLayouts.source(named: game), let layout = ShippedLayouts.layout(named: game),
            case .success(let parsed) = TOMLSyntax(source).parse()
        else { return [] }
        var replacements: [(key: String, value: String)] = [("name", name), ("title", "\(layout.title) (\(name))")]
        if layout.script != nil { replacements.append(("script", "\(name).lua")) }
        var scalars = Array(source.unicodeScalars)
        var missing: [String] = []
        // From the end of the file back, so earlier offsets stay true.
        let placed = replacements.map { ($0, parsed.index.valueOffsets[$0.key], parsed.index.valueEnds[$0.key]) }
        for ((key, value), start, end) in placed.sorted(by: { ($0.1 ?? -1) > ($1.1 ?? -1) }) {
            let escaped = value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
            let literal = Array("\"\(escaped)\"".unicodeScalars)
            if let start, let end, start <= end {
                scalars.replaceSubrange(start..<end, with: literal)
            } else {
                missing.append("\(key) = \(String(String.UnicodeScalarView(literal)))\n")
            }
        }
        let text = missing.sorted().joined() + String(String.UnicodeScalarView(scalars))
        var files = [(name: "\(name).toml", text: text)]
        if let script = layout.script { files.append(("\(name).lua", script.source)) }
        return files
    }
}

/// Whether something is at `path`, a symbolic link included (even one that leads nowhere).
private func fileExists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
}
