import HealthKit

/// Swift 6: the app's history as an actor, with HealthKit's async forms.
actor TrainingLog {
    let store = HKHealthStore()
    private(set) var heartRates: [HKQuantitySample] = []

    func record(_ beatsPerMinute: [Double], from start: Date) async throws {
        let type = HKQuantityType(.heartRate)
        let unit = HKUnit.count().unitDivided(by: .minute())
        heartRates = beatsPerMinute.enumerated().map { index, value in
            let at = start.addingTimeInterval(Double(index) * 10)
            return HKQuantitySample(type: type, quantity: HKQuantity(unit: unit, doubleValue: value), start: at, end: at)
        }
        try await store.save(heartRates)
    }

    func average() async throws -> Double? {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKStatisticsQuery(quantityType: HKQuantityType(.heartRate), quantitySamplePredicate: nil,
                                          options: .discreteAverage) { _, statistics, error in
                if let error { continuation.resume(throwing: error) } else {
                    continuation.resume(returning: statistics?.averageQuantity()?.doubleValue(for: .count().unitDivided(by: .minute())))
                }
            }
            store.execute(query)
        }
    }

    func forgetFirst() async throws {
        guard let first = heartRates.first else { return }
        try await store.delete(first)
    }

    func forgetAll() async throws -> Int {
        try await store.deleteObjects(of: HKQuantityType(.heartRate),
                                      predicate: HKQuery.predicateForSamples(withStart: nil, end: nil))
    }
}
