import ActionButtonCore
import LinuxInput
import Simulation
import Synchronization

/// Button edges that come from another thread (the web page's drawn buttons, `--web`), on
/// their way to the live loop. They take the devices' path: the loop watches an eventfd
/// like a device's descriptor, reads the edges in its wake-up, and hands them to the same
/// press recognizer (P1-P3), in time order with the devices' edges. Each edge is stamped
/// with `CLOCK_MONOTONIC` when it arrives, as the terminal stamps a key when it is read.
public final class RemoteButtons: Sendable {
    private let notifier: EventNotifier
    private let pending = Mutex<[SourceItem]>([])
    /// What the edges are called in the log's start-up line ("the web page at http://...").
    public let summary: String

    public init(summary: String) throws(LiveRunError) {
        do {
            notifier = try EventNotifier()
        } catch {
            throw .system(error)
        }
        self.summary = summary
    }

    /// An edge of `button`, now. Callable from any thread; wakes the loop.
    public func push(_ button: Button, _ direction: EdgeDirection) {
        let item = SourceItem.edge(button, direction, time: RealClock.monotonicNow().nanoseconds, resynced: false)
        pending.withLock { $0.append(item) }
        notifier.signal()
    }

    var descriptor: Int32 { notifier.descriptor }

    func take(into items: inout [SourceItem]) {
        notifier.drain()
        let taken = pending.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        items += taken
    }
}

/// The loop's side of `RemoteButtons`: one more input source.
final class RemoteButtonsSource: InputSource {
    let buttons: RemoteButtons

    init(_ buttons: RemoteButtons) { self.buttons = buttons }

    var summary: String { buttons.summary }
    var descriptors: [Int32] { [buttons.descriptor] }
    var isMissingDevices: Bool { false }
    func read(_ descriptor: Int32, into items: inout [SourceItem]) { buttons.take(into: &items) }
    func reopen(believedDown: (Button) -> Bool, into items: inout [SourceItem]) {}
    func close() {}
}
