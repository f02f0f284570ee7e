/// Bytes on their way to a `ByteSink`, gathered in a 64 kB buffer and handed over a chunk at
/// a time. Numbers and times are written as digits straight into the buffer: no `String`,
/// `String(format:)` or `DateFormatter` per value, and never the whole document in memory.
/// Every export and plot writes through one.
final class ExportWriter {
    private let sink: any ByteSink
    private let buffer: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var flushed = 0
    /// The FIT CRC-16 of every byte handed to the sink since `startCRC()`.
    private var crc: UInt16?

    static let capacity = 1 << 16

    init(_ sink: any ByteSink) {
        self.sink = sink
        buffer = .allocate(capacity: Self.capacity)
    }

    deinit { buffer.deallocate() }

    /// Bytes written so far, flushed or not.
    var bytesWritten: Int { flushed + count }

    /// Hands what is buffered to the sink.
    func flush() throws {
        guard count > 0 else { return }
        let chunk = UnsafeRawBufferPointer(start: buffer, count: count)
        if let crc { self.crc = FITWriter.crc(chunk, initial: crc) }
        count = 0
        flushed += chunk.count
        try sink.write(chunk)
    }

    /// Room for `n` more bytes (n ≤ capacity).
    @inline(__always)
    private func reserve(_ n: Int) throws {
        if count + n > Self.capacity { try flush() }
    }

    // MARK: Bytes and text

    @inline(__always)
    func byte(_ value: UInt8) throws {
        try reserve(1)
        buffer[count] = value
        count += 1
    }

    func bytes(_ raw: UnsafeRawBufferPointer) throws {
        var rest = raw
        while !rest.isEmpty {
            if count == Self.capacity { try flush() }
            let n = min(rest.count, Self.capacity - count)
            UnsafeMutableRawPointer(buffer + count).copyMemory(from: rest.baseAddress!, byteCount: n)
            count += n
            rest = UnsafeRawBufferPointer(rebasing: rest[n...])
        }
    }

