//
//  DiveManager.swift
//  DeepLog Watch App
//

import AppIntents
import CoreMotion
import Foundation
import HealthKit
import Observation
import os

/// The dive the app is logging: a HealthKit session of the underwater-diving kind, and
/// live depth and water temperature from CoreMotion.
@Observable
final class DiveManager: NSObject {
    static let shared = DiveManager()

    enum Mark: String {
        case entry
        case depth
    }

    let store = HKHealthStore()
    let submersionManager = CMWaterSubmersionManager()
    private(set) var session: HKWorkoutSession?
    private(set) var builder: HKLiveWorkoutBuilder?
    private(set) var depth: Double?
    private(set) var waterTemperature: Double?
    private(set) var isSubmerged = false
    private(set) var marks: [(Mark, Double)] = []

    func startDive() async throws {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .underwaterDiving
        configuration.locationType = .outdoor

        let session = try HKWorkoutSession(healthStore: store, configuration: configuration)
        self.session = session
        marks = []
        session.startActivity(with: Date())

        let builder = session.associatedWorkoutBuilder()
        try await builder.beginCollection(at: Date())
        self.builder = builder

        submersionManager.delegate = self
    }

    /// Records a mark at the current depth.
    func mark(_ mark: Mark) async {
        let depth = depth ?? 0
        marks.append((mark, depth))
        logger.debug("Marked \(mark.rawValue) at \(depth, format: .fixed(precision: 1)) m")
        let event = HKWorkoutEvent(type: .marker, dateInterval: DateInterval(start: Date(), duration: 0),
                                   metadata: ["mark": mark.rawValue, "depth": depth])
        do {
            try await builder?.addWorkoutEvents([event])
        } catch {
            logger.error("Could not record the mark: \(error.localizedDescription)")
        }
    }

    private func didSubmerge() {
        isSubmerged = true
        // Under water the next press marks the depth instead of the entry.
        Task {
            do {
                try await StartDiveLogIntent().donate(result: .result(actionButtonIntent: MarkDepthIntent()))
            } catch {
                logger.error("Could not donate Mark Depth: \(error.localizedDescription)")
            }
        }
    }
}

extension DiveManager: CMWaterSubmersionManagerDelegate {
    func manager(_ manager: CMWaterSubmersionManager, didUpdate event: CMWaterSubmersionEvent) {
        logger.debug("Submersion state: \(event.state.rawValue)")
        if event.state == .submerged, !isSubmerged {
            didSubmerge()
        } else if event.state == .notSubmerged {
            isSubmerged = false
        }
    }

    func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterSubmersionMeasurement) {
        depth = measurement.depth?.converted(to: .meters).value
    }

    func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterTemperature) {
        waterTemperature = measurement.temperature.converted(to: .celsius).value
    }

    func manager(_ manager: CMWaterSubmersionManager, errorOccurred error: Error) {
        logger.error("CoreMotion: \(error.localizedDescription)")
    }
}
