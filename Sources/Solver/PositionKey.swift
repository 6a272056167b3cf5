import Solitaire

// A position's key in the transposition table: 64 bits, the same for positions that differ only
// in the order of interchangeable piles (SolverModel.swift).
//
// Each pile's cards hash to 64 bits, eight at a time; a pile's hash is then salted with its class
// and the piles' hashes are added up. Addition does not care about order, so a class of piles
// counts as the multiset of its piles, and a pile alone in its class counts with its place.

/// Hashes positions for the transposition table.
struct PositionKeyer {
    /// Per pile, the salt of its class.
    let salts: [UInt64]

    init(model: SolverModel) {
        salts = model.pileClass.map { PositionKeyer.finalize(UInt64($0 + 1) &* 0x9E37_79B9_7F4A_7C15) }
    }

    /// The key of a position.
    @inline(__always)
    func key(_ state: GameState) -> UInt64 {
        var key = PositionKeyer.finalize(
            UInt64(truncatingIfNeeded: state.redealsLeft) &* 0x2545_F491_4F6C_DD1D
                ^ UInt64(truncatingIfNeeded: state.dealtBase))
        for index in state.piles.indices {
            key = key &+ PositionKeyer.finalize(PositionKeyer.pileHash(state.piles[index]) ^ salts[index])
        }
        return key
    }

    /// A pile's cards, bottom first, in 64 bits.
    @inline(__always)
    static func pileHash(_ pile: [PileCard]) -> UInt64 {
        var hash = UInt64(pile.count) &* 0xFF51_AFD7_ED55_8CCD
        pile.withUnsafeBytes { bytes in
            var offset = 0
            while offset + 8 <= bytes.count {
                hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01B3
                hash ^= hash >> 32
                offset += 8
            }
            var tail: UInt64 = 0
            while offset < bytes.count {
                tail = tail << 8 | UInt64(bytes[offset])
                offset += 1
            }
            hash = (hash ^ tail) &* 0x0000_0100_0000_01B3
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
