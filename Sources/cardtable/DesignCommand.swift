import App
import ArgumentParser
import Layouts
import Persistence
import TableKit

#if canImport(Glibc)
    import Glibc
#endif

/// `cardtable design FILE`: the layout designer. Opens a layout file (or a new one when FILE does
/// not exist) and edits it with the table's own drag and drop; saves write the file back as a
/// person would have written it.
struct DesignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "design",
        abstract: "Design a table: make, move and delete slots with the mouse or the keyboard, and save the layout.",
        discussion: """
            Opens FILE in the layout designer, or a new layout when FILE does not exist (a name \
            without a folder or .toml gets .toml). A layout in your layouts folder opens by name. \
            A shipped game is not a file to change: 'cardtable copy GAME my-GAME' makes one of your \
            own first. A file that cannot be read or is not TOML is refused with 'cardtable check' \
            messages; one with other errors opens with them shown, to be mended. Quitting with unsaved changes asks first; a signal that ends the designer \
            (a hangup, SIGTERM) keeps them in FILE.unsaved. See cardtable(6), DESIGNING.
            """
    )

    @Argument(help: ArgumentHelp("The layout file to design (made when you save, if it is new).", valueName: "file"))
    var file: String

    @OptionGroup var display: DisplayOptions

    @Option(help: "How fast slots move: off, fast, normal or slow.")
    var animation: AnimationSpeed?

    func run() throws {
        let environment = ProcessEnvironment.current
        let opened: DesignCommand.Opened
        do {
            opened = try Self.open(file, environment: environment)
        } catch {
            for line in error.lines { printError(line) }
            throw ExitCode(1)
        }
        var (settings, settingsFile) = SettingsFromFile.load(environment: environment)
        display.apply(to: &settings)
        if let animation { settings.animation = animation }
        var options = TerminalPlay.Options(
            deal: nil, settings: settings, settingsFile: settingsFile, statsPath: nil, startTime: SystemClock().now)
        options.design = opened.session
        options.designIsNew = opened.isNew
        options.offersSavedGame = false
        do {
            try TerminalPlay(layout: nil, options: options).run()
        } catch let error as TerminalPlay.Failure {
            printError("cardtable: \(error.description)")
            throw ExitCode(1)
        }
    }

    struct Opened {
        var session: DesignSession
        var isNew: Bool
    }

    struct Refusal: Error {
        var lines: [String]
    }

    /// The session for a file, a layout in the player's folder by name, or a new file; refused
    /// for a shipped game, and for a file that cannot be read or does not check clean.
    static func open(_ argument: String, environment: [String: String]) throws(Refusal) -> Opened {
        guard !argument.isEmpty else { throw Refusal(lines: ["cardtable: design: name a layout file to design"]) }
        let path: String
        switch LayoutResolver.locate(argument, environment: environment) {
        case .shipped(let name):
            throw Refusal(lines: [
                "cardtable: \(name) is a shipped layout, which is not a file to change: "
                    + "'cardtable copy \(name) my-\(name)' makes one of your own, "
                    + "then 'cardtable design my-\(name)' designs it"
            ])
        case .file(let found):
            path = found
        case .nowhere:
            let bare = !argument.contains("/") && !argument.contains(".")
            let new = bare ? argument + ".toml" : argument
            var status = stat()
            if new != argument, case .file(let found) = LayoutResolver.locate(new, environment: environment) {
                path = found
            } else if new == argument, lstat(argument, &status) == 0 {
                path = argument  // a file named with a dot (not .toml), opened as it is, never made afresh
            } else {
                return session(LayoutDocument(newFile: new), isNew: true)
            }
        }
        let text: String
        switch LayoutLoader.readText(path: path, what: "a layout file", limit: LayoutLoader.maxFileBytes) {
        case .success(let read): text = read
        case .failure(let diagnostic): throw Refusal(lines: [diagnostic.description])
        }
        do throws(LayoutDocumentError) {
            return session(try LayoutDocument(text: text, file: path), isNew: false)
        } catch {
            // Not TOML, or no shape a design can hold: check's messages.
            throw Refusal(lines: error.diagnostics.map(\.description))
        }
    }

    private static func session(_ document: LayoutDocument, isNew: Bool) -> Opened {
        Opened(session: DesignSession(document: document), isNew: isNew)
    }
}
