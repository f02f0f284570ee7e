import AppIntents

/// The app's link to health data. On the simulated watch it does one thing of substance:
/// `requestAuthorization` tells the system the app has asked (A4), so later first presses
/// perform its start intent.
public final class HKHealthStore: Sendable {
    public init() {}

    /// Health data is available on every simulated watch.
    public static func isHealthDataAvailable() -> Bool { true }

    /// Asks for authorization to share and read the given types. On a watch this may show a
    /// sheet and wait for the wearer; the simulated wearer has already agreed, so it returns
    /// at once (on the same instant of the engine's clock). Outside a simulated watch there
    /// is no one to tell, and it returns all the same.
    public func requestAuthorization(toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?) async throws {
        ActionButtonRuntime.host?.requestHealthAuthorization()
    }
}
