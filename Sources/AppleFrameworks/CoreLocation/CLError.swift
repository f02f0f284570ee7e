import Foundation

/// An error from Core Location (Apple's page: "CLError"), with its code, as an app catches
/// it: `catch let error as CLError where error.code == .denied`.
public struct CLError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// Apple's error codes (Apple's page: "CLError.Code").
    public enum Code: Int, Hashable, Sendable {
        case locationUnknown = 0
        case denied = 1
        case network = 2
        case headingFailure = 3
        case regionMonitoringDenied = 4
        case regionMonitoringFailure = 5
        case regionMonitoringSetupDelayed = 6
        case regionMonitoringResponseDelayed = 7
        case geocodeFoundNoResult = 8
        case geocodeFoundPartialResult = 9
        case geocodeCanceled = 10
        case deferredFailed = 11
        case deferredNotUpdatingLocation = 12
        case deferredAccuracyTooLow = 13
        case deferredDistanceFiltered = 14
        case deferredCanceled = 15
        case rangingUnavailable = 16
        case rangingFailure = 17
        case promptDeclined = 18
        case historicalLocationError = 19
    }

    public var code: Code
    /// What happened, in words (the stand-in's own; Apple's error carries a user info).
    public var message: String

    /// Apple's form; the stand-in keeps no user info.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.message = "Core Location error \(code)"
    }

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
    public var errorDescription: String? { message }

    /// Apple's domain, as the bridged `NSError` carries it.
    public static var errorDomain: String { "kCLErrorDomain" }
    public var errorCode: Int { code.rawValue }

    public static var locationUnknown: Code { .locationUnknown }
    public static var denied: Code { .denied }
    public static var network: Code { .network }
    public static var headingFailure: Code { .headingFailure }
    public static var promptDeclined: Code { .promptDeclined }
    public static var historicalLocationError: Code { .historicalLocationError }
}

/// `catch CLError.denied`, as Swift matches an imported error's code.
public func ~= (match: CLError.Code, error: any Error) -> Bool { (error as? CLError)?.code == match }

/// Apple's domain for Core Location's errors (Apple's page: "kCLErrorDomain").
public let kCLErrorDomain = "kCLErrorDomain"
