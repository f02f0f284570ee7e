import AppIntents
import CoreMotion
import HealthKit
import os

struct MyStartDiveIntent: StartDiveIntent {
    static let title: LocalizedStringResource = "Start a dive"

    func perform() async throws -> some IntentResult {
        try await DiveManager.shared.start()
        return .result(actionButtonIntent: MarkDepthIntent())
    }
}

struct MarkDepthIntent: AppIntent {
    static let title: LocalizedStringResource = "Mark the depth"

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let depth = await DiveManager.shared.depth ?? 0
        return .result(dialog: "Marked at \(Int(depth.rounded())) metres")
    }
}

/// Swift 6: an actor holds the dive's state; CoreMotion's callbacks hop onto it.
actor DiveManager {
    static let shared = DiveManager()

    let submersion = CMWaterSubmersionManager()
    var session: HKWorkoutSession?
    var underWaterMeasurements = 0
    var temperatures = 0
    var depth: Double?

    func start() throws {
        underWaterMeasurements = 0
        temperatures = 0
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .underwaterDiving
        let session = try HKWorkoutSession(healthStore: HKHealthStore(), configuration: configuration)
        session.startActivity(with: Date())
        self.session = session
        submersion.delegate = self
    }

    private func record(depth: Double?) {
        self.depth = depth
        if depth != nil { underWaterMeasurements += 1 }
    }

    private func recordTemperature() { temperatures += 1 }
}

extension DiveManager: CMWaterSubmersionManagerDelegate {
    nonisolated func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterSubmersionMeasurement) {
        let depth = measurement.depth?.converted(to: .meters).value
        Task { await self.record(depth: depth) }
    }

    nonisolated func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterTemperature) {
        Task { await self.recordTemperature() }
    }
}
