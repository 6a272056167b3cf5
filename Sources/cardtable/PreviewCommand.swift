import App
import ArgumentParser
import Layouts
import Persistence
import TableKit
import Terminal
import TerminalInput

#if canImport(Glibc)
    import Glibc
#endif

/// `cardtable preview FILE [--watch]`: draws a layout in the terminal; with `--watch`,
/// again each time the file is saved, with its errors over the last good drawing.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw a layout with sample cards and slot names; --watch redraws it on every save."
    )

    @Argument(help: "A layout file or the name of a shipped layout.")
    var layout: String

    @Flag(help: "Redraw within 200 ms whenever the file is saved.")
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
        let load = { () -> Void in
            let result = LayoutResolver.resolve(layout, environment: environment)
            preview.show(
                result.hasErrors ? nil : result.layout, diagnostics: result.diagnostics,
                title: result.layout?.title ?? layout)
        }
        load()

        let terminal = TerminalLoop(screen: screen, clock: clock)
        let loop = terminal.loop
        terminal.onInput = { events in
            for case .key(let press) in events where KeyBindings.action(for: press) == .quit { loop.stop() }
        }
        terminal.onResize = { width, height in preview.resize(width: width, height: height) }
        terminal.afterResume = { preview.window.setNeedsFullRedraw() }
        var watcher: FileWatcher?
        if watch {
            watcher = FileWatcher(path: layout)
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
        }
        loop.needsFrame = { preview.window.needsFrame }
        loop.onFrame = { screen.draw(preview.window.renderFrame().changes) }
        terminal.run()
        _ = watcher
    }
}
