// Issue 24: HealthKit's statistics collection query, the async query descriptors, the
// observer query over several types, and the watchOS 27 heart-rate zones, in Swift 6
// language mode, checked against the samples they come from.
import ActionButtonHarness
import AppIntents
import HealthKit
import Synchronization
import Telemetry
import Testing

/// Steps saved at known times: what the collection tests sum by hand.
private let anchor = Date(timeIntervalSince1970: 1_700_000_000)
private let steps: [(minutes: Double, count: Double)] = [
    (0, 12), (10, 30), (59, 5),      // hour 0: 47
    (61, 100), (119.5, 1),           // hour 1: 101
    // hour 2: nothing
    (185, 250), (200, 7), (239, 3),  // hour 3: 260
]

private func stepSamples() -> [HKQuantitySample] {
    steps.map { step in
        let start = anchor.addingTimeInterval(step.minutes * 60)
        return HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: step.count),
                                start: start, end: start.addingTimeInterval(30))
    }
}

/// The hand sum of each hour that has steps.
private var expectedHourlySums: [Int: Double] {
    Dictionary(grouping: steps) { Int($0.minutes / 60) }.mapValues { $0.reduce(0) { $0 + $1.count } }
}

/// What a collection query handed over, for the test to read.
private final class CollectionAnswers: Sendable {
    private let state = Mutex<(initial: HKStatisticsCollection?, updates: [(HKStatistics?, HKStatisticsCollection?)])>((nil, []))
    func initial(_ collection: HKStatisticsCollection?) { state.withLock { $0.initial = collection } }
    func update(_ statistics: HKStatistics?, _ collection: HKStatisticsCollection?) { state.withLock { $0.updates.append((statistics, collection)) } }
    var initial: HKStatisticsCollection? { state.withLock { $0.initial } }
    var updates: [(HKStatistics?, HKStatisticsCollection?)] { state.withLock { $0.updates } }
}

