import ActionButtonCore
import AppManifests
import Foundation
import YAMLDocuments

/// A scenario's steps file (`steps-file:`): what machines record — `actionsim record` and
/// `import-evemu` of a long session — kept out of the YAML and read a line at a time, so a
/// recording of any length replays in the same memory. YAML is for what people write.
///
/// JSON Lines: one object per line, the keys those of a scenario's steps and expectations.
///
///     {"at":"2m 3.000000001s","button":"action","edge":"down"}
///     {"at":"2m 3.08s","gesture":"press"}
///     {"expect":{"at":"2m 3.08s","within":"0s","gesture":"press"}}
///
/// Steps are `button` + `edge`, `gesture`, `key`, `wrist` and `end` (settings changes stay
/// in the scenario); times are written as in YAML (a string) or as seconds (a number). Steps
/// are listed in time order, and expectations in the order of the time their window opens.
/// Loading a scenario reads the file through once (every line is checked, as YAML steps
/// are); replaying reads it again as the run goes.
public struct StepsFile: Sendable {
    /// The file, as the scenario names it resolved against the scenario's directory.
    public var path: String
    public var stepCount: Int
    public var expectationCount: Int
    /// The latest time a step or an expectation names.
    public var lastMentionedTime: Timestamp
    /// Whether an expectation checks the log (`log:`): the run then renders every event's line.
    public var hasLogChecks: Bool
    /// What the lines are checked against: the scenario's apps and starting settings.
    let context: Context

    struct Context: Sendable {
        var registry: AppRegistry
        var apps: [ScenarioApp]
        var settings: ActionButtonSettings
        var models: [AppManifestModel]
        /// Every intent's name and title, for expectations naming one.
        var intentNames: Set<String>
        /// The scenario's `until` and its line: nothing after it is played or checked.
        var until: (time: Timestamp, line: Int)?

        init(registry: AppRegistry, apps: [ScenarioApp], settings: ActionButtonSettings, until: (time: Timestamp, line: Int)? = nil) {
            self.registry = registry
            self.apps = apps
            self.settings = settings
            self.until = until
            models = apps.map(\.model)
            intentNames = Set(models.flatMap(\.intents).flatMap { [$0.name, $0.title] })
        }
    }

    /// One line: a step or an expectation.
    enum Line {
        case step(Scenario.TimedStep)
        case expectation(Expectation)
    }

    /// Reads the file through once, checking every line and their order.
    static func check(_ path: String, context: Context) throws(DocumentError) -> StepsFile {
        let reader = try LineReader(path: path)
        var steps = 0, expectations = 0
        var lastStep: Scenario.TimedStep?
        var lastExpectation: (start: Timestamp, line: Int)?
        var latest = Timestamp.zero
        var logChecks = false
        while let line = try reader.next(parse: { bytes, number throws(DocumentError) in
            try parse(bytes, line: number, file: path, context: context, skipping: nil)
        }) {
            switch line {
            case .step(let step):
                if let previous = lastStep, step.time < previous.time {
                    throw DocumentError("steps out of order: this step is at \(step.time) but the one before it (line \(previous.location.line)) is at \(previous.time); list steps in time order",
                                        at: step.location)
                }
                // The replay stops at until: a later step would silently never happen.
                if let until = context.until, step.time > until.time {
                    throw DocumentError("this step is at \(TimeFormat.duration(step.time - .zero)), after until (\(TimeFormat.duration(until.time - .zero)), line \(until.line) of the scenario), where the replay stops; "
                                        + "move until to \(TimeFormat.duration(step.time - .zero)) or later, or remove the step", at: step.location)
                }
                lastStep = step
                steps += 1
                latest = max(latest, step.time)
            case .expectation(let expectation):
                let start = expectation.window.from ?? .zero
                if let previous = lastExpectation, start < previous.start {
                    throw DocumentError("expectations out of order: this one starts at \(start) but the one before it (line \(previous.line)) at \(previous.start); a steps file lists expectations in the order their windows open (at, after or between)",
                                        at: expectation.location)
                }
                if let until = context.until, let from = expectation.window.from ?? expectation.window.at, from > until.time {
                    throw DocumentError("this check looks from \(TimeFormat.duration(from - .zero)), after until (\(TimeFormat.duration(until.time - .zero)), line \(until.line) of the scenario), where the replay stops; "
                                        + "move until later, or check an earlier time", at: expectation.location)
                }
                lastExpectation = (start, expectation.location.line)
                expectations += 1
                if let mentioned = expectation.window.latestMentioned { latest = max(latest, mentioned) }
                if expectation.checks.contains(where: { if case .log = $0 { true } else { false } }) { logChecks = true }
            }
        }
        return StepsFile(path: path, stepCount: steps, expectationCount: expectations, lastMentionedTime: latest,
                         hasLogChecks: logChecks, context: context)
    }

