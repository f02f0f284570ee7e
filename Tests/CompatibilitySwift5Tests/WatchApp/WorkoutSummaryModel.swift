// Issue 24: a workout model as watch apps write it, in a file that imports only Foundation
// and HealthKit. On a watch, Foundation brings Combine's ObservableObject and @Published.
import Foundation
import HealthKit

class WorkoutSummaryModel: ObservableObject {
    @Published var heartRate: Double = 0
    @Published var distance: Double = 0
    @Published private(set) var state: HKWorkoutSessionState = .notStarted

    func update(heartRate: Double, distance: Double) {
        self.heartRate = heartRate
        self.distance = distance
    }

    func sessionChanged(to state: HKWorkoutSessionState) {
        self.state = state
    }
}
