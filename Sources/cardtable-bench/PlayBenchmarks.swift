import App
import Layouts
import Solitaire
import TableKit
import TerminalInput

/// The play helpers as a player meets them, on the largest shipped game in a 200x60 window:
/// from a key to the frame that shows its result. `H` → the hint drawn (the hints of a fresh
/// position are worked out on the first press); a move (`d` or `u`) → its frame, which
/// includes working out whether any move is left (the stock's deals and undos are the moves). Animations are off, so each frame shows
/// the end of the move. Goal: under 20 ms each.
enum PlayBenchmarks {
    static func run() {
        guard let layout = PlayHelperBenchmarks.largestGame() else { return }
        let app = TableApp(
            layout: layout, seed: 1, width: 200, height: 60, clock: ManualClock(),
            theme: Theme(ascii: false, monochrome: false), animations: false)
        let key = { (character: Character) in app.handle(.key(KeyPress(.character(character)))) }
        app.renderFrame()
        let name = "\(layout.title), 200x60"
        let clock = SystemClock()
        var hintSamples: [Double] = []
        var moveSamples: [Double] = []
        // Moves: deals from the stock (`d`) until it is empty, then undos (`u`) back to the
        // deal, and again; each makes a fresh position for the next hint.
        var dealing = true
        for _ in 0..<200 {
            let before = app.scene.history.count
            let start = clock.now
            key(dealing ? "d" : "u")
            app.renderFrame()
            let took = clock.now - start
            if app.scene.history.count == before {
                dealing.toggle()  // nothing was dealt or undone: turn round
                continue
            }
            moveSamples.append(took)
            let asked = clock.now
            key("H")
            app.renderFrame()
            hintSamples.append(clock.now - asked)
        }
        report("play, \(name): key H → hint drawn", hintSamples.sorted(), goal: 0.020)
        report("play, \(name): move (d or u) → frame with the outlook", moveSamples.sorted(), goal: 0.020)
    }
}
