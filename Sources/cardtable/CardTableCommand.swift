import ArgumentParser

/// `cardtable`: a card table for the terminal.
@main
struct CardTableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cardtable",
        abstract: "Solitaire for the terminal: drag cards with the mouse, or play with the keyboard.",
        discussion: """
            'cardtable play klondike' deals a game of Klondike; 'cardtable list' shows every game. \
            With no command, opens the sandbox table: click an empty slot to deal a card, drag cards \
            between slots, drop them on the trash to delete them. See cardtable(6).
            """,
        version: CardTableVersion.current,
        subcommands: [PlayCommand.self, ListCommand.self, CheckCommand.self, PreviewCommand.self, RenderCommand.self],
        defaultSubcommand: PlayCommand.self
    )
}

enum CardTableVersion {
    static let current = "0.1.0"
}
