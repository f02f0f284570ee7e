// Issue 14: a watch target's intent files, written for Xcode in Swift 5 language mode
// (`static var`, `MyWorkoutManager.shared`, NSObject delegates), run unchanged on the
// simulated watch. Each test presses as a wearer would and checks what the watch did.
// The app's singletons are shared by these tests, so they run one at a time.
import ActionButtonCore
import ActionButtonHarness
import AppIntents
import HealthKit
import Telemetry
import Testing
import os

private let app = AppDefinition.workoutApp(
    "CompatWorkout", start: MyStartWorkoutIntent.self, pause: MyPauseWorkoutIntent(), resume: MyResumeWorkoutIntent(),
    actions: [MarkLapIntent.self], shortcuts: [CompatShortcuts.self])

private let diveApp = AppDefinition.diveApp("CompatDive", start: MyStartDiveIntent(), actions: [MarkDepthIntent.self])

/// A watch with the simulated sensors on, as `actionsim replay` has them.
private func watch(_ app: AppDefinition, _ settings: ActionButtonSettings) throws -> ActionButtonHarness {
    let watch = try ActionButtonHarness(app: app, settings: settings, instruments: SensorSuite.instruments(for: SensorSettings(), seed: 5))
    // Apple's code donates from a Task { } that runs on real time: on a machine loaded by
    // a whole parallel test run it once took over the default 30 s to be scheduled.
    watch.stallLimit = .seconds(300)
    return watch
}

@Suite("Swift 5 watch code, unchanged", .serialized)
struct WatchAppSwift5Tests {
    @Test("A3, A6: the first press starts the workout (dialog, haptic, log lines); the task's donation makes Mark Lap the next action")
    func firstPress() async throws {
        let watch = try watch(app, .workout(app: "CompatWorkout", firstPress: "running"))
        try await watch.press()
        watch.expectPerformed(MyStartWorkoutIntent.self, role: .start(workoutStyle: "running"))
        watch.expectSession(.running)
        watch.expectNextAction(MarkLapIntent.self)
        #expect(watch.dialogs == ["MyStartWorkoutIntent: Starting your running workout"])
        #expect(watch.haptics == ["start"])
        #expect(watch.appLog.contains("Starting a running workout"))
        #expect(watch.appLog.contains("May share workouts: true"))
        #expect(watch.appLog.contains("Session went from 1 to 2"))
        #expect(watch.timeline.contains { $0.contains("MyStartWorkoutIntent says “Starting your running workout”") })
        #expect(watch.timeline.contains { $0.contains("haptic start (the wrist is tapped)") })
        #expect(watch.jsonLines.contains { $0.contains(#""event":"session""#) && $0.contains(#""activity":"running""#) })
        #expect(MyWorkoutManager.shared.donationIdentifiers.count == 1)
        watch.expectNoErrors()
    }

    @Test("T1: the live builder collects the sensors' heart rate; statistics, the delegate, the anchored query and os.Logger formats see it")
    func liveData() async throws {
        let watch = try watch(app, .workout(app: "CompatWorkout", firstPress: "running"))
        try await watch.press()
        try await watch.advance(by: .seconds(30))
        let heartRates = watch.appLog.filter { $0.hasPrefix("Heart rate ") }
        #expect(heartRates.count >= 29)
        #expect(heartRates.allSatisfy { $0.range(of: #"^Heart rate \d{2,3}\.\d bpm$"#, options: .regularExpression) != nil })
        #expect(MyWorkoutManager.shared.heartRatesSeen >= 29)
        let builder = try #require(MyWorkoutManager.shared.builder)
        let distance = try #require(builder.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity())
        #expect(distance.doubleValue(for: .meter()) > 30)
        #expect(builder.statistics(for: HKQuantityType(.stepCount)) == nil)  // the app disabled it
        #expect(builder.metadata[HKMetadataKeyIndoorWorkout] as? Bool == false)
        #expect(abs(builder.elapsedTime - 30) < 1.5)
    }

