// Issue 24: UserNotifications as a workout app's model code uses it (a hydration reminder
// scheduled when the workout starts). A file that imports it is no longer left out.
import ActionButtonHarness
import AppIntents
import Testing
import UserNotifications

/// An app's reminders, written as apps write them: completion handlers and async calls.
final class Reminders {
    let center = UNUserNotificationCenter.current()
    var granted = false
    var pending: [String] = []

    func schedule() async throws {
        granted = try await center.requestAuthorization(options: [.alert, .sound])
        let content = UNMutableNotificationContent()
        content.title = "Hydrate"
        content.body = "Ten minutes in: time for a sip"
        content.sound = .default
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 600, repeats: false)
        try await center.add(UNNotificationRequest(identifier: "hydrate", content: content, trigger: trigger))
        center.add(UNNotificationRequest(identifier: "cooldown", content: content, trigger: nil)) { _ in }
        center.removePendingNotificationRequests(withIdentifiers: ["cooldown"])
        pending = await center.pendingNotificationRequests().map(\.identifier)
        let settings = await center.notificationSettings()
        pending.append("\(settings.authorizationStatus == .authorized) \(settings.alertSetting == .enabled)")
    }

    /// The completion-handler forms, categories, the calendar trigger, badges and the delegate.
    func rest(_ done: @escaping @Sendable (String) -> Void) {
        let center = self.center
        center.delegate = delegate
        let action = UNNotificationAction(identifier: "snooze", title: "Snooze", options: [.foreground])
        center.setNotificationCategories([UNNotificationCategory(identifier: "reminder", actions: [action], intentIdentifiers: [],
                                                                 options: [.customDismissAction])])
        let morning = UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 7), repeats: true)
        center.add(UNNotificationRequest(identifier: "morning", content: UNMutableNotificationContent(), trigger: morning))
        center.setBadgeCount(0)
        center.getNotificationSettings { settings in
            center.getPendingNotificationRequests { requests in
                center.getDeliveredNotifications { delivered in
                    center.getNotificationCategories { categories in
                        center.removeAllPendingNotificationRequests()
                        center.removeAllDeliveredNotifications()
                        center.removeDeliveredNotifications(withIdentifiers: ["morning"])
                        done("\(settings.authorizationStatus.rawValue) \(requests.map(\.identifier)) \(delivered.count) "
                             + "\(categories.first?.actions.first?.title ?? "") \(morning.dateComponents.hour ?? 0) \(morning.repeats)")
                    }
                }
            }
        }
    }

    let delegate = ReminderDelegate()
}

/// Apps set a delegate to show notifications while they are in front.
final class ReminderDelegate: UNUserNotificationCenterDelegate {
    var presented = 0
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
                                withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void) {
        presented += 1
        completionHandler([.banner, .sound])
    }
}

