import TableKit

/// Draws a card's back: the border faces have, around a woven lattice of two strands in two
/// colours (``Theme/Glyphs/backStrands``, ``Theme/cardBack`` and ``Theme/cardBackAccent``).
/// The strands cross into diamonds; in monochrome one strand is bold and the other dim, and
/// the two glyphs tell them apart anyway.
///
/// ```
/// ╭───────────╮   +-----+
/// │╱╲╱╲╱╲╱╲╱╲╱│   |/\/\/|
/// │╲╱╲╱╲╱╲╱╲╱╲│   |\/\/\|
/// │╱╲╱╲╱╲╱╲╱╲╱│   |/\/\/|
/// ╰───────────╯   +-----+
/// ```
struct CardBack {
    let theme: Theme

    func draw(in context: DrawContext) {
        let w = context.width
        let h = context.height
        let strands = theme.glyphs.backStrands
        let rising = Glyph(strands.rising)
        let falling = Glyph(strands.falling)
        context.fill(style: theme.cardBack)
        let bordered = w >= 3 && h >= 2
        let inset = bordered ? 1 : 0
        for y in inset..<h - inset {
            for x in inset..<w - inset {
                // Counted from inside the border, so every card's lattice starts alike.
                if (x - inset + y - inset) % 2 == 0 {
                    context.set(rising, x: x, y: y, style: theme.cardBack)
                } else {
                    context.set(falling, x: x, y: y, style: theme.cardBackAccent)
                }
            }
        }
        if bordered { drawBox(in: context, glyphs: theme.glyphs, style: theme.cardBackEdge) }
    }
}
