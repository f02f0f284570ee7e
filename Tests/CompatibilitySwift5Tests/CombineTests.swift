// Issue 24: ObservableObject and @Published from a Foundation + HealthKit file, and Combine
// itself, in Swift 5 language mode.
import Combine
import Foundation
import HealthKit
import Testing

@Suite("Swift 5: Combine and ObservableObject")
struct CombineSwift5Tests {
    @Test("A Foundation + HealthKit ObservableObject announces changes; @Published publishes each value")
    func observableObject() {
        let model = WorkoutSummaryModel()
        var changes = 0
        var heartRates: [Double] = []
        var bag = Set<AnyCancellable>()
        model.objectWillChange.sink { changes += 1 }.store(in: &bag)
        model.$heartRate.sink { heartRates.append($0) }.store(in: &bag)
        model.update(heartRate: 120, distance: 400)
        model.sessionChanged(to: .running)
        #expect(changes == 3)
        #expect(heartRates == [0, 120])
        #expect(model.state == .running)
    }

    @Test("Combine's subjects, operators and schedulers, as apps chain them")
    func publishers() async {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        let cancellable = subject.filter { $0 % 2 == 0 }.map { $0 * 10 }.sink { seen.append($0) }
        (1...6).forEach(subject.send)
        #expect(seen == [20, 40, 60])
        cancellable.cancel()
        let received: Int = await withCheckedContinuation { continuation in
            var keep: AnyCancellable?
            keep = Just(7).receive(on: DispatchQueue.global()).sink { value in
                continuation.resume(returning: value)
                keep = nil
            }
            _ = keep
        }
        #expect(received == 7)
    }
}
