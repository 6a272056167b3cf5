import Layouts
import Solitaire

// A scripted Klondike gets Klondike's own search when its layout promises, with
// `solver = "klondike"` in `[game]`, that its rules (its script's hooks) are Klondike's in every
// point that search relies on: the columns build down in alternate colours, move any run in
// order, take only a King (or a run from one) when empty and turn up a face-down card left on
// top; the foundations build up by suit from the Ace; the stock turns its cards onto the waste,
// which goes back to the stock when the stock is empty.
//
// The layout's piles are read off its declarative face (`declarativeRulesOf`), which must have
// Klondike's: one 52-card deck won on the foundations, one stock dealing to one waste, four
// foundations, up to eight columns, no other pile. Its rules keys are not read: the script plays.
//
// What the promise leaves open is asked of the rules being played, or taken at its widest:
//
// - the draw is what the rules' own click on the stock does to a dealt game, checked card for card
//   against Klondike's stock turning that many (a script's option, `draw = 3`, is thereby the
//   draw the game is played with); a click that is not Klondike's for any draw and the game is
//   searched as any other;
// - the waste goes back without end, and cards may come back off the foundations: a search with
//   more moves than the rules allow still proves a loss, and a win using a move they refuse is
//   caught when it is played back on them (KlondikeReplay.swift), and never shown.

extension KlondikeShape {
    /// `nil` unless the layout's piles are Klondike's and a click on the stock turns cards as
    /// Klondike's stock does (the layout promises the rest).
    init?(promisedBy rules: any Rules) {
        guard let face = declarativeRulesOf(rules.layout) as? DeclarativeRules, let piles = Piles(face),
            let draw = Self.draw(of: rules, piles: piles, face: face)
        else { return nil }
        self.init(piles: piles, draw: draw, takesBack: true)
    }

    /// The cards the rules' click on the stock turns onto the waste, on their deal number 1: a
    /// click that turns fewer cards than the stock holds, and the same cards the same way as
    /// Klondike's stock turning that many; otherwise `nil`.
    static func draw(of rules: any Rules, piles: Piles, face: DeclarativeRules) -> Int? {
        let dealt = rules.deal(seed: 1)
        guard dealt.piles.count == rules.layout.slots.count, dealt.piles[piles.waste].isEmpty,
            let click = rules.clickMove(on: piles.stock, in: dealt), rules.allows(click, in: dealt)
        else { return nil }
        var clicked = dealt
        _ = rules.apply(click, to: &clicked)
        let draw = clicked.piles[piles.waste].count
        guard draw >= 1, draw < dealt.piles[piles.stock].count else { return nil }
        // Klondike's stock turning `draw` cards, on the same deal.
        var layout = face.layout
        let group = layout.slots[piles.stock].group
        layout.rules?.groups[group]?.draw = draw
        layout.rules?.groups[group]?.redeals = .unlimited
        let klondike = DeclarativeRules(layout: layout)
        var turned = dealt
        _ = klondike.apply(.stock(piles.stock), to: &turned)
        return turned.piles == clicked.piles ? draw : nil
    }
}
