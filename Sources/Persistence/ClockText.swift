/// A game's time as the status line, the win panel, resume offers and statistics show it:
/// `m:ss`, or `h:mm:ss` past an hour, whole seconds (a time that is not a number is `0:00`).
public func clockText(_ seconds: Double) -> String {
    let total = seconds.isFinite ? Int(min(max(seconds, 0), 999_999_999)) : 0
    let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
}
