// A Swift 5 watch app's file that calls the rest of HealthKit and WatchKit the way apps
// do: the statistics collection query, the async descriptors, activity summaries, the
// wearer's characteristics, background delivery, preferred units, mirroring, series
// builders, the watchOS 27 zones, and WatchKit's device facts and auto-launch status.
import HealthKit
import WatchKit

class HealthSurface: HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate {
    let store = HKHealthStore()
    var lines: [String] = []
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    var zoneUpdates = 0
    var disconnected = false

    /// Characteristics before and after asking to read them; types nobody records.
    func profile() {
        do {
            _ = try store.biologicalSex()
            lines.append("sex read without asking")
        } catch HKError.errorAuthorizationNotDetermined {
            lines.append("sex not determined")
        } catch let error as HKError {
            lines.append("sex other error \(error.code.rawValue) \(error.errorCode) \(HKError.errorDomain)")
        } catch {
            lines.append("sex: \(error)")
        }
        let unknown = HKError(.unknownError)
        let codes: [HKError.Code] = [HKError.unknownError, HKError.errorHealthDataUnavailable, HKError.errorHealthDataRestricted,
                                     HKError.errorInvalidArgument, HKError.errorAuthorizationDenied, HKError.errorAuthorizationNotDetermined,
                                     HKError.errorDatabaseInaccessible, HKError.errorUserCanceled, HKError.errorAnotherWorkoutSessionStarted,
                                     HKError.errorUserExitedWorkoutSession, HKError.errorRequiredAuthorizationDenied, HKError.errorNoData,
                                     HKError.errorWorkoutActivityNotAllowed, HKError.errorDataSizeExceeded,
                                     HKError.errorBackgroundWorkoutSessionNotAllowed, HKError.errorNotPermissibleForGuestUserMode]
        lines.append("codes \(codes.map(\.rawValue) == Array(0...15)) \(unknown.errorCode) \(HKError.errorDomain)")
        let characteristics: Set<HKObjectType> = [
            HKObjectType.characteristicType(forIdentifier: .biologicalSex)!, HKObjectType.characteristicType(forIdentifier: .dateOfBirth)!,
            HKObjectType.characteristicType(forIdentifier: .bloodType)!, HKObjectType.characteristicType(forIdentifier: .fitzpatrickSkinType)!,
            HKObjectType.characteristicType(forIdentifier: .wheelchairUse)!, HKObjectType.characteristicType(forIdentifier: .activityMoveMode)!,
            HKQuantityType(.heartRate), HKQuantityType(.distanceWalkingRunning),
        ]
        store.getRequestStatusForAuthorization(toShare: [HKQuantityType(.stepCount)], read: characteristics) { status, _ in
            self.lines.append("before \(status == .shouldRequest)")
        }
        store.requestAuthorization(toShare: [HKQuantityType(.stepCount)], read: characteristics) { _, _ in }
        store.getRequestStatusForAuthorization(toShare: [HKQuantityType(.stepCount)], read: characteristics) { status, _ in
            self.lines.append("after \(status == .unnecessary)")
        }
        Task {
            let status = try await store.statusForAuthorizationRequest(toShare: [], read: [HKQuantityType(.bodyMass)])
            self.lines.append("body mass \(status == .shouldRequest ? "should request" : status == .unknown ? "unknown" : "unnecessary")")
        }
        store.workoutSessionMirroringStartHandler = { _ in }
        lines.append("earliest \(store.earliestPermittedSampleDate() == .distantPast) \(store.workoutSessionMirroringStartHandler != nil)")
        do {
            let sex = try store.biologicalSex().biologicalSex
            let born = try store.dateOfBirthComponents()
            let blood = try store.bloodType().bloodType
            let skin = try store.fitzpatrickSkinType().skinType
            let wheelchair = try store.wheelchairUse().wheelchairUse
            let move = try store.activityMoveMode().activityMoveMode
            lines.append("sex \(sex == .female ? "female" : sex == .male ? "male" : "other"), born \(born.year ?? 0)")
            lines.append("blood \(blood == .notSet), skin \(skin == .notSet), wheelchair \(wheelchair == .notSet), move \(move == .activeEnergy)")
        } catch {
            lines.append("characteristics: \(error)")
        }
        let pressure = HKObjectType.correlationType(forIdentifier: .bloodPressure)
        lines.append("correlation \(pressure?.identifier ?? "none") \(HKCorrelationTypeIdentifier.food.rawValue)")
    }

