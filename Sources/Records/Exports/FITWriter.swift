/// The FIT binary container (Garmin's Flexible and Interoperable Data Transfer protocol):
/// a 14-byte header, definition and data messages, a CRC-16 over it all. Written by hand
/// from the FIT protocol description; `make test-exports` checks every file with Garmin's
/// own SDK.
///
/// The file is streamed: the header, which holds the size of the messages, goes first, so
/// the caller says beforehand how many messages of each layout it will write (every
/// message of a layout has the same size), and the CRCs are computed as the bytes go out.
struct FITWriter {
    /// FIT base types: the byte a field definition names, with the value's size.
    enum BaseType: UInt8 {
        case enumeration = 0x00, uint8 = 0x02, uint16 = 0x84, sint32 = 0x85, uint32 = 0x86, uint32z = 0x8C

        var size: Int {
            switch self {
            case .enumeration, .uint8: 1
            case .uint16: 2
            case .sint32, .uint32, .uint32z: 4
            }
        }

        /// The "no value" every reader skips.
        var invalid: UInt64 {
            switch self {
            case .enumeration, .uint8: 0xFF
            case .uint16: 0xFFFF
            case .sint32: 0x7FFF_FFFF
            case .uint32: 0xFFFF_FFFF
            case .uint32z: 0
            }
        }
    }

    struct Field {
        var number: UInt8
        var type: BaseType
    }

    /// A message layout bound to a local message number (0–15).
    struct Definition {
        let local: UInt8
        let global: UInt16
        let fields: [Field]
        /// Bytes of the definition message.
        let definitionSize: Int
        /// Bytes of each data message.
        let messageSize: Int

        init(local: UInt8, global: UInt16, fields: [Field]) {
            self.local = local
            self.global = global
            self.fields = fields
            definitionSize = 6 + 3 * fields.count
            messageSize = 1 + fields.reduce(0) { $0 + $1.type.size }
        }
    }

    /// FIT profile version the file claims (21.x, as the SDK we check against).
    static let profileVersion: UInt16 = 2132
    /// Seconds from the Unix epoch to the FIT epoch, 1989-12-31T00:00:00Z.
    static let epochOffset: Int64 = 631_065_600

    private let out: ExportWriter
    /// The size of the messages the header announced, and how much of it is written.
    private let dataSize: Int
    private var written = 0

    /// Writes the header for `dataSize` bytes of messages; the messages follow.
    init(_ out: ExportWriter, dataSize: Int) throws {
        precondition(dataSize <= Int(UInt32.max), "FIT: over 4 GB of messages")
        self.out = out
        self.dataSize = dataSize
        var header: [UInt8] = [14, 0x20, UInt8(Self.profileVersion & 0xFF), UInt8(Self.profileVersion >> 8)]
        for i in 0..<4 { header.append(UInt8(truncatingIfNeeded: UInt32(dataSize) >> (8 * i))) }
        header += Array(".FIT".utf8)
        let headerCRC = header.withUnsafeBytes { Self.crc($0) }
        header.append(UInt8(headerCRC & 0xFF))
        header.append(UInt8(headerCRC >> 8))
        // The file CRC covers the header (with its own CRC) and the messages.
        try out.startCRC()
        try header.withUnsafeBytes { try out.bytes($0) }
    }

    mutating func define(_ definition: Definition) throws {
        try out.byte(0x40 | definition.local)
        try out.byte(0)          // reserved
        try out.byte(0)          // little-endian
        try out.littleEndian(UInt64(definition.global), size: 2)
        try out.byte(UInt8(definition.fields.count))
        for field in definition.fields {
            try out.byte(field.number)
            try out.byte(UInt8(field.type.size))
            try out.byte(field.type.rawValue)
        }
        written += definition.definitionSize
    }

    /// A data message: one value per field of the definition, nil for "no value". Values
    /// are already scaled to the field's integer units. For the few messages of a file; the
    /// many (a record per sample) are written with `write(_:fill:)`, which makes no array.
    mutating func write(_ definition: Definition, _ values: [Int64?]) throws {
        precondition(values.count == definition.fields.count, "FIT message \(definition.global): \(values.count) values for \(definition.fields.count) fields")
        try write(definition) { message in
            for value in values { message.put(value) }
        }
    }

    /// A data message whose values `fill` puts in field order, encoded straight into the
    /// writer's buffer: nothing is allocated per message.
    @inline(__always)
    mutating func write(_ definition: Definition, fill: (inout MessageFields) -> Void) throws {
        let size = definition.messageSize
        var filled = 0
        try out.message(size) { buffer in
            buffer[0] = definition.local
            definition.fields.withUnsafeBufferPointer { fields in
                var message = MessageFields(buffer: buffer, fields: fields)
                fill(&message)
                filled = message.index
            }
        }
        precondition(filled == definition.fields.count, "FIT message \(definition.global): \(filled) values for \(definition.fields.count) fields")
        written += size
    }

