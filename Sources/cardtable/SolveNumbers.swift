import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

/// The numbers `cardtable solve` takes: a range of deals, a budget of positions, a time limit,
/// a number of threads. As with every number option (NumberOptions.swift), a value out of range
/// is refused with the range in the message.
extension NumberOptions {
    /// The most deals one `solve` takes: Microsoft's 32,000 many times over, and few enough that
    /// a mistyped range (`1..2147483647`) is refused rather than run for years.
    static let maximumDealsSolved = 1_000_000

    /// `--deal N` or `--deal N..M` (N at most M): the deals to solve, in order.
    static func dealRange(_ text: String) throws -> ClosedRange<UInt64> {
        let ends = text.split(separator: "..", omittingEmptySubsequences: false).map { UInt64($0) }
        guard ends.count <= 2, let first = ends[0], let last = ends[ends.count - 1], deals.contains(first),
            deals.contains(last)
        else {
            throw ValidationError(
                "deals are N or N..M, whole numbers from \(deals.lowerBound) to \(deals.upperBound), such as 1..1000")
        }
        guard first <= last else {
            throw ValidationError("\(text) goes down: write the smaller number first, \(last)..\(first)")
        }
        guard last - first < UInt64(maximumDealsSolved) else {
            throw ValidationError(
                "\(text) is \(last - first + 1) deals: at most \(maximumDealsSolved) at a time, such as "
                    + "\(first)..\(first + UInt64(maximumDealsSolved) - 1)")
        }
        return first...last
    }

    /// Positions a search may expand per deal.
    static let positionBudgets = 1...1_000_000_000

    /// `--budget N`, with `k` for thousands and `M` for millions (`500k`, `2M`).
    static func positionBudget(_ text: String) throws -> Int {
        let multiplier: Int
        var digits = Substring(text)
        switch text.last {
        case "k", "K":
            multiplier = 1000
            digits = digits.dropLast()
        case "m", "M":
            multiplier = 1_000_000
            digits = digits.dropLast()
        default:
            multiplier = 1
        }
        guard digits.allSatisfy(\.isASCIIDigit), let number = Int(digits),
            case (let value, let overflow) = number.multipliedReportingOverflow(by: multiplier), !overflow,
            positionBudgets.contains(value)
        else {
            throw ValidationError(
                "a budget is a number of positions from \(positionBudgets.lowerBound) to 1000M, "
                    + "such as 200000, 500k or 2M")
        }
        return value
    }

    /// The memory a search may keep: 1 MiB to 16 GiB.
    static let memoryBudgets = (1 << 20)...(16 << 30)

    /// `--memory`: bytes with a unit, `6M` (MiB) or `2G` (GiB); a bare number is MiB.
    static func memoryBudget(_ text: String) throws -> Int {
        var digits = Substring(text)
        var multiplier = 1 << 20
        switch text.last {
        case "m", "M": digits = digits.dropLast()
        case "g", "G":
            multiplier = 1 << 30
            digits = digits.dropLast()
        default: break
        }
        guard digits.allSatisfy(\.isASCIIDigit), let number = Int(digits),
            case (let value, let overflow) = number.multipliedReportingOverflow(by: multiplier), !overflow,
            memoryBudgets.contains(value)
        else {
            throw ValidationError("a memory budget is from 1M to 16G, such as 6M or 1G")
        }
        return value
    }

    /// Seconds a search may take per deal.
    static let secondsLimits = 0.01...86400.0

    /// `--seconds S` (`10`, `0.5`), or `none` for no limit.
    static func secondsLimit(_ text: String) throws -> SecondsLimit {
        if text == "none" { return .none }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
            let seconds = Double(text), secondsLimits.contains(seconds)
        else {
            throw ValidationError(
                "a time limit is a number of seconds from 0.01 to 86400, such as 10 or 0.5, or none")
        }
        return .seconds(seconds)
    }

    /// Threads that solve deals at once.
    static let jobCounts = 1...256

    /// `--jobs N`.
    static func jobs(_ text: String) throws -> Int {
        guard let number = Int(text), text.allSatisfy(\.isASCIIDigit), jobCounts.contains(number) else {
            throw ValidationError(
                "jobs are a whole number from \(jobCounts.lowerBound) to \(jobCounts.upperBound) "
                    + "(this machine has \(processorCount) cores)")
        }
        return number
    }

    /// The cores the program may run on now: `--jobs`' default.
    static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

/// `--seconds`: a time limit per deal, or none.
enum SecondsLimit: Equatable {
    case seconds(Double)
    case none

    var value: Double? {
        if case .seconds(let seconds) = self { return seconds }
        return nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
