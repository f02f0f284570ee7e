// A second watch app of the Swift 5 target, for issue 24's HealthKit additions: a logbook
// that saves, queries and deletes health data the way apps' history screens do, with
// completion handlers, and builds workouts of its own. Its own state, so its tests never
// share the first app's singletons.
import AppIntents
import HealthKit

enum LogbookStyle: String, AppEnum {
    case swim
    case run

    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Logbook"
    static var caseDisplayRepresentations: [LogbookStyle: DisplayRepresentation] = [.swim: "Swim", .run: "Run"]
}

struct StartLogbookIntent: StartWorkoutIntent {
    static var title: LocalizedStringResource = "Start a logbook entry"
    static var suggestedWorkouts: [StartLogbookIntent] = [StartLogbookIntent(style: .run)]

    @Parameter(title: "Style")
    var workoutStyle: LogbookStyle

    init() { workoutStyle = .run }

    func perform() async throws -> some IntentResult { .result() }
}

/// The app's history: everything goes through completion handlers, as older apps write it.
class Logbook {
    let store = HKHealthStore()
    var saved: [HKSample] = []
    var newestFirst: [Date] = []
    var total: Double?
    var noDataError: HKError.Code?
    var observerCalls = 0
    var deletedCount = 0
    var deletionsSeen = 0
    var workout: HKWorkout?
    var errors: [String] = []

    func record(steps: [Double], at start: Date) {
        let type = HKQuantityType.quantityType(forIdentifier: .stepCount)!
        let samples: [HKSample] = steps.enumerated().map { index, count in
            let begin = start.addingTimeInterval(Double(index) * 60)
            return HKQuantitySample(type: type, quantity: HKQuantity(unit: .count(), doubleValue: count), start: begin,
                                    end: begin.addingTimeInterval(60))
        }
        let mindful = HKCategorySample(type: HKObjectType.categoryType(forIdentifier: .mindfulSession)!,
                                       value: HKCategoryValue.notApplicable.rawValue, start: start, end: start.addingTimeInterval(300))
        let observer = HKObserverQuery(sampleType: type, predicate: nil) { _, completionHandler, _ in
            self.observerCalls += 1
            completionHandler()
        }
        store.execute(observer)
        let anchored = HKAnchoredObjectQuery(type: type, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit) { _, _, _, _, _ in }
        anchored.updateHandler = { _, _, deleted, _, _ in self.deletionsSeen += deleted?.count ?? 0 }
        store.execute(anchored)
        store.save(samples + [mindful]) { success, error in
            if !success { self.errors.append("save: \(String(describing: error))") }
            self.saved = samples
        }
    }

    func readBack() {
        let type = HKQuantityType.quantityType(forIdentifier: .stepCount)!
        let newest = NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)
        store.execute(HKSampleQuery(sampleType: type, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: [newest]) { _, samples, _ in
            self.newestFirst = (samples ?? []).map(\.startDate)
        })
        store.execute(HKStatisticsQuery(quantityType: type, quantitySamplePredicate: nil, options: .cumulativeSum) { _, statistics, _ in
            self.total = statistics?.sumQuantity()?.doubleValue(for: .count())
        })
        let nothing = HKQuantityType.quantityType(forIdentifier: .dietaryWater)!
        store.execute(HKStatisticsQuery(quantityType: nothing, quantitySamplePredicate: nil, options: .cumulativeSum) { _, _, error in
            self.noDataError = (error as? HKError)?.code
        })
    }

    func deleteFirst() {
        guard let first = saved.first else { return }
        store.delete(first) { success, error in
            if !success { self.errors.append("delete: \(String(describing: error))") }
        }
        store.delete([HKObject]()) { success, error in
            if success || (error as? HKError)?.code != .errorInvalidArgument { self.errors.append("an empty delete succeeded") }
        }
    }

    func deleteTheRest(after date: Date) {
        let type = HKQuantityType.quantityType(forIdentifier: .stepCount)!
        store.deleteObjects(of: type, predicate: HKQuery.predicateForSamples(withStart: date, end: nil, options: .strictStartDate)) { _, count, _ in
            self.deletedCount = count
        }
    }

    /// A swim-then-run workout the app records itself, with a builder of its own.
    func buildBrick(at start: Date) {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .swimBikeRun
        let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: .local())
        let swimming = HKWorkoutConfiguration()
        swimming.activityType = .swimming
        let running = HKWorkoutConfiguration()
        running.activityType = .running
        let swim = HKWorkoutActivity(workoutConfiguration: swimming, start: start, end: nil, metadata: nil)
        let run = HKWorkoutActivity(workoutConfiguration: running, start: start.addingTimeInterval(600), end: start.addingTimeInterval(1200),
                                    metadata: ["leg": "run"])
        let distance = HKQuantitySample(type: HKQuantityType(.distanceWalkingRunning), quantity: HKQuantity(unit: .meter(), doubleValue: 1500),
                                        start: start.addingTimeInterval(700), end: start.addingTimeInterval(1100))
        builder.beginCollection(withStart: start) { _, _ in
            builder.addWorkoutActivity(swim) { _, _ in
                builder.updateActivity(uuid: swim.uuid, end: start.addingTimeInterval(600)) { _, _ in
                    builder.addWorkoutActivity(run) { _, _ in
                        builder.add([distance]) { _, _ in
                            builder.endCollection(withEnd: start.addingTimeInterval(1200)) { _, _ in
                                builder.finishWorkout { workout, error in
                                    if let error { self.errors.append("finish: \(error)") }
                                    self.workout = workout
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
