import AppIntents

/// What the app needs of location authorization while it holds the session (Apple's page:
/// "CLServiceSession", watchOS 11). Made with a requirement other than `.none`, it asks for
/// that authorization at once; the simulated wearer allows it.
public final class CLServiceSession: Sendable {
    /// Apple's page: "CLServiceSession.AuthorizationRequirement".
    public enum AuthorizationRequirement: Hashable, Sendable {
        case none
        case whenInUse
        case always
    }

    public let authorizationRequirement: AuthorizationRequirement

    public init(authorization: CLServiceSession.AuthorizationRequirement) {
        authorizationRequirement = authorization
        Self.ask(authorization)
    }

    /// Full accuracy is never reduced on the simulated watch, so the purpose key changes nothing.
    public init(authorization: CLServiceSession.AuthorizationRequirement, fullAccuracyPurposeKey: String) {
        authorizationRequirement = authorization
        Self.ask(authorization)
    }

    /// The app no longer needs the session.
    public func invalidate() {}

    private static func ask(_ requirement: AuthorizationRequirement) {
        guard requirement != .none, let services = LocationServices.current else { return }
        services.requestAuthorization(always: requirement == .always, asker: "CLServiceSession(authorization: .\(requirement))")
    }
}
