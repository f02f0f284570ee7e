// The os formats for raw data and numbers that stand for something (OSLogPointerFormat,
// OSLogInt32ExtendedFormat, OSLogIntExtendedFormat), logged as a Swift 6 watch target logs
// them, and read back from the session log as the developer would see them.
import ActionButtonHarness
import Foundation
import os
import Testing

#if canImport(Glibc)
import Glibc
#endif

private let network = Logger(subsystem: "com.example.trail", category: "sync")

extension TrailAppSwift6Tests {
    @Test("Errors, modes, signals, addresses, dates and sizes from 32-bit numbers read as the log would show them")
    func int32Formats() async throws {
        let watch = try trailWatch(seed: 41)
        try await watch.runInApp("log numbers") {
            let failure = Int32(ENOENT)
            let mode: Int32 = 0o40755
            let file: Int32 = 0o100644
            let signal = Int32(SIGSEGV)
            let loopback: Int32 = 0x0100_007f
            let uploaded: Int32 = 1_700_000_000
            let rate: Int32 = 100_000
            let rateIEC: Int32 = 102_400
            let size: Int32 = 100_000
            let sizeIEC: Int32 = 102_400
            let synced: Int32 = 0
            let kernel: Int32 = 5
            network.error("open failed \(failure, format: .darwinErrno)")
            network.info("\(mode, format: .darwinMode) \(file, format: .darwinMode, privacy: .public)")
            network.info("worker ended \(signal, format: .darwinSignal)")
            network.info("server \(loopback, format: .ipv4Address) at \(uploaded, format: .secondsSince1970)")
            network.info("\(rate, format: .bitrate) \(rateIEC, format: .bitrateIEC) \(size, format: .byteCount) \(sizeIEC, format: .byteCountIEC)")
            network.info("synced \(synced, format: .answer), kernel \(kernel, format: .machErrno)")
        }
        #expect(watch.appLog.contains("error: open failed [2: No such file or directory]"), "\(watch.appLog)")
        #expect(watch.appLog.contains("drwxr-xr-x -rw-r--r--"))
        #expect(watch.appLog.contains("worker ended [sigsegv: Segmentation fault]"))
        #expect(watch.appLog.contains("server 127.0.0.1 at 2023-11-14 22:13:20"))
        #expect(watch.appLog.contains("100 kbps 100 Kibps 100 kB 100 KiB"))
        #expect(watch.appLog.contains("synced NO, kernel [5: Mach error]"))
    }

    @Test("Whole numbers as bit rates, sizes and dates, with attributes")
    func intFormats() async throws {
        let watch = try trailWatch(seed: 42)
        try await watch.runInApp("log sizes") {
            let throughput = 1_500_000
            let download = 3 * 1024 * 1024
            let small = 512
            let since = 1_700_000_000
            network.info("link \(throughput, format: .bitrate) \(throughput, format: .bitrateIEC, privacy: .public)")
            network.info("got \(download, format: .byteCountIEC, attributes: "size") of \(download, format: .byteCount) and \(small, format: .byteCount)")
            network.info("since \(since, format: .secondsSince1970)")
        }
        #expect(watch.appLog.contains("link 1.5 Mbps 1.4 Mibps"), "\(watch.appLog)")
        #expect(watch.appLog.contains("got 3 MiB of 3.1 MB and 512 B"))
        #expect(watch.appLog.contains("since 2023-11-14 22:13:20"))
    }

    @Test("Bytes behind a pointer: raw, a UUID, IPv6 and socket addresses, and time structures")
    func pointerFormats() async throws {
        let watch = try trailWatch(seed: 43)
        try await watch.runInApp("log bytes") {
            let magic: [UInt8] = [0xde, 0xad, 0xbe, 0xef]
            magic.withUnsafeBytes { bytes in
                network.info("header \(bytes.baseAddress!, bytes: bytes.count) \(bytes.baseAddress!, bytes: 2, format: .none, attributes: "magic")")
            }
            let session = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
            withUnsafeBytes(of: session.uuid) { network.info("session \($0, format: .uuid)") }
            var loopback = in6_addr()
            withUnsafeMutableBytes(of: &loopback) { $0[15] = 1 }
            withUnsafeBytes(of: loopback) { network.info("peer \($0, format: .ipv6Address, privacy: .private)") }
            var server = sockaddr_in()
            server.sin_family = sa_family_t(AF_INET)
            server.sin_port = UInt16(8080).bigEndian
            server.sin_addr.s_addr = UInt32(0x0100_007f)
            withUnsafeBytes(of: server) { network.info("server \($0, format: .sockaddr, attributes: "endpoint")") }
            let sent = timeval(tv_sec: 1_700_000_000, tv_usec: 5)
            let acked = timespec(tv_sec: 1_700_000_001, tv_nsec: 250_000_000)
            withUnsafeBytes(of: sent) { sentBytes in
                withUnsafeBytes(of: acked) { ackedBytes in
                    network.info("sent \(sentBytes.baseAddress!, bytes: sentBytes.count, format: .timeval) acked \(ackedBytes, format: .timespec)")
                }
            }
        }
        #expect(watch.appLog.contains("header deadbeef dead"), "\(watch.appLog)")
        #expect(watch.appLog.contains("session E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(watch.appLog.contains("peer ::1"))
        #expect(watch.appLog.contains("server 127.0.0.1:8080"))
        #expect(watch.appLog.contains("sent 2023-11-14 22:13:20.000005 acked 2023-11-14 22:13:21.250000000"))
    }
}