    enum Kind { case step, expectation }

    /// Parses one line (nil for a blank one, or one of the kind to skip).
    static func parse(_ bytes: UnsafeRawBufferPointer, line: Int, file: String, context: Context,
                      skipping: Kind?) throws(DocumentError) -> Line? {
        var start = 0
        while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0D { start += 1 }
        guard start < bytes.count else { return nil }
        // Lines of the kind not wanted are told apart by their first key, without parsing them.
        if let skipping {
            let isExpectation = Self.startsWithExpect(UnsafeRawBufferPointer(rebasing: bytes[start...]))
            if isExpectation == (skipping == .expectation) { return nil }
        }
        let value = try JSONLine.parse(bytes, file: file, line: line)
        let location = SourceLocation(file: file, line: line, column: 1)
        guard case .object(let members) = value else {
            throw DocumentError("expected a step or an expectation as a JSON object ({\"at\": ..., ...}) on each line", at: location)
        }
        if let expect = value["expect"] {
            guard members.count == 1 else {
                throw DocumentError("an expectation's line holds only \"expect\": {...}; put \(members.first { $0.key != "expect" }!.key) inside it",
                                    at: location)
            }
            if let fast = fastExpectation(expect, location: location, context: context) { return .expectation(fast) }
            return .expectation(try ScenarioParser.parseExpectation(expect.yamlValue(file: file, line: line), models: context.models))
        }
        if let fast = fastStep(value, members: members, location: location) { return .step(fast) }
        // Which app later steps concern depends on settings steps: those stay in the scenario.
        if value["settings"] != nil || value["suggested-workouts"] != nil {
            throw DocumentError("a steps file holds button, gesture, key, wrist and end steps; put settings and suggested-workouts changes in the scenario's steps",
                                at: location)
        }
        return .step(try ScenarioParser.parseStep(value.yamlValue(file: file, line: line), registry: context.registry,
                                                  apps: context.apps, settings: context.settings))
    }

