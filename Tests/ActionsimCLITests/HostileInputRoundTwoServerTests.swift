import Foundation
import SystemCalls
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 25, items 4, 5, 6 and 14: the servers (`run --metrics`, `run --web`, `replay --web`,
/// `sessions --web`) given clients that do not read, ask too much, never finish asking, or
/// name another host.
extension HostileInputRoundTwoTests {
    /// A TCP client that may misbehave: it writes what it is told and reads only when asked.
    /// One task uses it at a time (the test's, or the one task reading its answer).
    final class RawClient: @unchecked Sendable {
        let fd: Int32

        /// Connects to 127.0.0.1:`port`; `receiveBuffer` makes the client's socket small (a
        /// client that reads nothing then holds little of what the server sent).
        init(port: Int, receiveBuffer: Int32? = nil) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            if var size = receiveBuffer {
                setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            guard connected else {
                let reason = String(cString: strerror(errno))
                Glibc.close(fd)
                throw ClientError(description: "cannot connect to 127.0.0.1:\(port): \(reason)")
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }

        /// Whether the server has sent something or closed the connection (looked at
        /// without taking it).
        var answeredOrClosed: Bool {
            var byte: UInt8 = 0
            return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) != -1
        }

        deinit { Glibc.close(fd) }

        struct ClientError: Error, CustomStringConvertible {
            var description: String
        }

        /// Writes what the socket takes now of `bytes` (never waiting): the count, or nil once
        /// the server has closed the connection.
        func send(_ bytes: [UInt8]) -> Int? {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent >= 0 { return sent }
            return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : nil
        }

        /// Writes `text` whole (a request), waiting for the socket as needed.
        func sendAll(_ text: String) async throws {
            var rest = Array(text.utf8)
            try await waitUntil("the server to take a request of \(rest.count) bytes", seconds: 60, every: .milliseconds(10)) {
                guard let sent = send(rest) else { throw ClientError(description: "the server closed the connection") }
                rest.removeFirst(sent)
                return rest.isEmpty
            }
        }

        /// `readToEnd` for a thread of its own: waits in poll(2), not on Swift's executor, and
        /// says when the answer ended (the server's order, whatever the test process's other
        /// tasks are doing). The limit is a watchdog: nil when nothing more came for `seconds`.
        func readToEndBlocking(seconds: Double = 300) -> (text: String, ended: ContinuousClock.Instant)? {
            var data: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count > 0 { data += buffer[..<count]; continue }
                if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                    return (String(decoding: data, as: UTF8.self), .now)
                }
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, Int32(seconds * 1000)) == 0 { return nil }
            }
        }

        /// Reads until the server closes the connection (a request sent with
        /// `Connection: close`): the answer, whole.
        func readToEnd(seconds: Double = 60) async throws -> String {
            var data: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            try await waitUntil("the server to answer and close", seconds: seconds, every: .milliseconds(10)) {
                while true {
                    let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    if count > 0 { data += buffer[..<count]; continue }
                    if count == 0 { return true }
                    if errno == EAGAIN || errno == EWOULDBLOCK { return false }
                    return true
                }
            }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// What /proc says of a process: its resident memory, its open sockets.
    static func residentMegabytes(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }

    /// The sockets the process holds, each counted once by its inode: /proc's listing is read
    /// while descriptors are closed and taken, and can name one twice.
    static func openSockets(_ pid: Int32) -> Int {
        socketSet(pid).count
    }

    /// The process's sockets, by inode (`socket:[1234]`).
    static func socketSet(_ pid: Int32) -> Set<String> {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        let links = fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)") }
        return Set(links.filter { $0.hasPrefix("socket:") })
    }

    /// The port in the first `http://HOST:PORT/` the server printed after `label`.
    static func port(after label: String, in board: LiveBoard) async throws -> Int {
        #expect(try await board.waitFor(label + "http://"), "\(board.stderr)")
        let text = board.stderr[board.stderr.range(of: label + "http://")!.upperBound...]
        let authority = text.prefix { $0 != "/" }
        return try #require(Int(authority.split(separator: ":").last ?? ""), "\(board.stderr)")
    }

    /// A request for `path` with these header lines (each ending in CRLF), answered whole: the
    /// status line and the headers.
    static func ask(_ port: Int, _ path: String, headers: String) async throws -> (status: String, headers: String) {
        let client = try RawClient(port: port)
        try await client.sendAll("GET \(path) HTTP/1.1\r\n" + headers + "Connection: close\r\n\r\n")
        let answer = try await client.readToEnd()
        let head = answer.components(separatedBy: "\r\n\r\n").first ?? ""
        return (head.components(separatedBy: "\r\n").first ?? "", head)
    }

    /// This machine's IPv4 addresses other than loopback, as `hostname -I` lists them.
    static let networkAddresses: [String] = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/hostname")
        process.arguments = ["-I"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return [] }
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.contains(":") && !$0.isEmpty && !$0.hasPrefix("127.") }
    }()

    @Test("run --listen 0.0.0.0: the page's URL is printed with this machine's network address too, which a phone can type (the bare host name often resolves to nothing there), and the page answers to it",
          .enabled(if: !networkAddresses.isEmpty, "this machine has no IPv4 address but loopback"))
    func wildcardListenPrintsNetworkAddress() async throws {
        let run = try LiveBoard(["--listen", "0.0.0.0:0", "--no-store", "--no-log"])
        #expect(try await run.waitFor("from a phone or another computer on this network: http://"), "\(run.stderr)")
        let line = try #require(run.stderr.split(separator: "\n").first { $0.contains("from a phone or another computer on this network: ") })
        let url = try #require(URL(string: String(line.split(separator: " ").last ?? "")))
        let host = try #require(url.host), port = try #require(url.port)
        #expect(Self.networkAddresses.contains(host), "\(host) is not one of \(Self.networkAddresses)")
        #expect(url.query?.hasPrefix("token=") == true, "the URL carries the token that lets the page press: \(url)")
        #expect(try await Self.ask(port, "/", headers: "Host: \(host):\(port)\r\n").status == "HTTP/1.1 200 OK")
        #expect(try await run.quit() == 0, "\(run.stderr)")
    }

    @Test("run --metrics: a client pipelining GET /metrics without reading the answers grows the run by less than 50 MB, and is disconnected (it grew from 41 MB to 585 MB)")
    func metricsPipelinedWithoutReading() async throws {
        let run = try LiveBoard(["--metrics", "127.0.0.1:0", "--no-store", "--no-log"])
        let port = try await Self.port(after: "metrics: ", in: run)
        let pid = run.process.processIdentifier
        let before = Self.residentMegabytes(pid)
        let client = try RawClient(port: port, receiveBuffer: 4096)
        let requests = Array(String(repeating: "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", count: 1000).utf8)
        var sent = 0, closed = false
        // Until the server hangs up, or 200,000 requests have gone in (the old server had
        // grown by 500 MB at that).
        try await waitUntil("the server to close a connection that reads nothing", seconds: 180, every: .milliseconds(20)) {
            guard let count = client.send(requests) else {
                closed = true
                return true
            }
            sent += count
            return sent >= 200 * requests.count
        }
        let growth = Self.residentMegabytes(pid) - before
        #expect(growth < 50, "the run grew by \(growth) MB taking \(sent / (requests.count / 1000)) requests it could not answer")
        #expect(closed, "the server took \(sent / (requests.count / 1000)) requests without its answers being read, and kept the connection")
        #expect(try await run.quit() == 0, "\(run.stderr)")
    }

    @Test("run --metrics, served as the pages are, still wakes no thread while idle, before and after a scrape (the server's tasks run on NIO's threads, never on libdispatch's pool and its 1 Hz monitor)")
    func metricsIdle() async throws {
        let run = try LiveBoard(["--metrics", "127.0.0.1:0", "--no-store", "--no-log"])
        let port = try await Self.port(after: "metrics: ", in: run)
        try await waitUntil("every thread of run --metrics to sleep with nothing due (\(run.process.threadStates))") {
            run.process.sleepsWithNothingDue(.every)
        }
        #expect(try await Self.ask(port, "/metrics", headers: "Host: 127.0.0.1:\(port)\r\n").status == "HTTP/1.1 200 OK")
        try await waitUntil("every thread to sleep again after a scrape (\(run.process.threadStates))") {
            run.process.sleepsWithNothingDue(.every)
        }
        #expect(try await run.quit() == 0, "\(run.stderr)")
    }

    @Test("run --metrics: a 20 MB request header is refused once past 16 KB, and a connection that never finishes its header is closed (both were read whole, or kept, for ever)")
    func metricsHeaderBounds() async throws {
        let run = try LiveBoard(["--metrics", "127.0.0.1:0", "--no-store", "--no-log"])
        let port = try await Self.port(after: "metrics: ", in: run)
        let pid = run.process.processIdentifier
        let before = Self.residentMegabytes(pid)

        // A header of 20 MB, sent as fast as the server takes it.
        let big = try RawClient(port: port)
        var header = Array("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Padding: ".utf8)
        header += [UInt8](repeating: UInt8(ascii: "a"), count: 20 << 20)
        var taken = 0
        try await waitUntil("the server to refuse or take a 20 MB header", every: .milliseconds(5)) {
            guard let count = big.send(Array(header[taken...])) else { return true }
            taken += count
            return taken == header.count
        }
        #expect(taken < header.count, "the server took the whole header, \(taken) bytes")
        #expect(Self.residentMegabytes(pid) - before < 50, "the run grew from \(before) MB to \(Self.residentMegabytes(pid)) MB")

        // One connection silent, one sending a header line every second: both closed.
        let silent = try RawClient(port: port)
        let slow = try RawClient(port: port)
        try await slow.sendAll("GET /metrics HTTP/1.1\r\n")
        var lines = 0
        try await waitUntil("the server to close a silent connection and a slow one", seconds: 120, every: .seconds(1)) {
            lines += 1
            let slowClosed = slow.send(Array("X-Line-\(lines): \(lines)\r\n".utf8)) == nil
            var byte: UInt8 = 0
            let silentClosed = recv(silent.fd, &byte, 1, 0) == 0
            return slowClosed && silentClosed
        }
        // It still answers.
        #expect(try await Self.ask(port, "/metrics", headers: "Host: 127.0.0.1:\(port)\r\n").status == "HTTP/1.1 200 OK")
        #expect(try await run.quit() == 0, "\(run.stderr)")
    }

    @Test("run --metrics holds at most 64 connections at once: 80 silent ones are taken 64 at a time, each closed 20 s after it was taken (it took all 80 and kept them)")
    func metricsConnectionLimit() async throws {
        let run = try LiveBoard(["--metrics", "127.0.0.1:0", "--no-store", "--no-log"])
        let port = try await Self.port(after: "metrics: ", in: run)
        let pid = run.process.processIdentifier
        // Counted as sockets that were not there before (a socket of the run's own that
        // closes meanwhile would make a count short by one).
        let socketsBefore = Self.socketSet(pid)
        func taken() -> Int { Self.socketSet(pid).subtracting(socketsBefore).count }
        // One taken first, then 79 waiting in the kernel's queue while the server is stopped:
        // it then finds them all at once, counting from one. Taken four per read (as NIO
        // does unless told otherwise), that count passed the limit at 61 + 4 = 65.
        var clients = [try RawClient(port: port)]
        // Taken: seen among its sockets, or already closed by it (held 20 s; a test task
        // starved on a busy machine may look only after that).
        try await waitUntil("the server to take the first connection (it has \(taken()) new sockets)") {
            taken() >= 1 || clients[0].answeredOrClosed
        }
        kill(pid, SIGSTOP)
        do {
            for _ in 1..<80 { clients.append(try RawClient(port: port)) }
        } catch {
            kill(pid, SIGCONT)
            throw error
        }
        kill(pid, SIGCONT)
        var open = Set(clients.indices), most = 0
        try await waitUntil("the server to close 80 silent connections (or hold more than 64)", seconds: 180, every: .milliseconds(100)) {
            most = max(most, taken())
            for index in open {
                var byte: UInt8 = 0
                if recv(clients[index].fd, &byte, 1, 0) == 0 { open.remove(index) }
            }
            return open.isEmpty || most > 64
        }
        // The old server held all 80; with NIO's reads of four, 65 to 67 (seen under load).
        #expect(most <= 64, "the server held \(most) connections at once")
        #expect(open.isEmpty, "\(open.count) connections still open")
        #expect(try await run.quit() == 0, "\(run.stderr)")
    }

    @Test("replay --web: 20 WebSockets that never read are dropped, and the page grows by less than 600 MB (it kept them and grew with every event)")
    func replayPageDropsPagesThatDoNotRead() async throws {
        let directory = try CLI.longWorkoutScenario(hours: 100)
        let replay = try LiveBoard([directory + "/long.yaml", "--web", "--listen", "127.0.0.1:0", "--no-log"], command: "replay")
        let url = try #require(try await replay.pageURL(), "\(replay.stderr)")
        let port = try #require(Int(url.split(separator: ":").last?.prefix { $0.isNumber } ?? ""))
        // The replay has run: the page has the whole history to send.
        #expect(try await replay.waitFor("Ctrl-C"), "\(replay.stderr)")
        let pid = replay.process.processIdentifier
        let before = Self.residentMegabytes(pid), socketsBefore = Self.openSockets(pid)
        var clients: [RawClient] = []
        for _ in 0..<20 {
            let client = try RawClient(port: port, receiveBuffer: 4096)
            try await client.sendAll("GET /session HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                     + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            clients.append(client)
        }
        // Each answered (its upgrade's reply waits unread) or already dropped: on a busy machine
        // the first may be dropped before the last is taken, so their count is no sign.
        try await waitUntil("the server to answer or drop each of the 20 sockets") { clients.allSatisfy(\.answeredOrClosed) }
        var peak = 0
        try await waitUntil("the server to drop the 20 sockets that do not read (or grow by 900 MB)", seconds: 180, every: .milliseconds(200)) {
            peak = max(peak, Self.residentMegabytes(pid) - before)
            return Self.openSockets(pid) <= socketsBefore || peak > 900
        }
        // Each page is sent the replay's history when it connects, and a page that reads
        // nothing is dropped after 20 s: the peak is the histories queued until then. Seen:
        // 130 MB, 214 MB with two CPU hogs beside, 406 MB once in a fresh clone's make test.
        // The old code never dropped them and grew with every event (1.18 GB in the issue).
        #expect(peak < 600, "the page grew by \(peak) MB for 20 sockets that read nothing")
        #expect(Self.openSockets(pid) <= socketsBefore, "\(Self.openSockets(pid) - socketsBefore) of the 20 sockets are still open")
        _ = clients
        #expect(try await replay.interrupt() == 0, "\(replay.stderr)")
    }

    /// A store holding one 200-hour workout (720,000 samples), in a folder of its own.
    static func storeLongWorkout() async throws -> String {
        let directory = try CLI.longWorkoutScenario(hours: 200)
        let stored = try await CLI.run(["replay", "long.yaml", "--no-log", "--data-dir", directory], directory: directory)
        try #require(stored.status == 0, "\(stored.stderr)")
        return directory
    }

    @Test("sessions --web answers the list while sessions' pages are being drawn (it waited behind every one of them)")
    func sessionsPagesConcurrent() async throws {
        let directory = try await Self.storeLongWorkout()
        let server = try LiveBoard(["--data-dir", directory, "--listen", "127.0.0.1:0"], command: "sessions")
        let url = try #require(try await server.pageURL(), "\(server.stderr)")
        let port = try #require(Int(url.split(separator: ":").last?.prefix { $0.isNumber } ?? ""))
        // Twelve pages of a 720,000-sample session asked at once, then the list, once the
        // first answer says the server is at work on them.
        var pages: [RawClient] = []
        for _ in 0..<12 {
            let client = try RawClient(port: port)
            try await client.sendAll("GET /sessions/1 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            pages.append(client)
        }
        // Each answer is read to its end on a thread of its own, which notes when it ended, and
        // the list is asked from a thread too, once a first answer is in: the order measured is
        // the server's, not when this test process (its executor shared with every other test,
        // busy for a minute at times on a 2-core runner) got round to looking.
        let firstAnswer = DispatchSemaphore(value: 0)
        typealias Answer = (name: String, text: String, ended: ContinuousClock.Instant)
        let listRequest = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        let readers = pages.enumerated().map { index, page in
            Task { () -> Answer? in
                await OwnThread.run("page \(index)") {
                    defer { firstAnswer.signal() }
                    return page.readToEndBlocking().map { ("page \(index)", $0.text, $0.ended) }
                }
            }
        }
        let listReader = Task { () throws -> Answer? in
            try await OwnThread.run("list") { () throws -> Answer? in
                firstAnswer.wait()
                firstAnswer.signal()
                let list = try RawClient(port: port)
                var rest = Array(listRequest.utf8)
                while !rest.isEmpty {
                    guard let sent = list.send(rest) else { throw RawClient.ClientError(description: "the server closed the connection") }
                    rest.removeFirst(sent)
                    if sent == 0 { usleep(1000) }
                }
                return list.readToEndBlocking().map { ("list", $0.text, $0.ended) }
            }
        }
        var read: [Answer] = []
        for reader in readers { read.append(try #require(await reader.value, "a page's answer never ended")) }
        read.append(try #require(try await listReader.value, "the list's answer never ended"))
        let answers = read.sorted { $0.ended < $1.ended }
        let list = try #require(answers.firstIndex { $0.name == "list" })
        #expect(list < answers.count - 1, "the list was answered after every session's page: \(answers.map(\.name))")
        #expect(answers[list].text.hasPrefix("HTTP/1.1 200"))
        for answer in answers where answer.name != "list" {
            let status = answer.text.components(separatedBy: "\r\n").first ?? ""
            #expect(status == "HTTP/1.1 200 OK" || (status == "HTTP/1.1 503 Service Unavailable" && answer.text.contains("busy: ")), "\(answer.text.prefix(300))")
        }
        #expect(try await server.interrupt() == 0)
    }

    @Test("show of a 720,000-sample workout reads the store's spans: about plot's CPU time, not ten times it (a session's page is show's summary and plot's chart)")
    func longSessionSummaryBounded() async throws {
        let directory = try await Self.storeLongWorkout()
        func cpu(_ arguments: [String]) async throws -> Double {
            let result = try await ChildProcess.run("/usr/bin/time", ["-f", "cpu %U %S", CLI.binary] + arguments + ["--data-dir", directory],
                                                    environment: CLI.environment, directory: directory)
            #expect(result.status == 0, "\(result.stderr)")
            let last = result.stderr.split(separator: "\n").last { $0.hasPrefix("cpu ") } ?? ""
            return last.split(separator: " ").dropFirst().compactMap { Double($0) }.reduce(0, +)
        }
        let plot = try await cpu(["plot", "1", "-o", directory + "/1.svg"])
        let show = try await cpu(["show", "1"])
        #expect(show < 2 * plot + 0.3, "show \(show) s of CPU, plot \(plot) s")
    }

    @Test("Every server answers its own Host only, strictly, with the headers of a local web UI: run --metrics (which answered any Host) and sessions --web (which took 127.0.0.1:80@evil.example and two Host headers)",
          arguments: [["run", "--metrics", "127.0.0.1:0", "--no-store", "--no-log"], ["sessions", "--listen", "127.0.0.1:0"],
                      ["run", "--metrics", "0.0.0.0:0", "--no-store", "--no-log"]])
    func hostChecked(_ command: [String]) async throws {
        let server = try LiveBoard(Array(command.dropFirst()) + ["--data-dir", CLI.temporaryDirectory()], command: command[0])
        let (label, path) = command[0] == "run" ? ("metrics: ", "/metrics") : ("web page: ", "/")
        let port = try await Self.port(after: label, in: server)
        let good = try await Self.ask(port, path, headers: "Host: 127.0.0.1:\(port)\r\n")
        #expect(good.status == "HTTP/1.1 200 OK", "\(good.headers)")
        for header in ["X-Frame-Options: DENY", "X-Content-Type-Options: nosniff", "Referrer-Policy: no-referrer", "Cache-Control: no-store"] {
            #expect(good.headers.contains(header + "\r\n"), "\(good.headers)")
        }
        #expect(good.headers.contains("frame-ancestors 'none'"), "\(good.headers)")
        #expect(try await Self.ask(port, path, headers: "Host: localhost:\(port)\r\n").status == "HTTP/1.1 200 OK")
        if command.contains("0.0.0.0:0") {
            // On every interface: an address, or this machine's name.
            let name = ProcessInfo.processInfo.hostName
            #expect(try await Self.ask(port, path, headers: "Host: \(name):\(port)\r\n").status == "HTTP/1.1 200 OK", "\(name)")
            #expect(try await Self.ask(port, path, headers: "Host: 192.0.2.7:\(port)\r\n").status == "HTTP/1.1 200 OK")
        }
        let refused = [
            "Host: evil.example:\(port)\r\n", "Host: 127.0.0.1:80@evil.example\r\n", "Host: 127.0.0.1 evil.example\r\n",
            "Host: 127.0.0.1:\(port)\r\nHost: evil.example\r\n", "Host: 127.0.0.1:\(port)\r\nHost: 127.0.0.1:\(port)\r\n",
            "Host: 127.0.0.1:99999\r\n", "Host: 127.0.0.1.evil.example\r\n", "",
        ]
        for headers in refused {
            let answer = try await Self.ask(port, path, headers: headers)
            #expect(answer.status == "HTTP/1.1 403 Forbidden", "\(headers.debugDescription): \(answer.status)")
        }
        #expect(try await server.interrupt() == 0, "\(server.stderr)")
    }
}
