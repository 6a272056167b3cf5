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
        let watcher = watch ? FileWatcher() : nil
        let cannotWatch = watch && watcher == nil ? String(cString: strerror(errno)) : nil
        let load = { () -> Void in
            let read = PreviewCommand.read(layout, environment: environment)
            var diagnostics = read.diagnostics
            if watch {
                // Every file whose change would change the drawing, as the name leads today.
                watcher?.watch(read.watched)
                diagnostics += PreviewCommand.watchNotes(
                    layout: layout, shipped: read.shipped, cannotWatch: cannotWatch)
            }
            preview.show(read.layout, diagnostics: diagnostics, title: read.title)
        }
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
        withExtendedLifetime(watcher) {}
        if let signal = terminal.endingSignal { throw ExitCode(128 + signal) }
    }

    /// What reading the layout gave: the layout to draw (nil: keep the last good drawing), the
    /// diagnostics of the layout and of its script, its title, the files to watch, and whether the
    /// name led to a shipped layout.
    struct Reading {
        var layout: TableLayout?
        var diagnostics: [LayoutDiagnostic]
        var title: String
        /// Every file whose change can change the drawing: where the name may lead (a path as
        /// given, the file of that name in the layouts folder), the file it leads to and its
        /// script, through their symbolic links too.
        var watched: [String]
        var shipped: Bool
    }

    static func read(_ layout: String, environment: [String: String]) -> Reading {
        let location = LayoutResolver.locate(layout, environment: environment)
        let result = LayoutResolver.load(layout, from: location)
        var diagnostics = result.diagnostics
        var shown = result.hasErrors ? nil : result.layout
        if let read = result.layout, read.script != nil {
            let check = ScriptCheck.check(layout: read)
            diagnostics += check.diagnostics
            if check.hasErrors { shown = nil }
        }
        var watched = LayoutResolver.candidateFiles(layout, environment: environment)
        var shipped = false
        switch location {
        case .file(let path):
            watched += [path] + resolvedLink(path)
            if let script = result.scriptFile { watched += [script] + resolvedLink(script) }
        case .shipped: shipped = true
        case .nowhere: break
        }
        var unique: [String] = []
        for path in watched where !unique.contains(path) { unique.append(path) }
        return Reading(
            layout: shown, diagnostics: diagnostics, title: result.layout?.title ?? layout, watched: unique,
            shipped: shipped)
    }

    /// The file a symbolic link leads to, when `path` is one (a link's target changes without
    /// its folder seeing it).
    static func resolvedLink(_ path: String) -> [String] {
        guard let resolved = realpath(path, nil) else { return [] }
        defer { free(resolved) }
        let target = String(cString: resolved)
        return target == path ? [] : [target]
    }

    /// What the screen says about watching, when it cannot follow the layout: a shipped layout
    /// never changes, and without inotify nothing is watched.
    static func watchNotes(layout: String, shipped: Bool, cannotWatch: String?) -> [LayoutDiagnostic] {
        var notes: [String] = []
        if let cannotWatch {
            notes.append("cannot watch for saves (\(cannotWatch)): the drawing stays as it is")
        } else if shipped {
            notes.append(
                "\(layout) is a shipped layout, which does not change: "
                    + "'cardtable copy \(layout) my-\(layout)' makes one of your own to change and watch")
        }
        return notes.map {
            LayoutDiagnostic(file: layout, position: nil, keyPath: nil, severity: .warning, message: "--watch: " + $0)
        }
    }
}
