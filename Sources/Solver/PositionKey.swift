import Layouts
import Solitaire

// A position's key in the transposition table: 64 bits, the same for positions that differ only
// in the order of interchangeable piles, or only in suits where the rules never look at them
// (SolverModel.swift).
//
// Each pile's cards hash to 64 bits, eight at a time; a pile's hash is then salted with its class
// and the piles' hashes are added up. Addition does not care about order, so a class of piles
// counts as the multiset of its piles, and a pile alone in its class counts with its place.

/// Hashes positions for the transposition table.
struct PositionKeyer {
    /// Per pile, the salt of its class.
    let salts: [UInt64]
    /// The stock and its waste, hashed together as one sequence, when the split does not matter.
    let cycle: (stock: Int, waste: Int)?
    /// Per pile, what its key keeps (SolverModel.swift).
    let sights: [SearchSight]
    /// The bits of a card (``PileCard/raw``) the key keeps, eight cards at a time: all of them,
    /// or the rank and face alone when the rules never look at suits
    /// (``SolverModel/seesRanksAlone``).
    let cardBits: UInt64

    init(model: SolverModel, cycle: (stock: Int, waste: Int)?) {
        salts = model.pileClass.map { PositionKeyer.finalize(UInt64($0 + 1) &* 0x9E37_79B9_7F4A_7C15) }
        self.cycle = cycle
        sights = model.sights
        cardBits = model.seesRanksAlone ? 0x8F8F_8F8F_8F8F_8F8F : .max
    }

    @inline(__always)
    private func pileKey(_ state: GameState, _ index: Int) -> UInt64 {
        let pile = state.piles[index]
        let hash: UInt64
        switch sights[index] {
        case .all: hash = PositionKeyer.pileHash(pile, keeping: cardBits)
        case .top: hash = UInt64(pile.count) &* 0xFF51_AFD7_ED55_8CCD ^ UInt64(pile.last?.raw ?? 0) & cardBits & 0xFF
        case .count: hash = UInt64(pile.count) &* 0xFF51_AFD7_ED55_8CCD
        }
        return PositionKeyer.finalize(hash ^ salts[index])
    }

    /// The key of a position.
    @inline(__always)
    func key(_ state: GameState) -> UInt64 {
        var key = PositionKeyer.finalize(
            UInt64(truncatingIfNeeded: state.redealsLeft) &* 0x2545_F491_4F6C_DD1D
                ^ UInt64(truncatingIfNeeded: state.dealtBase))
        guard let cycle else {
            for index in state.piles.indices { key = key &+ pileKey(state, index) }
            return key
        }
        for index in state.piles.indices where index != cycle.stock && index != cycle.waste {
            key = key &+ pileKey(state, index)
        }
        return key
            &+ PositionKeyer.finalize(
                PositionKeyer.cycleHash(
                    waste: state.piles[cycle.waste], stock: state.piles[cycle.stock], keeping: UInt8(cardBits & 0x7F))
                    ^ salts[cycle.stock])
    }

    /// The cards of the waste (bottom first) then of the stock (top first), faces left out: the
    /// order the stock deals them in, whatever the split.
    static func cycleHash(waste: [PileCard], stock: [PileCard], keeping bits: UInt8 = 0x7F) -> UInt64 {
        var hash = UInt64(waste.count + stock.count) &* 0xFF51_AFD7_ED55_8CCD
        for card in waste { hash = (hash ^ UInt64(card.raw & bits)) &* 0x0000_0100_0000_01B3 }
        for card in stock.reversed() { hash = (hash ^ UInt64(card.raw & bits)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// A pile's cards, bottom first, in 64 bits: of each card, the bits of `bits`' bytes.
    @inline(__always)
    static func pileHash(_ pile: [PileCard], keeping bits: UInt64 = .max) -> UInt64 {
        var hash = UInt64(pile.count) &* 0xFF51_AFD7_ED55_8CCD
        pile.withUnsafeBytes { bytes in
            var offset = 0
            while offset + 8 <= bytes.count {
                hash =
                    (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & bits)
                    &* 0x0000_0100_0000_01B3
                hash ^= hash >> 32
                offset += 8
            }
            var tail: UInt64 = 0
            while offset < bytes.count {
                tail = tail << 8 | UInt64(bytes[offset])
                offset += 1
            }
            hash = (hash ^ tail & bits) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// SplitMix64's finalizer: every bit of the input moves about half the bits of the output.
    @inline(__always)
    static func finalize(_ value: UInt64) -> UInt64 {
        var value = value
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
