import Layouts
import Solitaire

/// The rules a layout is played by: its script's over its declarative rules when it names a
/// script, else its declarative `[game]` rules, else the free table's. `options` are the values
/// of the options a script offers.
public func rulesOf(_ layout: TableLayout, options: [String: String] = [:]) -> any Rules {
    if layout.script != nil { return ScriptedRules(layout: layout, options: options) }
    return declarativeRulesOf(layout)
}
