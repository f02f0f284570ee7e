/// An error from HealthKit (Apple's page: "HKError"), with a message that says what to do.
public struct HKError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// Apple's error codes (Apple's page: "HKError.Code").
    public enum Code: Int, Hashable, Sendable {
        case errorHealthDataUnavailable = 1
        case errorHealthDataRestricted = 2
        case errorInvalidArgument = 3
        case errorAuthorizationDenied = 4
        case errorAuthorizationNotDetermined = 5
        case errorDatabaseInaccessible = 6
        case errorUserCanceled = 7
        case errorAnotherWorkoutSessionStarted = 8
        case errorUserExitedWorkoutSession = 9
        case errorRequiredAuthorizationDenied = 10
        case errorNoData = 11
        case errorWorkoutActivityNotAllowed = 12
        case errorDataSizeExceeded = 13
        case errorBackgroundWorkoutSessionNotAllowed = 14
        case errorNotPermissibleForGuestUserMode = 15
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public init(_ code: Code) { self.init(code, "HealthKit error \(code)") }

    public var description: String { message }
    public var errorDescription: String? { message }
}
