import ArgumentParser
import Layouts
import Persistence
import Scripting
import Solitaire

#if canImport(Glibc)
    import Glibc
#endif

/// `cardtable check [FILE...] [--settings FILE]`: validates layout files, variants' scripts and the
/// settings file, compiler style. With nothing named it checks the settings file,
/// `$XDG_CONFIG_HOME/cardtable/config.toml`, which is checked as settings when named by its path
/// too. A layout that names a script has its script checked
/// too (ScriptCheck). A `.lua` file is checked with the layout beside it that names it, as the
/// game runs it; with none, on its own against Klondike's table. A bare name is looked for where
/// `play` and `copy` look: a shipped game, or the player's layouts folder.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check layout files, scripts or the settings file, and print FILE:LINE:COL: error: messages.",
        discussion: """
            A layout that names a script has its script checked too: syntax errors, a main chunk \
            that fails, hooks missing or misspelt, a hook that fails on the first deal. A .lua file \
            is checked with the layout beside it that names it; with none, on its own, run against \
            Klondike's table. A name without a slash is also looked for as play and copy look for \
            it: a shipped game, or a file in the player's layouts folder. With no file named, checks the \
            settings file ($XDG_CONFIG_HOME/cardtable/config.toml); --settings checks a settings \
            file elsewhere. Exits 1 if any file has an error, 0 otherwise (warnings alone do not \
            fail).
            """
    )

    @Argument(
        help: ArgumentHelp("Layout files (and the scripts they name) or .lua scripts to check.", valueName: "file"))
    var files: [String] = []

    @Option(help: ArgumentHelp("A settings file to check (see cardtable-config(5)).", valueName: "file"))
    var settings: String?

    func run() throws {
        var failed = false
        let environment = ProcessEnvironment.current
        let settingsFile = XDGDirectories(environment: environment)?.settingsFile
        for file in files {
            // The settings file named by its path is checked as one: as a layout it was said to
            // lack a map and to hold unknown keys, 'mouse', 'theme'.
            if let settingsFile, Self.isSameFile(file, settingsFile) {
                if !checkSettings(file, mustExist: true) { failed = true }
                continue
            }
            if file.hasSuffix(".lua") {
                let path = LayoutResolver.locateScript(file, environment: environment)
                if let beside = LayoutResolver.layoutBeside(script: path) {
                    if !checkLayout(beside.result, named: path, besideScript: beside.file) { failed = true }
                } else if !checkScript(path) {
                    failed = true
                }
                continue
            }
            if !checkLayout(LayoutResolver.resolve(file, environment: environment), named: file) { failed = true }
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

    /// Checks a loaded layout and the script it names; false when either has an error. With
    /// `besideScript` (the layout file's path), the file named was the script, checked as that
    /// layout runs it.
    private func checkLayout(_ result: LayoutLoadResult, named file: String, besideScript: String? = nil) -> Bool {
        for diagnostic in result.diagnostics { printError(diagnostic.description) }
        if result.hasErrors { return false }
        if let layout = result.layout {
            let script = ScriptCheck.check(layout: layout)
            for diagnostic in script.diagnostics { printError(diagnostic.description) }
            if script.hasErrors { return false }
            let wonAsDealt = CheckCommand.isWonAsDealt(layout)
            if wonAsDealt {
                printError(
                    "\(TerminalText.safe(file)): warning: the game is won as dealt (deal 1), before the first move: the deal leaves "
                        + "nothing to play")
            }
            let warnings = result.diagnostics.count + script.diagnostics.count + (wonAsDealt ? 1 : 0)
            let count = warnings > 0 ? ", \(warnings) warning(s)" : ""
            if let besideScript {
                printOut(
                    "\(TerminalText.safe(file)): ok, \(CheckCommand.describe(script.hooks)), with its layout "
                        + "\(TerminalText.safe(besideScript))\(count)")
            } else {
                let named =
                    layout.script.map {
                        ", script \(TerminalText.safe($0.file)) (\(CheckCommand.describe(script.hooks)))"
                    } ?? ""
                printOut("\(TerminalText.safe(file)): ok, \(layout.slots.count) slots\(named)\(count)")
            }
        }
        return true
    }

    /// Whether two paths name one file (as `stat` follows them); false when either is not there.
    static func isSameFile(_ one: String, _ other: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(one, &first) == 0, stat(other, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Whether a game of the layout's declarative rules is won as soon as it is dealt (every card
    /// dealt to the foundations, say): whatever its win, there is nothing to play.
    static func isWonAsDealt(_ layout: TableLayout) -> Bool {
        guard layout.rules != nil, layout.script == nil else { return false }
        let rules = DeclarativeRules(layout: layout)
        return rules.isWon(rules.deal(seed: 1))
    }

    /// Checks a script on its own; false when it has an error.
    private func checkScript(_ file: String) -> Bool {
        // Read as safely as a layout: a FIFO, a device or a link loop is named, never waited on.
        switch LayoutLoader.readText(path: file, what: "a script", limit: LayoutLoader.maxScriptBytes) {
        case .failure(let failure):
            printError(failure.description)
            return false
        case .success(let source):
            let result = ScriptCheck.check(source: source, file: file)
            for diagnostic in result.diagnostics { printError(diagnostic.description) }
            if result.hasErrors { return false }
            let warnings = result.diagnostics.count
            printOut(
                "\(TerminalText.safe(file)): ok, \(CheckCommand.describe(result.hooks)), on its own against "
                    + "\(ScriptCheck.defaultTableName)'s table" + (warnings > 0 ? ", \(warnings) warning(s)" : ""))
            return true
        }
    }

    /// "3 hooks: deal, can_drop, is_won", or "no hooks".
    static func describe(_ hooks: [ScriptHook]) -> String {
        hooks.isEmpty
            ? "no hooks"
            : "\(hooks.count) hook\(hooks.count == 1 ? "" : "s"): " + hooks.map(\.name).joined(separator: ", ")
    }

    /// Checks a settings file; false when it has an error. A missing file is fine where the
    /// defaults stand in for it, an error where it was named.
    private func checkSettings(_ file: String, mustExist: Bool) -> Bool {
        let result = SettingsFile.load(path: file)
        let name = TerminalText.safe(file)
        guard result.fileExists else {
            if mustExist {
                printError("\(name): error: no such file")
                return false
            }
            printOut("\(name): no such file; every setting takes its default")
            return true
        }
        for diagnostic in result.diagnostics { printError(diagnostic.description) }
        if result.hasErrors { return false }
        let warnings = result.diagnostics.count
        printOut("\(name): ok" + (warnings > 0 ? ", \(warnings) warning(s)" : ""))
        return true
    }
}
