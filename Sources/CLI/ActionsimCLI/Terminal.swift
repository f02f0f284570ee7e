import ArgumentParser
import Foundation
import OutputFiles
import SessionLog
import SystemPackage
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where output goes and how it looks: colours only on a terminal (or when asked).
enum Terminal {
    enum ColorChoice: String, CaseIterable, Sendable {
        case auto, always, never
    }

    static func useColors(_ choice: ColorChoice, for descriptor: Int32 = STDOUT_FILENO) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            return isatty(descriptor) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }
    }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The timeline's layout for standard output: compact on a terminal narrower than the
    /// wide layout needs (`COLUMNS` when set, else the terminal's own width), the wide one
    /// otherwise, and always when the output is a file or a pipe (what scripts read).
    static var timelineLayout: TimelineRenderer.Layout {
        guard stdoutIsTerminal else { return .wide }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            return .for(width: columns)
        }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return .wide }
        return .for(width: Int(size.ws_col))
    }

    /// A message to standard error, flushed at once.
    static func error(_ message: String) {
        write("error: " + message + "\n", to: STDERR_FILENO)
    }

    static func warning(_ message: String) {
        write(message + "\n", to: STDERR_FILENO)
    }

    static func note(_ message: String) {
        write(message + "\n", to: STDERR_FILENO)
    }

    /// A line on standard output, at once (what `print` would do).
    static func line(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    /// Every text for people goes out here or through `OutputBuffer`: escaped on the way
    /// (`TerminalText`), since names, titles and messages come from files and the store.
    static func write(_ text: String, to descriptor: Int32) {
        var bytes: [UInt8] = []
        TerminalText.append(text, to: &bytes)
        writeAll(bytes, to: descriptor)
    }

    /// Writes all of `bytes`. A terminal that hung up (EIO) or a closed pipe loses them
    /// rather than stopping the run: the session log, the store and a report (`test --junit`)
    /// still get everything, and the status is the run's. `test --junit t.xml | head -2` died
    /// of SIGPIPE (141) at the third line and never wrote t.xml: SIGPIPE is held off for the
    /// write, and once standard output's reader is gone nothing more is sent to it.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        if descriptor == STDOUT_FILENO, standardOutputGone.withLock({ $0 }) { return }
        let pipeSignal = PipeSignalHold()
        defer { pipeSignal.release() }
        do {
            try FileDescriptor(rawValue: descriptor).writeAll(bytes)
        } catch Errno.brokenPipe where descriptor == STDOUT_FILENO {
            standardOutputGone.withLock { $0 = true }
        } catch {}
    }

    /// Whether standard output's reader has gone (`| head` read its lines and exited).
    static let standardOutputGone = Mutex(false)
}

/// Buffered standard output: lines are written in batches (or at once, when live), escaped
/// as `Terminal.write` escapes them.
final class OutputBuffer {
    private var buffer: [UInt8] = []
    let immediate: Bool

    init(immediate: Bool) {
        self.immediate = immediate
        buffer.reserveCapacity(1 << 16)
    }

    func line(_ text: String) {
        TerminalText.append(text, to: &buffer)
        buffer.append(UInt8(ascii: "\n"))
        if immediate || buffer.count >= 1 << 16 { flush() }
    }

    /// Text without a newline (a status line being redrawn).
    func raw(_ text: String) {
        TerminalText.append(text, to: &buffer)
    }

    /// Back to the start of the line, cleared: where a status line is redrawn.
    func clearLine() {
        buffer.append(contentsOf: Terminal.clearLine)
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        Terminal.writeAll(buffer, to: STDOUT_FILENO)
        buffer.removeAll(keepingCapacity: true)
    }
}

extension Terminal {
    /// Carriage return, then erase to the end of the line.
    static let clearLine: [UInt8] = [0x0D, 0x1B, UInt8(ascii: "["), UInt8(ascii: "K")]
}
