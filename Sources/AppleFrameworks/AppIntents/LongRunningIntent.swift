import Foundation
import Synchronization

/// An intent that reports how far along it is (Apple's page: "ProgressReportingIntent").
public protocol ProgressReportingIntent: AppIntent {}

extension ProgressReportingIntent {
    /// The intent's progress, one per intent type, for the app to advance.
    public var progress: Progress { IntentProgress.progress(for: Self.self) }
}

/// The progress objects of `ProgressReportingIntent` types, made on first use.
enum IntentProgress {
    private final class Box: @unchecked Sendable {
        // @unchecked: `Progress` is thread-safe, and the box is never changed.
        let progress = Progress(totalUnitCount: 100)
    }

    private static let boxes = Mutex<[ObjectIdentifier: Box]>([:])

    static func progress(for type: Any.Type) -> Progress {
        boxes.withLock { boxes in
            if let box = boxes[ObjectIdentifier(type)] { return box.progress }
            let box = Box()
            boxes[ObjectIdentifier(type)] = box
            return box.progress
        }
    }
}

/// What a long-running task asks of the system (Apple's page: "LongRunningTaskOptions").
public struct LongRunningTaskOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

/// An intent whose work may outlast the 30 seconds an intent has in the background (Apple's
/// page: "LongRunningIntent", watchOS 27). Its `perform()` gets more time once it calls
/// `performBackgroundTask`: the simulated watch then no longer stops waiting for it at 30
/// seconds (`intent-time-limit`). A start intent's session must still start within the start
/// deadline (A5); with the extension, its `perform()` need not also return by then. The
/// operation runs in place, on the engine's clock, and reports progress as on a watch.
public protocol LongRunningIntent: ProgressReportingIntent {}

extension LongRunningIntent {
    /// Runs `operation` with extended time, and returns what it returns.
    @discardableResult
    public func performBackgroundTask<T>(options: LongRunningTaskOptions = [], operation: @escaping () async throws -> T) async throws -> T {
        let host = ActionButtonRuntime.current
        host?.log("\(IntentIdentity(self).reference.name) runs a long-running task: its time is extended past 30 seconds")
        if let run = IntentRun.current { host?.extendRuntime(invocation: run.invocation) }
        return try await operation()
    }
}