    private static func startsWithExpect(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        func skip() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 } }
        skip()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return false }
        i += 1
        skip()
        let key = Array("\"expect\"".utf8)
        guard bytes.count - i >= key.count else { return false }
        return zip(bytes[i..<(i + key.count)], key).allSatisfy { $0 == $1 }
    }

    private static func time(_ value: JSONValue?) -> Timestamp? {
        guard let text = value?.text else { return nil }
        if let exact = exactTime(text) { return Timestamp(nanoseconds: exact) }
        guard case .success(let duration) = DurationSyntax.parse(text) else { return nil }
        return Timestamp(nanoseconds: duration.nanoseconds)
    }

    /// The times a recorder writes (`ScenarioText.duration`: `12.5s`, `2m 3.000000001s`,
    /// `1h 2m 0.25s`) and plain seconds (`12.5`), read to the nanosecond straight from their
    /// digits; nil for anything else, which `DurationSyntax` reads (or refuses, saying why).
    static func exactTime(_ text: String) -> Int64? {
        var total: Int64 = 0
        var utf8 = text.utf8.makeIterator()
        var byte = utf8.next()
        var sawTerm = false
        var lastUnit = 3   // h = 2, m = 1, s = 0: units must come in that order
        while let first = byte {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return nil }
            var whole: Int64 = 0
            var digits = 0
            while let b = byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) {
                whole = whole * 10 + Int64(b - UInt8(ascii: "0"))
                digits += 1
                guard digits <= 10 else { return nil }
                byte = utf8.next()
            }
            var fraction: Int64 = 0
            var fractionDigits = 0
            if byte == UInt8(ascii: ".") {
                byte = utf8.next()
                while let b = byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) {
                    guard fractionDigits < 9 else { return nil }
                    fraction = fraction * 10 + Int64(b - UInt8(ascii: "0"))
                    fractionDigits += 1
                    byte = utf8.next()
                }
                guard fractionDigits > 0 else { return nil }
                for _ in fractionDigits..<9 { fraction *= 10 }
            }
            let unit: Int
            switch byte {
            case UInt8(ascii: "h")?: unit = 2
            case UInt8(ascii: "m")?: unit = 1
            case UInt8(ascii: "s")?: unit = 0
            case nil where !sawTerm: unit = 0   // plain seconds
            default: return nil
            }
            // Beyond 1000 hours in any unit: DurationSyntax says it is too large.
            guard unit < lastUnit, unit == 0 || fractionDigits == 0, whole <= [3_600_000, 60_000, 1_000][unit] else { return nil }
            lastUnit = unit
            let scale: Int64 = [1_000_000_000, 60_000_000_000, 3_600_000_000_000][unit]
            total += whole * scale + fraction
            sawTerm = true
            if byte != nil { byte = utf8.next() }
            if byte == UInt8(ascii: " ") { byte = utf8.next() }
        }
        guard sawTerm, total <= DurationSyntax.maximumNanoseconds else { return nil }
        return total
    }

    /// The steps a recorder writes, read without building YAML values. Anything else (or
    /// anything wrong) goes through `ScenarioParser.parseStep`, which says what is wrong.
    private static func fastStep(_ value: JSONValue, members: [(key: String, value: JSONValue)],
                                 location: SourceLocation) -> Scenario.TimedStep? {
        guard members.count == 2 || members.count == 3, let at = time(value["at"]) else { return nil }
        let step: Scenario.Step
        if members.count == 3 {
            guard case .string(let button)? = value["button"], let b = Button(rawValue: button),
                  case .string(let edge)? = value["edge"], let e = EdgeDirection(rawValue: edge) else { return nil }
            step = .edge(b, e)
        } else if case .string(let gesture)? = value["gesture"] {
            guard let kind = Gesture.Kind(rawValue: gesture) else { return nil }
            step = .gesture(kind)
        } else if case .string(let key)? = value["key"] {
            step = .key(key)
        } else if case .string("down")? = value["wrist"] {
            step = .wristDown
        } else if case .string("session")? = value["end"] {
            step = .endSession
        } else {
            return nil
        }
        return Scenario.TimedStep(time: at, step: step, location: location)
    }

    static let ignoredReasons: Set<String> = ["busy", "no-next-action", "no-session", "no-pause-intent", "no-resume-intent",
                                              "side-button", "siren", "other-key"]

    /// The expectations a recorder writes (`{at, within, gesture|intent|ignored|dropped}`),
    /// read without building YAML values; anything else goes through
    /// `ScenarioParser.parseExpectation`.
    private static func fastExpectation(_ value: JSONValue, location: SourceLocation, context: Context) -> Expectation? {
        guard case .object(let members) = value, members.count == 3, let at = time(value["at"]),
              let within = time(value["within"]) else { return nil }
        let check: Expectation.Check
        if case .string(let gesture)? = value["gesture"], let kind = Gesture.Kind(rawValue: gesture) {
            check = .gesture(kind)
        } else if case .string(let intent)? = value["intent"], context.intentNames.contains(intent) {
            check = .intent(intent, parameters: [:], role: nil)
        } else if case .string(let reason)? = value["ignored"], ignoredReasons.contains(reason) {
            check = .ignored(reason)
        } else if case .string(let reason)? = value["dropped"], reason == "bounce" || reason == "unchanged" {
            check = .dropped(reason)
        } else {
            return nil
        }
        let window = Expectation.Window(from: at, to: at.advanced(by: .nanoseconds(within.nanoseconds)), at: at)
        return Expectation(window: window, count: .atLeastOne, checks: [check], location: location)
    }
}

