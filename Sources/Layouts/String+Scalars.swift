extension String {
    /// The text of some scalars, made through their UTF-8. (`String.UnicodeScalarView(_:)` from
    /// a sequence runs the standard library's unspecialised generic code, whose first use at
    /// each start costs the runtime a search of every conformance in the program: 0.2 ms of a
    /// launch, in reading a layout.)
    package init(scalars: some Collection<Unicode.Scalar>) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars { UTF8.encode(scalar) { bytes.append($0) } }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