    @Test("A6, A7: Mark Lap's dialog, haptic and lap; pause and resume by the chord; resume's result donates Mark Lap again")
    func lapsPauseResume() async throws {
        let watch = try watch(app, .workout(app: "CompatWorkout", firstPress: "running"))
        try await watch.press()
        try await watch.advance(by: .seconds(60))
        try await watch.press()
        watch.expectPerformed(MarkLapIntent.self, role: .nextAction)
        #expect(watch.dialogs.last == "MarkLapIntent: Lap 1")
        #expect(watch.haptics == ["start", "click"])
        #expect(watch.markers.map(\.kind) == ["lap"])
        try await watch.pressBoth()
        watch.expectSession(.paused)
        try await watch.advance(by: .seconds(20))
        try await watch.pressBoth()
        watch.expectSession(.running)
        watch.expectPerformed(MyResumeWorkoutIntent.self, role: .resume)
        watch.expectNextAction(MarkLapIntent.self)
        try await watch.advance(by: .seconds(10))
        // 70 s of workout: the 20 s pause is not counted.
        let elapsed = try #require(MyWorkoutManager.shared.builder?.elapsedTime)
        #expect(abs(elapsed - 70) < 1.5)
    }

    @Test("HealthKit: ending with completion handlers saves a workout with its duration, distance and events; the session ends (A11)")
    func endWorkout() async throws {
        let watch = try watch(app, .workout(app: "CompatWorkout", firstPress: "running"))
        try await watch.press()
        try await watch.advance(by: .seconds(120))
        try await watch.press()
        try await watch.runInApp("end the workout") { MyWorkoutManager.shared.endWorkout() }
        watch.expectSession(.none)
        watch.expectNoNextAction()
        let workout = try #require(MyWorkoutManager.shared.finishedWorkout)
        #expect(workout.workoutActivityType == .running)
        #expect(abs(workout.duration - 120) < 1.5)
        #expect(try #require(workout.totalDistance).doubleValue(for: .meter()) > 100)
        #expect(workout.workoutEvents?.map(\.type) == [.lap])
        #expect(workout.statistics(for: HKQuantityType(.heartRate))?.averageQuantity() != nil)
        #expect(watch.appLog.contains { $0.hasPrefix("Saved 120 s and ") && $0.hasSuffix(" m") })
    }

