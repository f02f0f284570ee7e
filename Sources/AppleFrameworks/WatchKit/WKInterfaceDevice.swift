import AppIntents
import Foundation

/// The watch itself (Apple's page: "WKInterfaceDevice"): an Apple Watch Ultra, and its
/// Taptic Engine. A haptic the app plays is logged on the simulated watch's timeline, at
/// the moment the wrist would be tapped; outside a simulated watch it does nothing.
public final class WKInterfaceDevice: Sendable {
    private static let shared = WKInterfaceDevice()

    public class func current() -> WKInterfaceDevice { shared }

    /// Taps the wrist with one of the system's patterns.
    public func play(_ type: WKHapticType) {
        ActionButtonRuntime.current?.playHaptic(type.name)
    }

    /// Turns on Water Lock (Apple's page: "enableWaterLock()"): the screen ignores touches
    /// until the wearer turns the Digital Crown. The simulated watch has no screen to lock;
    /// the call is logged on the timeline, and the Action button works on, as on an Ultra.
    /// As on a watch, it needs a running (or paused) session; without one nothing happens,
    /// and the log says why.
    public func enableWaterLock() {
        if let host = ActionButtonRuntime.current, host.sessionState != .running, host.sessionState != .paused {
            host.log("WatchKit: Water Lock not enabled: it needs an active workout session")
            return
        }
        let turnedOn = WaterLock.current.on.withLock { locked -> Bool in
            defer { locked = true }
            return !locked
        }
        if turnedOn { ActionButtonRuntime.current?.log("WatchKit: Water Lock on (touches ignored until the Digital Crown turns)") }
    }

    /// Whether Water Lock is on, on the watch the calling code runs on. Nobody turns the
    /// simulated crown, so once on it stays on.
    public var isWaterLockEnabled: Bool { WaterLock.current.on.withLock { $0 } }

    public var name: String { "Apple Watch" }
    public var model: String { "Apple Watch" }
    public var localizedModel: String { model }
    public var systemName: String { "watchOS" }
    public var systemVersion: String { "11.0" }
    /// 49 mm Apple Watch Ultra: 410 × 502 pixels at 2×.
    public var screenBounds: CGRect { CGRect(x: 0, y: 0, width: 205, height: 251) }
    public var screenScale: CGFloat { 2 }
    public var wristLocation: WKInterfaceDeviceWristLocation { .left }
    public var crownOrientation: WKInterfaceDeviceCrownOrientation { .right }
    /// Off until the app turns it on, per simulated watch. The simulated watch has no battery
    /// to run down: monitored, it reads full (1.0, `.full`); unmonitored, -1 and `.unknown`,
    /// as on a watch.
    public var isBatteryMonitoringEnabled: Bool {
        get { BatteryMonitoring.current.on.withLock { $0 } }
        set { BatteryMonitoring.current.on.withLock { $0 = newValue } }
    }

    public var batteryLevel: Float { isBatteryMonitoringEnabled ? 1 : -1 }
    public var batteryState: WKInterfaceDeviceBatteryState { isBatteryMonitoringEnabled ? .full : .unknown }
    public var supportsAudioStreaming: Bool { true }
    /// An Apple Watch Ultra may be taken under water, so Water Lock is offered.
    public var waterResistanceRating: WKWaterResistanceRating { .wr50 }
    /// One identifier per simulated watch, the same for every app on it (on a watch, per
    /// vendor); new for each simulated watch.
    public var identifierForVendor: UUID? { VendorIdentifier.current.value }
    /// The wearer's text size: the system's default, `UICTContentSizeCategoryL`.
    public var preferredContentSizeCategory: String { "UICTContentSizeCategoryL" }
    /// The simulated watch's language reads left to right.
    public var layoutDirection: WKInterfaceLayoutDirection { .leftToRight }

    /// The direction for content of a kind: right to left only when the content forces it,
    /// as the simulated watch's language reads left to right.
    public class func interfaceLayoutDirection(for semanticContentAttribute: WKInterfaceSemanticContentAttribute) -> WKInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceRightToLeft: .rightToLeft
        case .unspecified, .playback, .spatial, .forceLeftToRight: .leftToRight
        }
    }
}

/// What kind of content a layout holds, for its direction (Apple's page:
/// "WKInterfaceSemanticContentAttribute").
public enum WKInterfaceSemanticContentAttribute: Int, Hashable, Sendable {
    case unspecified = 0, playback, spatial, forceLeftToRight, forceRightToLeft
}

/// One watch's battery monitoring switch.
final class BatteryMonitoring: Sendable {
    let on = LockedState(false)

    static var current: BatteryMonitoring {
        ActionButtonRuntime.current?.watchObject(BatteryMonitoring.self) { BatteryMonitoring() } ?? processWide
    }

    private static let processWide = BatteryMonitoring()
}

/// Which way the interface reads (Apple's page: "WKInterfaceLayoutDirection").
public enum WKInterfaceLayoutDirection: Int, Hashable, Sendable {
    case leftToRight = 0, rightToLeft
}

/// One watch's vendor identifier.
final class VendorIdentifier: Sendable {
    let value = UUID()

    static var current: VendorIdentifier {
        ActionButtonRuntime.current?.watchObject(VendorIdentifier.self) { VendorIdentifier() } ?? processWide
    }

    private static let processWide = VendorIdentifier()
}

/// The Taptic Engine's patterns (Apple's page: "WKHapticType").
public enum WKHapticType: Int, Hashable, Sendable, CaseIterable {
    case notification = 0, directionUp, directionDown, success, failure, retry, start, stop, click
    case navigationGenericManeuver, navigationLeftTurn, navigationRightTurn
    case underwaterDepthPrompt, underwaterDepthCriticalPrompt

    /// Apple's case name (`success`), as the timeline shows it.
    public var name: String { String(describing: self) }
}

/// How far the watch may go under water (Apple's page: "WKWaterResistanceRating").
public enum WKWaterResistanceRating: Int, Hashable, Sendable {
    case ipx7 = 0, wr50
}

/// Which wrist the watch is on (Apple's page: "WKInterfaceDeviceWristLocation").
public enum WKInterfaceDeviceWristLocation: Int, Hashable, Sendable {
    case left = 0, right
}

/// Which side the Digital Crown is on (Apple's page: "WKInterfaceDeviceCrownOrientation").
public enum WKInterfaceDeviceCrownOrientation: Int, Hashable, Sendable {
    case left = 0, right
}

/// The battery (Apple's page: "WKInterfaceDeviceBatteryState"); the simulated one is not monitored.
public enum WKInterfaceDeviceBatteryState: Int, Hashable, Sendable {
    case unknown = 0, unplugged, charging, full
}

/// One watch's Water Lock (each simulated watch is a device of its own; outside one, one
/// per process).
final class WaterLock: Sendable {
    let on = LockedState(false)

    static var current: WaterLock {
        ActionButtonRuntime.current?.watchObject(WaterLock.self) { WaterLock() } ?? processWide
    }

    private static let processWide = WaterLock()
}
