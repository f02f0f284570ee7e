// Issue 24: the two ways Swift 6 watch apps keep observable state: Combine's
// ObservableObject with @Published (`import Combine`), and Observation's @Observable.
import Combine
import HealthKit
import Observation

@MainActor
final class PaceModel: ObservableObject {
    @Published var metresPerSecond: Double = 0
    @Published var laps = 0

    func record(speed: Double) { metresPerSecond = speed }
    func lap() { laps += 1 }
}

@MainActor
@Observable
final class DiveModel {
    var depth: Double = 0
    var maximumDepth: Double = 0

    func record(depth: Double) {
        self.depth = depth
        maximumDepth = max(maximumDepth, depth)
    }
}