    /// ASCII written in the source: tags, separators, units.
    @inline(__always)
    func text(_ literal: StaticString) throws {
        try bytes(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    func text(_ string: String) throws {
        var string = string
        try string.withUTF8 { try bytes(UnsafeRawBufferPointer($0)) }
    }

    /// Text as XML character data or an attribute value, as `XMLText` escapes it.
    func xml(_ string: String) throws {
        for byte in string.utf8 {
            switch XMLText.replacement(for: byte) {
            case .keep: try self.byte(byte)
            case .drop: continue
            case .entity(let entity): try text(entity)
            }
        }
    }

    func spaces(_ n: Int) throws {
        try reserve(n)
        for i in 0..<n { buffer[count + i] = UInt8(ascii: " ") }
        count += n
    }

    // MARK: Numbers

    /// A whole number in decimal.
    func integer(_ value: Int64) throws {
        try reserve(20)
        var magnitude = value.magnitude
        if value < 0 {
            buffer[count] = UInt8(ascii: "-")
            count += 1
        }
        var digits = 1
        var probe = magnitude
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        var index = count + digits - 1
        repeat {
            buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            index -= 1
        } while magnitude > 0
        count += digits
    }

    func integer(_ value: Int) throws { try integer(Int64(value)) }

    /// `value` zero-padded to `width` digits (value ≥ 0).
    @inline(__always)
    private func padded(_ value: Int, _ width: Int) {
        var v = value
        for i in stride(from: width - 1, through: 0, by: -1) {
            buffer[count + i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
        }
        count += width
    }

    static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// A number with `digits` decimals and a dot whatever the locale: `12.50`, `-0.125`.
    /// Halves round to even, as C's `printf("%.*f")` rounds an exact half.
    func fixed(_ value: Double, _ digits: Int) throws {
        precondition((0...8).contains(digits), "fixed: up to 8 decimals")
        let scaled = (value * Self.powersOfTen[digits]).rounded(.toNearestOrEven)
        guard scaled.isFinite, scaled.magnitude < 9e18 else {
            // Nothing a session holds comes near (the store refuses implausible values).
            try text(value.isFinite ? "\(value)" : "0")
            return
        }
        var units = Int64(scaled)
        if units < 0 {
            try byte(UInt8(ascii: "-"))
            units = -units
        }
        guard digits > 0 else { return try integer(units) }
        let divisor = Int64(Self.powersOfTen[digits])
        try integer(units / divisor)
        try reserve(1 + digits)
        buffer[count] = UInt8(ascii: ".")
        count += 1
        padded(Int(units % divisor), digits)
    }

    /// Nanoseconds as seconds with three decimals, rounded to the millisecond: `1298.000`.
    func seconds(nanoseconds: Int64) throws {
        let negative = nanoseconds < 0
        let millis = (nanoseconds.magnitude + 500_000) / 1_000_000
        if negative && millis > 0 { try byte(UInt8(ascii: "-")) }
        try integer(Int64(millis / 1000))
        try reserve(4)
        buffer[count] = UInt8(ascii: ".")
        count += 1
        padded(Int(millis % 1000), 3)
    }

    /// `value` in `size` bytes, least significant first (FIT is little-endian).
    @inline(__always)
    func littleEndian(_ value: UInt64, size: Int) throws {
        try reserve(size)
        for i in 0..<size { buffer[count + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
        count += size
    }

    /// `size` bytes written by `fill` straight into the buffer (a FIT message).
    @inline(__always)
    func message(_ size: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) throws {
        try reserve(size)
        fill(buffer + count)
        count += size
    }

    // MARK: Dates

    /// The day last written, and its `YYYY-MM-DDT` text: consecutive samples share it.
    private var cachedDay: Int64?
    private var dayText: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// ISO 8601 in UTC from nanoseconds since 1970: `2026-11-23T07:02:24Z`, or with `.123`
    /// milliseconds. Exports must not depend on the machine's locale or time zone.
    func iso8601(unixNanoseconds ns: Int64, milliseconds: Bool) throws {
        let millis = ns >= 0 ? ns / 1_000_000 : (ns - 999_999) / 1_000_000
        let day = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
        if day != cachedDay {
            let (year, month, dayOfMonth) = UTCDate.civil(fromDays: Int(day))
            guard (0...9999).contains(year) else {
                // Outside four-digit years: the slow way, once per value.
                return try text(UTCDate(unixNanoseconds: ns).iso8601(milliseconds: milliseconds))
            }
            cachedDay = day
            let d = { (v: Int) in UInt8(ascii: "0") + UInt8(v) }
            dayText = (d(year / 1000), d(year / 100 % 10), d(year / 10 % 10), d(year % 10), UInt8(ascii: "-"),
                       d(month / 10), d(month % 10), UInt8(ascii: "-"), d(dayOfMonth / 10), d(dayOfMonth % 10), UInt8(ascii: "T"))
        }
        try reserve(24)
        withUnsafeBytes(of: &dayText) { day in
            UnsafeMutableRawPointer(buffer + count).copyMemory(from: day.baseAddress!, byteCount: 11)
        }
        count += 11
        let inDay = Int(millis - day * 86_400_000)
        padded(inDay / 3_600_000, 2)
        buffer[count] = UInt8(ascii: ":")
        count += 1
        padded(inDay / 60_000 % 60, 2)
        buffer[count] = UInt8(ascii: ":")
        count += 1
        padded(inDay / 1000 % 60, 2)
        if milliseconds {
            buffer[count] = UInt8(ascii: ".")
            count += 1
            padded(inDay % 1000, 3)
        }
        buffer[count] = UInt8(ascii: "Z")
        count += 1
    }

    // MARK: FIT

    /// From here on, every byte written counts towards `takeCRC()`.
    func startCRC() throws {
        try flush()
        crc = 0
    }

    /// The CRC of everything written since `startCRC()`; stops counting.
    func takeCRC() throws -> UInt16 {
        try flush()
        defer { crc = nil }
        return crc ?? 0
    }
}
