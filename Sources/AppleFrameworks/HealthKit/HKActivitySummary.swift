import AppIntents

/// One day of the activity rings (Apple's page: "HKActivitySummary"), worked out here from
/// this watch's health database: the day's active energy, exercise time and stand hours
/// that were saved on it (a watch adds what it measures all day, which the simulation does
/// not model). The simulated wearer has set no ring goals, so every goal is zero.
public final class HKActivitySummary: @unchecked Sendable {
    // @unchecked: immutable.
    let day: DateComponents
    public let activityMoveMode: HKActivityMoveMode
    public let isPaused: Bool
    public let activeEnergyBurned: HKQuantity
    public let activeEnergyBurnedGoal: HKQuantity
    public let appleMoveTime: HKQuantity
    public let appleMoveTimeGoal: HKQuantity
    public let appleExerciseTime: HKQuantity
    public let appleExerciseTimeGoal: HKQuantity
    public let appleStandHours: HKQuantity
    public let appleStandHoursGoal: HKQuantity

    init(day: DateComponents, energy: Double, exerciseMinutes: Double, standHours: Double) {
        self.day = day
        activityMoveMode = .activeEnergy
        isPaused = false
        activeEnergyBurned = HKQuantity(unit: .kilocalorie(), doubleValue: energy)
        activeEnergyBurnedGoal = HKQuantity(unit: .kilocalorie(), doubleValue: 0)
        appleMoveTime = HKQuantity(unit: .minute(), doubleValue: 0)
        appleMoveTimeGoal = HKQuantity(unit: .minute(), doubleValue: 0)
        appleExerciseTime = HKQuantity(unit: .minute(), doubleValue: exerciseMinutes)
        appleExerciseTimeGoal = HKQuantity(unit: .minute(), doubleValue: 0)
        appleStandHours = HKQuantity(unit: .count(), doubleValue: standHours)
        appleStandHoursGoal = HKQuantity(unit: .count(), doubleValue: 0)
    }

    /// The summary's day in `calendar`: era, year, month and day.
    public func dateComponents(for calendar: Calendar) -> DateComponents {
        var components = day
        components.calendar = calendar
        return components
    }

    /// The summaries of every day the database has ring data for, oldest first.
    static func summaries(from samples: [HKSample], calendar: Calendar = .current) -> [HKActivitySummary] {
        var days: [DateComponents: (energy: Double, exercise: Double, stand: Double)] = [:]
        for sample in samples {
            let day = calendar.dateComponents([.era, .year, .month, .day], from: sample.startDate)
            switch sample {
            case let quantity as HKQuantitySample where quantity.quantityType == HKQuantityType(.activeEnergyBurned):
                days[day, default: (0, 0, 0)].energy += quantity.quantity.doubleValue(for: .kilocalorie())
            case let quantity as HKQuantitySample where quantity.quantityType == HKQuantityType(.appleExerciseTime):
                days[day, default: (0, 0, 0)].exercise += quantity.quantity.doubleValue(for: .minute())
            case let category as HKCategorySample where category.categoryType == HKCategoryType(.appleStandHour):
                // HKCategoryValueAppleStandHour.stood is 0.
                if category.value == 0 { days[day, default: (0, 0, 0)].stand += 1 }
            default:
                break
            }
        }
        return days.sorted { calendar.date(from: $0.key) ?? .distantPast < calendar.date(from: $1.key) ?? .distantPast }
            .map { HKActivitySummary(day: $0.key, energy: $0.value.energy, exerciseMinutes: $0.value.exercise, standHours: $0.value.stand) }
    }

    /// Whether the summary's day lies between two days (inclusive), in the current calendar.
    func isBetween(_ start: DateComponents?, _ end: DateComponents?) -> Bool {
        let calendar = Calendar.current
        guard let date = calendar.date(from: day) else { return false }
        if let start, let from = calendar.date(from: start), date < calendar.startOfDay(for: from) { return false }
        if let end, let to = calendar.date(from: end), date > calendar.startOfDay(for: to) { return false }
        return true
    }
}

extension HKQuery {
    /// Summaries of the days from `startDateComponents` to `endDateComponents`, inclusive.
    public class func predicate(forActivitySummariesBetweenStart startDateComponents: DateComponents,
                                end endDateComponents: DateComponents) -> NSPredicate {
        NSPredicate { object, _ in (object as? HKActivitySummary)?.isBetween(startDateComponents, endDateComponents) ?? false }
    }

    /// The summary of one day.
    public class func predicateForActivitySummary(with dateComponents: DateComponents) -> NSPredicate {
        NSPredicate { object, _ in (object as? HKActivitySummary)?.isBetween(dateComponents, dateComponents) ?? false }
    }
}

/// Reads the activity rings' daily summaries (Apple's page: "HKActivitySummaryQuery"); with
/// an update handler it keeps running, and each saved energy, exercise or stand sample
/// brings the summaries again, until `stop(_:)`.
public final class HKActivitySummaryQuery: HKQuery, @unchecked Sendable {
    // @unchecked: the handlers are behind their lock.
    public typealias Handler = @Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void
    private let resultsHandler: Handler
    private let handlers = LockedState<(update: Handler?, running: Bool)>((nil, false))

    public init(predicate: NSPredicate?, resultsHandler handler: @escaping Handler) {
        self.resultsHandler = handler
        super.init(type: HKObjectType.activitySummaryType(), predicate: predicate)
    }

    public var updateHandler: Handler? {
        get { handlers.withLock { $0.update } }
        set { handlers.withLock { $0.update = newValue } }
    }

    override var isLongRunning: Bool { updateHandler != nil }

    private func summaries() -> [HKActivitySummary] {
        HKActivitySummary.summaries(from: HealthDatabase.current.samples).filter { predicate?.evaluate(with: $0) ?? true }
    }

    override func start(with saved: [HealthDatabase.Saved], anchor: Int) {
        handlers.withLock { $0.running = $0.update != nil }
        resultsHandler(self, HKActivitySummary.summaries(from: saved.map(\.sample)).filter { predicate?.evaluate(with: $0) ?? true }, nil)
    }

    override func storeChanged(added: [HKSample], deleted: [HKSample], anchor: HKQueryAnchor) {
        let rings: Set<String> = [HKQuantityTypeIdentifier.activeEnergyBurned.rawValue, HKQuantityTypeIdentifier.appleExerciseTime.rawValue,
                                  HKCategoryTypeIdentifier.appleStandHour.rawValue]
        guard (added + deleted).contains(where: { rings.contains($0.sampleType.identifier) }),
              let update = handlers.withLock({ $0.running ? $0.update : nil }) else { return }
        update(self, summaries(), nil)
    }

    override func stopped() { handlers.withLock { $0.running = false } }
}
