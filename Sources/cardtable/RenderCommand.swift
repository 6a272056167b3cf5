import App
import ArgumentParser
import Layouts

/// `cardtable render FILE [--size WxH]`: the preview drawing as plain text on stdout.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print a layout's drawing as plain text: a game's dealt position, or a free table with sample cards.",
        discussion: "A free table shows each slot's name on its top edge."
    )

    @Argument(help: "A layout file or the name of a shipped layout.")
    var layout: String

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Screen size to draw for, each side 1 to 1000 (80x24 by default).", valueName: "WxH"),
        transform: NumberOptions.screenSize)
    var size: ScreenSize = ScreenSize(width: 80, height: 24)

    @Flag(help: "Draw with ASCII only.")
    var ascii = false

    @Option(
        name: [.customLong("deal"), .customLong("seed")], parsing: .unconditional,
        help: ArgumentHelp(
            "The deal to show for a game, 1 to 2147483647 (1 by default): the same number deals the same cards.",
            valueName: "n"),
        transform: NumberOptions.deal)
    var deal: UInt64 = 1

    func run() throws {
        let resolved = LayoutResolver.resolve(layout, environment: ProcessEnvironment.current)
        for diagnostic in resolved.diagnostics { printError(diagnostic.description) }
        guard let table = resolved.layout, !resolved.hasErrors else { throw ExitCode(1) }
        // A table that fits no terminal of this size has no drawing to print: say so, and fail.
        if case .failure(let tooSmall) = Placement.place(table, width: size.width, height: size.height) {
            printError(
                "cardtable: render: \(TerminalText.safe(table.name)) does not fit in \(size.width)x\(size.height): \(tooSmall)"
            )
            throw ExitCode(1)
        }
        printOut(
            LayoutPreview.render(
                table, width: size.width, height: size.height,
                theme: Theme(ascii: ascii, monochrome: true), seed: deal), lines: true)
    }
}

/// `WxH`, as in `--size 100x30` (read by ``NumberOptions/screenSize(_:)``).
struct ScreenSize {
    var width: Int
    var height: Int
}

extension ScreenSize: CustomStringConvertible {
    var description: String { "\(width)x\(height)" }
}
