import ActionButtonCore
import Foundation
import Scenarios
import SessionStore
import Simulation
import SimulationEvents
import Telemetry
import Testing
import SystemCalls
import TestSupport
@testable import WebView

/// The demo scenario, replayed once per test in virtual time.
enum Demo {
    static var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    static func scenario() throws -> Scenario {
        try ScenarioParser.load(contentsOf: root + "/scenarios/demo.yaml")
    }

    static func run(for scenario: Scenario) -> SessionAssembler.Run {
        .init(source: "replay", name: scenario.name, app: scenario.app.model.name, seed: scenario.seed, clock: "virtual",
              wallClockAtZero: 1_700_000_000_000_000_000, sensors: scenario.sensors)
    }

    static func feed(_ scenario: Scenario, autoPublish: Bool, chartInterval: Duration = .seconds(1)) -> SessionFeed {
        SessionFeed(.init(mode: .replay, title: scenario.name, action: "workout", run: run(for: scenario),
                          intentNames: scenario.apps.flatMap(\.model.intents).map(\.name)),
                    autoPublish: autoPublish, chartInterval: chartInterval)
    }
}

@Suite("Web page: the sessions as the page draws them, and the feed that pushes them")
struct SessionFeedTests {
    /// Waits for the feed to hand the pages its `finished` message, on a thread of its own:
    /// the wait blocks, and on Swift's executor it would hold one of its threads (two on a
    /// 2-core runner) from the feed's own task, which sends the message. The limit is a
    /// watchdog for a feed that never sends it, not a measure of speed.
    static func finishedSent(_ feed: SessionFeed) async -> Bool {
        await OwnThread.run("finished sent") { feed.waitUntilFinishedSent(timeout: .seconds(600)) }
    }

    @Test("T4: the sessions folded from the events are the sessions the store holds (samples, events, times, status)")
    func assemblerMatchesTheStore() async throws {
        let scenario = try Demo.scenario()
        let directory = ScratchRoot.newDirectory("web")
        let database = try SessionDatabase(path: directory + "/store.sqlite")
        let run = Demo.run(for: scenario)
        let recorder = SessionRecorder(database: database, run: .init(
            source: run.source, name: run.name, app: run.app, seed: run.seed, clock: run.clock,
            wallClockAtZero: run.wallClockAtZero, sensors: run.sensors))
        let events = EventRecorder()
        _ = try await ScenarioRunner.run(scenario, sinks: [recorder, events])
        #expect(recorder.close() == nil)

        var assembler = SessionAssembler(run: run)
        for event in events.events { assembler.apply(event) }
        let stored = try database.sessions().map { try database.session(id: $0.id) }
        #expect(assembler.sessions.count == 2 && stored.count == 2)
        for (ours, theirs) in zip(assembler.sessions, stored) {
            #expect(ours.kind == theirs.kind && ours.workoutStyle == theirs.workoutStyle && ours.activity == theirs.activity)
            #expect(ours.app == theirs.app && ours.runName == theirs.runName && ours.seed == theirs.seed)
            #expect(ours.startTime == theirs.startTime && ours.endTime == theirs.endTime && ours.status == theirs.status)
            #expect(ours.startWallClock == theirs.startWallClock && ours.sampleInterval == theirs.sampleInterval)
            #expect(ours.samples == theirs.samples)
            #expect(ours.events == theirs.events)
        }
        #expect(assembler.open == nil)
    }

    /// Collects a subscription's messages until `until` says it has seen enough.
    static func collect(_ subscription: SessionFeed.Subscription, until done: @escaping @Sendable ([String]) -> Bool) async -> [String] {
        var messages: [String] = []
        for await message in subscription.messages {
            messages.append(message)
            if done(messages) { break }
        }
        return messages
    }

