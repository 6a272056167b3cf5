/// One terminal cell: a glyph with its colours and attributes.
public struct Cell: Hashable, Sendable {
    public var glyph: Glyph
    public var foreground: RGB
    public var background: RGB
    public var attributes: CellAttributes

    public init(
        _ glyph: Glyph = .space, foreground: RGB = .white, background: RGB = .black, attributes: CellAttributes = []
    ) {
        self.glyph = glyph
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The cell's colours and attributes, to draw another glyph (or this one) the same way.
    public var style: CellStyle { CellStyle(foreground: foreground, background: background, attributes: attributes) }

    public init(
        _ character: Character, foreground: RGB = .white, background: RGB = .black, attributes: CellAttributes = []
    ) {
        self.init(Glyph(character), foreground: foreground, background: background, attributes: attributes)
    }
}
