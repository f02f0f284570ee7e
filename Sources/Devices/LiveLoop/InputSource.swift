import ActionButtonCore

/// A source of button input the loop waits on: evdev devices, GPIO lines or the terminal.
protocol InputSource: AnyObject {
    /// What it reads from, for the log and the start-up line.
    var summary: String { get }
    /// Descriptors to wait on now (they change when a device goes or comes back).
    var descriptors: [Int32] { get }
    /// Reads what is ready on `descriptor`, never waiting for more. A device that vanished
    /// becomes a status item and `isMissingDevices`; the session goes on without it.
    func read(_ descriptor: Int32, into items: inout [SourceItem])
    /// A device it had is gone and should be reopened when it comes back.
    var isMissingDevices: Bool { get }
    /// Tries to reopen what is missing; on success, resync edges bring each button to its
    /// real state (`believedDown` is what the recognizer thinks now).
    func reopen(believedDown: (Button) -> Bool, into items: inout [SourceItem])
    /// The process is about to stop (Ctrl-Z, SIGTSTP): give back what the shell shares.
    func suspend()
    /// The process continued (SIGCONT): take it again.
    func resume()
    /// Releases devices, grabs and lines.
    func close()
}

extension InputSource {
    /// Devices and GPIO lines are the process's own: kept while it is stopped.
    func suspend() {}
    func resume() {}
}
