import AppIntents
import Foundation
import SystemCalls
import Scenarios
import Telemetry
#if canImport(Glibc)
import Glibc
#endif

/// The watch side of `WatchProcess`: reads `WatchRequest` lines on standard input, runs them
/// on a `VirtualWatch` of this process's apps, and answers each with a `WatchResponse` line.
/// One process per watch is what lets app code keep its state in singletons
/// (`WorkoutManager.shared`), as apps on a watch do: every watch starts fresh.
public enum WatchProcessServer {
    /// Serves until standard input ends.
    public static func run(apps: [AppDefinition]) async {
        // The answers go to a private copy of standard output; anything the app prints goes
        // to standard error instead, where it cannot break a line of the protocol.
        let answers = FileHandle(fileDescriptor: dup(STDOUT_FILENO), closeOnDealloc: true)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let session = ServerSession(apps: apps)
        let encoder = WatchProtocol.encoder()
        let decoder = WatchProtocol.decoder()
        for await line in standardInputLines() {
            var response: WatchResponse
            do {
                response = await session.handle(try decoder.decode(WatchRequest.self, from: Data(line.utf8)))
            } catch {
                response = WatchResponse()
                response.failure = "the watch could not read a request (\(error)); is the harness the same version as the app's actionsim?"
            }
            var data = (try? encoder.encode(response)) ?? Data(#"{"failure":"the watch could not encode its answer"}"#.utf8)
            data.append(0x0A)
            answers.write(data)
        }
        session.finish()
    }

    /// Lines of standard input, read on a thread of their own (Swift's pool stays free for
    /// the app's tasks).
    private static func standardInputLines() -> AsyncStream<String> {
        AsyncStream { continuation in
            OwnThread.startOrStop("actionsim stdin") {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }
        }
    }
}

/// One watch's requests, in order.
private final class ServerSession: @unchecked Sendable {
    let apps: [AppDefinition]
    var watch: VirtualWatch?
    var sent = 0

    init(apps: [AppDefinition]) { self.apps = apps }

    func handle(_ request: WatchRequest) async -> WatchResponse {
        var response = WatchResponse()
        do {
            switch request {
            case .install(let settings, let recognizer, let seed):
                let sensors = seed.map { SensorSuite.instruments(for: SensorSettings(), seed: $0) } ?? []
                let watch = try VirtualWatch(apps: apps, settings: settings, recognizer: recognizer, instruments: sensors)
                self.watch = watch
                response.warnings = watch.installWarnings
            case .loadScenario(let path):
                let watch = try VirtualWatch(scenarioAt: path, apps: apps)
                self.watch = watch
                response.warnings = (watch.scenario?.apps.flatMap(\.warnings).map(\.description) ?? []) + watch.installWarnings
            case .input(let input): try await current().apply(input.engineInput)
            case .advance(let time): try await current().advance(to: time)
            case .deliver(let sample): try await current().deliver(sample)
            case .replayScenario: try await current().replayScenario()
            case .checkScenario: response.results = try current().scenarioResults
            case .finish: try current().finish()
            case .runScenario(let path):
                let scenario = try ScenarioParser.load(contentsOf: path, swiftApps: apps)
                let outcome = try await ScenarioRunner.run(scenario, keepEvents: false)
                response.results = outcome.results
                response.warnings = outcome.warnings
                response.scenarioName = scenario.name
                response.eventCount = outcome.eventCount
                response.now = outcome.endTime
                return response
            }
        } catch {
            response.failure = "\(error)"
        }
        if let watch {
            let events = watch.events
            response.events = Array(events[min(sent, events.count)...])
            sent = events.count
            response.now = watch.now
        }
        return response
    }

    func current() throws -> VirtualWatch {
        guard let watch else { throw WatchFailure("the watch has no apps installed yet") }
        return watch
    }

    func finish() { watch?.finish() }
}

/// The wire format both sides use: JSON, with non-finite numbers spelled out.
enum WatchProtocol {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}
