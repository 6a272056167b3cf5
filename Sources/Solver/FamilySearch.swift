import Solitaire

/// A search of a family's own (Klondike's, the Golf family's, Accordion's, Pyramid's, Calculation's,
/// Aces Up's, Gaps', Spider's, the open games', the games of columns and a stock): it holds
/// positions in plain values of its own, searches until it ends or has expanded a number of
/// positions, and plays its win back on the table's rules (``replayedWin(_:rules:from:)``).
protocol FamilySearch {
    /// `.solved`, `.impossible`, or `nil` while it has not ended.
    var verdict: SolverVerdict? { get }
    /// Whether running dry proves the position lost (it saw every position it could reach).
    var proves: Bool { get }
    /// It found a win the rules refused to play back, and stopped with no answer.
    var failed: Bool { get }
    /// Positions expanded.
    var positions: Int { get }
    /// Searches until it ends or has expanded `limit` positions.
    mutating func run(upTo limit: Int)
    /// The moves of the win, from the start, once it ended `.solved`.
    func solution() -> [Move]
}

extension KlondikeSearch: FamilySearch {}
extension GolfSearch: FamilySearch {}
extension AccordionSearch: FamilySearch {}
extension PyramidSearch: FamilySearch {}
extension SpiderSearch: FamilySearch {}
extension CalculationSearch: FamilySearch {}
extension OpenSearch: FamilySearch {}
extension ColumnsSearch: FamilySearch {}
extension ColumnsPhaseSearch: FamilySearch {}
extension AcesUpSearch: FamilySearch {}
extension GapsSearch: FamilySearch {}
