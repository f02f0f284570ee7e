import ArgumentParser
import Foundation
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

    /// A message to standard error, flushed at once.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
    }

    static func warning(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

/// Buffered standard output: lines are written in batches (or at once, when live).
final class OutputBuffer {
    private var buffer: [UInt8] = []
    let immediate: Bool

    init(immediate: Bool) {
        self.immediate = immediate
        buffer.reserveCapacity(1 << 16)
    }

    func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if immediate || buffer.count >= 1 << 16 { flush() }
    }

    /// Text without a newline (a status line being redrawn).
    func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 { if errno == EINTR { continue } else { break } }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
