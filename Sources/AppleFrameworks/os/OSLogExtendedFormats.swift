#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

// The C types the pointer formats read, named apart from the cases that share their names.
private typealias CTimeSpec = timespec
private typealias CTimeVal = timeval

// The formats a log line gives raw data and integers that stand for something else (Apple's
// pages: "OSLogPointerFormat", "OSLogInt32ExtendedFormat", "OSLogIntExtendedFormat"). A
// watch keeps the bytes and decodes them when the log is read; here each value is decoded at
// once into the nearest text Linux can honestly give: error and signal numbers are this
// system's (the numbers an app running here gets from its calls), dates are UTC, and bytes
// a format cannot read are written out in hexadecimal.

/// How bytes behind a pointer are shown (Apple's page: "OSLogPointerFormat").
public enum OSLogPointerFormat: Hashable, Sendable {
    /// The bytes themselves, in hexadecimal.
    case none
    /// An `in6_addr`'s 16 bytes as an IPv6 address.
    case ipv6Address
    /// A `sockaddr` (Linux's layout: the family first) as its address, and port when set.
    case sockaddr
    /// A `timespec` as a UTC date with nanoseconds.
    case timespec
    /// A `timeval` as a UTC date with microseconds.
    case timeval
    /// A `uuid_t`'s 16 bytes as a UUID.
    case uuid

    func format(_ bytes: UnsafeRawBufferPointer) -> String {
        let data = [UInt8](bytes)
        switch self {
        case .none: return Self.hex(data)
        case .ipv6Address:
            guard data.count == 16 else { return Self.hex(data) }
            return Self.address(family: AF_INET6, data) ?? Self.hex(data)
        case .sockaddr: return Self.socketAddress(data) ?? Self.hex(data)
        case .timespec:
            guard data.count == MemoryLayout<CTimeSpec>.size else { return Self.hex(data) }
            let value = bytes.loadUnaligned(as: CTimeSpec.self)
            return OSLogDates.text(seconds: Int(value.tv_sec)) + "." + Self.digits(Int(value.tv_nsec), 9)
        case .timeval:
            guard data.count == MemoryLayout<CTimeVal>.size else { return Self.hex(data) }
            let value = bytes.loadUnaligned(as: CTimeVal.self)
            return OSLogDates.text(seconds: Int(value.tv_sec)) + "." + Self.digits(Int(value.tv_usec), 6)
        case .uuid:
            guard data.count == 16 else { return Self.hex(data) }
            let uuid = data.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }
            return UUID(uuid: uuid).uuidString
        }
    }

    private static func hex(_ data: [UInt8]) -> String {
        data.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }

    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: Swift.max(0, count - text.count)) + text
    }

    /// An address's bytes in the form `inet_ntop` writes.
    static func address(family: Int32, _ data: [UInt8]) -> String? {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = data.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        guard written != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func socketAddress(_ data: [UInt8]) -> String? {
        guard data.count >= MemoryLayout<sa_family_t>.size else { return nil }
        let family = data.withUnsafeBytes { $0.loadUnaligned(as: sa_family_t.self) }
        switch Int32(family) {
        case AF_INET where data.count >= MemoryLayout<sockaddr_in>.size:
            let address = data.withUnsafeBytes { $0.loadUnaligned(as: sockaddr_in.self) }
            let bytes = withUnsafeBytes(of: address.sin_addr) { [UInt8]($0) }
            guard let host = Self.address(family: AF_INET, bytes) else { return nil }
            let port = UInt16(bigEndian: address.sin_port)
            return port == 0 ? host : "\(host):\(port)"
        case AF_INET6 where data.count >= MemoryLayout<sockaddr_in6>.size:
            let address = data.withUnsafeBytes { $0.loadUnaligned(as: sockaddr_in6.self) }
            let bytes = withUnsafeBytes(of: address.sin6_addr) { [UInt8]($0) }
            guard let host = Self.address(family: AF_INET6, bytes) else { return nil }
            let port = UInt16(bigEndian: address.sin6_port)
            return port == 0 ? host : "[\(host)]:\(port)"
        default: return nil
        }
    }
}