extension TrailAppSwift6Tests {
    @Test("A statistics collection query sums each hour's steps as the samples add up, and hears of a new one")
    func statisticsCollection() async throws {
        let watch = try trailWatch(seed: 21)
        let answers = CollectionAnswers()
        let query = HKStatisticsCollectionQuery(quantityType: HKQuantityType(.stepCount), quantitySamplePredicate: nil,
                                                options: .cumulativeSum, anchorDate: anchor,
                                                intervalComponents: DateComponents(hour: 1))
        query.initialResultsHandler = { _, collection, _ in answers.initial(collection) }
        query.statisticsUpdateHandler = { _, statistics, collection, _ in answers.update(statistics, collection) }
        try await watch.runInApp("save steps and ask for hourly sums") {
            let store = HKHealthStore()
            Task {
                try await store.save(stepSamples())
                store.execute(query)
            }
        }
        let collection = try #require(answers.initial)
        #expect(query.anchorDate == anchor && query.intervalComponents.hour == 1 && query.options == .cumulativeSum)

        // Only the hours with samples, in order, each summed as by hand.
        let statistics = collection.statistics()
        #expect(statistics.map { Int($0.startDate.timeIntervalSince(anchor) / 3600) } == expectedHourlySums.keys.sorted())
        for hour in statistics {
            let index = Int(hour.startDate.timeIntervalSince(anchor) / 3600)
            #expect(hour.sumQuantity()?.doubleValue(for: .count()) == expectedHourlySums[index])
            #expect(hour.endDate.timeIntervalSince(hour.startDate) == 3600)
        }
        #expect(statistics.reduce(0) { $0 + ($1.sumQuantity()?.doubleValue(for: .count()) ?? 0) } == steps.reduce(0) { $0 + $1.count })

        // The empty hour has statistics without a sum; a date before the anchor falls in hour -1.
        #expect(collection.statistics(for: anchor.addingTimeInterval(2.5 * 3600))?.sumQuantity() == nil)
        #expect(collection.statistics(for: anchor.addingTimeInterval(-1))?.startDate == anchor.addingTimeInterval(-3600))

        // Enumeration walks every hour, empty ones included, and stops when asked.
        var walked: [Double?] = []
        collection.enumerateStatistics(from: anchor, to: anchor.addingTimeInterval(3.5 * 3600)) { hour, _ in
            walked.append(hour.sumQuantity()?.doubleValue(for: .count()))
        }
        #expect(walked == [47, 101, nil, 260])
        var visited = 0
        collection.enumerateStatistics(from: anchor, to: anchor.addingTimeInterval(3.5 * 3600)) { _, stop in
            visited += 1
            if visited == 2 { stop.pointee = true }
        }
        #expect(visited == 2)

        // A step saved later changes hour 1 only; the update hands over that hour, summed anew.
        try await watch.runInApp("one more") {
            let store = HKHealthStore()
            let start = anchor.addingTimeInterval(90 * 60)
            Task {
                try await store.save(HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 9),
                                                      start: start, end: start.addingTimeInterval(10)))
            }
        }
        let update = try #require(answers.updates.last)
        #expect(update.0?.startDate == anchor.addingTimeInterval(3600))
        #expect(update.0?.sumQuantity()?.doubleValue(for: .count()) == 110)
        #expect(update.1?.statistics(for: anchor)?.sumQuantity()?.doubleValue(for: .count()) == 47)

        // 60 steps from 3:50 to 4:10 count 30 in each hour, in proportion to the time.
        try await watch.runInApp("across the hour") {
            let store = HKHealthStore()
            let start = anchor.addingTimeInterval(230 * 60)
            Task {
                try await store.save(HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 60),
                                                      start: start, end: start.addingTimeInterval(20 * 60)))
            }
        }
        let across = try #require(answers.updates.last?.1)
        #expect(across.statistics(for: anchor.addingTimeInterval(3.5 * 3600))?.sumQuantity()?.doubleValue(for: .count()) == 290)
        #expect(across.statistics(for: anchor.addingTimeInterval(4.5 * 3600))?.sumQuantity()?.doubleValue(for: .count()) == 30)
        #expect(across.statistics().reduce(0) { $0 + ($1.sumQuantity()?.doubleValue(for: .count()) ?? 0) } == 408 + 9 + 60)
        try await watch.runInApp("stop") { HKHealthStore().stop(query) }
    }

    @Test("The async descriptors read the same samples: sorted and limited, summed, anchored, and by interval")
    func queryDescriptors() async throws {
        let watch = try trailWatch(seed: 22)
        let newest = Answer<[Double]>(), total = Answer<Double>(), anchored = Answer<Int>(), later = Answer<[Double]>()
        let hourly = Answer<[Double]>(), streamed = Answer<[Double]>(), observed = Answer<[Set<String>]>()
        try await watch.runInApp("ask") {
            let store = HKHealthStore()
            let observer = HKObserverQuery(queryDescriptors: [HKQueryDescriptor(sampleType: HKQuantityType(.stepCount), predicate: nil),
                                                              HKQueryDescriptor(sampleType: HKQuantityType(.heartRate), predicate: nil)]) {
                _, types, completion, _ in
                observed.set((observed.value ?? []) + [Set((types ?? []).map(\.identifier))])
                completion()
            }
            store.execute(observer)
            Task {
                try await store.save(stepSamples())
                let stepsOnly = HKSamplePredicate<HKQuantitySample>.quantitySample(type: HKQuantityType(.stepCount))
                let sorted = HKSampleQueryDescriptor(predicates: [stepsOnly], sortDescriptors: [SortDescriptor(\.startDate, order: .reverse)],
                                                     limit: 3)
                newest.set(try await sorted.result(for: store).map { $0.quantity.doubleValue(for: .count()) })
                let sum = HKStatisticsQueryDescriptor(predicate: stepsOnly, options: .cumulativeSum)
                total.set(try await sum.result(for: store)?.sumQuantity()?.doubleValue(for: .count()))
                let first = try await HKAnchoredObjectQueryDescriptor(predicates: [stepsOnly], anchor: nil).result(for: store)
                anchored.set(first.addedSamples.count)
                try await store.save(HKQuantitySample(type: HKQuantityType(.heartRate),
                                                      quantity: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 90),
                                                      start: anchor, end: anchor))
                try await store.save(HKQuantitySample(type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: 4),
                                                      start: anchor, end: anchor))
                let next = try await HKAnchoredObjectQueryDescriptor(predicates: [stepsOnly], anchor: first.newAnchor).result(for: store)
                later.set(next.addedSamples.map { $0.quantity.doubleValue(for: .count()) })
                let byHour = HKStatisticsCollectionQueryDescriptor(predicate: stepsOnly, options: .cumulativeSum, anchorDate: anchor,
                                                                   intervalComponents: DateComponents(hour: 1))
                hourly.set(try await byHour.result(for: store).statistics().compactMap { $0.sumQuantity()?.doubleValue(for: .count()) })
                for try await result in byHour.results(for: store) {
                    streamed.set(result.statisticsCollection.statistics().compactMap { $0.sumQuantity()?.doubleValue(for: .count()) })
                    break
                }
            }
        }
        #expect(newest.value == [3, 7, 250])
        #expect(total.value == 408)
        #expect(anchored.value == steps.count)
        #expect(later.value == [4])
        #expect(hourly.value == [51, 101, 260])
        #expect(streamed.value == hourly.value)
        // Once at the start (no types), then once per save, naming the type saved.
        #expect(observed.value == [[], ["HKQuantityTypeIdentifierStepCount"], ["HKQuantityTypeIdentifierHeartRate"],
                                   ["HKQuantityTypeIdentifierStepCount"]])
    }

    @Test("watchOS 27 zones: the wearer's heart-rate reserve splits five zones; time in each adds up from the heart rates")
    func heartRateZones() async throws {
        var settings = SensorSettings()
        settings.profile.age = 30
        settings.profile.restingHeartRate = 50
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("TrailSensors6", start: StartTrailIntent.self),
                                            settings: .workout(app: "TrailSensors6", firstPress: "running"),
                                            instruments: SensorSuite.instruments(for: settings, seed: 23))
        watch.stallLimit = .seconds(300)
        let model = ZoneModel()
        try await watch.runInApp("start and collect") { Task { @MainActor in try await model.start() } }
        try await watch.advance(by: .seconds(600))

        let configuration = Answer<HKWorkoutZoneConfiguration>(), group = Answer<HKWorkoutZoneGroup>()
        let heartRates = Answer<[HKQuantitySample]>()
        try await watch.runInApp("read the zones") {
            Task { @MainActor in
                guard let builder = model.builder else { return }
                configuration.set(try await builder.zoneConfiguration(for: HKQuantityType(.heartRate)))
                group.set(builder.zoneGroup(for: HKQuantityType(.heartRate)))
                let descriptor = HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.heartRate))],
                                                         sortDescriptors: [SortDescriptor(\.startDate)])
                heartRates.set(try await descriptor.result(for: model.store))
            }
        }
        let zones = try #require(configuration.value)
        #expect(zones.source == .system)
        // Karvonen boundaries from the scenario's wearer: rest 50, max 208 - 0.7 × 30 = 187.
        let perMinute = HKUnit.count().unitDivided(by: .minute())
        let boundaries = zones.zones.compactMap { $0.maximum?.doubleValue(for: perMinute) }
        let expectedBoundaries = [0.5, 0.6, 0.7, 0.8].map { 50 + $0 * 137 }
        #expect(boundaries.count == 4 && zip(boundaries, expectedBoundaries).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(zones.zones.first?.minimum == nil && zones.zones.last?.maximum == nil)

        // Each heart rate counts until the next: the same sums, worked out by hand.
        let samples = try #require(heartRates.value)
        #expect(samples.count > 500)
        let streamed = Answer<Int>()
        try await watch.runInApp("stream them") { Task { @MainActor in streamed.set(try await model.firstHeartRates()) } }
        #expect(streamed.value == samples.count)
        var expected = [Double](repeating: 0, count: 5)
        for (sample, next) in zip(samples, samples.dropFirst()) {
            let bpm = sample.quantity.doubleValue(for: perMinute)
            let zone = boundaries.firstIndex { bpm < $0 } ?? 4
            expected[zone] += next.startDate.timeIntervalSince(sample.startDate)
        }
        let durations = try #require(group.value).zoneDurations
        #expect(durations.map(\.zone.index) == [0, 1, 2, 3, 4])
        // The builder's group also counts the last sample up to now, one interval at most.
        for (duration, sum) in zip(durations, expected) { #expect(abs(duration.duration - sum) <= 1.0001) }
        #expect(expected.filter { $0 > 0 }.count >= 2, "the warm-up climbs through zones")

        // The delegate heard each change of zone, starting with the first zone entered.
        let entered = await model.zonesEntered
        #expect(!entered.isEmpty)
        #expect(zip(entered, entered.dropFirst()).allSatisfy { $0 != $1 })

        // An app's own zones replace the wearer's for this workout; the saved workout keeps the group.
        let saved = Answer<HKWorkout>(), custom = Answer<HKWorkoutZoneConfiguration>()
        try await watch.runInApp("custom zones and finish") {
            Task { @MainActor in
                guard let builder = model.builder else { return }
                let two = try HKWorkoutZoneConfiguration(quantityType: HKQuantityType(.heartRate),
                                                         zoneBoundaries: [HKQuantity(unit: perMinute, doubleValue: 120)])
                try await builder.setCustomZoneConfiguration(two, for: HKQuantityType(.heartRate))
                custom.set(try await builder.zoneConfiguration(for: HKQuantityType(.heartRate)))
                saved.set(try await model.finish())
            }
        }
        #expect(custom.value?.source == .app && custom.value?.zones.count == 2)
        let workout = try #require(saved.value)
        let kept = try #require(workout.zoneGroup(for: HKQuantityType(.heartRate)))
        #expect(kept.configuration.source == .app)
        let below = samples.filter { $0.quantity.doubleValue(for: perMinute) < 120 }.count
        #expect(below == 0 || kept.zoneDurations[0].duration > 0)
        #expect(kept.zoneDurations.reduce(0) { $0 + $1.duration } > 590)
        #expect(workout.workoutActivities.first?.zoneGroup(for: HKQuantityType(.heartRate)) != nil)
    }

    @Test("A wearer whose maximum heart rate is not above the resting one has no system zones, and nothing breaks")
    func noHeartRateReserve() async throws {
        var settings = SensorSettings()
        settings.profile.restingHeartRate = 110
        settings.profile.declaredMaxHeartRate = 105
        let watch = try ActionButtonHarness(app: AppDefinition.workoutApp("TrailSensors6", start: StartTrailIntent.self),
                                            settings: .workout(app: "TrailSensors6", firstPress: "running"),
                                            instruments: SensorSuite.instruments(for: settings, seed: 24))
        let model = ZoneModel()
        try await watch.runInApp("start and collect") { Task { @MainActor in try await model.start() } }
        try await watch.advance(by: .seconds(30))
        let zones = Answer<Bool>(), group = Answer<Bool>()
        try await watch.runInApp("read") {
            Task { @MainActor in
                zones.set(try await model.builder?.zoneConfiguration(for: HKQuantityType(.heartRate)) == nil)
                group.set(model.builder?.zoneGroup(for: HKQuantityType(.heartRate)) == nil)
            }
        }
        #expect(zones.value == true && group.value == true)
        #expect(await model.zonesEntered.isEmpty)
    }
}