    static func types(_ messages: [String]) -> [String] {
        messages.compactMap { message in
            (try? JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any])?["type"] as? String
        }
    }

    static func events(_ messages: [String]) -> [[String: Any]] {
        messages.flatMap { message -> [[String: Any]] in
            guard let object = try? JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any],
                  object["type"] as? String == "events", let items = object["events"] as? [[String: Any]] else { return [] }
            // As the page reads them: each event's session-log line parsed, beside its timeline line.
            return items.map { item in
                ["e": (item["log"] as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) } ?? NSNull(),
                 "line": item["line"] ?? NSNull()]
            }
        }
    }

    @Test("The live loop's events reach a page only at publish(): record() hands nothing over by itself")
    func publishBatches() async throws {
        let scenario = try Demo.scenario()
        let feed = Demo.feed(scenario, autoPublish: false)
        let processing = Task { await feed.run() }
        defer { feed.close(); processing.cancel() }
        let page = feed.subscribe(hello: feed.hello(refusal: nil))
        let edge = SimulationEvent(time: .zero, kind: .edge(Edge(.action, .down, at: .zero)))
        let up = SimulationEvent(time: Timestamp(nanoseconds: 90_000_000), kind: .edge(Edge(.action, .up, at: Timestamp(nanoseconds: 90_000_000))))
        feed.record(edge)
        feed.record(up)
        // record() alone hands nothing over. Seen without waiting for a time: a feed only
        // recorded to, then closed, whose server side then runs to its end, has processed
        // nothing (a hand-over record() had signalled would still be waiting for it: the
        // server side takes every signal sent before close() before it ends).
        let unpublished = Demo.feed(scenario, autoPublish: false)
        unpublished.record(edge)
        unpublished.record(up)
        unpublished.close()
        await unpublished.run()
        #expect(unpublished.historyEventCount == 0)
        // Nothing published yet: a page subscribing now gets no events.
        #expect(feed.historyEventCount == 0)
        let early = feed.subscribe(hello: "{\"type\":\"hello\"}")
        feed.publish()
        let messages = await Self.collect(page) { Self.events($0).count >= 2 }
        #expect(Self.types(messages) == ["hello", "events"], "one batch for the two events")
        let items = Self.events(messages)
        #expect(items.map { ($0["e"] as? [String: Any])?["event"] as? String } == ["edge", "edge"])
        #expect((items[1]["e"] as? [String: Any])?["t"] as? Double == 0.09)
        #expect((items[0]["line"] as? String)?.contains("action ↓") == true)
        let second = await Self.collect(early) { Self.events($0).count >= 2 }
        #expect(Self.types(second) == ["hello", "events"])
    }

    @Test("Several pages see the same run: a page that connects late gets everything so far, charts included, then what comes")
    func latePagesCatchUp() async throws {
        let scenario = try Demo.scenario()
        let feed = Demo.feed(scenario, autoPublish: true)
        let processing = Task { await feed.run() }
        defer { feed.close(); processing.cancel() }
        let first = feed.subscribe(hello: feed.hello(refusal: nil))
        let outcome = try await ScenarioRunner.run(scenario, sinks: [feed])
        feed.finish(at: outcome.endTime)
        #expect(await Self.finishedSent(feed))
        let late = feed.subscribe(hello: feed.hello(refusal: "read-only"))
        let isDone: @Sendable ([String]) -> Bool = { Self.types($0).last == "finished" }
        let a = await Self.collect(first, until: isDone)
        let b = await Self.collect(late, until: isDone)
        #expect(Self.events(a).count == outcome.eventCount)
        #expect(Self.events(b).count == outcome.eventCount)
        let timesA = Self.events(a).compactMap { ($0["e"] as? [String: Any])?["t"] as? Double }
        let timesB = Self.events(b).compactMap { ($0["e"] as? [String: Any])?["t"] as? Double }
        #expect(timesA == timesB && timesA == timesA.sorted())
        // Both sessions' charts, the last version of each, before the end.
        let charts = b.filter { Self.types([$0]) == ["chart"] }
        #expect(charts.count == 2)
        #expect(charts.allSatisfy { $0.contains("<svg") && $0.contains(#""status":"ended""#) })
        let hello = try #require(JSONSerialization.jsonObject(with: Data(b[0].utf8)) as? [String: Any])
        #expect(hello["canPress"] as? Bool == false && hello["refusal"] as? String == "read-only")
        #expect(hello["mode"] as? String == "replay" && hello["app"] as? String == "TrailRunner")
    }

    @Test("Past the history limit the oldest batches go, and a late page is told how many events it lacks")
    func historyLimit() async throws {
        let scenario = try Demo.scenario()
        let feed = SessionFeed(.init(mode: .live, title: "t", action: "workout", run: Demo.run(for: scenario), intentNames: []),
                               autoPublish: false, historyLimit: 3)
        let processing = Task { await feed.run() }
        defer { feed.close(); processing.cancel() }
        // A page connected throughout sees each batch once it is processed: the next batch is
        // recorded only then, so that it stays a batch of its own.
        let watcher = feed.subscribe(hello: "{\"type\":\"hello\"}")
        let seen = Received()
        let watching = Task { for await message in watcher.messages { seen.append(message) } }
        defer { watching.cancel() }
        for batch in 0..<4 {
            for i in 0..<2 {
                let time = Timestamp(nanoseconds: Int64(batch * 2 + i) * 1_000_000)
                feed.record(SimulationEvent(time: time, kind: .step("step \(batch * 2 + i)")))
            }
            feed.publish()
            try await waitUntil("batch \(batch) to reach a connected page (it has \(seen.messages))") {
                Self.events(seen.messages).count == batch * 2 + 2
            }
        }
        #expect(Self.types(seen.messages) == ["hello", "events", "events", "events", "events"])
        feed.finish(at: Timestamp(nanoseconds: 8_000_000))
        #expect(await Self.finishedSent(feed))
        let page = feed.subscribe(hello: "{\"type\":\"hello\"}")
        let messages = await Self.collect(page) { Self.types($0).last == "finished" }
        #expect(Self.types(messages) == ["hello", "trimmed", "events", "finished"])
        #expect(Self.types([messages[1]]) == ["trimmed"] && messages[1].contains(#""events":6"#))
        #expect(Self.events(messages).compactMap { ($0["e"] as? [String: Any])?["step"] as? String } == ["step 6", "step 7"])
    }

    @Test("A page that leaves more than queueLimit bytes untaken is dropped (its stream ends); a page that takes them is not; a batch goes out in messages of at most 500 events (issue 25, item 5)")
    func slowPageDropped() async throws {
        let scenario = try Demo.scenario()
        let feed = SessionFeed(.init(mode: .live, title: "t", action: "workout", run: Demo.run(for: scenario), intentNames: []),
                               autoPublish: false, queueLimit: 256 << 10)
        let processing = Task { await feed.run() }
        defer { feed.close(); processing.cancel() }
        // The slow page's socket never says it took anything; the other's takes each message.
        let slow = feed.subscribe(hello: "{\"type\":\"hello\"}")
        let reader = feed.subscribe(hello: "{\"type\":\"hello\"}")
        let slowSeen = Received(), seen = Received()
        let slowEnded = Task { for await message in slow.messages { slowSeen.append(message) } }
        let reading = Task {
            for await message in reader.messages {
                feed.taken(message, by: reader.id)
                seen.append(message)
            }
        }
        defer { reading.cancel() }
        // Batches of 1,000 steps (two messages, well under the limit, so that the
        // reading page is never dropped), each taken by the reading page before the next,
        // until the slow page has been handed more than 256 KB.
        var batches = 0
        while slowSeen.messages.joined().utf8.count <= 256 << 10, batches < 100 {
            for i in 0..<1_000 {
                let time = Timestamp(nanoseconds: Int64(batches * 1_000 + i) * 1_000_000)
                feed.record(SimulationEvent(time: time, kind: .step("step \(batches * 1_000 + i)")))
            }
            feed.publish()
            batches += 1
            try await waitUntil("the reading page to get batch \(batches) (it has \(seen.messages.count) messages)") {
                seen.messages.count == 1 + batches * 2
            }
        }
        await slowEnded.value
        // The slow page is dropped at the message that takes it past its limit.
        let largest = seen.messages.map(\.utf8.count).max() ?? 0
        #expect(slowSeen.messages.joined().utf8.count <= (256 << 10) + largest, "the slow page was handed more than its limit")
        #expect(Self.events(seen.messages).count == batches * 1_000)
        #expect(Self.types(seen.messages).dropFirst().allSatisfy { $0 == "events" })
        #expect(Self.types(seen.messages).count == 1 + batches * 2, "\(Self.types(seen.messages).count) messages for \(batches) batches")
        feed.send("{\"type\":\"note\"}", to: reader.id)
        try await waitUntil("the reading page to be sent more") { seen.messages.last == "{\"type\":\"note\"}" }
    }
}

/// Messages a page's subscription has received so far, appended by the task reading them.
private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func append(_ message: String) {
        lock.lock()
        list.append(message)
        lock.unlock()
    }

    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