    /// Background delivery, both forms, and the wearer's units.
    func delivery() {
        store.enableBackgroundDelivery(for: HKQuantityType(.heartRate), frequency: .immediate) { success, _ in
            self.lines.append("delivery \(success)")
        }
        store.disableBackgroundDelivery(for: HKQuantityType(.heartRate)) { _, _ in }
        store.disableAllBackgroundDelivery { _, _ in }
        store.preferredUnits(for: [HKQuantityType(.heartRate), HKQuantityType(.distanceWalkingRunning)]) { units, error in
            let bpm = units[HKQuantityType(.heartRate)]?.unitString ?? "none"
            let distance = units[HKQuantityType(.distanceWalkingRunning)]?.unitString ?? "none"
            self.lines.append("units \(bpm) \(distance) \(error == nil)")
        }
        store.preferredUnits(for: [HKQuantityType(.bodyMass)]) { units, error in
            self.lines.append("unasked \(units.isEmpty) \((error as? HKError)?.code == .errorAuthorizationNotDetermined)")
        }
        Task {
            try await store.enableBackgroundDelivery(for: HKObjectType.workoutType(), frequency: .hourly)
            try await store.disableBackgroundDelivery(for: HKObjectType.workoutType())
            try await store.disableAllBackgroundDelivery()
            let units = try await store.preferredUnits(for: [HKQuantityType(.heartRate)])
            self.lines.append("async units \(units.count)")
        }
    }

