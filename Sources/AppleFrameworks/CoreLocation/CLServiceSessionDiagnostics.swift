import AppIntents

extension CLServiceSession {
    /// How the session's needs stand against the app's authorization (Apple's page:
    /// "CLServiceSession.Diagnostic", watchOS 11). The simulated wearer answers every request at
    /// once, so a request is never in progress, and the only denial is the scenario's.
    public struct Diagnostic: Sendable {
        public let alwaysAuthorizationDenied: Bool
        public let authorizationDenied: Bool
        public let authorizationDeniedGlobally: Bool
        public let authorizationRequestInProgress: Bool
        public let authorizationRestricted: Bool
        public let fullAccuracyDenied: Bool
        public let insufficientlyInUse: Bool
        public let serviceSessionRequired: Bool

        init(_ requirement: AuthorizationRequirement, authorization: CLAuthorizationStatus) {
            alwaysAuthorizationDenied = requirement == .always && authorization == .authorizedWhenInUse
            authorizationDenied = authorization == .denied
            authorizationDeniedGlobally = false
            authorizationRequestInProgress = false
            authorizationRestricted = authorization == .restricted
            fullAccuracyDenied = false
            insufficientlyInUse = false
            serviceSessionRequired = false
        }
    }

    /// The session's diagnostics as they change (Apple's page: "CLServiceSession.Diagnostics"):
    /// the state when iteration starts, then each change, until the run ends.
    public final class Diagnostics: AsyncSequence, Sendable {
        public typealias Element = CLServiceSession.Diagnostic
        let requirement: AuthorizationRequirement

        init(_ requirement: AuthorizationRequirement) { self.requirement = requirement }

        public final func makeAsyncIterator() -> Iterator { Iterator(requirement: requirement) }

        public struct Iterator: AsyncIteratorProtocol, Sendable {
            let requirement: AuthorizationRequirement
            private var last: CLAuthorizationStatus?

            init(requirement: AuthorizationRequirement) { self.requirement = requirement }

            public mutating func next() async throws -> CLServiceSession.Diagnostic? {
                guard let host = ActionButtonRuntime.current, let services = LocationServices.current else { return nil }
                while true {
                    let authorization = services.authorization
                    if authorization != last {
                        last = authorization
                        return Diagnostic(requirement, authorization: authorization)
                    }
                    // Nothing changed: wait for the watch's next moment; the run's end ends the sequence.
                    guard await host.nextReading() != nil else { return nil }
                }
            }

            /// The next diagnostic, on the iterating code's actor.
            public mutating func next(isolation actor: isolated (any Actor)?) async throws -> CLServiceSession.Diagnostic? {
                try await next()
            }
        }
    }

    /// The diagnostics of this session's requirement.
    public final var diagnostics: CLServiceSession.Diagnostics { Diagnostics(authorizationRequirement) }
}
