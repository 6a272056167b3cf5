// The kernel's evdev records (linux/input.h): what a gamepad's device file gives to read(2).

/// One `struct input_event`: on 64-bit Linux, a time of 16 bytes, then type, code and value.
public struct EvdevRecord: Equatable, Sendable {
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(type: UInt16, code: UInt16, value: Int32) {
        self.type = type
        self.code = code
        self.value = value
    }

    /// The size of one record.
    public static let size = 24

    /// Kinds of record.
    public static let synchronize: UInt16 = 0x00  // EV_SYN
    public static let key: UInt16 = 0x01  // EV_KEY
    public static let absolute: UInt16 = 0x03  // EV_ABS

    /// A record as the kernel writes it (the time left at zero: nothing here reads it).
    public var bytes: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Self.size)
        withUnsafeBytes(of: type.littleEndian) { bytes.replaceSubrange(16..<18, with: $0) }
        withUnsafeBytes(of: code.littleEndian) { bytes.replaceSubrange(18..<20, with: $0) }
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(20..<24, with: $0) }
        return bytes
    }

    /// The record at the start of `bytes` (at least ``size`` of them).
    public init(_ bytes: ArraySlice<UInt8>) {
        let start = bytes.startIndex
        func word(_ offset: Int, _ count: Int) -> UInt32 {
            (0..<count).reduce(UInt32(0)) { $0 | UInt32(bytes[start + offset + $1]) << (8 * UInt32($1)) }
        }
        type = UInt16(word(16, 2))
        code = UInt16(word(18, 2))
        value = Int32(bitPattern: word(20, 4))
    }
}

/// Cuts a byte stream into records, keeping a part record for the next read.
public struct EvdevRecordReader: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// The whole records that `bytes` completes.
    public mutating func records(from bytes: some Collection<UInt8>) -> [EvdevRecord] {
        pending.append(contentsOf: bytes)
        let whole = pending.count / EvdevRecord.size * EvdevRecord.size
        let events = stride(from: 0, to: whole, by: EvdevRecord.size).map {
            EvdevRecord(pending[$0..<$0 + EvdevRecord.size])
        }
        pending.removeFirst(whole)
        return events
    }
}
