import Layouts
import Solitaire
import TableKit
import TestSupport
import XCTest

@testable import App

/// Card faces and backs drawn one card at a time, the four-colour deck and the terminal's
/// own background, and whole tables on large terminals.
final class CardFaceTests: XCTestCase {
    let unicode = Theme(ascii: false, monochrome: false)
    let ascii = Theme(ascii: true, monochrome: false)
    let largest = CardSize(width: 13, height: 9)

    /// One card, face up or down, alone in a window of its size: the canvas it left.
    func drawn(_ card: String, faceUp: Bool = true, size: CardSize, theme: Theme) -> Canvas {
        let window = Window(width: size.width, height: size.height, clock: ManualClock())
        let view = CardView(
            cardID: 0, card: Card(card)!, faceUp: faceUp,
            frame: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)), theme: theme)
        window.addSubview(view)
        _ = window.renderFrame()
        return window.canvas
    }

    func assertCard(
        _ card: String, faceUp: Bool = true, size: CardSize, theme: Theme, _ expected: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        assertSnapshot(drawn(card, faceUp: faceUp, size: size, theme: theme).text, expected, file: file, line: line)
    }

    // MARK: Faces

    func testTwoSevenAndTenHaveTheirPipsLaidOutLikeARealCard() {
        assertCard(
            "TH", size: largest, theme: unicode,
            """
            ╭T♥─────────╮
            │  ♥     ♥  │
            │     ♥     │
            │  ♥     ♥  │
            │           │
            │  ♥     ♥  │
            │     ♥     │
            │  ♥     ♥  │
            ╰─────────T♥╯
            """)
        assertCard(
            "7C", size: largest, theme: unicode,
            """
            ╭7♣─────────╮
            │  ♣     ♣  │
            │     ♣     │
            │           │
            │  ♣     ♣  │
            │           │
            │           │
            │  ♣     ♣  │
            ╰─────────7♣╯
            """)
        assertCard(
            "2S", size: largest, theme: ascii,
            """
            +2S---------+
            |     S     |
            |           |
            |           |
            |           |
            |           |
            |           |
            |     S     |
            +---------2S+
            """)
    }

    func testCourtCardsShowAFramedPicture() {
        assertCard(
            "KS", size: largest, theme: unicode,
            """
            ╭K♠─────────╮
            │ ┌───────┐ │
            │ │ ╻ ╻ ╻ │ │
            │ │ ┗━┻━┛ │ │
            │ │ ♠ K ♠ │ │
            │ │ ┏━┳━┓ │ │
            │ │ ╹ ╹ ╹ │ │
            │ └───────┘ │
            ╰─────────K♠╯
            """)
        assertCard(
            "JD", size: largest, theme: unicode,
            """
            ╭J♦─────────╮
            │ ┌───────┐ │
            │ │   ╻   │ │
            │ │ ╺━┻━╸ │ │
            │ │ ♦ J ♦ │ │
            │ │ ╺━┳━╸ │ │
            │ │   ╹   │ │
            │ └───────┘ │
            ╰─────────J♦╯
            """)
        assertCard(
            "QH", size: largest, theme: ascii,
            """
            +QH---------+
            | +-------+ |
            | | . . . | |
            | | \\_|_/ | |
            | | H Q H | |
            | | /"|"\\ | |
            | | ' ' ' | |
            | +-------+ |
            +---------QH+
            """)
        // 11 wide, the frame meets the border; 9x7 has no room for a frame.
        assertCard(
            "KS", size: CardSize(width: 11, height: 9), theme: unicode,
            """
            ╭K♠───────╮
            │┌───────┐│
            ││ ╻ ╻ ╻ ││
            ││ ┗━┻━┛ ││
            ││ ♠ K ♠ ││
            ││ ┏━┳━┓ ││
            ││ ╹ ╹ ╹ ││
            │└───────┘│
            ╰───────K♠╯
            """)
        assertCard(
            "KS", size: CardSize(width: 9, height: 7), theme: ascii,
            """
            +KS-----+
            | ^ ^ ^ |
            | |_|_| |
            | S K S |
            | |"|"| |
            | v v v |
            +-----KS+
            """)
    }

    func testTheAceShowsOneLargeSuit() {
        assertCard(
            "AS", size: largest, theme: unicode,
            """
            ╭A♠─────────╮
            │           │
            │    ▄█▄    │
            │  ▄█████▄  │
            │  ███████  │
            │  ▀▀ █ ▀▀  │
            │    ▀▀▀    │
            │           │
            ╰─────────A♠╯
            """)
        assertCard(
            "AH", size: largest, theme: ascii,
            """
            +AH---------+
            |           |
            |   _  _    |
            |  ( \\/ )   |
            |   \\  /    |
            |    \\/     |
            |           |
            |           |
            +---------AH+
            """)
        assertCard(
            "AD", size: CardSize(width: 9, height: 7), theme: unicode,
            """
            ╭A♦─────╮
            │       │
            │ ┌───┐ │
            │ │ ♦ │ │
            │ └───┘ │
            │       │
            ╰─────A♦╯
            """)
    }

    func testOnFiveRowsThePipsAreRounded() {
        let size = CardSize(width: 9, height: 7)
        assertCard(
            "TH", size: size, theme: unicode,
            """
            ╭T♥─────╮
            │ ♥   ♥ │
            │ ♥ ♥ ♥ │
            │       │
            │ ♥ ♥ ♥ │
            │ ♥   ♥ │
            ╰─────T♥╯
            """)
        assertCard(
            "8D", size: size, theme: unicode,
            """
            ╭8♦─────╮
            │ ♦   ♦ │
            │   ♦   │
            │ ♦   ♦ │
            │   ♦   │
            │ ♦   ♦ │
            ╰─────8♦╯
            """)
    }

    func testEveryPipLayoutCountsItsRankAndIsSymmetric() {
        let inside = CellRect(x: 1, y: 1, width: 11, height: 7)
        for rank in Card.Rank.allCases {
            let pips = PipLayout.pips(for: rank)
            let isNumbered = (Card.Rank.two...Card.Rank.ten).contains(rank)
            XCTAssertEqual(pips.count, isNumbered ? rank.rawValue : 0, "\(rank)")
            XCTAssertEqual(Set(pips).count, pips.count, "\(rank): no pip drawn twice")
            let mirrored = Set(
                pips.map { PipLayout.Pip(column: PipLayout.Column(rawValue: -$0.column.rawValue)!, sixth: $0.sixth) })
            XCTAssertEqual(mirrored, Set(pips), "\(rank) is symmetric left to right")
            let flipped = Set(pips.map { PipLayout.Pip(column: $0.column, sixth: 6 - $0.sixth) })
            if rank == .seven {
                XCTAssertNotEqual(flipped, Set(pips), "the 7's odd pip sits high")
            } else {
                XCTAssertEqual(flipped, Set(pips), "\(rank) is symmetric top to bottom")
            }
            for cell in PipLayout.cells(for: rank, inside: inside) {
                XCTAssertTrue(inside.contains(cell), "\(rank): \(cell) inside the border")
            }
        }
    }

    func testSmallCardsKeepTheirFacesAndEverySizeShowsItsCorner() {
        assertCard(
            "TS", size: CardSize(width: 7, height: 5), theme: unicode,
            """
            ╭T♠───╮
            │     │
            │  ♠  │
            │     │
            ╰───T♠╯
            """)
        assertCard(
            "TS", size: CardSize(width: 5, height: 3), theme: unicode,
            """
            ╭T♠─╮
            │   │
            ╰─T♠╯
            """)
        assertCard("TS", size: CardSize(width: 3, height: 2), theme: unicode, "T♠ \n   ")
        // A card fanned down shows only its top row, and that row names the card.
        for size in Placement.cardSizes {
            for card in ["AS", "7H", "TD", "QC"] {
                let top = drawn(card, size: size, theme: unicode).lines[0]
                let label = unicode.label(for: Card(card)!)
                XCTAssertTrue(top.hasPrefix(label) || top.dropFirst().hasPrefix(label), "\(card) at \(size): \(top)")
            }
        }
    }

    // MARK: Backs

    func testTheBackIsAWovenLatticeInTwoColours() {
        assertCard(
            "KS", faceUp: false, size: largest, theme: unicode,
            """
            ╭───────────╮
            │╱╲╱╲╱╲╱╲╱╲╱│
            │╲╱╲╱╲╱╲╱╲╱╲│
            │╱╲╱╲╱╲╱╲╱╲╱│
            │╲╱╲╱╲╱╲╱╲╱╲│
            │╱╲╱╲╱╲╱╲╱╲╱│
            │╲╱╲╱╲╱╲╱╲╱╲│
            │╱╲╱╲╱╲╱╲╱╲╱│
            ╰───────────╯
            """)
        assertCard(
            "KS", faceUp: false, size: CardSize(width: 6, height: 4), theme: ascii,
            """
            +----+
            |/\\/\\|
            |\\/\\/|
            +----+
            """)
        let back = drawn("KS", faceUp: false, size: largest, theme: unicode)
        XCTAssertEqual(back[1, 1].foreground, unicode.cardBack.foreground, "the rising strand")
        XCTAssertEqual(back[2, 1].foreground, unicode.cardBackAccent.foreground, "the falling strand")
        XCTAssertEqual(back[1, 2].foreground, unicode.cardBackAccent.foreground)
        XCTAssertNotEqual(unicode.cardBack.foreground, unicode.cardBackAccent.foreground)
        XCTAssertEqual(back[1, 1].background, back[2, 1].background, "one ground under both strands")
        // In monochrome the strands differ by weight.
        let mono = Theme(ascii: false, monochrome: true)
        let monoBack = drawn("KS", faceUp: false, size: largest, theme: mono)
        XCTAssertTrue(monoBack[1, 1].attributes.contains(.bold))
        XCTAssertTrue(monoBack[2, 1].attributes.contains(.dim))
    }

    // MARK: Colours

    func testAFourColourDeckGivesEachSuitItsColour() {
        let theme = Theme(ascii: false, monochrome: false, fourColour: true)
        func colours(_ card: String, _ theme: Theme) -> (corner: RGB, pip: RGB) {
            let canvas = drawn(card, size: largest, theme: theme)
            XCTAssertEqual(canvas[3, 1].glyph, Glyph(Card(card)!.suit.symbol), "a pip at (3, 1)")
            return (canvas[1, 0].foreground, canvas[3, 1].foreground)
        }
        let club = colours("9C", theme)
        let diamond = colours("9D", theme)
        let heart = colours("9H", theme)
        let spade = colours("9S", theme)
        for (suit, colour) in [("clubs", club), ("diamonds", diamond), ("hearts", heart), ("spades", spade)] {
            XCTAssertEqual(colour.corner, colour.pip, "\(suit): corner and pips alike")
        }
        XCTAssertTrue(club.pip.green > club.pip.red && club.pip.green > club.pip.blue, "clubs green: \(club.pip)")
        XCTAssertTrue(
            diamond.pip.blue > diamond.pip.red && diamond.pip.blue > diamond.pip.green, "diamonds blue: \(diamond.pip)")
        XCTAssertTrue(heart.pip.red > heart.pip.green && heart.pip.red > heart.pip.blue, "hearts red: \(heart.pip)")
        XCTAssertLessThan(brightness(spade.pip), 100, "spades black: \(spade.pip)")
        XCTAssertEqual(Set([club.pip, diamond.pip, heart.pip, spade.pip]).count, 4)

        // Two colours by default; in monochrome the option changes nothing.
        XCTAssertEqual(colours("9C", unicode).pip, colours("9S", unicode).pip)
        XCTAssertEqual(colours("9D", unicode).pip, colours("9H", unicode).pip)
        let mono = Theme(ascii: false, monochrome: true, fourColour: true)
        XCTAssertFalse(mono.isFourColour)
        XCTAssertEqual(mono.suitStyle(for: Card("9C")!), mono.blackSuit)
        XCTAssertEqual(mono.suitStyle(for: Card("9D")!), mono.redSuit)
    }

    func testTheTerminalsOwnBackgroundReplacesTheFelt() throws {
        let theme = Theme(ascii: false, monochrome: false, terminalBackground: true)
        let own = Theme.terminalDefaultBackground
        XCTAssertTrue(theme.usesTerminalBackground)
        XCTAssertEqual(theme.feltCell.background, own)
        let h = Harness(seed: 1, theme: theme)
        h.click(slot: "free.1")
        XCTAssertEqual(h.cell(40, 12).background, own, "the felt")
        XCTAssertEqual(h.cell(2, 23).background, own, "the status line")
        XCTAssertNotEqual(h.cell(2, 23).foreground, own)
        let corner = try XCTUnwrap(h.findCard("4♥"))
        XCTAssertEqual(
            h.cell(corner.x + 3, corner.y + 1).background, theme.cardFace.background, "cards keep their face")
        XCTAssertNotEqual(Harness(seed: 1).cell(40, 12).background, own, "the default theme has its felt")

        let mono = Theme(ascii: false, monochrome: true, terminalBackground: true)
        let plain = Theme(ascii: false, monochrome: true)
        XCTAssertFalse(mono.usesTerminalBackground)
        XCTAssertEqual([mono.felt, mono.status, mono.panel], [plain.felt, plain.status, plain.panel])
    }

    // MARK: Tables

    func testALargeTerminalDealsFreeCellOnBigCardsThatStillShowEachCorner() throws {
        let h = Harness(layout: ShippedLayouts.layout(named: "freecell")!, seed: 1, width: 120, height: 40)
        h.settle()
        XCTAssertEqual(h.scene.placement?.cardSize, largest)
        var checked = 0
        for slot in h.scene.layout.slots where slot.kind == .tableau {
            let pile = try XCTUnwrap(h.scene.pileIndex(of: slot.id))
            for (index, card) in h.scene.state.piles[pile].enumerated() {
                let frame = try XCTUnwrap(h.scene.restingFrame(pile: pile, index: index))
                let label = h.scene.theme.label(for: card.card)
                XCTAssertEqual(h.text(Int(frame.minX) + 1, Int(frame.minY), width: 2), label, "\(slot.id) #\(index)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 52)
        // The top card of the first column (Microsoft deal 1: J♦ K♦ 2♠ 4♣ 3♠ 6♦ 6♠), whole.
        let top = try XCTUnwrap(h.findCard("6♠"))
        let drawn = (0..<9).map { h.text(top.x, top.y + $0, width: 13) }
        XCTAssertEqual(
            drawn,
            [
                "╭6♠─────────╮", "│  ♠     ♠  │", "│           │", "│           │", "│  ♠     ♠  │",
                "│           │", "│           │", "│  ♠     ♠  │", "╰─────────6♠╯",
            ])

        let small = Harness(layout: ShippedLayouts.layout(named: "freecell")!, seed: 1, width: 80, height: 24)
        XCTAssertEqual(small.scene.placement?.cardSize, CardSize(width: 6, height: 4), "80x24 as before")
    }
}
