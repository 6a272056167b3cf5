/// Spreads a 64-bit value's bits over the whole word (MurmurHash3's 64-bit finalizer): the
/// family boards hash a pile's cards into a value, then mix it before adding it into the
/// position's key, so that piles hashed as a multiset (a sum) rarely collide.
@inline(__always)
func mixedKey(_ value: UInt64) -> UInt64 {
    var mixed = value
    mixed ^= mixed >> 33
    mixed &*= 0xFF51_AFD7_ED55_8CCD
    mixed ^= mixed >> 33
    mixed &*= 0xC4CE_B9FE_1A85_EC53
    mixed ^= mixed >> 33
    return mixed
}
