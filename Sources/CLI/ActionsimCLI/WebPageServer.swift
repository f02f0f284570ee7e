import ActionButtonCore
import Dispatch
import Foundation
import Synchronization
import WebView
import SystemCalls

/// The page's server for one run: started before the session, stopped after it.
final class WebPageServer: Sendable {
    let feed: SessionFeed
    private let server: BackgroundServer
    var address: ListenAddress { server.address }

    private init(feed: SessionFeed, server: BackgroundServer) {
        self.feed = feed
        self.server = server
    }

    /// Starts the server on Swift's executor and waits, on the calling thread, until it
    /// listens. Call it from a thread of its own (the live loop's), never from the executor.
    static func start(_ server: WatchServer) throws(WatchServerError) -> WebPageServer {
        WebPageServer(feed: server.feed, server: try BackgroundServer.start { control, listening in
            await server.run(control: control, listening: listening)
        })
    }

    /// The same, from Swift's executor (a replay).
    static func start(_ server: WatchServer) async throws(WatchServerError) -> WebPageServer {
        WebPageServer(feed: server.feed, server: try await BackgroundServer.start { control, listening in
            await server.run(control: control, listening: listening)
        })
    }

    /// How long a stop waits for pages to close their sockets before the process goes on
    /// without them: a browser may hold a connection it opened ahead and never used, which
    /// the server cannot close before a first request on it (Chromium does).
    static let stopGrace = 1.5

    /// Tells the pages the run ended, then stops serving: a graceful shutdown (pages get a
    /// WebSocket close), given up after `stopGrace` seconds.
    func stop(at time: Timestamp) {
        feed.finish(at: time)
        feed.waitUntilFinishedSent(timeout: .seconds(1))
        server.stop(grace: Self.stopGrace)
    }

    /// Tells the pages the run ended at `time` and serves them until the calling task is
    /// cancelled (Ctrl-C); then stops as `stop(at:)` does.
    func serve(until time: Timestamp) async {
        feed.finish(at: time)
        await server.serveUntilCancelled(grace: Self.stopGrace)
    }

    /// The page's URL, with the token when pages may press.
    static func url(_ address: ListenAddress, access: PageAccess) -> String {
        url(host: isWildcard(address) ? ProcessInfo.processInfo.hostName : address.urlHost, port: address.port, access: access)
    }

    private static func url(host: String, port: Int, access: PageAccess) -> String {
        guard case .token(let token) = access.mode else { return "http://\(host):\(port)/" }
        return "http://\(host):\(port)/?token=\(token)"
    }

    /// Listening on every interface (`0.0.0.0`, `::`).
    private static func isWildcard(_ address: ListenAddress) -> Bool { address.host == "0.0.0.0" || address.host == "::" }

    /// This machine's IPv4 addresses other than loopback (getifaddrs): what a phone on the same
    /// network types, where the host name alone (`raspberrypi`) often resolves to nothing.
    static func networkAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let socket = entry.pointee.ifa_addr, socket.pointee.sa_family == UInt16(AF_INET),
                  entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0, entry.pointee.ifa_flags & UInt32(IFF_UP) != 0 else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            var address = socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            if inet_ntop(AF_INET, &address, &text, socklen_t(text.count)) != nil {
                let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !addresses.contains(name) { addresses.append(name) }
            }
        }
        return addresses
    }

    /// `--open`: hands the URL to xdg-open, which starts the desktop's browser; says so if
    /// there is none.
    static func open(_ url: String) {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { $0 + "/xdg-open" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else {
            Terminal.warning("--open: there is no xdg-open here (Debian: apt-get install xdg-utils); open the URL above in a browser")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Terminal.warning("--open: \(path) could not be started; open the URL above in a browser")
            return
        }
        // xdg-open with no browser to hand the URL to (no desktop session) fails quietly:
        // say so when it does (it may also wait for the browser; nothing waits for it).
        OwnThread.startOrStop("actionsim --open") {
            process.waitUntilExit()
            if process.terminationReason == .exit, process.terminationStatus != 0 {
                Terminal.warning("--open: xdg-open found no browser to open (exit \(process.terminationStatus)); open the URL above in a browser")
            }
        }
    }

    /// What to print: the URL, with the token when pages may press.
    static func announce(_ address: ListenAddress, access: PageAccess) -> String {
        let page = url(address, access: access)
        var lines: [String] = []
        switch access.mode {
        case .token:
            lines.append("web page: \(page)")
            lines.append("  open it to see the watch and press its buttons; the token in it lets a page press, so keep it to yourself")
        case .readOnly(let reason):
            lines.append("web page: \(page)  (read-only: \(reason.replacingOccurrences(of: "read-only: ", with: "")))")
        }
        if isWildcard(address) {
            for other in networkAddresses() {
                lines.append("  from a phone or another computer on this network: \(url(host: other, port: address.port, access: access))")
            }
        }
        if !address.isLoopback {
            lines.append("  listening on \(address), not only this machine: anyone who can reach it sees the session")
        }
        return lines.joined(separator: "\n")
    }
}
