import ActionButtonCore
import Testing

/// Milliseconds on the test's time line.
func ms(_ value: Int64) -> Timestamp { Timestamp(nanoseconds: value * 1_000_000) }

/// Feeds edges, then advances to `end`, and returns what came out.
func recognize(_ edges: [Edge], until end: Timestamp? = nil,
               configuration: PressRecognizer.Configuration = .init()) -> (outputs: [PressRecognizer.Output], recognizer: PressRecognizer) {
    var recognizer = PressRecognizer(configuration: configuration)
    var outputs: [PressRecognizer.Output] = []
    for edge in edges {
        // A driver wakes the recognizer at its deadlines before later edges.
        while let due = recognizer.nextWakeup, due < edge.time { outputs += recognizer.advance(to: due) }
        outputs += recognizer.handle(edge)
    }
    if let end {
        while let due = recognizer.nextWakeup, due <= end { outputs += recognizer.advance(to: due) }
        outputs += recognizer.advance(to: end)
    }
    return (outputs, recognizer)
}

func gestures(_ outputs: [PressRecognizer.Output]) -> [Gesture] {
    outputs.compactMap { if case .gesture(let g) = $0 { g } else { nil } }
}

@Suite("Press recognizer (P1–P4)")
struct PressRecognizerTests {
    @Test("P1: a down and an up edge of the Action button make one press, decided at the up-edge")
    func singlePress() {
        let (outputs, _) = recognize([Edge(.action, .down, at: ms(0)), Edge(.action, .up, at: ms(80))], until: ms(5000))
        #expect(gestures(outputs) == [Gesture(.press, at: ms(80))])
    }

    @Test("P1: an edge that repeats the button's state is not an edge (dropped as unchanged)")
    func repeatedEdgeIsDropped() {
        let (outputs, recognizer) = recognize([
            Edge(.action, .down, at: ms(0)), Edge(.action, .down, at: ms(20)), Edge(.action, .up, at: ms(60)),
        ], until: ms(500))
        #expect(outputs.contains(.dropped(Edge(.action, .down, at: ms(20)), .unchanged)))
        #expect(gestures(outputs).map(\.kind) == [.press])
        #expect(recognizer.counters.unchanged == 1)
    }

    @Test("P2: edges within the debounce time of the previous edge are dropped and counted; the level settles the press")
    func debounceDropsBounces() {
        let bouncy = [
            Edge(.action, .down, at: ms(0)), Edge(.action, .up, at: ms(2)), Edge(.action, .down, at: ms(4)),
            Edge(.action, .up, at: ms(100)), Edge(.action, .down, at: ms(103)), Edge(.action, .up, at: ms(106)),
        ]
        let (outputs, recognizer) = recognize(bouncy, until: ms(1000), configuration: .gpio)
        #expect(gestures(outputs).map(\.kind) == [.press])
        #expect(recognizer.counters.bounces == 4)
        #expect(recognizer.counters.accepted == 2)
        #expect(outputs.contains(.dropped(Edge(.action, .up, at: ms(2)), .bounce(sincePrevious: .milliseconds(2)))))
    }

    @Test("P2: with the evdev default (no debounce) fast edges all count")
    func evdevHasNoDebounce() {
        let fast = [Edge(.action, .down, at: ms(0)), Edge(.action, .up, at: ms(2)),
                    Edge(.action, .down, at: ms(4)), Edge(.action, .up, at: ms(6))]
        let (outputs, recognizer) = recognize(fast, until: ms(1000), configuration: .evdev)
        #expect(gestures(outputs).map(\.kind) == [.press, .press])
        #expect(recognizer.counters.bounces == 0)
    }

