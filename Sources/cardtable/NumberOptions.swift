import ArgumentParser
import Solitaire

/// Numbers given on the command line (`--deal`, `--seed`, `--size`): each is read by its own
/// parser, which says the range it allows when a value is out of it, negative, or not a number.
/// Their options take the next argument whatever it starts with (`parsing: .unconditional`), so
/// that `--seed -1` is told the range instead of "missing value".
enum NumberOptions {
    /// Deal numbers: the same number deals the same cards (FreeCell's are Microsoft's).
    static let deals = DeclarativeRules.dealNumbers

    /// `--deal N` / `--seed N`.
    static func deal(_ text: String) throws -> UInt64 {
        guard let number = UInt64(text), deals.contains(number) else {
            throw ValidationError("a deal is a whole number from \(deals.lowerBound) to \(deals.upperBound)")
        }
        return number
    }

    /// `balls --seed N`: the same range as deals.
    static func seed(_ text: String) throws -> UInt64 {
        guard let number = UInt64(text), deals.contains(number) else {
            throw ValidationError("a seed is a whole number from \(deals.lowerBound) to \(deals.upperBound)")
        }
        return number
    }

    /// Screen sizes `render --size` draws for, in each direction.
    static let screenSides = 1...1000

    /// `--size WxH`.
    static func screenSize(_ text: String) throws -> ScreenSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            screenSides.contains(width), screenSides.contains(height)
        else {
            throw ValidationError(
                "a size is WIDTHxHEIGHT, each a whole number from \(screenSides.lowerBound) to "
                    + "\(screenSides.upperBound), such as 100x30")
        }
        return ScreenSize(width: width, height: height)
    }
}
