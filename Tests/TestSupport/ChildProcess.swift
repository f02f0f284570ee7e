import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs blocking work (a child's exit, a long read) on a thread of its own and waits for it
/// without holding one of Swift's executor threads: there are as many as cores (two on the
/// machines this runs on), and the real-time tests running beside need them on time.
public func offExecutor<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// A program a test starts: the tests' one way to launch a process. Its standard output and
/// error are read as they come, each on a thread of its own, so that a child filling one pipe
/// never waits for a test reading the other; its exit is waited for off Swift's executor.
///
/// `ChildProcess.run` runs a program to its end and returns what it wrote. A long-running one
/// (a live `run`, a page server) is kept as a `ChildProcess`: the test waits for text on its
/// output, types to its standard input, sends it signals, and waits for its exit.
public final class ChildProcess: @unchecked Sendable {
    /// What the child's standard input is.
    public enum Input {
        /// /dev/null: the child reads end of input at once.
        case closed
        /// A pipe the test writes with `type` and ends with `closeInput`.
        case pipe
        /// This text, then end of input.
        case text(String)
        /// A descriptor of the test's (a pseudo-terminal, a file).
        case handle(FileHandle)
    }

    /// Where the child's standard output or error goes.
    public enum Output {
        /// Kept in memory, readable at any time (`stdout`, `stderr`).
        case collect
        /// Written to this file, created empty; `stdout` or `stderr` read it back.
        case file(String)
        /// /dev/null.
        case discard
    }

    /// The environment the child starts with.
    public struct Environment: Sendable {
        public var variables: [String: String]

        /// The test process's own.
        public static var inherited: Environment { Environment(variables: ProcessInfo.processInfo.environment) }

        /// Exactly these variables.
        public static func exactly(_ variables: [String: String]) -> Environment { Environment(variables: variables) }

        /// The test's own environment with these set (a nil value removes one).
        public static func inherited(_ changes: [String: String?]) -> Environment { inherited.changing(changes) }

        /// This environment with these set (a nil value removes one).
        public func changing(_ changes: [String: String?]) -> Environment {
            var variables = variables
            for (name, value) in changes { variables[name] = value }
            return Environment(variables: variables)
        }
    }

    /// How a run ended, and what it wrote.
    public struct Result: Sendable {
        /// The exit status, or the signal's number when a signal ended it (as `Process` has it).
        public var status: Int32
        /// Whether it exited (`.exit`) or a signal ended it (`.uncaughtSignal`).
        public var reason: Process.TerminationReason
        public var stdout: String
        public var stderr: String
        /// Whether its watchdog (`Watchdog`) found it stuck, and it was then sent a signal.
        public var timedOut: Bool
    }

    /// The child: its pid, whether it still runs.
    public let process: Process
    private let input: Pipe?
    private let outputs: [Output]
    private let collected = [Collected(), Collected()]
    private let readers = DispatchGroup()

    /// Starts `executable` with `arguments` in `directory` (the repository's root unless said).
    public init(_ executable: String, _ arguments: [String], environment: Environment = .inherited,
                directory: String = Repository.root, input: Input = .closed,
                stdout: Output = .collect, stderr: Output = .collect) throws {
        let process = Process()
        self.process = process
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = environment.variables
        outputs = [stdout, stderr]
        var pipe: Pipe?
        switch input {
        case .closed: process.standardInput = FileHandle.nullDevice
        case .handle(let handle): process.standardInput = handle
        case .pipe, .text:
            pipe = Pipe()
            process.standardInput = pipe
        }
        self.input = pipe
        var pipes: [Pipe?] = []
        for output in [stdout, stderr] {
            let destination: Any
            switch output {
            case .collect:
                let pipe = Pipe()
                pipes.append(pipe)
                destination = pipe
            case .file(let path):
                _ = FileManager.default.createFile(atPath: path, contents: nil)
                pipes.append(nil)
                destination = FileHandle(forWritingAtPath: path) ?? FileHandle.nullDevice
            case .discard:
                pipes.append(nil)
                destination = FileHandle.nullDevice
            }
            if pipes.count == 1 { process.standardOutput = destination } else { process.standardError = destination }
        }
        try process.run()
        for (pipe, buffer) in zip(pipes, collected) {
            guard let pipe else { continue }
            // The test's copy of the writing end goes, so that the child's exit is end of file.
            try? pipe.fileHandleForWriting.close()
            let reading = pipe.fileHandleForReading
            readers.enter()
            Thread { [readers] in
                while true {
                    let data = reading.availableData
                    if data.isEmpty { break }
                    buffer.append(data)
                }
                readers.leave()
            }.start()
        }
        if case .text(let text) = input, let pipe {
            try? pipe.fileHandleForReading.close()
            let writing = pipe.fileHandleForWriting
            // Written on a thread of its own: a child that writes before it reads must not
            // find the test blocked on a full pipe.
            Thread {
                try? writing.write(contentsOf: Data(text.utf8))
                try? writing.close()
            }.start()
        } else if let pipe {
            try? pipe.fileHandleForReading.close()
        }
    }

    /// Runs `executable` to its end, off Swift's executor, and returns what it wrote. Found
    /// stuck by `watchdog`, it is killed (SIGKILL) and the result says it timed out.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], environment: Environment = .inherited,
                           directory: String = Repository.root, input: String? = nil,
                           watchdog: Watchdog = Watchdog()) async throws -> Result {
        let child = try ChildProcess(executable, arguments, environment: environment, directory: directory,
                                     input: input.map { .text($0) } ?? .closed)
        return await child.wait(watchdog: watchdog)
    }

    /// When a child that should end is taken for stuck, by its progress rather than the wall
    /// clock (`ProcessProgress`), so that a busy machine, which only slows it down, never
    /// fails a test: asleep (no thread of it or its descendants runnable) with no CPU time
    /// gained and nothing written for `asleep` seconds, or `cpu` seconds of CPU time used
    /// since the wait began (a child spinning instead of ending).
    public struct Watchdog: Sendable {
        public var asleep: Double
        public var cpu: Double

        public init(asleep: Double = 600, cpu: Double = 3600) {
            self.asleep = asleep
            self.cpu = cpu
        }

        /// For a child told to end (a signal, its input closed): asleep or spinning for `seconds`.
        public static func ending(within seconds: Double) -> Watchdog { Watchdog(asleep: seconds, cpu: seconds) }
    }

    public var processIdentifier: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }

    /// Standard output so far (collected, or read back from its file).
    public var stdout: String { text(0) }
    /// Standard error so far (collected, or read back from its file).
    public var stderr: String { text(1) }

    private func text(_ index: Int) -> String {
        switch outputs[index] {
        case .collect: collected[index].text
        case .file(let path): (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        case .discard: ""
        }
    }

    /// Writes `text` to its standard input (`input: .pipe`).
    public func type(_ text: String) {
        try? input?.fileHandleForWriting.write(contentsOf: Data(text.utf8))
    }

    /// Ends its standard input (`input: .pipe`).
    public func closeInput() {
        try? input?.fileHandleForWriting.close()
    }

    /// How much it has written to its standard output and error (collected or in their files).
    private var outputBytes: Int {
        zip(outputs, collected).reduce(0) { total, pair in
            switch pair.0 {
            case .collect: total + pair.1.count
            case .file(let path): total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
            case .discard: total
            }
        }
    }

    /// Sends it a signal (SIGTERM, SIGKILL, SIGTSTP, ...).
    public func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Sends it SIGINT, as Ctrl-C in its terminal would.
    public func interrupt() {
        signal(SIGINT)
    }

    /// Waits (up to `seconds`: generous, for a busy machine) until standard error, standard
    /// output or either contains `text`.
    public func waitFor(_ text: String, in stream: Stream = .stderr, seconds: Double = 120) async -> Bool {
        let until = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < until {
            if contains(text, in: stream) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return contains(text, in: stream)
    }

    /// Which of its outputs `waitFor` reads.
    public enum Stream { case stdout, stderr, either }

    private func contains(_ text: String, in stream: Stream) -> Bool {
        switch stream {
        case .stdout: stdout.contains(text)
        case .stderr: stderr.contains(text)
        case .either: stdout.contains(text) || stderr.contains(text)
        }
    }

    /// Waits for it to end, off Swift's executor, and for its output to be read to the end.
    /// Found stuck by `watchdog`, it is sent `signal` (SIGKILL unless said) and waited for.
    @discardableResult
    public func wait(watchdog: Watchdog = Watchdog(), thenSend signal: Int32 = SIGKILL) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: self.waitBlocking(watchdog: watchdog, thenSend: signal)) }.start()
        }
    }

    /// `wait`, on the calling thread: only for a quick tool where awaiting is not possible
    /// (a `defer`).
    @discardableResult
    public func waitBlocking(watchdog: Watchdog = Watchdog(), thenSend signal: Int32 = SIGKILL) -> Result {
        let pid = process.processIdentifier
        var last = (cpu: ProcessProgress.of(pid).cpuNanoseconds, written: outputBytes)
        // CPU time gained since the wait began: what a descendant used is lost from the sum
        // once it has gone, so only gains between two readings count.
        var gained: UInt64 = 0
        var still = ContinuousClock.now
        var timedOut = false
        var polls = 0
        while process.isRunning {
            // Exit is seen within 10 ms; progress is read every 100 ms (it reads /proc whole).
            polls += 1
            if polls % 10 == 0 {
                let now = ProcessProgress.of(pid)
                let written = outputBytes
                if now.awake || now.cpuNanoseconds != last.cpu || written != last.written { still = .now }
                if now.cpuNanoseconds > last.cpu { gained += now.cpuNanoseconds - last.cpu }
                last = (now.cpuNanoseconds, written)
                guard process.isRunning else { break }
                if Double(gained) / 1e9 >= watchdog.cpu || ContinuousClock.now - still >= .milliseconds(Int(watchdog.asleep * 1000)) {
                    timedOut = true
                    kill(pid, signal)
                    break
                }
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        readers.wait()
        return Result(status: process.terminationStatus, reason: process.terminationReason,
                      stdout: stdout, stderr: stderr, timedOut: timedOut)
    }
}

/// Bytes a reading thread appends while tests read them.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) {
        lock.lock()
        data.append(more)
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return data.count
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
