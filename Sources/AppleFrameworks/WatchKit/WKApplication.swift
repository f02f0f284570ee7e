import AppIntents
import Foundation

/// The running app (Apple's page: "WKApplication"). On the simulated watch the app is
/// launched by the Action button's first press (A3) and stays active; what the system would
/// do later (a background refresh, opening a system URL) is logged and not done.
public final class WKApplication: @unchecked Sendable {
    // @unchecked: every mutable property is behind `values`' lock.
    private struct Values {
        weak var delegate: (any WKApplicationDelegate)?
        var isAutorotating = false
    }

    private static let instance = WKApplication()
    private let values = LockedState(Values())

    private init() {}

    public class func shared() -> WKApplication { instance }

    public var delegate: (any WKApplicationDelegate)? {
        get { values.withLock { $0.delegate } }
        set { values.withLock { $0.delegate = newValue } }
    }

    /// Active while the app runs on a simulated watch; in the background otherwise.
    public var applicationState: WKApplicationState { ActionButtonRuntime.current == nil ? .background : .active }

    public var isApplicationRunningInDock: Bool { false }
    /// Whether the app asks to turn its screen for someone facing the wearer. The app may set
    /// it; nobody turns the simulated wrist, so `isAutorotated` stays false.
    public var isAutorotating: Bool {
        get { values.withLock { $0.isAutorotating } }
        set { values.withLock { $0.isAutorotating = newValue } }
    }

    public var isAutorotated: Bool { false }

    /// Asks for a background refresh; the simulated watch never grants one, and says so.
    public func scheduleBackgroundRefresh(withPreferredDate preferredFireDate: Date, userInfo: (any NSSecureCoding & NSObjectProtocol)?,
                                          scheduledCompletion: @escaping @Sendable ((any Error)?) -> Void) {
        ActionButtonRuntime.current?.log("WatchKit: a background refresh was asked for; the simulated watch runs none")
        scheduledCompletion(nil)
    }

    /// Asks for a snapshot of the app's interface for the Dock; like a background refresh, the
    /// simulated watch takes none, and says so.
    public func scheduleSnapshotRefresh(withPreferredDate preferredFireDate: Date, userInfo: (any NSSecureCoding & NSObjectProtocol)?,
                                        scheduledCompletion: @escaping @Sendable ((any Error)?) -> Void) {
        ActionButtonRuntime.current?.log("WatchKit: a snapshot refresh was asked for; the simulated watch takes none")
        scheduledCompletion(nil)
    }

    /// Opens a system URL (a phone number, a map); logged.
    public func openSystemURL(_ url: URL) {
        ActionButtonRuntime.current?.log("WatchKit: open \(url.absoluteString)")
    }

    public func registerForRemoteNotifications() {}
    public func unregisterForRemoteNotifications() {}

    /// No push service reaches the simulated watch, so registering never completes: false.
    public var isRegisteredForRemoteNotifications: Bool { false }

    // The app's life as notifications (Apple's strings). The simulated app is launched by the
    // first press and stays active; the simulated watch posts none of these.
    public static let didFinishLaunchingNotification = NSNotification.Name("WKApplicationDidFinishLaunchingNotification")
    public static let didBecomeActiveNotification = NSNotification.Name("WKApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = NSNotification.Name("WKApplicationWillResignActiveNotification")
    public static let willEnterForegroundNotification = NSNotification.Name("WKApplicationWillEnterForegroundNotification")
    public static let didEnterBackgroundNotification = NSNotification.Name("WKApplicationDidEnterBackgroundNotification")
}

/// Told of the app's life (Apple's page: "WKApplicationDelegate"). Implement what you need.
public protocol WKApplicationDelegate: AnyObject {
    func applicationDidFinishLaunching()
    func applicationDidBecomeActive()
    func applicationWillResignActive()
    func applicationWillEnterForeground()
    func applicationDidEnterBackground()
}

extension WKApplicationDelegate {
    public func applicationDidFinishLaunching() {}
    public func applicationDidBecomeActive() {}
    public func applicationWillResignActive() {}
    public func applicationWillEnterForeground() {}
    public func applicationDidEnterBackground() {}
}

/// Whether the app is in front (Apple's page: "WKApplicationState").
public enum WKApplicationState: Int, Hashable, Sendable {
    case active = 0, inactive, background
}
