import AppIntents
@_exported import Foundation
import Synchronization

// Apple's UserNotifications as a watch app's model code uses it: asking to notify, and
// scheduling, listing, delivering and removing local notifications. The simulated wearer
// allows what the app asks; each scheduled notification is written to the app's log on the
// timeline (`notification scheduled: "Hydrate" in 600 s`). One with no trigger, or a time
// interval, is delivered at its time on the engine's clock (`notification delivered:
// "Hydrate"`), again and again if it repeats: it is then among the delivered notifications
// and the delegate's `willPresent` is called, as with the app in front. A calendar trigger
// is delivered at the next date its components match on the watch's clock (UTC, unless the
// components name a time zone or a calendar with one), and at each match after if it repeats.
// The simulated wearer never moves into a region, so a location trigger stays pending.

/// What an app asks to be allowed (Apple's page: "UNAuthorizationOptions").
public struct UNAuthorizationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
    public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)
    public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
}

/// Whether the app may notify (Apple's page: "UNAuthorizationStatus").
public enum UNAuthorizationStatus: Int, Hashable, Sendable {
    case notDetermined = 0, denied, authorized, provisional, ephemeral
}

/// One setting's state (Apple's page: "UNNotificationSetting").
public enum UNNotificationSetting: Int, Hashable, Sendable {
    case notSupported = 0, disabled, enabled
}

/// The app's notification settings (Apple's page: "UNNotificationSettings").
public final class UNNotificationSettings: Sendable {
    public let authorizationStatus: UNAuthorizationStatus
    public let soundSetting: UNNotificationSetting
    public let badgeSetting: UNNotificationSetting
    public let alertSetting: UNNotificationSetting
    public let notificationCenterSetting: UNNotificationSetting

    init(authorized: Bool) {
        authorizationStatus = authorized ? .authorized : .notDetermined
        let setting: UNNotificationSetting = authorized ? .enabled : .disabled
        (soundSetting, badgeSetting, alertSetting, notificationCenterSetting) = (setting, .notSupported, setting, setting)
    }
}

/// A notification's sound (Apple's page: "UNNotificationSound").
public final class UNNotificationSound: Sendable {
    let name: String
    init(name: String) { self.name = name }
    public class var `default`: UNNotificationSound { UNNotificationSound(name: "default") }
    public class var defaultCritical: UNNotificationSound { UNNotificationSound(name: "default critical") }
}

/// What a notification says (Apple's page: "UNNotificationContent").
public class UNNotificationContent: @unchecked Sendable {
    // @unchecked: the mutable subclass is the app's to fill in before it schedules a copy.
    public internal(set) var title = ""
    public internal(set) var subtitle = ""
    public internal(set) var body = ""
    public internal(set) var badge: NSNumber?
    public internal(set) var sound: UNNotificationSound?
    public internal(set) var userInfo: [AnyHashable: Any] = [:]
    public internal(set) var categoryIdentifier = ""
    public internal(set) var threadIdentifier = ""

    public init() {}
}

/// The content an app fills in (Apple's page: "UNMutableNotificationContent").
public final class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    public override var title: String { get { super.title } set { super.title = newValue } }
    public override var subtitle: String { get { super.subtitle } set { super.subtitle = newValue } }
    public override var body: String { get { super.body } set { super.body = newValue } }
    public override var badge: NSNumber? { get { super.badge } set { super.badge = newValue } }
    public override var sound: UNNotificationSound? { get { super.sound } set { super.sound = newValue } }
    public override var userInfo: [AnyHashable: Any] { get { super.userInfo } set { super.userInfo = newValue } }
    public override var categoryIdentifier: String {
        get { super.categoryIdentifier }
        set { super.categoryIdentifier = newValue }
    }
    public override var threadIdentifier: String { get { super.threadIdentifier } set { super.threadIdentifier = newValue } }
}

/// When a notification is due (Apple's page: "UNNotificationTrigger").
public class UNNotificationTrigger: @unchecked Sendable {
    // @unchecked: immutable.
    public let repeats: Bool
    init(repeats: Bool) { self.repeats = repeats }
    var summary: String { "" }
}

/// After a number of seconds (Apple's page: "UNTimeIntervalNotificationTrigger").
public final class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    public let timeInterval: TimeInterval

    /// As on a watch, a repeating trigger needs at least 60 seconds.
    public init(timeInterval: TimeInterval, repeats: Bool) {
        precondition(timeInterval > 0 && (!repeats || timeInterval >= 60),
                     "UNTimeIntervalNotificationTrigger: the interval must be above 0, and at least 60 s when it repeats")
        self.timeInterval = timeInterval
        super.init(repeats: repeats)
    }

    override var summary: String { " in \(Int(timeInterval)) s" + (repeats ? ", repeating" : "") }

    /// When it is next due: its time after it was scheduled, on the watch's clock (Apple's
    /// page: "nextTriggerDate()"); from now when it has not been scheduled.
    public func nextTriggerDate() -> Date? {
        (scheduled.withLock { $0 } ?? SimulatedDate.now).addingTimeInterval(timeInterval)
    }

    /// When the center last scheduled it.
    let scheduled = Mutex<Date?>(nil)
}

