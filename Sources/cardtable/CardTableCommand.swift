import ArgumentParser

/// `cardtable`: a card table for the terminal.
@main
struct CardTableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardtable",
        abstract: "Solitaire for the terminal: drag cards with the mouse, or play with the keyboard.",
        discussion: """
            With no command, opens the game chooser: the games by family, each with its rules and a \
            preview. 'cardtable play klondike' deals a game of Klondike straight away; \
            'cardtable play freecell --deal 1' deals Microsoft FreeCell's deal 1; 'cardtable list' \
            shows every game; 'cardtable play sandbox' opens the free table. See cardtable(6).
            """,
        version: CardTableVersion.current,
        subcommands: [
            PlayCommand.self, ListCommand.self, StatsCommand.self, ExportCommand.self, CheckCommand.self,
            PreviewCommand.self, RenderCommand.self, CopyCommand.self,
        ],
        defaultSubcommand: PlayCommand.self
    )
}

enum CardTableVersion {
    static let current = "0.1.0"
}
