// cardtable-bench: measures the engine headless (compose, diff, hit testing). The terminal
// front end is measured in a real terminal by scripts/bench-terminal.
//
//   swift run -c release cardtable-bench            # everything
//   swift run -c release cardtable-bench engine     # compose, diff, hit testing
let arguments = Array(CommandLine.arguments.dropFirst())
let all = arguments.isEmpty
if all || arguments.contains("engine") {
    EngineBenchmarks.composeAndDiff()
    EngineBenchmarks.hitTest()
}
