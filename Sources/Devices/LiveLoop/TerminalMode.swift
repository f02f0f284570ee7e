#if canImport(Glibc)
import Glibc
#endif

/// Puts the controlling terminal in key-at-a-time mode (no line buffering, no echo) and
/// guarantees it is put back: on normal exit, on SIGINT/SIGTERM (the loop exits normally),
/// at `exit()`, and on a crash signal, where a handler restores it before the previous
/// handler (Swift's backtracer, or the default action) runs. Ctrl-Z (SIGTSTP) puts it back
/// for the shell with `suspend()`, and `fg` (SIGCONT) makes it raw again with `resume()`.
/// Output processing and signal keys stay on, so lines still end properly and Ctrl-C is
/// still SIGINT.
public final class TerminalMode {
    public let descriptor: Int32
    private var active = false
    /// Put back for a stop (Ctrl-Z), to be made raw again when the process continues.
    private var suspended = false

    /// Does nothing (and `isRaw` stays false) when `descriptor` is not a terminal.
    public init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    public var isTerminal: Bool { isatty(descriptor) == 1 }
    public var isRaw: Bool { active && !suspended }

    public func enable() {
        guard !active, isTerminal, tcgetattr(descriptor, &terminalSaved.pointee) == 0 else { return }
        terminalSavedDescriptor = descriptor
        var raw = rawMode
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { number, info, _ in
                restoreSavedTerminal()
                // Hand the signal to whoever handled it before us (Swift's backtracer, or the
                // default action). A fault the kernel raised happens again when this handler
                // returns; one sent with kill() or abort() is raised again, and stays pending
                // until the handler returns, since it is blocked while the handler runs.
                sigaction(number, &terminalPreviousActions[Int(number)], nil)
                if let info, info.pointee.si_code <= 0 { raise(number) }
            }
            action.sa_flags = SA_SIGINFO | Int32(bitPattern: UInt32(SA_RESETHAND))
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, &terminalPreviousActions[Int(signal)])
        }
        if !terminalAtExitInstalled {
            terminalAtExitInstalled = true
            atexit { restoreSavedTerminal() }
        }
        tcsetattr(descriptor, TCSANOW, &raw)
        active = true
    }

    /// The mode as the shell left it, made key-at-a-time.
    private var rawMode: termios {
        var raw = terminalSaved.pointee
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }

    /// Before the process stops (Ctrl-Z): the shell gets its terminal back as it was.
    public func suspend() {
        guard active, !suspended else { return }
        suspended = true
        restoreSavedTerminal()
    }

    /// After the process continues (`fg`): key-at-a-time again. Also right after a stop the
    /// process did not ask for (SIGSTOP), when the shell may have changed the mode meanwhile.
    public func resume() {
        guard active else { return }
        suspended = false
        var raw = rawMode
        tcsetattr(descriptor, TCSANOW, &raw)
    }

    /// Puts the terminal back as it was. Safe to call more than once.
    public func restore() {
        guard active else { return }
        active = false
        suspended = false
        restoreSavedTerminal()
        terminalSavedDescriptor = -1
        for signal in crashSignals { sigaction(signal, &terminalPreviousActions[Int(signal)], nil) }
    }

    deinit { restore() }
}

private let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT]

/// Kept outside Swift objects so the signal handler can reach them: only plain loads and
/// `tcsetattr`, which is async-signal-safe, happen there.
nonisolated(unsafe) private let terminalSaved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
nonisolated(unsafe) private var terminalSavedDescriptor: Int32 = -1
nonisolated(unsafe) private let terminalPreviousActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    pointer.initialize(repeating: sigaction(), count: 65)
    return pointer
}()
nonisolated(unsafe) private var terminalAtExitInstalled = false

private func restoreSavedTerminal() {
    let descriptor = terminalSavedDescriptor
    if descriptor >= 0 { tcsetattr(descriptor, TCSANOW, terminalSaved) }
}
