import ActionButtonCore
import DeviceProfiles
import LinuxInput
import Scenarios
#if canImport(Glibc)
import Glibc
#endif

/// Plays a scenario's button edges into a uinput device in real time, like `evemu-play`:
/// the presses go through the kernel's input layer and come out of `/dev/input/eventN`, so
/// `actionsim run` (or any other program) can be tested end to end.
public struct ScenarioInjector {
    /// One key event to write, at a time after the start.
    public struct KeyWrite: Hashable, Sendable {
        public var time: Timestamp
        public var code: UInt16
        public var down: Bool
    }

    public let actionKey: UInt16
    public let sideKey: UInt16?
    public let recognizer: PressRecognizer.Configuration

    /// Keys from an evdev profile; without one, KEY_PROG1 is Action and KEY_PROG2 side (the
    /// gpio-key overlay profile's keys).
    public init(profile: EvdevInput?, recognizer: PressRecognizer.Configuration) {
        actionKey = profile?.code(for: .action) ?? InputKeyCode.code(named: "KEY_PROG1")!
        sideKey = profile == nil ? InputKeyCode.code(named: "KEY_PROG2")! : profile?.code(for: .side)
        self.recognizer = recognizer
    }

    /// The key events a scenario's steps stand for, in time order, and the steps that have no
    /// key to stand for them (wrist, end, settings: no device can press those).
    /// Gesture steps become the edges that make them: a press is 80 ms long, a chord's
    /// second button goes down 20 ms after the first, a hold outlasts the hold time by 100 ms.
    public func plan(_ scenario: Scenario) -> (writes: [KeyWrite], skipped: [String]) {
        var writes: [KeyWrite] = []
        var skipped: [String] = []
        func add(_ time: Timestamp, _ button: Button, _ down: Bool) -> Bool {
            guard let code = button == .action ? actionKey : sideKey else { return false }
            writes.append(KeyWrite(time: time, code: code, down: down))
            return true
        }
        // Its own steps and its steps file's, in time order.
        for step in IteratorSequence(ScenarioSteps(scenario)) {
            let t = step.time
            let ok: Bool
            switch step.step {
            case .edge(let button, let direction):
                ok = add(t, button, direction == .down)
            case .gesture(.press):
                ok = add(t, .action, true) && add(t.advanced(by: .milliseconds(80)), .action, false)
            case .gesture(.side):
                ok = add(t, .side, true) && add(t.advanced(by: .milliseconds(80)), .side, false)
            case .gesture(.both):
                ok = add(t, .action, true) && add(t.advanced(by: .milliseconds(20)), .side, true)
                    && add(t.advanced(by: .milliseconds(100)), .side, false) && add(t.advanced(by: .milliseconds(110)), .action, false)
            case .gesture(.hold):
                ok = add(t, .action, true) && add(t.advanced(by: recognizer.holdTime + .milliseconds(100)), .action, false)
            case .key(let name):
                if let code = InputKeyCode.code(named: name) {
                    writes.append(KeyWrite(time: t, code: code, down: true))
                    writes.append(KeyWrite(time: t.advanced(by: .milliseconds(50)), code: code, down: false))
                    ok = true
                } else {
                    ok = false
                }
            case .wristDown, .endSession, .suggestedWorkouts, .settings:
                ok = false
            }
            if !ok { skipped.append("\(step.location): \(describe(step.step)) has no key to press; skipped") }
        }
        let ordered = writes.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        return (ordered, skipped)
    }

    /// Every key code the plan uses, for the device's capabilities.
    public func keys(of writes: [KeyWrite]) -> [UInt16] {
        Array(Set(writes.map(\.code) + [actionKey] + (sideKey.map { [$0] } ?? []))).sorted()
    }

    /// Writes each key event when its time comes, counted from `start` (absolute
    /// `CLOCK_MONOTONIC`), sleeping on absolute deadlines so that delays never add up.
    public static func play(_ writes: [KeyWrite], into device: UInputDevice, startingAt start: Int64) throws(LinuxInputError) {
        for write in writes {
            sleepUntil(start + write.time.nanoseconds)
            try device.key(write.code, value: write.down ? 1 : 0)
        }
    }

    /// Until `deadline` on the kernel's input clock.
    public static func sleepUntil(_ deadline: Int64) { Waiting.sleep(untilMonotonic: deadline) }

    private func describe(_ step: Scenario.Step) -> String {
        switch step {
        case .edge(let button, let direction): "\(button) \(direction)"
        case .gesture(let kind): "gesture \(kind)"
        case .key(let name): "key \(name)"
        case .wristDown: "wrist: down"
        case .endSession: "end: session"
        case .suggestedWorkouts: "suggested-workouts"
        case .settings: "settings"
        }
    }
}
