import Layouts

/// Why a save file cannot be resumed. Each says so in one line naming the file; the file is
/// then moved aside, never deleted (one from a later CardTable is left as it is).
public struct SaveError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The file ends before its checksum line.
        case truncated
        /// The checksum does not match, or a line cannot be read.
        case corrupt
        /// Written by a later CardTable, with a format this one does not know.
        case futureVersion
        /// Not a CardTable save at all.
        case notASave
        /// The variant's layout cannot be found or loaded any more.
        case unknownVariant
        /// The moves do not replay from the start (the variant's rules changed, or the file was edited).
        case illegalMove
        /// The file could not be read (permissions, a folder in its place).
        case unreadable
    }

    public var kind: Kind
    /// The file, as shown in messages.
    public var file: String
    /// The line the problem is on, when there is one.
    public var line: Int?
    public var message: String

    public init(_ kind: Kind, file: String, line: Int? = nil, _ message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`, or `FILE: message`: one line, whatever the file's name and what
    /// the message quotes hold (``TerminalText``).
    public var description: String {
        if let line { return TerminalText.safe("\(file):\(line): \(message)") }
        return TerminalText.safe("\(file): \(message)")
    }
}