    /// The fields of one data message being written, in order.
    struct MessageFields {
        fileprivate let buffer: UnsafeMutablePointer<UInt8>
        fileprivate let fields: UnsafeBufferPointer<Field>
        fileprivate var offset = 1
        fileprivate var index = 0

        fileprivate init(buffer: UnsafeMutablePointer<UInt8>, fields: UnsafeBufferPointer<Field>) {
            self.buffer = buffer
            self.fields = fields
        }

        /// The next field's value (nil: "no value"), clamped as `encode` does.
        @inline(__always)
        mutating func put(_ value: Int64?) {
            precondition(index < fields.count, "FIT: more values than the definition has fields")
            let type = fields[index].type
            let encoded = FITWriter.encode(value, as: type)
            let size = type.size
            for i in 0..<size { buffer[offset + i] = UInt8(truncatingIfNeeded: encoded >> (8 * i)) }
            offset += size
            index += 1
        }
    }

    /// Ends the file with its CRC. The messages written must be the size the header said.
    func finish() throws {
        precondition(written == dataSize, "FIT: the header announced \(dataSize) bytes of messages, \(written) were written")
        let crc = try out.takeCRC()
        try out.byte(UInt8(crc & 0xFF))
        try out.byte(UInt8(crc >> 8))
    }

    /// Clamps a value into its type's valid range; out of range or missing is "invalid".
    static func encode(_ value: Int64?, as type: BaseType) -> UInt64 {
        guard let value else { return type.invalid }
        switch type {
        case .enumeration, .uint8: return value >= 0 && value < 0xFF ? UInt64(value) : type.invalid
        case .uint16: return value >= 0 && value < 0xFFFF ? UInt64(value) : type.invalid
        case .uint32: return value >= 0 && value < 0xFFFF_FFFF ? UInt64(value) : type.invalid
        case .uint32z: return value > 0 && value <= 0xFFFF_FFFF ? UInt64(value) : type.invalid
        case .sint32: return value > -0x8000_0000 && value < 0x7FFF_FFFF ? UInt64(UInt32(bitPattern: Int32(value))) : type.invalid
        }
    }

    /// The FIT CRC-16 (CRC-16/ARC: polynomial 0xA001, reflected) of every byte value, for
    /// the byte-at-a-time form of the nibble-at-a-time computation the FIT protocol describes
    /// (the same CRC, a lookup per byte instead of two), and in table k of the 8 the CRC of
    /// that byte followed by k zero bytes: eight bytes are then taken in one step
    /// ("slicing by 8"), which makes the CRC of a megabyte a few times cheaper.
    static let crcTables: [UInt16] = {
        var tables = [UInt16](repeating: 0, count: 8 * 256)
        for value in 0..<256 {
            var crc = UInt16(value)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
            tables[value] = crc
        }
        for k in 1..<8 {
            for value in 0..<256 {
                let previous = tables[(k - 1) * 256 + value]
                tables[k * 256 + value] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The FIT CRC-16 of `bytes`, continuing from `initial`.
    static func crc(_ bytes: UnsafeRawBufferPointer, initial: UInt16 = 0) -> UInt16 {
        var crc = initial
        crcTables.withUnsafeBufferPointer { t in
            var index = 0
            let count = bytes.count
            while count - index >= 8 {
                let x0 = Int(UInt8(truncatingIfNeeded: crc) ^ bytes[index])
                let x1 = Int(UInt8(truncatingIfNeeded: crc >> 8) ^ bytes[index + 1])
                crc = t[7 * 256 + x0] ^ t[6 * 256 + x1] ^ t[5 * 256 + Int(bytes[index + 2])] ^ t[4 * 256 + Int(bytes[index + 3])]
                    ^ t[3 * 256 + Int(bytes[index + 4])] ^ t[2 * 256 + Int(bytes[index + 5])]
                    ^ t[256 + Int(bytes[index + 6])] ^ t[Int(bytes[index + 7])]
                index += 8
            }
            while index < count {
                crc = (crc >> 8) ^ t[Int(UInt8(truncatingIfNeeded: crc) ^ bytes[index])]
                index += 1
            }
        }
        return crc
    }

    /// FIT `date_time`: whole seconds since the FIT epoch.
    static func timestamp(unixNanoseconds ns: Int64) -> Int64 {
        ns / 1_000_000_000 - epochOffset
    }

    /// Degrees to FIT semicircles (2³¹ per 180°).
    static func semicircles(_ degrees: Double) -> Int64 {
        Int64((degrees * 2_147_483_648.0 / 180).rounded())
    }
}
