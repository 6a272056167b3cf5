import Layouts

/// The games the chooser lists, in the order it lists them: the games by family (each family
/// under a heading, families in the order their first game comes), then the free tables under
/// their own heading, the sandbox first.
///
/// ```
/// let catalog = ChooserCatalog(games: ShippedLayouts.names.compactMap(ShippedLayouts.layout(named:)))
/// catalog.rows[0]    // .heading("Klondike")
/// catalog.rows[1]    // .game(0): catalog.games[0] is Klondike
/// ```
public struct ChooserCatalog: Sendable {
    /// One line of the list.
    public enum Row: Hashable, Sendable {
        /// A family's name (or "Free tables").
        case heading(String)
        /// A game, by its index in ``ChooserCatalog/games``.
        case game(Int)
    }

    /// The heading over the tables without rules.
    public static let freeTablesHeading = "Free tables"
    /// The heading over games that are not card games (the balls).
    public static let arcadeHeading = "Arcade"

    /// The games in list order.
    public let games: [TableLayout]
    /// The list: headings and games.
    public let rows: [Row]
    /// The row of each game.
    private let rowOfGame: [Int]

    public init(games unordered: [TableLayout]) {
        var families: [(name: String, games: [TableLayout])] = []
        var freeTables: [TableLayout] = []
        var arcade: [TableLayout] = []
        for game in unordered {
            if BallsScene.isChooserEntry(game) {
                arcade.append(game)
                continue
            }
            guard let family = game.rules?.family else {
                freeTables.append(game)
                continue
            }
            if let index = families.firstIndex(where: { $0.name == family }) {
                families[index].games.append(game)
            } else {
                families.append((family, [game]))
            }
        }
        // The sandbox is the free table most players want: it comes first of them.
        freeTables = freeTables.filter { $0.name == "sandbox" } + freeTables.filter { $0.name != "sandbox" }
        if !freeTables.isEmpty { families.append((ChooserCatalog.freeTablesHeading, freeTables)) }
        if !arcade.isEmpty { families.append((ChooserCatalog.arcadeHeading, arcade)) }
        var games: [TableLayout] = []
        var rows: [Row] = []
        var rowOfGame: [Int] = []
        for family in families {
            rows.append(.heading(family.name))
            for game in family.games {
                rowOfGame.append(rows.count)
                rows.append(.game(games.count))
                games.append(game)
            }
        }
        self.games = games
        self.rows = rows
        self.rowOfGame = rowOfGame
    }

    /// The shipped layouts, and the balls game.
    public static var shipped: ChooserCatalog {
        ChooserCatalog(
            games: ShippedLayouts.names.compactMap { ShippedLayouts.layout(named: $0) } + [BallsScene.chooserEntry])
    }

    /// The row a game is on.
    public func row(ofGame index: Int) -> Int { rowOfGame[index] }

    /// The game with this name (`klondike`), if listed.
    public func index(named name: String) -> Int? {
        games.firstIndex { $0.name == name }
    }

    /// The heading a game is listed under.
    public func family(ofGame index: Int) -> String {
        var row = rowOfGame[index]
        while row > 0 {
            row -= 1
            if case .heading(let name) = rows[row] { return name }
        }
        return ""
    }
}
