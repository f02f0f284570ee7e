// A Swift 5 watch app's file that asks who saved what and filters the health database the
// ways apps do: sources and source queries, statistics separated by source, the objects of
// one workout (its samples and route), metadata, device, quantity and workout predicates.
import CoreLocation
import HealthKit

/// What a query's handler found, for code that reads it after the query ran.
final class Found {
    var count = -1
}

class HealthFilters {
    let store = HKHealthStore()
    var lines: [String] = []
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    var routeBuilder: HKWorkoutRouteBuilder?
    var workout: HKWorkout?
    let bpm = HKUnit.count().unitDivided(by: .minute())

    /// A run with the watch's sensors; the app also adds a sample of its own to the workout.
    func start() throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
        self.session = session
        self.builder = builder
        routeBuilder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
        session.startActivity(with: Date())
        builder.beginCollection(withStart: Date()) { _, _ in }
        let leg = HKWorkoutActivity(workoutConfiguration: configuration, start: builder.startDate ?? Date(), end: nil, metadata: nil)
        builder.addWorkoutActivity(leg) { _, _ in }
    }

    /// Samples the app saves itself, outside the workout (body mass from two scales) and
    /// inside it (a heart rate it measured), and a route point.
    func saveOwn() {
        // On the workout's time line (the simulated watch lives in 2025; `Date()` is the machine's).
        let now = builder?.startDate?.addingTimeInterval(30) ?? Date()
        let home = HKQuantitySample(type: HKQuantityType(.bodyMass), quantity: HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 70),
                                    start: now, end: now, metadata: ["scale": "home", "battery": 80])
        let gym = HKQuantitySample(type: HKQuantityType(.bodyMass), quantity: HKQuantity(unit: .pound(), doubleValue: 176.37),
                                   start: now, end: now, metadata: ["scale": "gym", "battery": 20])
        let night = now.addingTimeInterval(-8 * 3600)
        let core = HKCategorySample(type: HKCategoryType(.sleepAnalysis), value: HKCategoryValueSleepAnalysis.asleepCore.rawValue,
                                    start: night, end: night.addingTimeInterval(3600))
        let awake = HKCategorySample(type: HKCategoryType(.sleepAnalysis), value: HKCategoryValueSleepAnalysis.awake.rawValue,
                                     start: night.addingTimeInterval(3600), end: night.addingTimeInterval(3700))
        store.save([home, gym, core, awake]) { success, _ in self.lines.append("saved \(success)") }
        let measured = HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: 150),
                                        start: now, end: now)
        builder?.add([measured]) { success, _ in self.lines.append("added \(success)") }
        let point = CLLocation(coordinate: CLLocationCoordinate2D(latitude: 46.5, longitude: 6.6), altitude: 400,
                               horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: now)
        routeBuilder?.insertRouteData([point]) { _, _ in }
    }

    func finish() {
        guard let session = session, let builder = builder else { return }
        session.end()
        builder.endCollection(withEnd: Date()) { _, _ in
            builder.finishWorkout { workout, _ in
                self.workout = workout
                guard let workout = workout else { return }
                self.routeBuilder?.finishRoute(with: workout, metadata: nil) { _, _ in }
            }
        }
    }

    func query() {
        guard let workout = workout else { return lines.append("no workout") }
        let heart = HKQuantityType(.heartRate)
        let app = HKSource.default()
        let revision = workout.sourceRevision
        lines.append("workout source \(revision.source == app) \(revision.source.bundleIdentifier == app.bundleIdentifier) "
                     + "\(revision.operatingSystemVersion.majorVersion)")

        store.execute(HKSourceQuery(sampleType: heart, samplePredicate: nil) { _, sources, _ in
            let names = (sources ?? []).map(\.name).sorted()
            self.lines.append("heart sources \(names.count) \(names.contains("Apple Watch")) \(sources?.contains(app) == true)")
        })

        store.execute(HKStatisticsQuery(quantityType: heart, quantitySamplePredicate: nil, options: [.discreteAverage, .separateBySource]) { _, statistics, _ in
            guard let statistics = statistics else { return self.lines.append("no heart statistics") }
            let watch = statistics.sources?.first { $0 != app }
            let mine = statistics.averageQuantity(for: app)?.doubleValue(for: self.bpm) ?? 0
            let theirs = watch.flatMap { statistics.averageQuantity(for: $0) }?.doubleValue(for: self.bpm) ?? 0
            let recent = statistics.mostRecentQuantityDateInterval(for: app) != nil
                && statistics.mostRecentQuantity(for: app)?.doubleValue(for: self.bpm) == 150
                && statistics.minimumQuantity(for: app) == statistics.maximumQuantity(for: app)
                && statistics.sumQuantity(for: app) == nil && statistics.duration(for: app) != nil
            self.lines.append("by source \(statistics.sources?.count ?? 0) \(Int(mine)) \(theirs > 40 && theirs < 200) \(recent)")
        })
        store.execute(HKStatisticsQuery(quantityType: heart, quantitySamplePredicate: nil, options: .discreteAverage) { _, statistics, _ in
            self.lines.append("not separated \(statistics?.sources == nil) \(statistics?.averageQuantity(for: app) == nil)")
        })

        let hourly = HKStatisticsCollectionQuery(quantityType: heart, quantitySamplePredicate: nil, options: [.discreteMax, .separateBySource],
                                                 anchorDate: workout.startDate, intervalComponents: DateComponents(hour: 1))
        hourly.initialResultsHandler = { _, collection, _ in
            let hour = collection?.statistics(for: workout.startDate)
            let peak = hour?.maximumQuantity(for: app)?.doubleValue(for: self.bpm) ?? 0
            self.lines.append("hourly sources \(collection?.sources().count ?? 0) \(hour?.sources?.count ?? 0) \(Int(peak))")
        }
        store.execute(hourly)

        let inWorkout = HKQuery.predicateForObjects(from: workout)
        store.execute(HKSampleQuery(sampleType: heart, predicate: inWorkout, limit: HKObjectQueryNoLimit, sortDescriptors: nil) { _, samples, _ in
            let all = samples ?? []
            let own = all.filter { $0.sourceRevision.source == app }.count
            self.lines.append("workout's heart rates \(all.count > 10) \(own)")
        })
        store.execute(HKSampleQuery(sampleType: HKQuantityType(.bodyMass), predicate: inWorkout, limit: 0, sortDescriptors: nil) { _, samples, _ in
            self.lines.append("workout's body mass \(samples?.count ?? -1)")
        })
        store.execute(HKSampleQuery(sampleType: HKSeriesType.workoutRoute(), predicate: inWorkout, limit: 0, sortDescriptors: nil) { _, samples, _ in
            self.lines.append("workout's routes \(samples?.count ?? -1)")
        })

        let mass = HKQuantityType(.bodyMass)
        func count(_ predicate: NSPredicate, of type: HKSampleType = HKQuantityType(.bodyMass)) -> Int {
            let found = Found()
            store.execute(HKSampleQuery(sampleType: type, predicate: predicate, limit: 0, sortDescriptors: nil) { _, samples, _ in
                found.count = samples?.count ?? -1
            })
            return found.count
        }
        let heavier = HKQuery.predicateForQuantitySamples(with: .greaterThan, quantity: HKQuantity(unit: .gramUnit(with: .kilo), doubleValue: 75))
        let keyed = HKQuery.predicateForObjects(withMetadataKey: "scale")
        let gym = HKQuery.predicateForObjects(withMetadataKey: "scale", allowedValues: ["gym", "work"])
        let lowBattery = HKQuery.predicateForObjects(withMetadataKey: "battery", operatorType: .lessThan, value: 50)
        let fromApp = HKQuery.predicateForObjects(from: app)
        let watchModel = HKQuery.predicateForObjects(withDeviceProperty: HKDevicePropertyKeyModel, allowedValues: ["Watch"])
        let localDevice = HKQuery.predicateForObjects(from: [HKDevice.local()])
        lines.append("mass \(count(heavier)) \(count(keyed)) \(count(gym)) \(count(lowBattery)) \(count(fromApp)) "
                     + "\(count(HKQuery.predicateForObjectsWithNoCorrelation())) \(mass.identifier == HKQuantityTypeIdentifier.bodyMass.rawValue)")
        lines.append("devices \(count(watchModel, of: heart) > 10) \(count(localDevice, of: heart) == count(watchModel, of: heart)) \(count(watchModel))")

        let workouts = HKObjectType.workoutType()
        let long = HKQuery.predicateForWorkouts(with: .greaterThanOrEqualTo, duration: 30)
        let veryLong = HKQuery.predicateForWorkouts(with: .greaterThan, duration: 3600)
        let burned = HKQuery.predicateForWorkouts(with: .greaterThan, totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 0))
        let heartSum = HKQuery.predicateForWorkouts(operatorType: .greaterThan, quantityType: heart,
                                                    averageQuantity: HKQuantity(unit: bpm, doubleValue: 20))
        lines.append("workouts \(count(long, of: workouts)) \(count(veryLong, of: workouts)) \(count(burned, of: workouts)) \(count(heartSum, of: workouts))")

        let energy = HKQuantityType(.activeEnergyBurned)
        let zero = { (unit: HKUnit) in HKQuantity(unit: unit, doubleValue: 0) }
        let more: [NSPredicate] = [
            HKQuery.predicateForWorkouts(with: .greaterThan, totalDistance: zero(.meter())),
            HKQuery.predicateForWorkouts(with: .greaterThan, totalSwimmingStrokeCount: zero(.count())),
            HKQuery.predicateForWorkouts(with: .greaterThan, totalFlightsClimbed: zero(.count())),
            HKQuery.predicateForWorkouts(operatorType: .greaterThan, quantityType: energy, sumQuantity: zero(.kilocalorie())),
            HKQuery.predicateForWorkouts(operatorType: .greaterThan, quantityType: heart, minimumQuantity: HKQuantity(unit: bpm, doubleValue: 20)),
            HKQuery.predicateForWorkouts(operatorType: .lessThan, quantityType: heart, maximumQuantity: HKQuantity(unit: bpm, doubleValue: 30)),
            HKQuery.predicateForWorkouts(activityPredicate: HKQuery.predicateForWorkoutActivities(workoutActivityType: .running)),
            HKQuery.predicateForWorkouts(activityPredicate: HKQuery.predicateForWorkoutActivities(workoutActivityType: .swimming)),
            HKQuery.predicateForWorkouts(activityPredicate: HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, duration: 30)),
            HKQuery.predicateForWorkouts(activityPredicate: HKQuery.predicateForWorkoutActivities(start: workout.startDate, end: workout.endDate,
                                                                                                    options: .strictStartDate)),
            HKQuery.predicateForWorkouts(activityPredicate: HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, quantityType: energy,
                                                                                                    sumQuantity: zero(.kilocalorie()))),
            HKQuery.predicateForWorkouts(activityPredicate: HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, quantityType: heart,
                                                                                                    minimumQuantity: HKQuantity(unit: bpm, doubleValue: 20))),
            HKQuery.predicateForWorkouts(activityPredicate: HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, quantityType: heart,
                                                                                                    maximumQuantity: HKQuantity(unit: bpm, doubleValue: 20))),
            HKQuery.predicateForWorkouts(activityPredicate: HKQuery.predicateForWorkoutActivities(operatorType: .greaterThan, quantityType: heart,
                                                                                                    averageQuantity: HKQuantity(unit: bpm, doubleValue: 500))),
        ]
        lines.append("more workouts " + more.map { String(count($0, of: workouts)) }.joined())
        let bySource = HKQuery.predicateForObjects(from: Set([app]))
        let byRevision = HKQuery.predicateForObjects(from: Set([workout.sourceRevision, HKSourceRevision(source: app, version: "2.0")]))
        let sleeping = HKQuery.predicateForCategorySamples(equalTo: [HKCategoryValueSleepAnalysis.asleepCore.rawValue])
        lines.append("by sets \(count(bySource)) \(count(byRevision)) \(count(sleeping, of: HKCategoryType(.sleepAnalysis)))")

        Task {
            let sources = try await HKSourceQueryDescriptor(predicate: .quantitySample(type: heart)).result(for: self.store)
            self.lines.append("async sources \(sources.count)")
        }
    }

    /// The units beyond the everyday ones, each against a known figure, and as strings.
    func units() {
        func value(_ amount: Double, _ from: HKUnit, in unit: HKUnit) -> Double {
            HKQuantity(unit: from, doubleValue: amount).doubleValue(for: unit)
        }
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(b)) }
        let glucose = HKUnit.moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose).unitDivided(by: .liter())
        let checks: [(String, Bool)] = [
            ("cups", near(value(1, .cupUS(), in: .fluidOunceUS()), 8) && near(value(2, .cupUS(), in: .pintUS()), 1)),
            ("imperial", near(value(1, .pintImperial(), in: .fluidOunceImperial()), 20) && near(value(2, .cupImperial(), in: .pintImperial()), 1)),
            ("ounce", near(value(1, .fluidOunceUS(), in: .literUnit(with: .milli)), 29.5735295625)),
            ("glucose", near(value(5.5, glucose, in: HKUnit(from: "mg/dL")), 99.0857)),
            ("mole", near(value(1, .moleUnit(withMolarMass: 18), in: .gram()), 18)),
            ("hertz", near(value(1, .hertzUnit(with: .kilo), in: .hertz()), 1000)
                && near(value(1, .hertz(), in: HKUnit.second().reciprocal()), 1)),
            ("volt", near(value(1, .voltUnit(with: .milli), in: .volt()), 0.001)),
            ("siemen", near(value(1, .siemenUnit(with: .micro), in: .siemen()), 1e-6)),
            ("angle", near(value(180, .degreeAngle(), in: .radianAngle()), Double.pi)),
            ("lux", near(value(1, .luxUnit(with: .kilo), in: .lux()), 1000)),
            ("mercury", abs(value(1, .inchesOfMercury(), in: .millimeterOfMercury()) - 25.4) < 1e-3),
            ("levels", near(value(85, .decibelAWeightedSoundPressureLevel(), in: .decibelAWeightedSoundPressureLevel()), 85)
                && !HKUnit.decibelHearingLevel().isNull() && HKUnit.internationalUnit() != HKUnit.count()),
            ("lenses", HKUnit.diopter() != HKUnit.prismDiopter() && !HKUnit.appleEffortScore().isNull()),
            ("strings", HKUnit(from: "fl_oz_us") == .fluidOunceUS() && HKUnit(from: "cup_imp") == .cupImperial()
                && HKUnit(from: "kHz") == .hertzUnit(with: .kilo) && HKUnit(from: "deg") == .degreeAngle()
                && HKUnit(from: "mmol<180.15588000005408>") == .moleUnit(with: .milli, molarMass: HKUnitMolarMassBloodGlucose)
                && HKUnit(from: "dBASPL") == .decibelAWeightedSoundPressureLevel() && HKUnit(from: "inHg") == .inchesOfMercury()
                && HKUnit(from: "appleEffortScore") == .appleEffortScore()),
        ]
        lines.append("more units " + checks.filter { !$0.1 }.map(\.0).joined(separator: ","))
    }
}
