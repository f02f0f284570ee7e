// The audit of 2026-11-29: what its additions do on a simulated watch, driven as a Swift 5
// app drives them. Each test fails without the behaviour it names.
import ActionButtonHarness
import AppIntents
import HealthKit
import Testing
import WatchKit

/// Apple's samples use their own dates; any fixed day will do.
private let day = Date(timeIntervalSince1970: 1_700_000_000)

/// A multisport app's delegate: each leg's beginning and end, seconds into the workout.
private final class LegLog: HKWorkoutSessionDelegate {
    var legs: [String] = []

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date) {}
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: Error) { legs.append("failed \(error)") }

    func workoutSession(_ workoutSession: HKWorkoutSession, didBeginActivityWith workoutConfiguration: HKWorkoutConfiguration,
                        date: Date) {
        legs.append("begin \(workoutConfiguration.activityType.rawValue) at \(seconds(date, into: workoutSession))")
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didEndActivityWith workoutConfiguration: HKWorkoutConfiguration,
                        date: Date) {
        legs.append("end \(workoutConfiguration.activityType.rawValue) at \(seconds(date, into: workoutSession))")
    }

    private func seconds(_ date: Date, into session: HKWorkoutSession) -> Int {
        Int(date.timeIntervalSince(session.startDate ?? date).rounded())
    }
}

/// What the app's code found, read by the test afterwards.
private final class Findings {
    var session: HKWorkoutSession?
    var filed = -1
    var longest: [Double] = []
}

