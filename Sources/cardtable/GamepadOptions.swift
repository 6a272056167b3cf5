import ArgumentParser

/// Where gamepads are looked for: shared by `play` and `balls`.
struct GamepadOptions: ParsableArguments {
    @Option(
        name: .customLong("gamepads"),
        help: ArgumentHelp("The folder of input devices gamepads are found in, or 'none'.", valueName: "folder"))
    var folder: String = "/dev/input"

    /// The folder, or nil for no gamepads.
    var watched: String? { folder == "none" || folder.isEmpty ? nil : folder }
}
