import ActionButtonCore
import Simulation
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
        // Non-blocking, so one read per wake-up takes what is there and never waits.
        _ = fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) | O_NONBLOCK)
    }

    var summary: String { mode.isTerminal ? "the terminal (keys below)" : "standard input (terminal keys)" }
    var descriptors: [Int32] { ended ? [] : [STDIN_FILENO] }
    var isMissingDevices: Bool { false }

    func read(_ descriptor: Int32, into items: inout [SourceItem]) {
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return }  // EAGAIN: all read
            let now = RealClock.monotonicNow().nanoseconds
            if count == 0 {
                ended = true
                items.append(.command(.inputEnded, time: now))
                return
            }
            for byte in buffer.prefix(count) { items += keys.handle(byte, at: now) }
        }
    }

    func reopen(believedDown: (Button) -> Bool, into items: inout [SourceItem]) {}

    func close() {
        mode.restore()
        _ = fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) & ~O_NONBLOCK)
    }
}
