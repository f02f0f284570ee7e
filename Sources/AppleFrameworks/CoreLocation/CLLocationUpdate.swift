import AppIntents

/// One update of the wearer's location, as Swift concurrency delivers them (Apple's page:
/// "CLLocationUpdate", watchOS 10; the diagnostic properties, watchOS 11).
public struct CLLocationUpdate: Sendable {
    /// Nil when the update only says why there is no location (see the diagnostics).
    public let location: CLLocation?
    /// The wearer is standing still (watchOS 11's name).
    public let stationary: Bool
    public let authorizationDenied: Bool
    public let authorizationDeniedGlobally: Bool
    public let authorizationRequestInProgress: Bool
    public let authorizationRestricted: Bool
    public let insufficientlyInUse: Bool
    public let locationUnavailable: Bool
    public let accuracyLimited: Bool
    public let serviceSessionRequired: Bool

    /// The wearer is standing still (watchOS 10's name, deprecated in watchOS 11 for `stationary`).
    public var isStationary: Bool { stationary }

    init(location: CLLocation?, authorizationDenied: Bool = false) {
        self.location = location
        stationary = location.map { $0.speed <= LocationServices.stationarySpeed } ?? false
        self.authorizationDenied = authorizationDenied
        authorizationDeniedGlobally = false
        authorizationRequestInProgress = false
        authorizationRestricted = false
        insufficientlyInUse = false
        locationUnavailable = location == nil && !authorizationDenied
        accuracyLimited = false
        serviceSessionRequired = false
    }

    /// What kind of moving the updates are for (Apple's page: "CLLocationUpdate.LiveConfiguration").
    /// The simulated positions are the same for each.
    public enum LiveConfiguration: Hashable, Sendable {
        case `default`
        case automotiveNavigation
        case otherNavigation
        case fitness
        case airborne
    }

    /// The wearer's location now, then one update with each reading of the sensors (1 Hz by
    /// default), until the iterating task ends or is cancelled, or the run ends. Iterating
    /// without authorization asks for it (when in use), as watchOS 11 does; the simulated
    /// wearer allows it. Waiting for the next update does not keep the simulated watch
    /// busy: virtual time moves on while a task waits here.
    public static func liveUpdates(_ configuration: CLLocationUpdate.LiveConfiguration = .default) -> CLLocationUpdate.Updates {
        Updates(configuration: configuration)
    }

    /// The updates, as an asynchronous sequence (Apple's page: "CLLocationUpdate.Updates").
    public struct Updates: AsyncSequence, Sendable {
        public typealias Element = CLLocationUpdate
        let configuration: LiveConfiguration

        public func makeAsyncIterator() -> Iterator { Iterator() }

        /// Apple's page: "CLLocationUpdate.Updates.Iterator".
        public struct Iterator: AsyncIteratorProtocol, Sendable {
            private var started = false

            public mutating func next() async throws -> CLLocationUpdate? {
                guard let host = ActionButtonRuntime.current, let services = LocationServices.current else { return nil }
                if !started {
                    started = true
                    if services.authorization == .notDetermined {
                        services.requestAuthorization(always: false, asker: "CLLocationUpdate.liveUpdates()")
                    }
                    guard services.isAuthorized else { return CLLocationUpdate(location: nil, authorizationDenied: true) }
                    return CLLocationUpdate(location: services.location)
                }
                guard let reading = await host.nextReading() else { return nil }
                guard services.isAuthorized else { return CLLocationUpdate(location: nil, authorizationDenied: true) }
                return CLLocationUpdate(location: services.location(for: reading))
            }

            /// The next update, on the iterating code's actor (so a main-actor model may iterate).
            public mutating func next(isolation actor: isolated (any Actor)?) async throws -> CLLocationUpdate? {
                try await next()
            }
        }
    }
}