/// At a calendar date (Apple's page: "UNCalendarNotificationTrigger").
public final class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    public let dateComponents: DateComponents

    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(repeats: repeats)
    }

    /// The next date after now on the watch's clock its components match (Apple's page:
    /// "nextTriggerDate()"); nil when none does.
    public func nextTriggerDate() -> Date? { nextDate(after: SimulatedDate.now) }

    /// The first date after `date` the components match: in their calendar or the Gregorian
    /// one, in their time zone, the calendar's, or UTC (the simulated watch's, so that a
    /// replay is the same on every machine).
    func nextDate(after date: Date) -> Date? {
        var calendar = dateComponents.calendar ?? Calendar(identifier: .gregorian)
        calendar.timeZone = dateComponents.timeZone ?? dateComponents.calendar?.timeZone ?? TimeZone(identifier: "UTC")!
        return calendar.nextDate(after: date, matching: dateComponents, matchingPolicy: .nextTime)
    }

    override var summary: String {
        let fields: [(String, Int?)] = [("year", dateComponents.year), ("month", dateComponents.month), ("day", dateComponents.day),
                                        ("weekday", dateComponents.weekday), ("hour", dateComponents.hour),
                                        ("minute", dateComponents.minute), ("second", dateComponents.second)]
        let matched = fields.compactMap { name, value in value.map { "\(name) \($0)" } }.joined(separator: ", ")
        return " at \(matched.isEmpty ? "any time" : matched)" + (repeats ? ", repeating" : "")
    }
}

extension UNNotificationRequest {
    /// What the log calls it: its title, or its body when it has none.
    var shownTitle: String { content.title.isEmpty ? content.body : content.title }
}

/// A notification to schedule (Apple's page: "UNNotificationRequest").
public final class UNNotificationRequest: @unchecked Sendable {
    // @unchecked: immutable; its content is a copy taken when it was made.
    public let identifier: String
    public let content: UNNotificationContent
    public let trigger: UNNotificationTrigger?

    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        let copy = UNNotificationContent()
        (copy.title, copy.subtitle, copy.body, copy.badge) = (content.title, content.subtitle, content.body, content.badge)
        (copy.sound, copy.userInfo) = (content.sound, content.userInfo)
        (copy.categoryIdentifier, copy.threadIdentifier) = (content.categoryIdentifier, content.threadIdentifier)
        self.content = copy
        self.trigger = trigger
    }
}

/// A delivered notification (Apple's page: "UNNotification").
public final class UNNotification: @unchecked Sendable {
    public let date: Date
    public let request: UNNotificationRequest
    init(date: Date, request: UNNotificationRequest) { (self.date, self.request) = (date, request) }
}

/// A notification's group of actions (Apple's page: "UNNotificationCategory").
public final class UNNotificationCategory: Hashable, @unchecked Sendable {
    public let identifier: String
    public let actions: [UNNotificationAction]
    public let intentIdentifiers: [String]

    public init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
                options: UNNotificationCategoryOptions = []) {
        (self.identifier, self.actions, self.intentIdentifiers) = (identifier, actions, intentIdentifiers)
    }

    public static func == (lhs: UNNotificationCategory, rhs: UNNotificationCategory) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

public struct UNNotificationCategoryOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
}

/// A button on a notification (Apple's page: "UNNotificationAction").
public final class UNNotificationAction: Sendable {
    public let identifier: String
    public let title: String
    public init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        (self.identifier, self.title) = (identifier, title)
    }
}

public struct UNNotificationActionOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

/// How a notification shows while the app is in front (Apple's page: "UNNotificationPresentationOptions").
public struct UNNotificationPresentationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

/// The wearer's answer to a notification (Apple's page: "UNNotificationResponse").
public final class UNNotificationResponse: @unchecked Sendable {
    public let notification: UNNotification
    public let actionIdentifier: String
    init(notification: UNNotification, actionIdentifier: String) { (self.notification, self.actionIdentifier) = (notification, actionIdentifier) }
}

/// Hears of notifications (Apple's page: "UNUserNotificationCenterDelegate"); every method
/// is optional. The simulated watch calls `willPresent` at each delivery (the wearer does not
/// answer, so `didReceive` is never called).
public protocol UNUserNotificationCenterDelegate: AnyObject {
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void)
}

extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                       withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {}
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                       withCompletionHandler completionHandler: @escaping () -> Void) {}
}

/// The app's notifications (Apple's page: "UNUserNotificationCenter"): one per simulated
/// watch, as one per app on a watch.
public final class UNUserNotificationCenter: @unchecked Sendable {
    // @unchecked: `delegate` is the app's to set, as on a watch; the rest is behind the lock.
    public weak var delegate: (any UNUserNotificationCenterDelegate)?
    private struct State {
        var authorized = false
        var pending: [UNNotificationRequest] = []
        var delivered: [UNNotification] = []
        var categories: Set<UNNotificationCategory> = []
    }
    private let state = Mutex(State())

