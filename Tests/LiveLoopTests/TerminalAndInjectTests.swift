import ActionButtonCore
import Foundation
import LiveLoop
import Scenarios
import Testing
import YAMLDocuments

/// The gestures a run of terminal keys makes, through the real recognizer.
private func gestures(typing keys: String, at times: [Int64]? = nil) -> [Gesture.Kind] {
    var map = TerminalKeyMap()
    var recognizer = PressRecognizer(configuration: .evdev)
    var result: [Gesture.Kind] = []
    for (index, byte) in keys.utf8.enumerated() {
        let time = times?[index] ?? Int64(index) * 1_000_000_000
        for item in map.handle(byte, at: time) {
            guard case .edge(let button, let direction, let t, _) = item else { continue }
            for case .gesture(let gesture) in recognizer.handle(Edge(button, direction, at: Timestamp(nanoseconds: t))) {
                result.append(gesture.kind)
            }
        }
    }
    for case .gesture(let gesture) in recognizer.advance(to: Timestamp(nanoseconds: 1_000_000_000_000)) { result.append(gesture.kind) }
    return result
}

@Suite("Terminal keys as buttons")
struct TerminalKeyMapTests {
    @Test("P3: a and space press Action, s the side button, b both together")
    func taps() {
        #expect(gestures(typing: "a") == [.press])
        #expect(gestures(typing: " ") == [.press])
        #expect(gestures(typing: "s") == [.side])
        #expect(gestures(typing: "b") == [.both])
        #expect(gestures(typing: "asb") == [.press, .side, .both])
    }

    @Test("A12: A held past the hold time is a press, then the Siren hold; S and A held together are a chord")
    func holds() {
        #expect(gestures(typing: "AA", at: [0, 3_000_000_000]) == [.press, .hold])
        #expect(gestures(typing: "SAAS", at: [0, 50_000_000, 400_000_000, 450_000_000]) == [.both])
        // a on a held Action lets it go
        #expect(gestures(typing: "Aa", at: [0, 100_000_000]) == [.press])
    }

    @Test("commands and other keys")
    func commands() {
        var map = TerminalKeyMap()
        #expect(map.handle(UInt8(ascii: "w"), at: 5) == [.command(.wristDown, time: 5)])
        #expect(map.handle(UInt8(ascii: "e"), at: 5) == [.command(.endSession, time: 5)])
        #expect(map.handle(UInt8(ascii: "q"), at: 5) == [.command(.quit, time: 5)])
        #expect(map.handle(0x04, at: 5) == [.command(.quit, time: 5)])
        #expect(map.handle(UInt8(ascii: "?"), at: 5) == [.command(.help, time: 5)])
        #expect(map.handle(UInt8(ascii: "x"), at: 5) == [.otherKey("x", time: 5)])
        #expect(map.handle(UInt8(ascii: "\n"), at: 5) == [])
    }
}

@Suite("Injecting scenarios through uinput")
struct InjectPlanTests {
    @Test("gesture steps become the edges that make them; what no key can press is skipped")
    func plan() throws {
        let text = """
            app: \(repository)/scenarios/apps/trailrunner.yaml
            settings: {action: workout}
            steps:
              - {at: 0s, gesture: press}
              - {at: 1s, gesture: both}
              - {at: 2s, button: side, edge: down}
              - {at: 2100ms, button: side, edge: up}
              - {at: 3s, wrist: down}
              - {at: 4s, gesture: hold}
            """
        let scenario = try ScenarioParser.parse(try YAMLDocument(text: text, file: "s.yaml"))
        let injector = ScenarioInjector(profile: nil, recognizer: .evdev)
        let (writes, skipped) = injector.plan(scenario)
        let prog1: UInt16 = 148, prog2: UInt16 = 149
        let described = writes.map { "\($0.time.nanoseconds / 1_000_000) \($0.code == prog1 ? "A" : $0.code == prog2 ? "S" : "?")\($0.down ? "v" : "^")" }
        #expect(described == ["0 Av", "80 A^", "1000 Av", "1020 Sv", "1100 S^", "1110 A^", "2000 Sv", "2100 S^", "4000 Av", "6100 A^"])
        #expect(skipped == ["s.yaml:8:5: wrist: down has no key to press; skipped"])
        #expect(injector.keys(of: writes) == [prog1, prog2])
    }
}
