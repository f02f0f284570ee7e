import ActionButtonCore
import Dispatch
import Foundation
import Synchronization
import WebView

/// Resumes its waiter once, at the first `fire()` (from any thread), or at once if fired.
final class OneShot: Sendable {
    private let state = Mutex<(fired: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func fire() {
        let waiter = state.withLock { state in
            defer { state = (true, nil) }
            return state.fired ? nil : state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.fired { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// The page's server for one run: started before the session, stopped after it.
final class WebPageServer: Sendable {
    let feed: SessionFeed
    let address: WebAddress
    private let task: Task<Void, Never>
    private let control: WatchServer.Control
    private let done: DispatchSemaphore

    private init(feed: SessionFeed, address: WebAddress, task: Task<Void, Never>, control: WatchServer.Control,
                 done: DispatchSemaphore) {
        self.feed = feed
        self.address = address
        self.task = task
        self.control = control
        self.done = done
    }

    /// Starts the server on Swift's executor and waits, on the calling thread, until it
    /// listens. Call it from a thread of its own (the live loop's), never from the executor.
    static func start(_ server: WatchServer) throws(WatchServerError) -> WebPageServer {
        let outcome = Mutex<Result<WebAddress, WatchServerError>?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let control = WatchServer.Control()
        let task = Task.detached {
            await server.run(control: control) { result in
                outcome.withLock { $0 = result }
                ready.signal()
            }
            done.signal()
        }
        ready.wait()
        let address = try outcome.withLock { $0! }.get()
        return WebPageServer(feed: server.feed, address: address, task: task, control: control, done: done)
    }

    /// The same, from Swift's executor (a replay).
    static func start(_ server: WatchServer) async throws(WatchServerError) -> WebPageServer {
        let done = DispatchSemaphore(value: 0)
        let holder = Mutex<Task<Void, Never>?>(nil)
        let control = WatchServer.Control()
        let result: Result<WebAddress, WatchServerError> = await withCheckedContinuation { continuation in
            let once = Mutex(false)
            let task = Task.detached {
                await server.run(control: control) { result in
                    let first = once.withLock { said in defer { said = true }; return !said }
                    if first { continuation.resume(returning: result) }
                }
                done.signal()
            }
            holder.withLock { $0 = task }
        }
        let address = try result.get()
        return WebPageServer(feed: server.feed, address: address, task: holder.withLock { $0! }, control: control, done: done)
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
        control.stop()
        if done.wait(timeout: .now() + Self.stopGrace) == .timedOut { task.cancel() }
    }

    /// Tells the pages the run ended at `time` and serves them until the calling task is
    /// cancelled (Ctrl-C); then stops as `stop(at:)` does.
    func serve(until time: Timestamp) async {
        feed.finish(at: time)
        let over = OneShot()
        Task.detached { [task] in
            await task.value
            over.fire()
        }
        await withTaskCancellationHandler {
            await over.wait()
        } onCancel: { [task, control] in
            control.stop()
            Task.detached {
                try? await Task.sleep(for: .seconds(Self.stopGrace))
                task.cancel()
                over.fire()
            }
        }
    }

    /// The page's URL, with the token when pages may press.
    static func url(_ address: WebAddress, access: PageAccess) -> String {
        let host = address.host == "0.0.0.0" || address.host == "::" ? ProcessInfo.processInfo.hostName : address.urlHost
        guard case .token(let token) = access.mode else { return "http://\(host):\(address.port)/" }
        return "http://\(host):\(address.port)/?token=\(token)"
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
        Thread.detachNewThread {
            process.waitUntilExit()
            if process.terminationReason == .exit, process.terminationStatus != 0 {
                Terminal.warning("--open: xdg-open found no browser to open (exit \(process.terminationStatus)); open the URL above in a browser")
            }
        }
    }

    /// What to print: the URL, with the token when pages may press.
    static func announce(_ address: WebAddress, access: PageAccess) -> String {
        let url = url(address, access: access)
        var lines: [String] = []
        switch access.mode {
        case .token:
            lines.append("web page: \(url)")
            lines.append("  open it to see the watch and press its buttons; the token in it lets a page press, so keep it to yourself")
        case .readOnly(let reason):
            lines.append("web page: \(url)  (read-only: \(reason.replacingOccurrences(of: "read-only: ", with: "")))")
        }
        if !address.isLoopback {
            lines.append("  listening on \(address), not only this machine: anyone who can reach it sees the session")
        }
        return lines.joined(separator: "\n")
    }
}