    @Test("P2: an edge exactly at the debounce time is not a bounce: the burst before it settles first")
    func debounceBoundary() {
        let (outputs, recognizer) = recognize([Edge(.action, .down, at: ms(0)), Edge(.action, .up, at: ms(10))],
                                              until: ms(500), configuration: .gpio)
        #expect(outputs.filter { if case .accepted = $0 { true } else { false } }
                == [.accepted(Edge(.action, .down, at: ms(10))), .accepted(Edge(.action, .up, at: ms(20)))])
        #expect(gestures(outputs) == [Gesture(.press, at: ms(20))])
        #expect(recognizer.counters.bounces == 0)
    }

    @Test("P2: a 4 ms glitch is no press: its burst settles where it began and is dropped as unchanged")
    func glitchIsNoPress() {
        let (outputs, recognizer) = recognize([
            Edge(.action, .down, at: ms(1000)), Edge(.action, .up, at: ms(1004)),
            Edge(.action, .down, at: ms(5000)), Edge(.action, .up, at: ms(5080)),
        ], until: ms(9000), configuration: .gpio)
        #expect(gestures(outputs) == [Gesture(.press, at: ms(5090))])
        #expect(outputs.contains(.dropped(Edge(.action, .up, at: ms(1004)), .bounce(sincePrevious: .milliseconds(4)))))
        #expect(outputs.contains(.dropped(Edge(.action, .up, at: ms(1014)), .unchanged)))
        #expect(recognizer.counters.edges == 4)
        #expect(!recognizer.isDown(.action))
    }

    @Test("P2, A12: 3 ms of chatter in a 2.8 s hold does not end it: press, hold, and the release counts")
    func chatterInAHold() {
        let (outputs, recognizer) = recognize([
            Edge(.action, .down, at: ms(0)),
            Edge(.action, .up, at: ms(1200)), Edge(.action, .down, at: ms(1201)),
            Edge(.action, .up, at: ms(1202)), Edge(.action, .down, at: ms(1203)),
            Edge(.action, .up, at: ms(2800)),
        ], until: ms(5000), configuration: .gpio)
        #expect(gestures(outputs).map(\.kind) == [.press, .hold])
        #expect(gestures(outputs).last?.time == ms(2010))
        #expect(outputs.last == .accepted(Edge(.action, .up, at: ms(2810))))
        #expect(recognizer.counters.unchanged == 1)
        #expect(recognizer.counters.bounces == 3)
    }

    @Test("P2: the level decides, not the edge's label: two edges labelled down in a row are one press")
    func sameDirectionLabels() {
        // The kernel labels an edge by the level it reads after the interrupt: a bounce
        // faster than that repeats the label before it.
        let (outputs, _) = recognize([
            Edge(.action, .down, at: ms(0)), Edge(.action, .down, at: ms(3)),
            Edge(.action, .up, at: ms(300)), Edge(.action, .up, at: ms(302)),
        ], until: ms(1000), configuration: .gpio)
        // Held past the chord window: the press is decided then (P3), from the settled down-edge.
        #expect(gestures(outputs) == [Gesture(.press, at: ms(163), edgeTime: ms(13))])
        #expect(outputs.last == .accepted(Edge(.action, .up, at: ms(312))))
    }

    @Test("P2: the recognizer asks to be woken when a burst settles")
    func settleWakeup() {
        var recognizer = PressRecognizer(configuration: .gpio)
        _ = recognizer.handle(Edge(.action, .down, at: ms(100)))
        #expect(recognizer.nextWakeup == ms(110))
        _ = recognizer.handle(Edge(.action, .up, at: ms(104)))
        #expect(recognizer.nextWakeup == ms(114))
        #expect(recognizer.advance(to: ms(114)) == [.dropped(Edge(.action, .up, at: ms(114)), .unchanged)])
        #expect(recognizer.nextWakeup == nil)
    }

    @Test("P3: the second button down within the chord window makes one both gesture and no press")
    func chordWithinWindow() {
        let (outputs, _) = recognize([
            Edge(.action, .down, at: ms(0)), Edge(.side, .down, at: ms(40)),
            Edge(.side, .up, at: ms(200)), Edge(.action, .up, at: ms(210)),
        ], until: ms(5000))
        #expect(gestures(outputs) == [Gesture(.both, at: ms(40))])
    }

    @Test("P3: side first, then Action within the window, is also a chord")
    func chordSideFirst() {
        let (outputs, _) = recognize([
            Edge(.side, .down, at: ms(0)), Edge(.action, .down, at: ms(120)),
            Edge(.action, .up, at: ms(300)), Edge(.side, .up, at: ms(310)),
        ], until: ms(5000))
        #expect(gestures(outputs).map(\.kind) == [.both])
    }

    @Test("P3: a second button exactly at the end of the chord window still makes a chord")
    func chordBoundaryIsInclusive() {
        let (outputs, _) = recognize([Edge(.action, .down, at: ms(0)), Edge(.side, .down, at: ms(150)),
                                      Edge(.side, .up, at: ms(300)), Edge(.action, .up, at: ms(300))], until: ms(1000))
        #expect(gestures(outputs).map(\.kind) == [.both])
    }

    @Test("P3: a lone press still held when the window runs out is emitted then, so a late side press cannot make it a chord")
    func pressAtWindowExpiry() {
        let (outputs, _) = recognize([
            Edge(.action, .down, at: ms(0)), Edge(.side, .down, at: ms(151)),
            Edge(.side, .up, at: ms(200)), Edge(.action, .up, at: ms(400)),
        ], until: ms(5000))
        let result = gestures(outputs)
        #expect(result.map(\.kind) == [.press, .side])
        #expect(result[0].time == ms(150))
        #expect(result[0].edgeTime == ms(0))
    }

    @Test("P4: every gesture carries the time of the edge that decided it")
    func gestureTimes() {
        let (outputs, _) = recognize([
            Edge(.action, .down, at: ms(1000)), Edge(.action, .up, at: ms(1090)),     // decided by the up-edge
            Edge(.action, .down, at: ms(5000)), Edge(.side, .down, at: ms(5030)),     // decided by side's down-edge
            Edge(.side, .up, at: ms(5100)), Edge(.action, .up, at: ms(5100)),
        ], until: ms(9000))
        let result = gestures(outputs)
        #expect(result == [Gesture(.press, at: ms(1090)), Gesture(.both, at: ms(5030))])
        #expect(result.allSatisfy { $0.edgeTime == $0.time })
    }

    @Test("A12: holding the Action button past the hold time gives a press (at the window) and then a hold")
    func holdAfterPress() {
        let (outputs, _) = recognize([Edge(.action, .down, at: ms(0)), Edge(.action, .up, at: ms(2500))], until: ms(5000))
        let result = gestures(outputs)
        #expect(result.map(\.kind) == [.press, .hold])
        #expect(result[1].time == ms(2000))
        #expect(result[1].edgeTime == ms(0))
    }

    @Test("A12: released before the hold time, no hold")
    func noHoldWhenReleasedInTime() {
        let (outputs, _) = recognize([Edge(.action, .down, at: ms(0)), Edge(.action, .up, at: ms(1999))], until: ms(5000))
        #expect(gestures(outputs).map(\.kind) == [.press])
    }

    @Test("A12: the side button alone is a side gesture")
    func sideAlone() {
        let (outputs, _) = recognize([Edge(.side, .down, at: ms(0)), Edge(.side, .up, at: ms(60))], until: ms(1000))
        #expect(gestures(outputs).map(\.kind) == [.side])
    }

    @Test("P3: the recognizer asks to be woken at the chord window's end, then at the hold time")
    func nextWakeup() {
        var recognizer = PressRecognizer()
        #expect(recognizer.nextWakeup == nil)
        _ = recognizer.handle(Edge(.action, .down, at: ms(0)))
        #expect(recognizer.nextWakeup == ms(150))
        _ = recognizer.advance(to: ms(150))
        #expect(recognizer.nextWakeup == ms(2000))
        _ = recognizer.handle(Edge(.action, .up, at: ms(300)))
        #expect(recognizer.nextWakeup == nil)
    }

    @Test("P2, P3: every edge is accounted for: accepted, bounce or unchanged")
    func everyEdgeCounted() {
        var edges: [Edge] = []
        var t: Int64 = 0
        for i in 0..<500 {
            let button: Button = i % 3 == 0 ? .side : .action
            edges.append(Edge(button, .down, at: ms(t)))
            edges.append(Edge(button, .up, at: ms(t + Int64(i % 13))))
            t += Int64(5 + i % 7)
        }
        let (_, recognizer) = recognize(edges, until: ms(t + 5000), configuration: .gpio)
        #expect(recognizer.counters.edges == edges.count)
        #expect(recognizer.counters.bounces > 0)
    }
}