/// A workout app's model that follows the heart-rate zones: its own session and live
/// builder, one activity, and the zones its delegate hears of.
@MainActor
final class ZoneModel: HKLiveWorkoutBuilderDelegate {
    let store = HKHealthStore()
    private(set) var session: HKWorkoutSession?
    private(set) var builder: HKLiveWorkoutBuilder?
    private(set) var zonesEntered: [Int] = []

    func start() async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        session.startActivity(with: Date())
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
        builder.delegate = self
        self.session = session
        self.builder = builder
        try await builder.beginCollection(at: Date())
        session.beginNewActivity(configuration: configuration, date: Date(), metadata: nil)
    }

    func finish() async throws -> HKWorkout? {
        session?.endCurrentActivity(on: Date())
        session?.end()
        try await builder?.endCollection(at: Date())
        return try await builder?.finishWorkout()
    }

    /// The first heart rates the store holds, read by a main-actor model from the stream.
    func firstHeartRates() async throws -> Int {
        let heartRates = HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.heartRate))], anchor: nil)
        for try await result in heartRates.results(for: store) { return result.addedSamples.count }
        return 0
    }

    nonisolated func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {}
    nonisolated func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
    nonisolated func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didUpdateWorkoutZone zoneUpdate: HKLiveWorkoutZoneUpdate) {
        guard let zone = zoneUpdate.currentZoneDuration?.zone.index else { return }
        Task { @MainActor in self.zonesEntered.append(zone) }
    }
}
