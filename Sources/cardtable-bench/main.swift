// cardtable-bench: measures the engine (compose, diff, hit testing) and the rules headless. The terminal
// front end is measured in a real terminal by scripts/bench-terminal.
//
//   swift run -c release cardtable-bench            # everything
//   swift run -c release cardtable-bench engine     # compose, diff, hit testing
//   swift run -c release cardtable-bench render     # `cardtable render` at 100x100 … 1000x1000
//   swift run -c release cardtable-bench rules      # legal moves, apply + revert, deal, hints, outlook
//   swift run -c release cardtable-bench play       # a key to its frame: hint, move with its outlook
//   swift run -c release cardtable-bench saves      # saving after a move, resuming a saved game
//   swift run -c release cardtable-bench scripts    # a script's hooks against declarative rules, and
//                                                   # what a move costs each scripted variant
//   swift run -c release cardtable-bench solver     # FreeCell deals 1..1000 and 11982, still winnable
let arguments = Array(CommandLine.arguments.dropFirst())
let all = arguments.isEmpty
if all || arguments.contains("engine") {
    EngineBenchmarks.composeAndDiff()
    EngineBenchmarks.hitTest()
}
if all || arguments.contains("render") {
    RenderBenchmarks.run()
}
if all || arguments.contains("rules") {
    RulesBenchmarks.run()
    PlayHelperBenchmarks.run()
}
if all || arguments.contains("play") {
    PlayBenchmarks.run()
}
if all || arguments.contains("saves") {
    SaveBenchmarks.run()
}
if all || arguments.contains("scripts") {
    ScriptBenchmarks.run()
    ScriptedVariantBenchmarks.run()
}
if all || arguments.contains("solver") {
    SolverBenchmarks.run(arguments: arguments)
}
