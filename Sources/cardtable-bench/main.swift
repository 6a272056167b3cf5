// cardtable-bench: measures the engine and the terminal front end.
//
//   swift run -c release cardtable-bench            # everything
//   swift run -c release cardtable-bench engine     # compose, diff, hit testing
let arguments = Array(CommandLine.arguments.dropFirst())
let all = arguments.isEmpty
if all || arguments.contains("engine") {
    EngineBenchmarks.composeAndDiff()
    EngineBenchmarks.hitTest()
}
