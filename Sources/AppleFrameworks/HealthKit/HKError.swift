/// The domain of HealthKit's errors, as an `NSError` made from an `HKError` names it.
public let HKErrorDomain = "com.apple.healthkit"

/// An error from HealthKit (Apple's page: "HKError"), with a message that says what to do.
public struct HKError: CustomNSError, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// Apple's error codes (Apple's page: "HKError.Code").
    public enum Code: Int, Hashable, Sendable {
        case unknownError = 0
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

        /// Code 0's older name (Apple's page: "HKError.Code"), deprecated for `unknownError`.
        @available(watchOS, introduced: 2.0, deprecated: 27.2, renamed: "unknownError")
        public static var noError: Code { .unknownError }
    }

    public var code: Code
    public var message: String
    /// What the app gave `init(_:userInfo:)`, kept as text and numbers so the error stays
    /// `Sendable`; the stand-in's own errors carry only their message.
    private var extraUserInfo: [String: any Sendable] = [:]

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Apple's form. A `NSLocalizedDescriptionKey` the app gives becomes the message.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        let description = userInfo[NSLocalizedDescriptionKey] as? String
        self.init(code, description ?? "HealthKit error \(code)")
        extraUserInfo = HKQuantitySample.sendable(userInfo.filter { $0.key != NSLocalizedDescriptionKey }) ?? [:]
    }

    /// What a bridged `NSError` carries: the message under `NSLocalizedDescriptionKey`, then
    /// whatever the app's `init(_:userInfo:)` gave.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = extraUserInfo
        userInfo[NSLocalizedDescriptionKey] = message
        return userInfo
    }

    /// The same as `errorUserInfo` (Apple's `HKError` has both).
    public var userInfo: [String: Any] { errorUserInfo }

    public static func == (lhs: HKError, rhs: HKError) -> Bool { lhs.code == rhs.code && lhs.message == rhs.message }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
    }

    public var description: String { message }
    public var errorDescription: String? { message }

    /// Apple's domain, as the bridged `NSError` carries it.
    public static var errorDomain: String { HKErrorDomain }
    public var errorCode: Int { code.rawValue }

    public static var unknownError: Code { .unknownError }
    @available(watchOS, introduced: 2.0, deprecated: 27.2, renamed: "unknownError")
    public static var noError: Code { .unknownError }
    public static var errorHealthDataUnavailable: Code { .errorHealthDataUnavailable }
    public static var errorHealthDataRestricted: Code { .errorHealthDataRestricted }
    public static var errorInvalidArgument: Code { .errorInvalidArgument }
    public static var errorAuthorizationDenied: Code { .errorAuthorizationDenied }
    public static var errorAuthorizationNotDetermined: Code { .errorAuthorizationNotDetermined }
    public static var errorDatabaseInaccessible: Code { .errorDatabaseInaccessible }
    public static var errorUserCanceled: Code { .errorUserCanceled }
    public static var errorAnotherWorkoutSessionStarted: Code { .errorAnotherWorkoutSessionStarted }
    public static var errorUserExitedWorkoutSession: Code { .errorUserExitedWorkoutSession }
    public static var errorRequiredAuthorizationDenied: Code { .errorRequiredAuthorizationDenied }
    public static var errorNoData: Code { .errorNoData }
    public static var errorWorkoutActivityNotAllowed: Code { .errorWorkoutActivityNotAllowed }
    public static var errorDataSizeExceeded: Code { .errorDataSizeExceeded }
    public static var errorBackgroundWorkoutSessionNotAllowed: Code { .errorBackgroundWorkoutSessionNotAllowed }
    public static var errorNotPermissibleForGuestUserMode: Code { .errorNotPermissibleForGuestUserMode }
}

/// `catch HKError.errorNoData`, as Swift matches an imported error's code.
public func ~= (match: HKError.Code, error: any Error) -> Bool { (error as? HKError)?.code == match }
