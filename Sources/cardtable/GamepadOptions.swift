import ArgumentParser

/// Where gamepads are looked for: shared by `play` and `balls`.
struct GamepadOptions: ParsableArguments {
    @Option(
        name: .customLong("gamepads"),
        help: ArgumentHelp("The folder of input devices gamepads are found in, or 'none'.", valueName: "folder"))
    var folder: String = "/dev/input"

    /// The folder, or nil for no gamepads.
    var watched: String? { GamepadOptions.watched(folder) }

    /// A `--gamepads` value as the folder to watch, or nil for none (`none`, or empty).
    static func watched(_ folder: String) -> String? { folder == "none" || folder.isEmpty ? nil : folder }
}
