import ArgumentParser
import Layouts
import Persistence

/// `cardtable check [FILE...] [--settings FILE]`: validates layout files and the settings
/// file, compiler style. With nothing named it checks the settings file,
/// `$XDG_CONFIG_HOME/cardtable/config.toml`.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check layout files, or the settings file, and print FILE:LINE:COL: error: messages.",
        discussion: """
            With no file named, checks the settings file ($XDG_CONFIG_HOME/cardtable/config.toml); \
            --settings checks a settings file elsewhere. Exits 1 if any file has an error, 0 \
            otherwise (warnings alone do not fail).
            """
    )

    @Argument(help: ArgumentHelp("Layout files to check.", valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp("A settings file to check (see cardtable-config(5)).", valueName: "file"))
    var settings: String?

    func run() throws {
        var failed = false
        for file in files {
            let result = LayoutLoader.load(path: file)
            for diagnostic in result.diagnostics { printError(diagnostic.description) }
            if result.hasErrors {
                failed = true
            } else if let layout = result.layout {
                let warnings = result.diagnostics.count
                print("\(file): ok, \(layout.slots.count) slots" + (warnings > 0 ? ", \(warnings) warning(s)" : ""))
            }
        }
        if let settings {
            if !checkSettings(settings, mustExist: true) { failed = true }
        } else if files.isEmpty {
            guard let file = XDGDirectories(environment: ProcessEnvironment.current)?.settingsFile else {
                printError("cardtable: no settings file to check: neither XDG_CONFIG_HOME nor HOME is set")
                throw ExitCode(1)
            }
            if !checkSettings(file, mustExist: false) { failed = true }
        }
        if failed { throw ExitCode(1) }
    }

    /// Checks a settings file; false when it has an error. A missing file is fine where the
    /// defaults stand in for it, an error where it was named.
    private func checkSettings(_ file: String, mustExist: Bool) -> Bool {
        let result = SettingsFile.load(path: file)
        guard result.fileExists else {
            if mustExist {
                printError("\(file): error: no such file")
                return false
            }
            print("\(file): no such file; every setting takes its default")
            return true
        }
        for diagnostic in result.diagnostics { printError(diagnostic.description) }
        if result.hasErrors { return false }
        let warnings = result.diagnostics.count
        print("\(file): ok" + (warnings > 0 ? ", \(warnings) warning(s)" : ""))
        return true
    }
}
