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

    @Option(help: ArgumentHelp("Screen size to draw for.", valueName: "WxH"))
    var size: ScreenSize = ScreenSize(width: 80, height: 24)

    @Flag(help: "Draw with ASCII only.")
    var ascii = false

    @Option(
        name: [.customLong("deal"), .customLong("seed")],
        help: ArgumentHelp("The deal to show for a game: the same number deals the same cards.", valueName: "n"))
    var deal: UInt64 = 1

    func run() throws {
        let resolved = LayoutResolver.resolve(layout, environment: ProcessEnvironment.current)
        for diagnostic in resolved.diagnostics { printError(diagnostic.description) }
        guard let table = resolved.layout, !resolved.hasErrors else { throw ExitCode(1) }
        print(
            LayoutPreview.render(
                table, width: size.width, height: size.height,
                theme: Theme(ascii: ascii, monochrome: true), seed: deal))
    }
}

/// `WxH`, as in `--size 100x30`.
struct ScreenSize: ExpressibleByArgument {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...1000).contains(w),
            (1...1000).contains(h)
        else {
            return nil
        }
        self.init(width: w, height: h)
    }

    var defaultValueDescription: String { "\(width)x\(height)" }
}
