import Gamepads
import TerminalInput

/// Gamepad buttons to the keys they stand for, so that a pad does in every screen (the chooser,
/// a game, help, settings, the balls) what those keys do there, through the same actions: one
/// table that the app, the help screen and the man page are read from.
public enum GamepadBindings {
    public struct Binding: Sendable {
        public var buttons: [GamepadButton]
        public var key: Key
        /// The buttons as help shows them.
        public var buttonText: String
        public var help: String
    }

    public static let all: [Binding] = [
        Binding(buttons: [.up], key: .up, buttonText: "d-pad, left stick", help: "move the cursor"),
        Binding(buttons: [.down], key: .down, buttonText: "", help: ""),
        Binding(buttons: [.left], key: .left, buttonText: "", help: ""),
        Binding(buttons: [.right], key: .right, buttonText: "", help: ""),
        Binding(buttons: [.south], key: .enter, buttonText: "south (A)", help: "pick up / drop / deal, as Enter"),
        Binding(buttons: [.east], key: .escape, buttonText: "east (B)", help: "put the cards back, close, as Esc"),
        Binding(buttons: [.west], key: .character("u"), buttonText: "west (X)", help: "undo"),
        Binding(buttons: [.north], key: .character("H"), buttonText: "north (Y)", help: "hint"),
        Binding(
            buttons: [.rightShoulder], key: .tab, buttonText: "shoulders", help: "next / previous pile, as Tab"),
        Binding(buttons: [.leftShoulder], key: .backTab, buttonText: "", help: ""),
        Binding(buttons: [.start], key: .character("p"), buttonText: "start", help: "pause"),
        Binding(buttons: [.select], key: .character("g"), buttonText: "select", help: "choose another game"),
    ]

    /// The key a button stands for.
    public static func key(for button: GamepadButton) -> Key? {
        all.first { $0.buttons.contains(button) }?.key
    }
}