@Suite("Swift 5: UserNotifications")
struct NotificationsSwift5Tests {
    @Test("A reminder is asked for, scheduled, listed and removed; the timeline says what was scheduled")
    func reminder() async throws {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Reminders5", start: StartLogbookIntent.self),
                                            settings: .workout(app: "Reminders5", firstPress: "run"))
        // Made on the watch: `current()` is that watch's center (each test has its own).
        final class Box: @unchecked Sendable { var reminders: Reminders! }
        let box = Box()
        try await watch.runInApp("make") { box.reminders = Reminders() }
        try await watch.runInApp("schedule") { Task { try await box.reminders.schedule() } }
        #expect(box.reminders.granted)
        #expect(box.reminders.pending == ["hydrate", "true true"])
        #expect(watch.appLog.contains("UserNotifications: the wearer allows notifications"), "\(watch.appLog)")
        #expect(watch.appLog.contains("UserNotifications: notification scheduled: \"Hydrate\" in 600 s"))
        #expect(watch.appLog.contains("UserNotifications: notification scheduled: \"Hydrate\" now"))
        final class Said: @unchecked Sendable { var text = "" }
        let said = Said()
        try await watch.runInApp("the rest") { box.reminders.rest { said.text = $0 } }
        #expect(said.text == "2 [\"hydrate\", \"morning\"] 0 Snooze 7 true", "\(said.text)")
        #expect(box.reminders.delegate.presented == 0, "nothing was due yet")
        #expect(!watch.appLog.contains { $0.contains("notification delivered") }, "the one removed before its time is never delivered")
    }

    @Test("A reminder is delivered at its time on the watch's clock: the delegate hears of it, it is among the delivered, and a repeating one comes again")
    func delivery() async throws {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Reminders5", start: StartLogbookIntent.self),
                                            settings: .workout(app: "Reminders5", firstPress: "run"))
        // Made on the watch: `current()` is that watch's center (each test has its own).
        final class Box: @unchecked Sendable { var reminders: Reminders! }
        let box = Box()
        try await watch.runInApp("make") { box.reminders = Reminders() }
        try await watch.runInApp("schedule") {
            let center = box.reminders.center
            center.delegate = box.reminders.delegate
            let content = UNMutableNotificationContent()
            content.title = "Stretch"
            center.add(UNNotificationRequest(identifier: "stretch", content: content,
                                             trigger: UNTimeIntervalNotificationTrigger(timeInterval: 90, repeats: true)))
            Task { try await box.reminders.schedule() }
        }
        try await watch.advance(by: .seconds(599))
        #expect(box.reminders.delegate.presented == 6, "Stretch six times in 599 s (90 s apart)")
        #expect(!watch.appLog.contains("UserNotifications: notification delivered: \"Hydrate\""), "Hydrate is due at 600 s")
        try await watch.advance(by: .seconds(1))
        #expect(watch.appLog.contains("UserNotifications: notification delivered: \"Hydrate\""), "\(watch.appLog)")
        #expect(box.reminders.delegate.presented == 7)
        final class Said: @unchecked Sendable { var delivered: [String] = []; var pending: [String] = [] }
        let said = Said()
        try await watch.runInApp("read") {
            let center = box.reminders.center
            center.getDeliveredNotifications { delivered in
                center.getPendingNotificationRequests { pending in
                    said.delivered = delivered.map(\.request.identifier).sorted()
                    said.pending = pending.map(\.identifier).sorted()
                }
            }
        }
        #expect(said.delivered == ["hydrate", "stretch"], "the repeating one once, as its latest")
        #expect(said.pending == ["stretch"], "a repeating notification stays pending; Hydrate was delivered")
    }

    @Test("A calendar trigger is delivered when the watch's clock (UTC) meets its components, each day again when it repeats; nextTriggerDate() says when")
    func calendarDelivery() async throws {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Reminders5", start: StartLogbookIntent.self),
                                            settings: .workout(app: "Reminders5", firstPress: "run"))
        final class Box: @unchecked Sendable {
            var reminders: Reminders!
            var morning: UNCalendarNotificationTrigger!
            var soon: UNTimeIntervalNotificationTrigger!
            var next: [Date?] = []
        }
        let box = Box()
        let utc = TimeZone(identifier: "UTC")!
        try await watch.runInApp("schedule") {
            box.reminders = Reminders()
            let center = box.reminders.center
            center.delegate = box.reminders.delegate
            let content = UNMutableNotificationContent()
            content.title = "Morning run"
            box.morning = UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 7, minute: 30), repeats: true)
            center.add(UNNotificationRequest(identifier: "morning", content: content, trigger: box.morning))
            box.soon = UNTimeIntervalNotificationTrigger(timeInterval: 600, repeats: false)
            center.add(UNNotificationRequest(identifier: "soon", content: UNMutableNotificationContent(), trigger: box.soon))
        }
        // The watch's clock begins at 2025-01-01 00:00 UTC.
        let day = Date(timeIntervalSince1970: 1_735_689_600)
        // Asked on the watch, as app code asks: the watch's now.
        try await watch.runInApp("when") { box.next = [box.morning.nextTriggerDate(), box.soon.nextTriggerDate()] }
        #expect(box.next == [day.addingTimeInterval(7.5 * 3600), day.addingTimeInterval(600)])
        #expect(watch.appLog.contains("UserNotifications: notification scheduled: \"Morning run\" at hour 7, minute 30, repeating"), "\(watch.appLog)")
        try await watch.advance(by: .seconds(7 * 3600 + 29 * 60 + 59))
        #expect(!watch.appLog.contains("UserNotifications: notification delivered: \"Morning run\""))
        try await watch.advance(by: .seconds(1))
        #expect(watch.appLog.filter { $0 == "UserNotifications: notification delivered: \"Morning run\"" }.count == 1, "\(watch.appLog)")
        try await watch.advance(by: .seconds(24 * 3600))
        #expect(watch.appLog.filter { $0 == "UserNotifications: notification delivered: \"Morning run\"" }.count == 2, "\(watch.appLog)")
        #expect(box.reminders.delegate.presented == 3, "Morning run twice, and the interval's once")
        try await watch.runInApp("when again") { box.next = [box.morning.nextTriggerDate()] }
        #expect(box.next == [day.addingTimeInterval(55.5 * 3600)])
        final class Said: @unchecked Sendable { var dates: [Date] = [] }
        let said = Said()
        try await watch.runInApp("read") {
            box.reminders.center.getDeliveredNotifications { delivered in said.dates = delivered.map(\.date) }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        #expect(said.dates.map { calendar.dateComponents([.day, .hour, .minute], from: $0) }.contains(DateComponents(day: 2, hour: 7, minute: 30)),
                "the delivered notification's date is the watch's, not this machine's: \(said.dates)")
    }
}
