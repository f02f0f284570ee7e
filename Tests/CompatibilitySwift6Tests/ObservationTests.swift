// Issue 24: ObservableObject, @Published and @Observable in Swift 6 language mode.
import Combine
import Observation
import Synchronization
import Testing

@Suite("Swift 6: Combine and Observation")
struct ObservationSwift6Tests {
    @Test("A main-actor ObservableObject's @Published values reach a subscriber")
    @MainActor
    func observableObject() {
        let model = PaceModel()
        var speeds: [Double] = []
        var changes = 0
        let speedWatch = model.$metresPerSecond.sink { speeds.append($0) }
        let changeWatch = model.objectWillChange.sink { changes += 1 }
        model.record(speed: 3.2)
        model.lap()
        #expect(speeds == [0, 3.2])
        #expect(changes == 2)
        speedWatch.cancel()
        changeWatch.cancel()
    }

    @Test("An @Observable model tells withObservationTracking of the change it reads")
    @MainActor
    func observable() {
        let model = DiveModel()
        let told = Mutex(false)
        withObservationTracking { _ = model.depth } onChange: { told.withLock { $0 = true } }
        model.record(depth: 12)
        #expect(told.withLock { $0 })
        #expect(model.maximumDepth == 12)
    }
}
