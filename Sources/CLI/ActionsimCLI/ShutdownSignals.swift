import Dispatch
import Foundation
import Synchronization

/// SIGTERM and SIGINT (Ctrl-C) as a request to stop, not a death: the run ends where it is
/// as if it had reached its end — the engine finishes, the session log gets its footer, the
/// store commits and marks a session still running as interrupted — so that nothing already
/// acknowledged is lost (T4). A second signal while stopping is ignored; SIGKILL cannot be
/// caught, and is what `SessionLogFile.cutShort(in:)` and the store's recovery are for.
final class ShutdownSignals: @unchecked Sendable {
    // The sources are touched only in init and stop(), on the caller's thread.
    private var sources: [DispatchSourceSignal] = []
    private let signals: [Int32]
    private let first = Mutex<Int32?>(nil)

    /// The first signal received, if any.
    var received: Int32? { first.withLock { $0 } }

    /// Starts listening; `onSignal` runs once, on a dispatch queue, at the first signal.
    init(_ signals: [Int32] = [SIGTERM, SIGINT], onSignal: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        let queue = DispatchQueue(label: "actionsim.shutdown-signals")
        for number in signals {
            // Ignored as a signal so that the process is not killed; seen by the source instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in
                let isFirst = first.withLock { received -> Bool in
                    guard received == nil else { return false }
                    received = number
                    return true
                }
                if isFirst { onSignal(number) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops listening and gives the signals their default action back.
    func stop() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in signals { signal(number, SIG_DFL) }
    }

    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        default: "signal \(signal)"
        }
    }
}
