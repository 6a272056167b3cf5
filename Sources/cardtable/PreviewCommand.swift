import App
import ArgumentParser
import Layouts
import Persistence
import Scripting
import TableKit
import Terminal
import TerminalInput

#if canImport(Glibc)
    import Glibc
#endif

/// `cardtable preview FILE [--watch]`: draws a layout in the terminal; with `--watch`,
/// again each time the file, or the script it names, is saved, with its errors (and its
/// script's, as `cardtable check` finds them) over the last good drawing.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw a layout with sample cards and slot names; --watch redraws it on every save."
    )

    @Argument(help: "A layout file or the name of a shipped layout.")
    var layout: String

    @Flag(help: "Redraw within 200 ms whenever the file, or the script it names, is saved.")
    var watch = false

    @OptionGroup var display: DisplayOptions

    func run() throws {
        let environment = ProcessEnvironment.current
        // Before the terminal opens: the settings file's problems are printed.
        var settings = SettingsFromFile.load(environment: environment).settings
        display.apply(to: &settings)
        let screen: TerminalScreen
        do {
            screen = try TerminalScreen(environment: environment)
        } catch {
            printError("cardtable: \(error)")
            throw ExitCode(1)
        }
        defer { screen.close() }
        let clock = SystemClock()
        let theme = Theme(settings: settings, unicode: screen.isUTF8, monochrome: screen.colorMode == .monochrome)
        let size = screen.size
        let preview = LayoutPreview(width: size.width, height: size.height, clock: clock, theme: theme)
        var watcher: FileWatcher?
        let load = { () -> Void in
            let (shown, diagnostics, title, script) = PreviewCommand.read(layout, environment: environment)
            preview.show(shown, diagnostics: diagnostics, title: title)
            // A layout may name its script (or another one) only now.
            if let script { watcher?.watch(script) }
        }
        if watch { watcher = FileWatcher(paths: [layout]) }
        load()

        let terminal = TerminalLoop(screen: screen, clock: clock)
        let loop = terminal.loop
        terminal.onInput = { events in
            for case .key(let press) in events where KeyBindings.action(for: press) == .quit { loop.stop() }
        }
        terminal.onResize = { width, height in preview.resize(width: width, height: height) }
        terminal.afterResume = { preview.window.setNeedsFullRedraw() }
        if let watcher {
            var pending: RunLoop.TimerID?
            loop.addSource(watcher.fileDescriptor) {
                guard watcher.drain() else { return }
                // Editors write in several steps: reload once they have settled (well within 200 ms).
                if let pending { loop.cancelTimer(pending) }
                pending = loop.addTimer(after: 0.03) {
                    pending = nil
                    load()
                }
            }
        }
        loop.needsFrame = { preview.window.needsFrame }
        loop.onFrame = { screen.draw(preview.window.renderFrame().changes) }
        terminal.run()
        _ = watcher
        if let signal = terminal.endingSignal { throw ExitCode(128 + signal) }
    }

    /// The layout to draw (nil: keep the last good drawing), the diagnostics of the layout and of
    /// its script, its title, and the script's file when it is one on disk.
    static func read(_ layout: String, environment: [String: String]) -> (
        layout: TableLayout?, diagnostics: [LayoutDiagnostic], title: String, script: String?
    ) {
        let result = LayoutResolver.resolve(layout, environment: environment)
        var diagnostics = result.diagnostics
        var shown = result.hasErrors ? nil : result.layout
        var scriptFile: String?
        if let read = result.layout, let script = read.script {
            let check = ScriptCheck.check(layout: read)
            diagnostics += check.diagnostics
            if check.hasErrors { shown = nil }
            if access(script.file, F_OK) == 0 { scriptFile = script.file }
        }
        return (shown, diagnostics, result.layout?.title ?? layout, scriptFile)
    }
}