/// How a 32-bit integer that stands for something is shown (Apple's page:
/// "OSLogInt32ExtendedFormat").
public enum OSLogInt32ExtendedFormat: Hashable, Sendable {
    /// Four bytes in network order as an IPv4 address (`0x0100007f` is `127.0.0.1`).
    case ipv4Address
    /// Seconds since 1970 as a UTC date.
    case secondsSince1970
    /// An error number with its description, `[2: No such file or directory]`.
    case darwinErrno
    /// A file mode, `-rwxr-xr-x`.
    case darwinMode
    /// A signal number with its name and description, `[sigsegv: Segmentation fault]`.
    case darwinSignal
    /// A Mach error code: there is no Mach kernel here to name it, so the number is shown.
    case machErrno
    /// Bits a second in powers of 1000 (`100 kbps`).
    case bitrate
    /// Bits a second in powers of 1024 (`100 Kibps`).
    case bitrateIEC
    /// Bytes in powers of 1000 (`100 kB`).
    case byteCount
    /// Bytes in powers of 1024 (`100 KiB`).
    case byteCountIEC
    /// `YES` for any value but zero, `NO` for zero.
    case answer

    func format(_ value: Int32) -> String {
        switch self {
        case .ipv4Address:
            let bytes = withUnsafeBytes(of: value.littleEndian) { [UInt8]($0) }
            return bytes.map(String.init).joined(separator: ".")
        case .secondsSince1970: return OSLogDates.text(seconds: Int(value))
        case .darwinErrno: return "[\(value): \(String(cString: strerror(value)))]"
        case .darwinMode: return Self.mode(UInt32(bitPattern: value))
        case .darwinSignal:
            let name = Self.signalNames[value].map { "sig" + $0 } ?? "signal \(value)"
            let description = strsignal(value).map { String(cString: $0) } ?? "Unknown signal"
            return "[\(name): \(description)]"
        case .machErrno: return "[\(value): Mach error]"
        case .bitrate: return OSLogUnits.text(Int(value), base: 1000, units: OSLogUnits.bitrates)
        case .bitrateIEC: return OSLogUnits.text(Int(value), base: 1024, units: OSLogUnits.bitratesIEC)
        case .byteCount: return OSLogUnits.text(Int(value), base: 1000, units: OSLogUnits.bytes)
        case .byteCountIEC: return OSLogUnits.text(Int(value), base: 1024, units: OSLogUnits.bytesIEC)
        case .answer: return value != 0 ? "YES" : "NO"
        }
    }

    /// `ls -l`'s first column: the file type, then read, write and execute for owner,
    /// group and others, with set-user-ID, set-group-ID and sticky bits in the execute places.
    private static func mode(_ mode: UInt32) -> String {
        let type: Character
        switch mode & 0o170000 {
        case 0o040000: type = "d"
        case 0o120000: type = "l"
        case 0o020000: type = "c"
        case 0o060000: type = "b"
        case 0o010000: type = "p"
        case 0o140000: type = "s"
        default: type = "-"
        }
        var text = String(type)
        for (shift, special, mark) in [(6, UInt32(0o4000), "s"), (3, UInt32(0o2000), "s"), (0, UInt32(0o1000), "t")] {
            let bits = (mode >> UInt32(shift)) & 0o7
            text += bits & 0o4 != 0 ? "r" : "-"
            text += bits & 0o2 != 0 ? "w" : "-"
            let execute = bits & 0o1 != 0
            if mode & special != 0 { text += execute ? mark : mark.uppercased() } else { text += execute ? "x" : "-" }
        }
        return text
    }

    /// This system's signal numbers, by name.
    private static let signalNames: [Int32: String] = [
        SIGHUP: "hup", SIGINT: "int", SIGQUIT: "quit", SIGILL: "ill", SIGTRAP: "trap", SIGABRT: "abrt", SIGBUS: "bus",
        SIGFPE: "fpe", SIGKILL: "kill", SIGUSR1: "usr1", SIGSEGV: "segv", SIGUSR2: "usr2", SIGPIPE: "pipe", SIGALRM: "alrm",
        SIGTERM: "term", SIGCHLD: "chld", SIGCONT: "cont", SIGSTOP: "stop", SIGTSTP: "tstp", SIGTTIN: "ttin", SIGTTOU: "ttou",
        SIGURG: "urg", SIGXCPU: "xcpu", SIGXFSZ: "xfsz", SIGVTALRM: "vtalrm", SIGPROF: "prof", SIGWINCH: "winch",
        SIGSYS: "sys",
    ]
}

