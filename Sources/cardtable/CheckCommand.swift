import ArgumentParser
import Layouts

/// `cardtable check FILE...`: validates layout files, compiler style.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check layout files and print FILE:LINE:COL: error: messages.",
        discussion: "Exits 1 if any file has an error, 0 otherwise (warnings alone do not fail)."
    )

    @Argument(help: ArgumentHelp("Layout files to check.", valueName: "file"))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one layout file") }
    }

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
        if failed { throw ExitCode(1) }
    }
}