    /// Hourly steps, by completion handlers and by the async descriptors; activity summaries.
    func charts(from day: Date) {
        let steps = HKQuantityType(.stepCount)
        let samples = (0..<6).map { index -> HKQuantitySample in
            let start = day.addingTimeInterval(Double(index) * 1200)
            return HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: Double(10 * (index + 1))),
                                    start: start, end: start.addingTimeInterval(60))
        }
        let energy = HKQuantitySample(type: HKQuantityType(.activeEnergyBurned), quantity: HKQuantity(unit: .kilocalorie(), doubleValue: 42),
                                      start: day, end: day.addingTimeInterval(60))
        store.save(samples + [energy]) { _, _ in }
        let watch = HKDevice.local()
        let logged = HKQuantitySample(type: HKQuantityType(.dietaryWater), quantity: HKQuantity(unit: .liter(), doubleValue: 0.5),
                                      start: day, end: day, device: watch, metadata: ["cup": "large"])
        let calm = HKCategorySample(type: HKCategoryType(.mindfulSession), value: HKCategoryValue.notApplicable.rawValue, start: day,
                                    end: day.addingTimeInterval(300), device: watch, metadata: nil)
        lines.append("devices \(logged.device == watch) \(calm.device?.model ?? "none") \(logged.hasUndeterminedDuration) \(logged.count)")
        var interval = DateComponents()
        interval.hour = 1
        let query = HKStatisticsCollectionQuery(quantityType: steps, quantitySamplePredicate: nil, options: [.cumulativeSum],
                                                anchorDate: day, intervalComponents: interval)
        query.initialResultsHandler = { query, collection, error in
            guard let collection = collection else { return self.lines.append("collection: \(String(describing: error))") }
            let sums = collection.statistics().map { Int($0.sumQuantity()?.doubleValue(for: .count()) ?? 0) }
            var walked = 0
            collection.enumerateStatistics(from: query.anchorDate, to: day.addingTimeInterval(7199)) { statistics, stop in
                walked += 1
                stop.pointee = false
            }
            let first = collection.statistics(for: day)?.sumQuantity()?.doubleValue(for: .count()) ?? 0
            let covered = collection.statistics(for: day)?.duration()?.doubleValue(for: .second()) ?? 0
            self.lines.append("hourly \(sums) walked \(walked) first \(Int(first)) covered \(Int(covered)) \(query.options == .cumulativeSum) \(query.intervalComponents.hour ?? 0)")
        }
        query.statisticsUpdateHandler = { _, statistics, _, _ in
            self.lines.append("update \(Int(statistics?.sumQuantity()?.doubleValue(for: .count()) ?? 0))")
        }
        store.execute(query)
        store.save(HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 5), start: day, end: day)) { _, _ in }
        store.stop(query)

        let rings = HKActivitySummaryQuery(predicate: HKQuery.predicate(forActivitySummariesBetweenStart: dayComponents(day),
                                                                        end: dayComponents(day))) { _, summaries, _ in
            let summary = summaries?.first
            let energy = summary?.activeEnergyBurned.doubleValue(for: .kilocalorie()) ?? -1
            let goal = summary?.activeEnergyBurnedGoal.doubleValue(for: .kilocalorie()) ?? -1
            let exercise = summary?.appleExerciseTime.doubleValue(for: .minute()) ?? -1
            let stand = summary?.appleStandHours.doubleValue(for: .count()) ?? -1
            let sameDay = summary?.dateComponents(for: Calendar.current).day == Calendar.current.component(.day, from: day)
            self.lines.append("rings \(summaries?.count ?? -1) \(Int(energy)) \(Int(goal)) \(Int(exercise)) \(Int(stand)) \(sameDay)")
            _ = (summary?.appleExerciseTimeGoal, summary?.appleStandHoursGoal, summary?.appleMoveTime, summary?.appleMoveTimeGoal,
                 summary?.activityMoveMode, summary?.isPaused)
        }
        rings.updateHandler = { _, summaries, _ in self.lines.append("rings update \(summaries?.count ?? 0)") }
        store.execute(rings)
        store.stop(rings)
        let oneDay = HKActivitySummaryQuery(predicate: HKQuery.predicateForActivitySummary(with: dayComponents(day))) { _, _, _ in }
        store.execute(oneDay)

        let observer = HKObserverQuery(queryDescriptors: [HKQueryDescriptor(sampleType: steps, predicate: nil)]) { _, types, done, _ in
            self.lines.append("observed \(types?.count ?? 0)")
            done()
        }
        store.execute(observer)
        store.stop(observer)
        let descriptors = [HKQueryDescriptor(sampleType: steps, predicate: nil),
                           HKQueryDescriptor(sampleType: HKQuantityType(.activeEnergyBurned), predicate: nil)]
        let anchoredMany = HKAnchoredObjectQuery(queryDescriptors: descriptors, anchor: nil, limit: HKObjectQueryNoLimit) { _, samples, _, _, _ in
            self.lines.append("anchored many \(samples?.count ?? 0)")
        }
        store.execute(anchoredMany)
        store.stop(anchoredMany)
        let sortedMany = HKSampleQuery(queryDescriptors: descriptors, limit: 3,
                                       sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]) { _, samples, _ in
            let newest = (samples ?? []).compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .count()) }
            self.lines.append("sorted many \(newest.map { Int($0) })")
        }
        store.execute(sortedMany)
        let anyOrder = HKSampleQuery(queryDescriptors: descriptors, limit: HKObjectQueryNoLimit) { _, samples, _ in
            self.lines.append("any order \(samples?.count ?? 0)")
        }
        store.execute(anyOrder)

        Task {
            let predicate = HKSamplePredicate<HKQuantitySample>.quantitySample(type: steps)
            let newest = try await HKSampleQueryDescriptor(predicates: [predicate], sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)],
                                                           limit: 2).result(for: store)
            let total = try await HKStatisticsQueryDescriptor(predicate: predicate, options: .cumulativeSum).result(for: store)
            let anchored = try await HKAnchoredObjectQueryDescriptor(predicates: [predicate], anchor: nil).result(for: store)
            let collection = try await HKStatisticsCollectionQueryDescriptor(predicate: predicate, options: .cumulativeSum, anchorDate: day,
                                                                             intervalComponents: interval).result(for: store)
            let workouts = try await HKSampleQueryDescriptor(predicates: [.workout()], sortDescriptors: []).result(for: store)
            let mindful = try await HKSampleQueryDescriptor(predicates: [.categorySample(type: HKCategoryType(.mindfulSession))],
                                                            sortDescriptors: []).result(for: store)
            let any = try await HKSampleQueryDescriptor(predicates: [.sample(type: steps)], sortDescriptors: []).result(for: store)
            self.lines.append("""
                descriptors \(newest.count) \(Int(total?.sumQuantity()?.doubleValue(for: .count()) ?? 0)) \(anchored.addedSamples.count) \
                \(anchored.deletedObjects.count) \(collection.statistics().count) \(workouts.count) \(mindful.count) \(any.count)
                """)
            let summaries = try await HKActivitySummaryQueryDescriptor(predicate: nil).result(for: store)
            for try await all in HKActivitySummaryQueryDescriptor(predicate: HKQuery.predicateForActivitySummary(with: self.dayComponents(day)))
                .results(for: store) {
                self.lines.append("summaries \(summaries.count) \(all.count)")
                break
            }
            for try await update in HKAnchoredObjectQueryDescriptor(predicates: [predicate], anchor: anchored.newAnchor).results(for: store) {
                self.lines.append("stream \(update.addedSamples.count)")
                break
            }
            for try await update in HKStatisticsCollectionQueryDescriptor(predicate: predicate, options: .cumulativeSum, anchorDate: day,
                                                                          intervalComponents: interval).results(for: store) {
                self.lines.append("collection stream \(update.statisticsCollection.statistics().count) \(update.updatedStatistics == nil)")
                break
            }
        }
    }

    private func dayComponents(_ date: Date) -> DateComponents {
        var components = Calendar.current.dateComponents([.era, .year, .month, .day], from: date)
        components.calendar = Calendar.current
        return components
    }

    /// A workout: mirroring, a series builder, zones as it runs and once saved.
    func workout() throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        session.delegate = self
        self.session = session
        session.sendToRemoteWorkoutSession(data: Data([1])) { success, _ in self.lines.append("send before mirroring \(success)") }
        session.startActivity(with: Date())
        session.startMirroringToCompanionDevice { success, _ in self.lines.append("mirroring \(success)") }
        session.sendToRemoteWorkoutSession(data: Data([1, 2, 3])) { success, _ in self.lines.append("sent \(success)") }
        let builder = session.associatedWorkoutBuilder()
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: configuration)
        builder.delegate = self
        self.builder = builder
        lines.append("route builder \(builder.seriesBuilder(for: HKSeriesType.workoutRoute()) is HKWorkoutRouteBuilder)")
        let source = builder.dataSource
        source?.enableCollection(for: HKQuantityType(.runningPower), predicate: nil)
        lines.append("collects power \(source?.typesToCollect.contains(HKQuantityType(.runningPower)) == true)")
        let lap = HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: Date(), duration: 0), metadata: ["lap": 1])
        let types: [HKWorkoutEventType] = [.pause, .resume, .lap, .marker, .motionPaused, .motionResumed, .segment, .pauseOrResumeRequest]
        lines.append("event \(lap.type == .lap) \(lap.dateInterval.duration) \(lap.metadata?["lap"] != nil) \(types.map(\.rawValue) == Array(1...8))")
        let swim = HKWorkoutConfiguration()
        swim.activityType = .swimming
        swim.swimmingLocationType = .pool
        swim.lapLength = HKQuantity(unit: .meter(), doubleValue: 25)
        swim.locationType = .indoor
        lines.append("swim \(swim.swimmingLocationType == .pool) \(swim.lapLength?.doubleValue(for: .meter()) ?? 0) \(swim.locationType == .indoor)")
        builder.beginCollection(withStart: Date()) { _, _ in }
        Task {
            try await session.startMirroringToCompanionDevice()
            try await session.sendToRemoteWorkoutSession(data: Data())
            let zones = try await builder.zoneConfiguration(for: HKQuantityType(.heartRate))
            self.lines.append("zones \(zones?.zones.count ?? 0) \(zones?.source == .system)")
        }
    }

    func finish() {
        guard let session = session, let builder = builder else { return }
        let group = builder.zoneGroup(for: HKQuantityType(.heartRate))
        let seconds = group?.zoneDurations.reduce(0) { $0 + $1.duration } ?? 0
        lines.append("live zones \(group?.configuration.zones.count ?? 0) \(seconds > 50)")
        if let heart = builder.statistics(for: HKQuantityType(.heartRate)) {
            let bpm = HKUnit.count().unitDivided(by: .minute())
            let low = heart.minimumQuantity()?.doubleValue(for: bpm) ?? 0, high = heart.maximumQuantity()?.doubleValue(for: bpm) ?? 0
            let mean = heart.averageQuantity()?.doubleValue(for: bpm) ?? 0
            let recent = heart.mostRecentQuantityDateInterval()
            let ordered = low > 0 && low <= mean && mean <= high
            lines.append("heart \(ordered) \(heart.mostRecentQuantity() != nil) \(recent != nil) \(heart.sumQuantity() == nil) "
                         + "\(heart.quantityType.identifier) \(heart.startDate <= heart.endDate)")
        }
        let latest = HKSampleQuery(sampleType: HKQuantityType(.heartRate), predicate: nil, limit: 1, sortDescriptors: nil) { _, samples, _ in
            self.lines.append("sensor device \(samples?.first?.device == HKDevice.local())")
        }
        store.execute(latest)
        session.stopMirroringToCompanionDevice { _, _ in }
        session.end()
        builder.endCollection(withEnd: Date()) { _, _ in
            builder.finishWorkout { workout, _ in
                let kept = workout?.zoneGroup(for: HKQuantityType(.heartRate))
                let byType = workout?.zoneGroupsByType?.count ?? 0
                let leg = workout?.workoutActivities.first?.zoneGroupsByType
                self.lines.append("floors \(workout?.totalFlightsClimbed == nil) energy \(workout?.totalEnergyBurned != nil) "
                                  + "strokes \(workout?.totalSwimmingStrokeCount == nil) stats \(workout?.allStatistics.isEmpty == false) "
                                  + "\(workout?.workoutActivityType == .running) \(workout?.sampleType == HKObjectType.workoutType())")
                self.lines.append("saved zones \(kept?.zoneDurations.count ?? 0) \(byType) \(leg == nil)")
            }
        }
        Task {
            try await session.stopMirroringToCompanionDevice()
            let custom = try HKWorkoutZoneConfiguration(quantityType: HKQuantityType(.heartRate),
                                                        zoneBoundaries: [HKQuantity(unit: HKUnit(from: "count/min"), doubleValue: 140)])
            try await builder.setCustomZoneConfiguration(custom, for: HKQuantityType(.heartRate))
            let zone = custom.zones[1]
            self.lines.append("custom \(custom.zones.count) \(zone.index) \(zone.minimum != nil) \(zone.maximum == nil) \(custom.quantityType.identifier)")
        }
    }

    /// HKUnit's units and prefixes, converted through HKQuantity, each against a known figure.
    func units() {
        func value(_ amount: Double, _ from: HKUnit, in unit: HKUnit) -> Double {
            HKQuantity(unit: from, doubleValue: amount).doubleValue(for: unit)
        }
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(b)) }
        let checks: [(String, Bool)] = [
            ("pressure", near(value(1, .atmosphere(), in: .pascal()), 101_325) && near(value(1, .atmosphere(), in: .pascalUnit(with: .kilo)), 101.325)
                && abs(value(1, .atmosphere(), in: .millimeterOfMercury()) - 760) < 1e-3
                && abs(value(1, .atmosphere(), in: .centimeterOfWater()) - 1033.227) < 1e-3),
            ("time", near(value(1, .day(), in: .hour()), 24) && near(value(1, .second(), in: .secondUnit(with: .milli)), 1000)),
            ("length", near(value(1, .foot(), in: .inch()), 12)),
            ("mass", near(value(1, .stone(), in: .pound()), 14) && near(value(1, .pound(), in: .ounce()), 16)
                && near(value(1, .pound(), in: .gram()), 453.59237)),
            ("energy", near(value(1, .largeCalorie(), in: .smallCalorie()), 1000) && near(value(1, .kilocalorie(), in: .joule()), 4184)
                && near(value(1, .kilocalorie(), in: .jouleUnit(with: .kilo)), 4.184)),
            ("power", near(value(1, .wattUnit(with: .kilo), in: .watt()), 1000)),
            ("volume", near(value(1, .liter(), in: .literUnit(with: .milli)), 1000)),
            ("temperature", near(value(0, .degreeCelsius(), in: .kelvin()), 273.15)),
            ("percent", near(value(0.5, .percent(), in: .percent()), 0.5)),
            ("null", !HKUnit.count().isNull()),
            ("compare", HKQuantity(unit: .mile(), doubleValue: 1).compare(HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 1)) == .orderedDescending),
        ]
        lines.append("units " + checks.filter { !$0.1 }.map(\.0).joined(separator: ","))
    }

    /// WatchKit's device facts and the auto-launch status.
    func device() {
        let device = WKInterfaceDevice.current()
        lines.append("vendor \(device.identifierForVendor != nil) \(device.preferredContentSizeCategory) \(device.layoutDirection == .leftToRight)")
        WKExtendedRuntimeSession.requestAutoLaunchAuthorizationStatus { status, error in
            self.lines.append("auto-launch \(status == .inactive) \(error == nil)")
        }
        Task {
            let status = try await WKExtendedRuntimeSession.requestAutoLaunchAuthorizationStatus()
            self.lines.append("async auto-launch \(status == .active ? "active" : status == .unknown ? "unknown" : "inactive")")
        }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState, from fromState: HKWorkoutSessionState,
                        date: Date) {}
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: Error) {}
    func workoutSession(_ workoutSession: HKWorkoutSession, didDisconnectFromRemoteDeviceWithError error: Error?) { disconnected = true }
    func workoutSession(_ workoutSession: HKWorkoutSession, didReceiveDataFromRemoteWorkoutSession data: [Data]) {}
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {}
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didUpdateWorkoutZone zoneUpdate: HKLiveWorkoutZoneUpdate) {
        zoneUpdates += 1
        _ = (zoneUpdate.lastSampleProcessedDate, zoneUpdate.previousZoneDuration, zoneUpdate.zoneGroup)
    }
}