/// How a whole number that stands for something is shown (Apple's page: "OSLogIntExtendedFormat").
public enum OSLogIntExtendedFormat: Hashable, Sendable {
    /// Bits a second in powers of 1000 (`100 kbps`).
    case bitrate
    /// Bits a second in powers of 1024 (`100 Kibps`).
    case bitrateIEC
    /// Bytes in powers of 1000 (`100 kB`).
    case byteCount
    /// Bytes in powers of 1024 (`100 KiB`).
    case byteCountIEC
    /// Seconds since 1970 as a UTC date.
    case secondsSince1970

    func format(_ value: Int) -> String {
        switch self {
        case .bitrate: OSLogUnits.text(value, base: 1000, units: OSLogUnits.bitrates)
        case .bitrateIEC: OSLogUnits.text(value, base: 1024, units: OSLogUnits.bitratesIEC)
        case .byteCount: OSLogUnits.text(value, base: 1000, units: OSLogUnits.bytes)
        case .byteCountIEC: OSLogUnits.text(value, base: 1024, units: OSLogUnits.bytesIEC)
        case .secondsSince1970: OSLogDates.text(seconds: value)
        }
    }
}

/// A quantity in the largest unit it reaches, with one decimal when it has one
/// (`1.5 Mbps`, `100 kbps`, `512 B`).
enum OSLogUnits {
    static let bitrates = ["bps", "kbps", "Mbps", "Gbps", "Tbps", "Pbps"]
    static let bitratesIEC = ["bps", "Kibps", "Mibps", "Gibps", "Tibps", "Pibps"]
    static let bytes = ["B", "kB", "MB", "GB", "TB", "PB"]
    static let bytesIEC = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"]

    static func text(_ value: Int, base: Double, units: [String]) -> String {
        var amount = Double(value.magnitude)
        var unit = 0
        while amount >= base, unit < units.count - 1 {
            amount /= base
            unit += 1
        }
        let rounded = (amount * 10).rounded() / 10
        let number = rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
        return (value < 0 ? "-" : "") + number + " " + units[unit]
    }
}

/// A date as the log writes one, in UTC: `2016-01-12 19:41:37`.
enum OSLogDates {
    static func text(seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}

extension OSLogInterpolation {
    /// Bytes behind a pointer, `bytes` of them, in a format.
    public mutating func appendInterpolation(_ pointer: @autoclosure @escaping () -> UnsafeRawPointer,
                                             bytes: @autoclosure @escaping () -> Int, format: OSLogPointerFormat = .none,
                                             privacy: OSLogPrivacy = .auto) {
        text += format.format(UnsafeRawBufferPointer(start: pointer(), count: bytes()))
    }

    public mutating func appendInterpolation(_ pointer: @autoclosure @escaping () -> UnsafeRawPointer,
                                             bytes: @autoclosure @escaping () -> Int, format: OSLogPointerFormat = .none,
                                             privacy: OSLogPrivacy = .auto, attributes: String) {
        appendInterpolation(pointer(), bytes: bytes(), format: format, privacy: privacy)
    }

    /// The bytes of a buffer, in a format.
    public mutating func appendInterpolation(_ pointer: @autoclosure @escaping () -> UnsafeRawBufferPointer,
                                             format: OSLogPointerFormat = .none, privacy: OSLogPrivacy = .auto) {
        text += format.format(pointer())
    }

    public mutating func appendInterpolation(_ pointer: @autoclosure @escaping () -> UnsafeRawBufferPointer,
                                             format: OSLogPointerFormat = .none, privacy: OSLogPrivacy = .auto,
                                             attributes: String) {
        appendInterpolation(pointer(), format: format, privacy: privacy)
    }

    /// A 32-bit integer that stands for an address, a date, an error, a mode, a signal or an amount.
    public mutating func appendInterpolation(_ number: @autoclosure @escaping () -> Int32, format: OSLogInt32ExtendedFormat,
                                             privacy: OSLogPrivacy = .auto) {
        text += format.format(number())
    }

    /// A whole number that stands for a rate, a size or a date.
    public mutating func appendInterpolation(_ number: @autoclosure @escaping () -> Int, format: OSLogIntExtendedFormat,
                                             privacy: OSLogPrivacy = .auto, attributes: String = "") {
        text += format.format(number())
    }
}