@Suite("Swift 5: the audit's additions on a simulated watch", .serialized)
struct AuditAdditionsSwift5Tests {
    private func watch() throws -> ActionButtonHarness {
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("Legs5", start: StartLogbookIntent.self),
                                            settings: .workout(app: "Legs5", firstPress: "run"))
        watch.stallLimit = .seconds(300)
        return watch
    }

    @Test("watchOS 9: the session tells its delegate as each leg begins and ends, on the engine's clock, the old leg first")
    func activityDelegate() async throws {
        let watch = try watch()
        let log = LegLog()
        let store = HKHealthStore()
        let app = Findings()
        let swim = HKWorkoutConfiguration()
        swim.activityType = .swimming
        try await watch.runInApp("start") {
            app.session = try? HKWorkoutSession(healthStore: store, configuration: swim)
            app.session?.delegate = log
            app.session?.startActivity(with: Date())
        }
        try await watch.advance(by: .seconds(60))
        try await watch.runInApp("swim") { app.session?.beginNewActivity(configuration: swim, date: Date(), metadata: nil) }
        try await watch.advance(by: .seconds(600))
        try await watch.runInApp("ride") {
            let ride = swim.copy() as! HKWorkoutConfiguration
            ride.activityType = .cycling
            app.session?.beginNewActivity(configuration: ride, date: Date(), metadata: nil)
        }
        try await watch.advance(by: .seconds(100))
        try await watch.runInApp("stop") {
            app.session?.endCurrentActivity(on: Date())
            // No activity runs now: nothing more to tell.
            app.session?.endCurrentActivity(on: Date())
            app.session?.end()
        }
        #expect(log.legs == ["begin 46 at 60", "end 46 at 660", "begin 13 at 660", "end 13 at 760"])
    }

    @Test("A smart alarm's haptic repeats at the handler's interval, in the pattern it sets, until the session ends")
    func smartAlarmRepeats() async throws {
        let watch = try watch()
        let alarm = SmartAlarm()
        try await watch.runInApp("ring") { alarm.ring() }
        try await watch.advance(by: .seconds(35))
        #expect(Array(watch.haptics.suffix(4)) == ["notification", "directionUp", "directionUp", "failure"])
        let tapped = watch.haptics.count
        try await watch.runInApp("stop") { alarm.stop() }
        try await watch.advance(by: .seconds(60))
        #expect(watch.haptics.count == tapped)
    }

    @Test("Signposts are lines in the session log, with their IDs, messages and categories; a disabled signposter writes none")
    func signposts() async throws {
        let watch = try watch()
        let sync = SyncTimer()
        try await watch.runInApp("upload") {
            sync.upload([60.2, 58.9])
            sync.elsewhere()
            sync.fromLogs()
        }
        #expect(sync.lines.contains("total 119.1 average 59.55"))
        #expect(sync.lines.contains("enabled true false"))
        #expect(watch.appLog.contains("signpost event uploaded (category PointsOfInterest)"))
        #expect(watch.appLog.contains { $0.hasPrefix("signpost begin upload [") && $0.hasSuffix("]: 2 laps (category Sync)") })
        #expect(watch.appLog.contains { $0.hasPrefix("signpost end upload [") && $0.hasSuffix("]: done after 0.000 s (category Sync)") })
        #expect(watch.appLog.contains("signpost begin animation ring (category Sync)"))
        #expect(!watch.appLog.contains { $0.contains("never") })
    }

    @Test("Older apps' workouts: a session run through the store, a workout saved whole with its totals, samples added to it")
    func olderWorkoutApp() async throws {
        let watch = try watch()
        let app = OlderWorkoutApp()
        try await watch.runInApp("run") {
            app.start()
            app.pauseAndResume()
            app.stop()
            app.saveWhole(from: day)
        }
        #expect(app.lines.contains("location true true"))
        #expect(app.lines.contains("state running"))
        #expect(app.lines.contains("state ended"))
        #expect(app.lines.contains("whole 1500.0 5000.0 320.0"))
        #expect(app.lines.contains("others [1800.0, 1800.0, 1500.0, 1500.0, 1800.0, 1800.0] 800.0 40.0"))
        #expect(app.lines.contains("added true"))
        let workout = try #require(app.saved)
        let found = Findings()
        let details = HealthDetails()
        try await watch.runInApp("read") {
            let query = HKSampleQuery(sampleType: HKQuantityType(.heartRate), predicate: HKQuery.predicateForObjects(from: workout),
                                      limit: HKObjectQueryNoLimit, sortDescriptors: nil) { _, samples, _ in found.filed = samples?.count ?? 0 }
            HKHealthStore().execute(query)
            details.longestWorkouts { workouts in found.longest = workouts.map { $0.totalDistance?.doubleValue(for: .meter()) ?? 0 } }
        }
        #expect(found.filed == 3)
        #expect(found.longest == [5000])
    }

    @Test("Metadata keys, the two sample subclasses, HKError as an NSError, copied configurations, formatter units")
    func healthDetails() async throws {
        let watch = try watch()
        let details = HealthDetails()
        let device = DeviceDetails()
        try await watch.runInApp("details") {
            details.saveAndCast(at: day)
            details.errors()
            details.copies()
            details.formatters()
            device.describe()
        }
        #expect(Set(details.allKeys).count == 67)
        #expect(details.keyPaths().count == 21)
        #expect(details.lines.contains("sum 400.0"))
        #expect(details.lines.contains("keys true 21"))
        #expect(details.lines.contains("heart 150.0 150.0 150.0 150.0 0.0"))
        #expect(details.lines.contains("hypertension HKCategoryTypeIdentifierHypertensionEvent"))
        #expect(details.lines.contains("error true 11 nothing logged yet"))
        #expect(details.lines.contains("custom com.apple.healthkit 3"))
        #expect(details.lines.contains("no error true 0"))
        #expect(details.lines.contains("copy true true true"))
        #expect(details.lines.contains("formatters true true true [\"kJ\", \"km\", \"st\"]"))
        #expect(device.lines.contains("battery false -1.0 true -> true 1.0 true"))
        #expect(device.lines.contains("rtl [false, false, false, false, true]"))
        #expect(device.lines.contains("autorotating true false remote false"))
        #expect(device.lines.contains("snapshot true"))
    }
}
