import App
import Layouts
import Persistence
import Scripting
import Solitaire
import TableKit
import TerminalInput

#if canImport(Glibc)
    import Glibc
#endif

/// What saving after every move costs: writing a save (encoding, the atomic write with its two
/// fsyncs), reading one back for a resume (decoding, replaying every move under the rules), and
/// a move's whole way to its frame with saving on.
enum SaveBenchmarks {
    static func run() {
        guard let layout = ShippedLayouts.layout(named: "klondike") else { return }
        // A folder made afresh (mkdtemp), never one another user made first under a name
        // guessed from the process's number.
        var template = Array("/tmp/cardtable-bench-saves-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { return print("saves: cannot make a folder in /tmp") }
        let folder = String(cString: template)
        defer { _ = try? AtomicFile.remove(folder + "/saves/lock") }
        let folders = XDGDirectories(state: folder, data: folder + "/data", config: folder + "/config")
        let keeper = FileGameKeeper(folders: folders) { ShippedLayouts.layout(named: $0) }
        let app = TableApp(
            layout: layout, seed: 1, width: 120, height: 40, clock: ManualClock(),
            theme: Theme(ascii: false, monochrome: false), animations: false)
        app.keeper = keeper
        // A long game: deals through the stock and back with undo, 200 moves on the record.
        var dealing = true
        var moveSamples: [Double] = []
        let clock = SystemClock()
        for _ in 0..<400 {
            let before = app.scene.history.count
            let start = clock.now
            app.handle(.key(KeyPress(.character(dealing ? "d" : "u"))))
            app.renderFrame()
            if app.scene.history.count == before {
                dealing.toggle()
                continue
            }
            moveSamples.append(clock.now - start)
        }
        report("saves: move (d or u) → frame, saved with fsync", moveSamples.sorted())
        let game = app.scene.savedGame
        let text = game.encoded()
        report(
            "saves: encode a game of \(game.history.count) moves + \(game.undone.count) undone (\(text.utf8.count) bytes)",
            measure(iterations: 200) { _ = game.encoded() })
        let path = folder + "/bench.save"
        report(
            "saves: atomic write (temporary file, fsync, rename, fsync folder)",
            measure(iterations: 100) {
                try? AtomicFile.write(text, to: path)
            })
        let rules = rulesOf(layout)
        report(
            "saves: resume (read, decode, replay every move)",
            measure(iterations: 100) {
                if case .success(let saved) = SaveStore.read(path) { _ = try? saved.replay(with: rules, file: path) }
            })
        try? AtomicFile.remove(path)
        app.finish()
        for entry in keeper.saves.entries() { try? AtomicFile.remove(entry.path) }
    }
}
