import ActionButtonCore
import Foundation
import SessionLog
import SimulationEvents
import Testing

/// Issue 28: a warning travels as a code with its numbers and names. What reads the log (the
/// summary, the plot, the page, the real-kernel tests' jq) reads those fields, never the
/// sentence; the sentence is made in one place and written beside them.
@Suite("Session log warnings (issue 28)")
struct WarningLineTests {
    static let warnings: [SessionWarning] = [
        .ascentRate(rate: 12.25, limit: 9, depth: 18.5),
        .ratedDepth(depth: 41, rated: 40),
        .sensorModel("no activity type"),
        .settingsNotChanged("the app is not installed"),
        .sessionStartLeftOut("the session starts in a left-out file"),
        .app("a sleep outside a tracked task"),
        .startOpensApp(intent: "StartDiveIntent"),
        .gpioEventsDropped(offset: 17, line: "17 (GPIO17)", button: "action", count: 45, pressed: true),
        .gpioQueueFull(offset: 27, line: "27 (GPIO27)", button: "side", pressed: false),
        .evdevEventsDropped(device: "/dev/input/event3 [gpio-keys]"),
        .inputLost(source: "/dev/gpiochip0 [gpio-sim.0-node0]", reason: "No such device", kind: .gpio),
        .inputLost(source: "/dev/input/event3 [gpio-keys]", reason: "unplugged", kind: .evdev),
        .clockNotMonotonic,
        .input("cannot reopen /dev/input/event3: Permission denied"),
    ]

    static func line(_ warning: SessionWarning) throws -> [String: Any] {
        var json = JSONLineWriter()
        EventEncoding.write(SimulationEvent(time: Timestamp(nanoseconds: 1_500_000_000), kind: .warning(warning)), into: &json)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any])
    }

    @Test("Every kind of warning is in the list above (a new one must be added here)")
    func everyCodeListed() {
        #expect(Set(Self.warnings.map(\.code)) == Set(SessionWarning.Code.allCases))
    }

    @Test("A warning's log line has its code, numbers and names; they make the same warning again, sentence and all",
          arguments: warnings)
    func readsBack(_ warning: SessionWarning) throws {
        let fields = try Self.line(warning)
        #expect(fields["event"] as? String == "warning")
        #expect(fields["code"] as? String == warning.code.rawValue)
        #expect(fields["message"] as? String == warning.description)
        var values: [String: Double] = [:]
        var names: [String: String] = [:]
        for (name, _) in warning.values {
            values[name.description] = try #require(fields[name.description] as? Double, "\(name)")
        }
        for (name, value) in warning.names {
            names[name.description] = try #require(fields[name.description] as? String, "\(name)")
            #expect(names[name.description] == value)
        }
        let code = try #require(SessionWarning.Code(rawValue: fields["code"] as? String ?? ""))
        let again = SessionWarning(code: code, values: values, names: names, text: warning.text)
        #expect(again == warning)
        // The coded form (the store's, a simulated watch's in another process) reads back too.
        let coded = try JSONEncoder().encode(warning)
        #expect(try JSONDecoder().decode(SessionWarning.self, from: coded) == warning)
    }

    @Test("The fields the real-kernel tests read: a GPIO line's dropped events by line, button and count")
    func kernelFields() throws {
        let dropped = try Self.line(.gpioEventsDropped(offset: 17, line: "17 (GPIO17)", button: "action", count: 45, pressed: true))
        #expect(dropped["offset"] as? Double == 17 && dropped["line"] as? String == "17 (GPIO17)" && dropped["button"] as? String == "action")
        #expect(dropped["count"] as? Double == 45 && dropped["level"] as? String == "pressed")
        #expect((dropped["message"] as? String)?.hasPrefix("the kernel dropped 45 events of line 17 (GPIO17) (action)") == true)
        let full = try Self.line(.gpioQueueFull(offset: 17, line: "17 (GPIO17)", button: "action", pressed: true))
        #expect(full["code"] as? String == "gpio-queue-full" && full["level"] as? String == "pressed")
        // A coded warning missing a name it needs is refused, not made up.
        #expect(SessionWarning(code: .gpioEventsDropped, values: ["count": 3, "offset": 17], names: ["line": "17"], text: nil) == nil)
    }
}
