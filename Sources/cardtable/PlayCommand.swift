import App
import ArgumentParser
import Layouts
import TableKit

#if canImport(Glibc)
    import Glibc
#endif

/// `cardtable [play] [LAYOUT] [options]`: opens a table in the terminal.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a game (see 'cardtable list') or open a free table (the sandbox by default)."
    )

    @Argument(help: "A shipped game or layout name (see 'cardtable list'), or a layout file.")
    var layout: String = "sandbox"

    @Option(help: "Deal number: the same number deals the same cards (a random one by default).")
    var seed: UInt64?

    @Flag(help: "Draw with ASCII only (letters for suits, +-| for lines).")
    var ascii = false

    @Flag(help: "Apply every move at once, without animation.")
    var noAnimation = false

    @Option(help: ArgumentHelp("On exit, write frame, byte and timing figures to this file.", valueName: "file"))
    var stats: String?

    func run() throws {
        let startTime = SystemClock().now
        let resolved = LayoutResolver.resolve(layout, environment: ProcessEnvironment.current)
        for diagnostic in resolved.diagnostics { printError(diagnostic.description) }
        guard let table = resolved.layout, !resolved.hasErrors else {
            throw ExitCode(1)
        }
        let options = TerminalPlay.Options(
            seed: seed ?? UInt64.random(in: 1...999_999),
            ascii: ascii, animations: !noAnimation, statsPath: stats, startTime: startTime
        )
        do {
            try TerminalPlay(layout: table, options: options).run()
        } catch let error as TerminalPlay.Failure {
            printError("cardtable: \(error.description)")
            throw ExitCode(1)
        }
    }
}

func printError(_ text: String) {
    var line = text
    line.append("\n")
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

enum ProcessEnvironment {
    static var current: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
