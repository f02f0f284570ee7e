import ActionButtonCore

/// Presses as edges through the press recognizer and the Action-button system, each
/// dispatched next action reported back at once so the system is never busy: the pure
/// core's cost per gesture, with no I/O.
struct EngineThroughput {
    var presses = 1_000_000
    var repetitions: Int

    func run() throws -> Measurement {
        var registry = AppRegistry()
        let lap = IntentReference(name: "MarkLapIntent", title: "Mark Lap")
        try registry.install(InstalledApp(name: "Bench", workout: .init(
            startIntent: IntentReference(name: "StartIntent", title: "Start"),
            suggestedWorkouts: [WorkoutOption(id: "running", title: "Running")])))
        var handled = 0
        var seconds: [Double] = []
        for _ in 0..<repetitions {
            var recognizer = PressRecognizer()
            var system = try ActionButtonSystem(registry: registry, settings: .workout(app: "Bench", firstPress: nil))
            _ = system.handle(.session(.started(.workout)), at: .zero)
            _ = system.handle(.donated(lap), at: .zero)
            var outputs: [PressRecognizer.Output] = []
            var events: [SystemEvent] = []
            outputs.reserveCapacity(4)
            events.reserveCapacity(8)
            handled = 0
            let start = ContinuousClock.now
            var t: Int64 = 1_000_000_000
            for _ in 0..<presses {
                outputs.removeAll(keepingCapacity: true)
                recognizer.handle(Edge(.action, .down, at: Timestamp(nanoseconds: t)), into: &outputs)
                recognizer.handle(Edge(.action, .up, at: Timestamp(nanoseconds: t + 60_000_000)), into: &outputs)
                for case .gesture(let gesture) in outputs {
                    events.removeAll(keepingCapacity: true)
                    system.handle(.gesture(gesture), at: gesture.time, into: &events)
                    for case .intentDispatched(let invocation) in events {
                        system.handle(.intentReturned(invocation: invocation.id, actionButtonIntent: nil),
                                      at: gesture.time, into: &events)
                        handled += 1
                    }
                }
                t += 500_000_000
            }
            let elapsed = ContinuousClock.now - start
            seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        precondition(handled == presses, "every press must run the next action")
        return Measurement(seconds: seconds)
    }
}