    init() {}

    private static let processWide = UNUserNotificationCenter()

    public class func current() -> UNUserNotificationCenter {
        ActionButtonRuntime.current?.watchObject(UNUserNotificationCenter.self) { UNUserNotificationCenter() } ?? processWide
    }

    /// The simulated wearer allows what the app asks.
    public func requestAuthorization(options: UNAuthorizationOptions = [],
                                     completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        state.withLock { $0.authorized = true }
        ActionButtonRuntime.current?.log("UserNotifications: the wearer allows notifications")
        completionHandler(true, nil)
    }

    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        requestAuthorization(options: options) { _, _ in }
        return true
    }

    public func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {
        completionHandler(UNNotificationSettings(authorized: state.withLock { $0.authorized }))
    }

    public func notificationSettings() async -> UNNotificationSettings {
        UNNotificationSettings(authorized: state.withLock { $0.authorized })
    }

    /// Schedules a notification (one with the same identifier is replaced), logs it, and has
    /// the simulated watch deliver it at its time.
    public func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        state.withLock { state in
            state.pending.removeAll { $0.identifier == request.identifier }
            state.pending.append(request)
        }
        ActionButtonRuntime.current?.log("UserNotifications: notification scheduled: \"\(request.shownTitle)\"\(request.trigger?.summary ?? " now")")
        scheduleDelivery(of: request)
        completionHandler?(nil)
    }

    /// The delivery of `request` on the engine's clock: at once without a trigger, after its
    /// time interval, or at the next date its calendar components match after `after` (the
    /// time it was last delivered, for a repeating one); none for a location trigger.
    private func scheduleDelivery(of request: UNNotificationRequest, after previous: Date? = nil) {
        guard let host = ActionButtonRuntime.current else { return }
        let now = SimulatedDate.now(on: host)
        let interval: Duration
        var due: Date?
        switch request.trigger {
        case nil: interval = .zero
        case let trigger as UNTimeIntervalNotificationTrigger:
            trigger.scheduled.withLock { $0 = now }
            interval = .milliseconds(Int64((trigger.timeInterval * 1000).rounded()))
        case let trigger as UNCalendarNotificationTrigger:
            guard let next = trigger.nextDate(after: max(now, previous ?? now)) else {
                host.log("UserNotifications: \"\(request.shownTitle)\" is never due: no date matches its trigger")
                return
            }
            interval = .nanoseconds(Int64((next.timeIntervalSince(now) * 1e9).rounded()))
            due = next
        default: return
        }
        host.schedule(at: host.now + interval) { [weak self, due] in self?.deliver(request, due: due) }
    }

    /// `request`'s time has come: delivered if it is still the one pending under its
    /// identifier (not removed or replaced since), and scheduled again if it repeats. `due`
    /// is the date a calendar trigger matched (the engine's clock may land a rounding short
    /// of it); otherwise the notification is dated now.
    private func deliver(_ request: UNNotificationRequest, due: Date?) {
        let notification = UNNotification(date: due ?? SimulatedDate.now, request: request)
        let due = state.withLock { state -> Bool in
            guard state.pending.contains(where: { $0 === request }) else { return false }
            if request.trigger?.repeats != true { state.pending.removeAll { $0 === request } }
            state.delivered.removeAll { $0.request.identifier == request.identifier }
            state.delivered.append(notification)
            return true
        }
        guard due else { return }
        ActionButtonRuntime.current?.log("UserNotifications: notification delivered: \"\(request.shownTitle)\"")
        delegate?.userNotificationCenter(self, willPresent: notification, withCompletionHandler: { _ in })
        if request.trigger?.repeats == true { scheduleDelivery(of: request, after: notification.date) }
    }

    public func add(_ request: UNNotificationRequest) async throws { add(request, withCompletionHandler: nil) }

    public func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void) {
        completionHandler(state.withLock { $0.pending })
    }

    public func pendingNotificationRequests() async -> [UNNotificationRequest] { state.withLock { $0.pending } }

    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        state.withLock { $0.pending.removeAll { identifiers.contains($0.identifier) } }
    }

    public func removeAllPendingNotificationRequests() { state.withLock { $0.pending.removeAll() } }

    public func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) {
        completionHandler(state.withLock { $0.delivered })
    }

    public func deliveredNotifications() async -> [UNNotification] { state.withLock { $0.delivered } }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        state.withLock { $0.delivered.removeAll { identifiers.contains($0.request.identifier) } }
    }

    public func removeAllDeliveredNotifications() { state.withLock { $0.delivered.removeAll() } }

    public func setNotificationCategories(_ categories: Set<UNNotificationCategory>) { state.withLock { $0.categories = categories } }

    public func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void) {
        completionHandler(state.withLock { $0.categories })
    }

    public func notificationCategories() async -> Set<UNNotificationCategory> { state.withLock { $0.categories } }

    public func setBadgeCount(_ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        completionHandler?(nil)
    }

    public func setBadgeCount(_ newBadgeCount: Int) async throws {}
}
