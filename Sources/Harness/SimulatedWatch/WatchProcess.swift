import Foundation
import SystemCalls
#if canImport(Glibc)
import Glibc
#endif

/// A simulated watch in a process of its own: an executable with the apps built in
/// (`actionsim-app`, from a package `actionsim init-package` wrote), started as
/// `actionsim-app _watch`. Each request is answered when the watch has settled; the calls
/// block a thread of their own, never one of Swift's pool. When the process ends (the app
/// called `fatalError`, say), the next call fails saying so and quoting what it printed.
public final class WatchProcess: @unchecked Sendable {
    /// The executable a package `actionsim init-package` wrote builds (its product's name),
    /// which ActionButtonHarness looks for beside its test binary.
    public static let appExecutableName = "actionsim-app"

    public let executable: String
    private let process = Process()
    private let requests: FileHandle
    private let answers: FileHandle
    private let errorLog: URL
    private var buffer = Data()
    private let lock = NSLock()

    public init(executable: String) throws {
        self.executable = executable
        // A write to a watch that has died must fail, not kill the test process.
        signal(SIGPIPE, SIG_IGN)
        let toWatch = Pipe(), fromWatch = Pipe()
        errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("actionsim-watch-\(UUID().uuidString).log")
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw WatchFailure("\(executable) is not there (or not executable); build the package first (`swift build`)")
        }
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["_watch"]
        process.standardInput = toWatch
        process.standardOutput = fromWatch
        process.standardError = try FileHandle(forWritingTo: errorLog)
        requests = toWatch.fileHandleForWriting
        answers = fromWatch.fileHandleForReading
        do { try process.run() } catch {
            throw WatchFailure("cannot start \(executable)")
        }
    }

    deinit {
        try? requests.close()
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: errorLog)
    }

    /// Sends `request` and waits for the answer.
    public func send(_ request: WatchRequest) async throws -> WatchResponse {
        try await OwnThread.run("actionsim watch") { try self.sendBlocking(request) }
    }

    private func sendBlocking(_ request: WatchRequest) throws -> WatchResponse {
        lock.lock()
        defer { lock.unlock() }
        var line = try WatchProtocol.encoder().encode(request)
        line.append(0x0A)
        do { try requests.write(contentsOf: line) } catch { throw ended() }
        guard let answer = readLine() else { throw ended() }
        do {
            return try WatchProtocol.decoder().decode(WatchResponse.self, from: answer)
        } catch {
            throw WatchFailure("\(executable) answered something other than a watch's answer; is it an actionsim-app built with the same actionsim?")
        }
    }

    private func readLine() -> Data? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return Data(line)
            }
            let chunk = answers.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    /// The watch process has gone: how it ended and the last of what it printed.
    private func ended() -> WatchFailure {
        process.waitUntilExit()
        let how = process.terminationReason == .uncaughtSignal
            ? "was killed by signal \(process.terminationStatus)" : "exited with status \(process.terminationStatus)"
        let printed = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        let tail = printed.split(separator: "\n", omittingEmptySubsequences: false).suffix(12).joined(separator: "\n")
        return WatchFailure("the watch process (\(executable)) \(how)" + (tail.isEmpty ? "" : "; it printed:\n\(tail)"))
    }
}
