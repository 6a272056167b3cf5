import Solitaire

// The expanded positions of a search, packed: each position's cards pile after pile, one byte a
// card, each pile ended by 0x40 (a byte no card has: bit 6 is never set), in one growing byte
// array; beside it, per position, where its bytes start, its redeals left, and the position it
// was reached from with the move.

/// A move in 64 bits: how many stock clicks come before it (16 bits), its kind (2), from (12),
/// to (12) and count (22).
struct PackedMove: Equatable {
    var bits: UInt64

    init(_ move: Move, afterClicks clicks: Int = 0) {
        bits =
            UInt64(min(clicks, PackedMove.maxClicks)) << 48 | UInt64(move.kind.rawValue & 3) << 46
            | UInt64(move.from & 0xFFF) << 34 | UInt64(move.to & 0xFFF) << 22 | UInt64(min(move.count, 0x3F_FFFF))
    }

    var move: Move {
        Move(
            kind: Move.Kind(rawValue: UInt8(bits >> 46 & 3)) ?? .transfer, from: Int(bits >> 34 & 0xFFF),
            to: Int(bits >> 22 & 0xFFF), count: Int(bits & 0x3F_FFFF))
    }

    /// The stock clicks played before the move.
    var clicks: Int { Int(bits >> 48) }

    /// The most clicks a move holds.
    static let maxClicks = 0xFFFF
}

/// Expanded positions, packed.
struct StateArena {
    private var bytes: [UInt8] = []
    private var starts: [Int] = []
    private var redeals: [Int] = []
    private var parents: [Int32] = []
    private var moves: [PackedMove] = []
    private(set) var depths: [Int32] = []
    let pileCount: Int
    private var dealtBase = 0

    init(pileCount: Int) {
        self.pileCount = pileCount
        bytes.reserveCapacity(1 << 16)
    }

    var count: Int { starts.count }

    /// Stores a position; returns its number.
    mutating func append(_ state: GameState, parent: Int32, move: PackedMove) -> Int32 {
        starts.append(bytes.count)
        redeals.append(state.redealsLeft)
        parents.append(parent)
        moves.append(move)
        depths.append(parent < 0 ? 0 : depths[Int(parent)] + 1)
        dealtBase = state.dealtBase
        for pile in state.piles {
            pile.withUnsafeBytes { bytes.append(contentsOf: $0) }
            bytes.append(0x40)
        }
        return Int32(starts.count - 1)
    }

    /// Puts position `number` in `state`, reusing its piles' storage.
    func load(_ number: Int32, into state: inout GameState) {
        var offset = starts[Int(number)]
        state.redealsLeft = redeals[Int(number)]
        state.dealtBase = dealtBase
        bytes.withUnsafeBufferPointer { bytes in
            for pile in 0..<pileCount {
                state.piles[pile].removeAll(keepingCapacity: true)
                while bytes[offset] != 0x40 {
                    state.piles[pile].append(PileCard(raw: bytes[offset]))
                    offset += 1
                }
                offset += 1
            }
        }
    }

    /// The moves from the first position to position `number`.
    func path(to number: Int32) -> [PackedMove] {
        var path: [PackedMove] = []
        var node = number
        while parents[Int(node)] >= 0 {
            path.append(moves[Int(node)])
            node = parents[Int(node)]
        }
        return path.reversed()
    }
}
