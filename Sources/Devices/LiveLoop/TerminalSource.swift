import ActionButtonCore
import LinuxInput
import Simulation
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Standard input as the buttons (see `TerminalKeyMap`): the default for `actionsim run`
/// without a device, so anyone can try the live loop. A pipe works too; its end finishes
/// the run once nothing is pending.
final class TerminalSource: InputSource {
    let mode: TerminalMode
    private var keys = TerminalKeyMap()
    private var ended = false
    private var buffer = [UInt8](repeating: 0, count: 256)

    init() {
        mode = TerminalMode(descriptor: STDIN_FILENO)
        mode.enable()
        setNonBlocking(true)
    }

    var summary: String { mode.isTerminal ? "the terminal (keys below)" : "standard input (terminal keys)" }
    var descriptors: [Int32] { ended ? [] : [STDIN_FILENO] }
    var isMissingDevices: Bool { false }

    func read(_ descriptor: Int32, into items: inout [SourceItem]) {
        // O_NONBLOCK belongs to the open file, which the shell shares: a shell that had the
        // terminal while we were stopped may have cleared it (bash does). So each read is
        // made only once poll() says it will not wait, whatever the flag says now.
        // One read a wake-up: input that never ends (`yes a |`, /dev/zero) kept this loop
        // reading forever, and SIGINT and SIGTERM, which the event loop sees beside it, were
        // never looked at. What is left wakes the loop again at once (epoll is level-triggered).
        if Waiting.isReadable(STDIN_FILENO) {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try FileDescriptor.standardInput.read(into: $0) }
            } catch .wouldBlock {
                return  // all read
            } catch {
                count = -1
            }
            let now = RealClock.monotonicNow().nanoseconds
            // The end of a pipe or file, or a terminal that hung up (EIO).
            if count <= 0 {
                ended = true
                items.append(.command(.inputEnded, time: now))
                return
            }
            for byte in buffer.prefix(count) { items += keys.handle(byte, at: now) }
        }
    }

    func reopen(believedDown: (Button) -> Bool, into items: inout [SourceItem]) {}

    /// The shell gets its terminal back as it left it: line editing, echo, blocking reads.
    func suspend() {
        mode.suspend()
        setNonBlocking(false)
    }

    func resume() {
        setNonBlocking(true)
        mode.resume()
    }

    func close() {
        mode.restore()
        setNonBlocking(false)
    }

    /// Non-blocking while the loop runs, so one read per wake-up takes what is there.
    private func setNonBlocking(_ on: Bool) {
        let flags = fcntl(STDIN_FILENO, F_GETFL)
        guard flags >= 0 else { return }
        _ = fcntl(STDIN_FILENO, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }
}
