import Solitaire
import TableKit

/// A view that fills itself like a card: a border and a letter.
final class BenchCard: View {
    let letter: Character
    init(_ letter: Character, frame: Rect) {
        self.letter = letter
        super.init(frame: frame)
    }
    override func draw(in context: DrawContext) {
        let style = CellStyle(foreground: .black, background: .white)
        context.fill(style: style)
        context.put("┌" + String(repeating: "─", count: max(0, context.width - 2)) + "┐", x: 0, y: 0, style: style)
        context.put(String(letter), x: 1, y: 1, style: CellStyle(foreground: RGB(200, 0, 0), background: .white))
    }
}

enum EngineBenchmarks {
    /// Composes a 200×60 frame of 60 overlapping views from scratch, then diffs it against
    /// the previous frame (two views move each frame, so the diff has work to do).
    static func composeAndDiff() {
        let clock = ManualClock()
        let window = Window(width: 200, height: 60, clock: clock, background: Cell(" ", background: RGB(0, 90, 40)))
        var cards: [View] = []
        for i in 0..<60 {
            let card = BenchCard(
                Character(UnicodeScalar(UInt8(65 + i % 26))),
                frame: Rect(x: Double((i * 13) % 180), y: Double((i * 7) % 50), width: 20, height: 10))
            card.alpha = i % 10 == 0 ? 0.5 : 1
            window.addSubview(card)
            cards.append(card)
        }
        window.renderFrame()
        var step = 0
        let samples = measure(iterations: 2000) {
            step += 1
            cards[step % 60].frame.origin.x = Double((step * 3) % 180)
            cards[(step + 30) % 60].frame.origin.y = Double((step * 5) % 50)
            window.setNeedsFullRedraw()
            window.renderFrame()
        }
        report("compose + diff, 200×60, 60 views (full frame)", samples, goal: 0.0005)
        let incremental = measure(iterations: 2000) {
            step += 1
            cards[step % 60].frame.origin.x = Double((step * 3) % 180)
            window.renderFrame()
        }
        report("compose + diff, 200×60, one view moved (dirty area only)", incremental)
    }

    /// Hit tests random points among 1,000 views.
    static func hitTest() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 200))
        for i in 0..<1000 {
            root.addSubview(
                View(frame: Rect(x: Double((i * 37) % 390), y: Double((i * 11) % 195), width: 7, height: 5)))
        }
        var generator = SplitMix64(seed: 7)
        let points = (0..<1024).map { _ in
            Point(x: Double(generator.next() % 400), y: Double(generator.next() % 200))
        }
        var index = 0
        var hits = 0
        let samples = measure(iterations: 20_000, warmup: 200) {
            index = (index + 1) & 1023
            if root.hitTest(points[index]) !== root { hits += 1 }
        }
        report("hit test among 1,000 views", samples, goal: 0.000005)
        if hits < 0 { print(hits) }
    }
}