    @Test("HealthKit: a workout type no sensor model records starts as on a watch, recording heart rate and energy only, and the log says so (issue 24)")
    func unmodelledActivity() async throws {
        let watch = try watch(app, .workout(app: "CompatWorkout", firstPress: "rowing"))
        try await watch.press()
        try await watch.advance(by: .seconds(60))
        watch.expectSession(.running)
        #expect(watch.errors.isEmpty, "\(watch.errors)")
        #expect(watch.warnings.contains { $0.contains("no sensor model for rowing") && $0.contains("recording heart rate and energy only") },
                "\(watch.warnings)")
    }

    @Test("A2: First Press lists the suggested workouts with their display representations; changing them and invalidating is heard")
    func firstPressChoices() async throws {
        let offered = app.installedApp.workout?.suggestedWorkouts ?? []
        #expect(offered.map(\.id) == ["running", "walking", "rowing"])
        #expect(offered.first == WorkoutOption(id: "running", title: "Running", subtitle: "outside run"))
        #expect(WorkoutEnum.cycling.displayRepresentation.title.key == "Cycling")
        #expect(WorkoutEnum.caseDisplayRepresentations[.running]?.image == .init(systemName: "figure.run"))
        #expect(WorkoutEnum.typeDisplayRepresentation.name.key == "Workout")
        #expect(Intensity.typeDisplayRepresentation.name.key == "Intensity")
        #expect(MyStartWorkoutIntent(style: .walking).workoutStyle == .walking)
        #expect(MyStartWorkoutIntent().displayRepresentation.subtitle?.key == "outside run")
        #expect(MyStartWorkoutIntent.openAppWhenRun)
        #expect(!MarkLapIntent.openAppWhenRun)
        #expect(MyStartWorkoutIntent.description.descriptionText.key == "Starts a workout of the chosen type.")

        let watch = try watch(app, .workout(app: "CompatWorkout", firstPress: "walking"))
        try await watch.runInApp("offer only running") { offerOnlyRunning() }
        watch.expectError(.firstPressUnavailable)
        MyStartWorkoutIntent.suggestedWorkouts = [.init(style: .running), .init(style: .walking), .init(style: .rowing)]
    }

    @Test("@Parameter: a default value, an optional left unset, and values set before perform()")
    func parameters() async throws {
        var lap = MarkLapIntent()
        #expect(lap.laps == 1)
        #expect(lap.note == nil)
        lap.laps = 2
        lap.note = "hill"
        #expect(lap.laps == 2 && lap.note == "hill")
    }

    @Test("donate(result:): the async form returns an identifier, the synchronous form and IntentDonationManager donate too (A6)")
    func donations() async throws {
        let watch = try watch(app, .workout(app: "CompatWorkout", firstPress: "running"))
        try await watch.press()
        try await watch.runInApp("donate without await") {
            let first = MarkLapIntent().donate(result: .result(actionButtonIntent: MarkLapIntent()))
            let second = IntentDonationManager.shared.donate(intent: MarkLapIntent(), result: .result(actionButtonIntent: MarkLapIntent()))
            precondition(first != second)
        }
        let donations = watch.events.filter { if case .donation = $0.kind { true } else { false } }
        #expect(donations.count == 3)
        watch.expectNextAction(MarkLapIntent.self)
    }

    @Test("HealthKit: recoverActiveWorkoutSession finds the running session; authorization and units work as on a watch")
    func healthStore() async throws {
        let watch = try watch(app, .workout(app: "CompatWorkout", firstPress: "running"))
        try await watch.press()
        let found = Box()
        try await watch.runInApp("recover the session") {
            HKHealthStore().recoverActiveWorkoutSession { session, _ in found.value = session === MyWorkoutManager.shared.session }
        }
        #expect(found.value)
        #expect(HKUnit(from: "count/min") == HKUnit.count().unitDivided(by: .minute()))
        #expect(HKUnit(from: "kcal/hr*kg") == HKUnit.kilocalorie().unitDivided(by: HKUnit.hour().unitMultiplied(by: .gramUnit(with: .kilo))))
        let mile = HKQuantity(unit: .mile(), doubleValue: 1)
        #expect(abs(mile.doubleValue(for: .meterUnit(with: .kilo)) - 1.609344) < 1e-12)
        #expect(abs(HKQuantity(unit: .degreeFahrenheit(), doubleValue: 212).doubleValue(for: .degreeCelsius()) - 100) < 1e-9)
        #expect(HKUnit.meter().unitRaised(toPower: 2).reciprocal() == HKUnit(from: "m^-2"))
        let sample = HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 90),
                                      start: Date(), end: Date())
        #expect(sample.quantityType == HKQuantityType(.heartRate))
    }

    @Test("HealthKit's other forms: completion handlers for authorization and collection, added samples count, a discarded workout is not saved")
    func otherForms() async throws {
        let watch = try watch(app, .workout(app: "CompatWorkout", firstPress: "running"))
        try await watch.press()
        try await watch.advance(by: .seconds(10))
        let answers = Answers()
        try await watch.runInApp("use the completion-handler forms") {
            let store = HKHealthStore()
            store.requestAuthorization(toShare: [HKQuantityType(.heartRate)], read: nil) { success, _ in answers.add("authorized \(success)") }
            answers.add("heart rate status \(store.authorizationStatus(for: HKQuantityType(.heartRate)).rawValue)")
            let builder = MyWorkoutManager.shared.builder!
            builder.beginCollection(withStart: Date()) { success, error in answers.add("begin again \(success) \(error.map { "\($0)" } ?? "")") }
            let energy = HKQuantitySample(type: HKQuantityType(.activeEnergyBurned), quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 1000),
                                          start: Date(), end: Date())
            builder.add([energy]) { success, _ in answers.add("added \(success)") }
        }
        #expect(answers.lines == ["authorized true", "heart rate status 2", "begin again false this builder has already begun collecting", "added true"])
        let energy = try #require(MyWorkoutManager.shared.builder?.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity())
        #expect(energy.doubleValue(for: .kilocalorie()) > 1000)
        try await watch.runInApp("discard the workout") {
            MyWorkoutManager.shared.session?.end()
            MyWorkoutManager.shared.builder?.discardWorkout()
        }
        #expect(watch.appLog.contains("HealthKit: the workout builder discarded the workout"))
        #expect(MyWorkoutManager.shared.builder?.statistics(for: HKQuantityType(.heartRate)) == nil)
    }

    @Test("os: Logger's formats, alignment and levels, and os_log, as the session log shows them")
    func logging() async throws {
        let watch = try watch(app, .workout(app: "CompatWorkout", firstPress: "running"))
        try await watch.runInApp("log") {
            logger.debug("\(42, format: .hex(includePrefix: true)) \(3.14159, format: .fixed(precision: 2)) \(true, format: .answer) [\("x", align: .right(columns: 3))] \(7, format: .decimal(minDigits: 3))")
            logger.fault("boom \(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, privacy: .private(mask: .hash))")
            os_log("%d laps", log: .default, type: .error, 3)
        }
        #expect(watch.appLog == ["0x2a 3.14 YES [  x] 007", "fault: boom E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "error: 3 laps"])
    }

    @Test("App Shortcuts: phrases must say the app's name; a provider without it is refused at install, naming the type")
    func shortcuts() throws {
        #expect(CompatShortcuts.appShortcuts.count == 2)
        #expect(CompatShortcuts.phrasesWithoutAppName.isEmpty)
        let refused = AppDefinition.workoutApp("Forgetful", start: MyStartWorkoutIntent.self, shortcuts: [ForgetfulShortcuts.self])
        #expect(throws: AppRegistry.ConfigurationError.self) {
            _ = try ActionButtonHarness(app: refused, settings: .workout(app: "Forgetful", firstPress: nil))
        }
        #expect(refused.problems == [
            "the App Shortcut phrase ForgetfulShortcuts: “Mark a lap” does not include \\(.applicationName); Apple refuses phrases without the app's name",
        ])
    }

    @Test("A3, A8, T2: the dive's submersion delegate hears Apple's cadence: three measurements a second under water, temperature only there")
    func diveCadence() async throws {
        let watch = try watch(diveApp, .dive(app: "CompatDive"))
        try await watch.press()
        watch.expectNextAction(MarkDepthIntent.self)
        try await watch.advance(to: .seconds(180))
        let times = DiveManager.shared.measurementTimes
        let surface = times.filter { !$0.submerged }, under = times.filter(\.submerged)
        // At the surface, one measurement per logged sample (1 Hz); under water, three a second.
        let loggedAtSurface = watch.events.filter { if case .sample(let s) = $0.kind { s.submerged == false } else { false } }
        #expect(surface.count == loggedAtSurface.count)
        #expect(under.count > 400)
        let gaps = zip(under.dropFirst(), under).map { $0.date.timeIntervalSince($1.date) }
        #expect(gaps.allSatisfy { abs($0 - 1.0 / 3) < 1e-3 })
        #expect(DiveManager.shared.temperatures == under.count)
        #expect(DiveManager.shared.events == [.notSubmerged, .submerged])
        try await watch.press()
        #expect(watch.haptics == ["underwaterDepthPrompt"])
        #expect(try #require(watch.dialogs.last).hasPrefix("MarkDepthIntent: Marked at "))
        #expect(try #require(DiveManager.shared.lastAltimeterPressure) > 150)
    }
}

/// Lines app code writes inside the simulated watch, in order.
final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var written: [String] = []
    func add(_ line: String) { lock.lock(); written.append(line); lock.unlock() }
    var lines: [String] { lock.lock(); defer { lock.unlock() }; return written }
}

/// A value set by app code that runs inside the simulated watch.
final class Box: @unchecked Sendable {
    var value = false
}

/// The mistake Apple's build refuses: a phrase that does not name the app.
struct ForgetfulShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: MarkLapIntent(), phrases: ["Mark a lap"], shortTitle: "Mark Lap", systemImageName: "flag")
    }
}