/// Reads a steps file's lines one after the other, for the run: the steps (for the engine)
/// or the expectations (for the checks), each from a reader of its own. A file that can no
/// longer be read, or was changed since the scenario was loaded, ends the lines; `failure`
/// says why, and the run reports it.
final class StepsFileReader {
    private let file: StepsFile
    private let kind: StepsFile.Kind
    private var reader: LineReader?
    private(set) var failure: DocumentError?

    init(_ file: StepsFile, reading kind: StepsFile.Kind) {
        self.file = file
        self.kind = kind
    }

    func next() -> StepsFile.Line? {
        guard failure == nil else { return nil }
        do {
            if reader == nil { reader = try LineReader(path: file.path) }
            let (file, kind) = (self.file, self.kind)
            return try reader!.next { bytes, number throws(DocumentError) in
                try StepsFile.parse(bytes, line: number, file: file.path, context: file.context,
                                    skipping: kind == .step ? .expectation : .step)
            }
        } catch {
            failure = error
            return nil
        }
    }

    func nextStep() -> Scenario.TimedStep? {
        if case .step(let step) = next() { return step }
        return nil
    }

    func nextExpectation() -> Expectation? {
        if case .expectation(let expectation) = next() { return expectation }
        return nil
    }
}

/// A file's lines, read 64 kB at a time.
final class LineReader {
    private let path: String
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    private var lineNumber = 0

    /// A line longer than this is refused: no step or expectation comes near.
    static let maximumLine = 1 << 16
    static let chunk = 1 << 16

    init(path: String) throws(DocumentError) {
        self.path = path
        // Followed through links; a directory, device or FIFO is refused, never read.
        handle = try InputFile(path, expected: "a steps file (JSON Lines)").handle()
    }

    deinit { try? handle.close() }

    /// The next line that `parse` makes something of (it answers nil to skip a line), or nil
    /// at the end of the file. `parse` gets the line's bytes (without its line break) and number.
    func next<T>(parse: (UnsafeRawBufferPointer, Int) throws(DocumentError) -> T?) throws(DocumentError) -> T? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                lineNumber += 1
                let from = start
                start = newline + 1
                if let parsed = try line(from..<newline, parse) { return parsed }
                continue
            }
            guard buffer.count - start <= Self.maximumLine else {
                throw DocumentError("line \(lineNumber + 1) is longer than \(Self.maximumLine) bytes; a steps file has one short JSON object per line",
                                    at: SourceLocation(file: path, line: lineNumber + 1, column: 1))
            }
            if ended {
                guard start < buffer.count else { return nil }
                // The last line, without a line break.
                lineNumber += 1
                let from = start
                start = buffer.count
                return try line(from..<buffer.count, parse)
            }
            buffer.removeFirst(start)
            start = 0
            let data: Data?
            do { data = try handle.read(upToCount: Self.chunk) } catch {
                throw DocumentError("could not be read: \(String(cString: strerror(EIO)))", file: path)
            }
            if let data, !data.isEmpty { buffer.append(contentsOf: data) } else { ended = true }
        }
    }

    /// Checks and parses the bytes of the current line.
    private func line<T>(_ range: Range<Int>, _ parse: (UnsafeRawBufferPointer, Int) throws(DocumentError) -> T?) throws(DocumentError) -> T? {
        var range = range
        // A UTF-8 byte order mark, which Windows editors put first, is no part of the JSON
        // (it was "invalid JSON: expected a value" at 1:1).
        if lineNumber == 1, range.count >= 3, buffer[range.lowerBound..<range.lowerBound + 3].elementsEqual([0xEF, 0xBB, 0xBF]) {
            range = range.lowerBound + 3..<range.upperBound
        }
        let result: Result<T?, DocumentError> = buffer.withUnsafeBytes { raw in
            let bytes = UnsafeRawBufferPointer(rebasing: raw[range])
            do throws(DocumentError) {
                try check(bytes)
                return .success(try parse(bytes, lineNumber))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// What no text line holds: NUL bytes.
    private func check(_ line: UnsafeRawBufferPointer) throws(DocumentError) {
        if let nul = line.firstIndex(of: 0) {
            throw DocumentError("contains NUL bytes; expected a steps file (JSON Lines)",
                                at: SourceLocation(file: path, line: lineNumber, column: nul + 1))
        }
    }
}
