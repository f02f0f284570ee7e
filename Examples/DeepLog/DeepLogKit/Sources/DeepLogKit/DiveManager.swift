//
//  DiveManager.swift
//  DeepLogKit
//

import CoreMotion
import Foundation
import HealthKit
import Observation
import os

/// The dive the app is logging: a HealthKit session of the underwater-diving kind, and
/// live depth and water temperature from CoreMotion.
@Observable
public final class DiveManager: NSObject {
    public static let shared = DiveManager()

    public enum Mark: String {
        case entry
        case depth
    }

    let store = HKHealthStore()
    let submersionManager = CMWaterSubmersionManager()
    public private(set) var session: HKWorkoutSession?
    public private(set) var builder: HKLiveWorkoutBuilder?
    public private(set) var depth: Double?
    public private(set) var waterTemperature: Double?
    public private(set) var isSubmerged = false
    public private(set) var marks: [(Mark, Double)] = []
    /// Called when CoreMotion reports the watch under water: the app changes what the
    /// Action button does next there.
    public var onSubmerge: (@Sendable () -> Void)?

    public func startDive() async throws {
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
    public func mark(_ mark: Mark) async {
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
        onSubmerge?()
    }
}

extension DiveManager: CMWaterSubmersionManagerDelegate {
    public func manager(_ manager: CMWaterSubmersionManager, didUpdate event: CMWaterSubmersionEvent) {
        logger.debug("Submersion state: \(event.state.rawValue)")
        if event.state == .submerged, !isSubmerged {
            didSubmerge()
        } else if event.state == .notSubmerged {
            isSubmerged = false
        }
    }

    public func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterSubmersionMeasurement) {
        depth = measurement.depth?.converted(to: .meters).value
    }

    public func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterTemperature) {
        waterTemperature = measurement.temperature.converted(to: .celsius).value
    }

    public func manager(_ manager: CMWaterSubmersionManager, errorOccurred error: Error) {
        logger.error("CoreMotion: \(error.localizedDescription)")
    }
}
