import Layouts
import Persistence

/// The layout's fingerprint, which every save carries, takes a millisecond or more to work out
/// (it describes the rules with `String(reflecting:)`, which asks the Swift runtime for protocol
/// conformances). The terminal has it worked out shortly after the first frame is written, so
/// neither the first frame nor the first move's save waits for it.
extension TableScene {
    /// ``Layouts/TableLayout/fingerprint``, worked out once.
    var layoutFingerprint: String {
        if let known = knownLayoutFingerprint { return known }
        let fingerprint = layout.fingerprint
        knownLayoutFingerprint = fingerprint
        return fingerprint
    }

    /// Works out the fingerprint now, on this thread, if it is not known yet and games are kept.
    /// (Not on background work: a thread of its own would cost its memory for a millisecond's
    /// work.)
    public func prepareLayoutFingerprint() {
        guard keeper != nil, knownLayoutFingerprint == nil else { return }
        _ = layoutFingerprint
    }
}
