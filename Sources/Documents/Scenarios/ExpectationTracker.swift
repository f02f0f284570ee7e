import ActionButtonCore
import SessionLog
import Simulation
import SimulationEvents
import YAMLDocuments

/// Checks a scenario's expectations as the run's events arrive (a `SimulationEventSink`),
/// keeping only what the checks still open need: the state so far, the few times a
/// failure message quotes, and the expectations whose windows are open. A run with any
/// number of events and expectations is checked in the same memory, and reads only the
/// events, as a user reading the session log would.
///
/// State checks (`state`, `next-action`, `app`) are decided with the state after every
/// event at or before their time; event checks count the matching events in their window
/// and are decided when it closes. A failed `at least one` check keeps watching, to say
/// where the event did happen (the first five times, as far as the run got).
///
/// Expectations come from the scenario (all open from the start, verdicts in their order)
/// and from its steps file, read as the run reaches the time their window opens.
public final class ExpectationTracker: SimulationEventSink {
    /// Failures kept with their messages; beyond this they are only counted.
    public static let keptFailures = 1000

    private struct OpenCheck {
        /// The verdict's place among the scenario's own checks (nil: from the steps file).
        var slot: Int?
        var expectation: Expectation
        var check: Expectation.Check
        var matchesInWindow = 0
        var timesInWindow: [Timestamp] = []
        /// Matches anywhere since the check was opened, for "it happened only at ...".
        var timesSeen: [Timestamp] = []
        /// Failed, and still watching for where it happened.
        var failedWaiting = false
    }

    private struct PendingState {
        var slot: Int?
        var expectation: Expectation
        var check: Expectation.Check
        var at: Timestamp
    }

    private var slots: [CheckResult?]
    private var fromFile: StepsFileReader?
    private var nextFromFile: Expectation?
    /// Every event check by its number, in the order added; nil once decided. An event
    /// reaches only the checks that can match it (`index`), and a window's close is found in
    /// `closing`: with every check looked at for every event, 2,000 `log:` checks in a
    /// scenario took 48 s, against 3 s for the same in a steps file.
    private var open: [OpenCheck?] = []
    private var openCount = 0
    private var index = CheckIndex()
    /// (window end, check) for the checks whose window is still open, earliest first.
    private var closing = Heap<Closing>()
    /// (window start, check) for checks taken out of the index until their window opens:
    /// they have seen the event five times (all a message names) before it.
    private var dormant = Heap<Closing>()
    /// State checks in time order, the next to decide at `pendingHead`.
    private var pendingStates: [PendingState] = []
    private var pendingHead = 0

    private var state = TimelineState()
    private var lastSessionChange: Timestamp?
    private var lastNextActionChange: Timestamp?
    /// The first intents performed, for a missing intent's message.
    private var firstPerformed: [(name: String, time: Timestamp)] = []

    private let needsLog: Bool
    private var json = JSONLineWriter()
    private var renderer = TimelineRenderer(colors: false, showSamples: true)

    /// Verdicts of the steps file's checks: those that passed are only counted.
    private var filePassed = 0
    private var fileFailures: [CheckResult] = []
    private var fileFailureCount = 0
    private var fileChecks = 0

    public convenience init(_ expectations: [Expectation]) {
        self.init(expectations, file: nil)
    }

    /// The checks of a scenario: its own expectations and its steps file's.
    public convenience init(for scenario: Scenario) {
        self.init(scenario.expectations, file: scenario.stepsFile)
    }

    init(_ expectations: [Expectation], file: StepsFile?) {
        needsLog = expectations.contains { $0.checks.contains(where: Self.isLogCheck) } || file?.hasLogChecks == true
        slots = []
        for expectation in expectations {
            for check in expectation.checks {
                slots.append(nil)
                add(check, of: expectation, slot: slots.count - 1)
            }
        }
        fromFile = file.map { StepsFileReader($0, reading: .expectation) }
        nextFromFile = fromFile?.nextExpectation()
    }

    /// Why the steps file's expectations could not all be read (nil: they were).
    var fileFailure: DocumentError? { fromFile?.failure }

    private static func isLogCheck(_ check: Expectation.Check) -> Bool {
        if case .log = check { true } else { false }
    }

    private func add(_ check: Expectation.Check, of expectation: Expectation, slot: Int?) {
        if slot == nil { fileChecks += 1 }
        switch check {
        case .state, .nextAction, .app:
            let pending = PendingState(slot: slot, expectation: expectation, check: check, at: expectation.window.at ?? .zero)
            // Kept in time order (equal times in the order added): the next to decide is first.
            if let last = pendingStates.last, last.at > pending.at {
                var low = pendingHead, high = pendingStates.count
                while low < high {
                    let middle = (low + high) / 2
                    if pendingStates[middle].at > pending.at { high = middle } else { low = middle + 1 }
                }
                pendingStates.insert(pending, at: low)
            } else {
                pendingStates.append(pending)
            }
        default:
            let id = open.count
            open.append(OpenCheck(slot: slot, expectation: expectation, check: check))
            openCount += 1
            index.add(id, check)
            if let to = expectation.window.to { closing.push(Closing(time: to, id: id)) }
        }
    }

    /// Takes check `id` away: decided.
    private func remove(_ id: Int) -> OpenCheck {
        let check = open[id]!
        open[id] = nil
        openCount -= 1
        index.remove(id, check.check)
        return check
    }

    /// Opens the steps file's expectations whose windows have opened by `time`.
    private func openFromFile(upTo time: Timestamp?) {
        while let next = nextFromFile, time.map({ (next.window.from ?? .zero) <= $0 }) ?? true {
            for check in next.checks { add(check, of: next, slot: nil) }
            nextFromFile = fromFile?.nextExpectation()
        }
    }

    public func record(_ event: SimulationEvent) {
        openFromFile(upTo: event.time)
        // State checks at times before this event see the state as it was.
        while pendingHead < pendingStates.count, pendingStates[pendingHead].at < event.time {
            pendingHead += 1
            decideState(pendingStates[pendingHead - 1])
        }
        if pendingHead >= 1024, pendingHead * 2 >= pendingStates.count {
            pendingStates.removeFirst(pendingHead)
            pendingHead = 0
        }
        // Event checks whose window closed before this event, in the order they were added
        // (as every verdict is made).
        var closed: [Int] = []
        while let first = closing.first, event.time > first.time {
            closing.pop()
            closed.append(first.id)
        }
        for id in closed.sorted() {
            if let check = open[id], !check.failedWaiting { closeWindow(id) }
        }
        // Checks whose window opens now watch again.
        while let first = dormant.first, event.time >= first.time {
            dormant.pop()
            if let check = open[first.id] { index.add(first.id, check.check) }
        }

        if case .system(let change) = event.kind {
            switch change {
            case .sessionChanged: lastSessionChange = event.time
            case .nextActionChanged: lastNextActionChange = event.time
            default: break
            }
        }
        state.apply(event)
        if case .performing(let invocation, _) = event.kind, firstPerformed.count < 6 {
            firstPerformed.append((invocation.intent.name, event.time))
        }
        guard openCount > 0 else { return }
        var logLine: String?
        if needsLog, index.hasLogChecks {
            json.removeAll()
            EventEncoding.write(event, into: &json)
            logLine = String(decoding: json.bytes, as: UTF8.self) + "\n" + (renderer.line(for: event) ?? "")
        }
        for id in index.candidates(for: event, logLine: logLine) {
            guard var check = open[id], Self.matches(check.check, event, logLine: logLine) else { continue }
            let inWindow = check.expectation.window.contains(event.time)
            if inWindow, !check.failedWaiting {
                check.matchesInWindow += 1
                if check.timesInWindow.count < 5 { check.timesInWindow.append(event.time) }
            }
            if check.timesSeen.count < 5 {
                check.timesSeen.append(event.time)
                // A steps file's failed check is said as soon as its message is complete;
                // the scenario's own wait for the run's end (their messages name the
                // first intents of the whole run).
                if check.failedWaiting, check.slot == nil, check.timesSeen.count == 5 {
                    open[id] = check
                    finishFailed(remove(id))
                    continue
                }
            }
            open[id] = check
            // Seen five times, and not in its window: nothing it sees changes it until the
            // window opens (or ever, once it has closed).
            if check.timesSeen.count >= 5, !inWindow || check.failedWaiting {
                index.remove(id, check.check)
                if !check.failedWaiting, let from = check.expectation.window.from, from > event.time {
                    dormant.push(Closing(time: from, id: id))
                }
            }
        }
    }

    /// The verdicts, once the run has ended.
    public func finish() -> Verdicts {
        openFromFile(upTo: nil)
        for pending in pendingStates[pendingHead...] { decideState(pending) }
        pendingStates = []
        pendingHead = 0
        for case let check? in open {
            if check.failedWaiting {
                finishFailed(check)
            } else {
                decideWindow(check)
            }
        }
        open = []
        openCount = 0
        fileFailures.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        let own = slots.compactMap { $0 }
        return Verdicts(results: own + fileFailures, checkCount: own.count + fileChecks,
                        failureCount: own.filter { !$0.passed }.count + fileFailureCount)
    }

    /// What the checks found.
    public struct Verdicts: Sendable {
        /// Every verdict of the scenario's own checks, in order, then the steps file's
        /// failures (the first `keptFailures`); its passed checks are only counted.
        public var results: [CheckResult]
        public var checkCount: Int
        public var failureCount: Int
    }

    // MARK: Deciding

    private func store(_ result: CheckResult, slot: Int?) {
        if let slot {
            slots[slot] = result
        } else if result.passed {
            filePassed += 1
        } else {
            fileFailureCount += 1
            if fileFailures.count < Self.keptFailures { fileFailures.append(result) }
        }
    }

    private func decideState(_ pending: PendingState) {
        let expectation = pending.expectation
        func result(_ passed: Bool, _ message: String) -> CheckResult {
            CheckResult(location: expectation.location, passed: passed, message: message)
        }
        let at = pending.at
        let verdict: CheckResult
        // Every time a message names, written with the digits that tell them apart.
        switch pending.check {
        case .state(let wanted):
            let time = TimeWriter([lastSessionChange].compactMap { $0 }, exact: [at])
            verdict = state.session == wanted
                ? result(true, "session \(wanted) at \(time(at))")
                : result(false, "expected the session to be \(wanted) at \(time(at)), but it was \(state.session)\(since(lastSessionChange, time))")
        case .nextAction(let wanted):
            let actual = state.nextAction?.name
            let time = TimeWriter([lastNextActionChange].compactMap { $0 }, exact: [at])
            verdict = actual == wanted
                ? result(true, "next action \(wanted ?? "none") at \(time(at))")
                : result(false, "expected next action \(wanted ?? "none") at \(time(at)), but it was \(actual ?? "none")\(since(lastNextActionChange, time))")
        case .app(let wanted):
            let time = TimeWriter([], exact: [at])
            verdict = state.app == wanted
                ? result(true, "app \(wanted) at \(time(at))")
                : result(false, "expected the app to be \(wanted) at \(time(at)), but it was \(state.app)")
        default:
            return
        }
        store(verdict, slot: pending.slot)
    }

    private func since(_ change: Timestamp?, _ time: TimeWriter) -> String {
        change.map { " (since \(time($0)))" } ?? ""
    }

    /// The writer for an event check's message: the digits that tell apart every time it may
    /// name (where the event happened, in and out of the window, and the intents performed).
    private func timeWriter(for check: OpenCheck) -> TimeWriter {
        let performed = Self.isIntentCheck(check.check) ? firstPerformed.map(\.time) : []
        return TimeWriter(check.timesSeen + check.timesInWindow + performed, exact: check.expectation.window.bounds)
    }

    private static func isIntentCheck(_ check: Expectation.Check) -> Bool {
        if case .intent = check { true } else { false }
    }

    /// The window of check `id` has closed: decided now, or (failed) left watching.
    private func closeWindow(_ id: Int) {
        let check = open[id]!
        if check.expectation.count.accepts(check.matchesInWindow) || !Self.waitsForElsewhere(check) {
            decideWindow(remove(id))
            return
        }
        // Failed: it still watches where the event happens, unless too many do already.
        if check.slot == nil, fileFailureCount >= Self.keptFailures {
            finishFailed(remove(id))
            return
        }
        open[id]!.failedWaiting = true
        if check.slot == nil, check.timesSeen.count >= 5 {
            finishFailed(remove(id))
        }
    }

    private static func waitsForElsewhere(_ check: OpenCheck) -> Bool {
        if case .atLeastOne = check.expectation.count { true } else { false }
    }

    private func decideWindow(_ check: OpenCheck) {
        let expectation = check.expectation
        let window = expectation.window
        let happened = Self.words(for: check.check).1
        func result(_ passed: Bool, _ message: String) -> CheckResult {
            CheckResult(location: expectation.location, passed: passed, message: message)
        }
        let time = timeWriter(for: check)
        let times = check.timesInWindow.map { time($0) }
        if expectation.count.accepts(check.matchesInWindow) {
            switch expectation.count {
            case .exactly(0): store(result(true, "as expected, no \(happened) \(window.description(time))"), slot: check.slot)
            default: store(result(true, "\(happened) \(window.description(time)): at \(times.joined(separator: ", "))"), slot: check.slot)
            }
            return
        }
        switch expectation.count {
        case .atLeastOne:
            finishFailed(check)
        case .exactly(let n):
            let seen = check.matchesInWindow == 0 ? "there were none" : "there were \(check.matchesInWindow) (at \(times.joined(separator: ", ")))"
            store(result(false, "expected \(n == 0 ? "no" : "exactly \(n) ×") \(happened) \(window.description(time)), but \(seen)"), slot: check.slot)
        }
    }

    /// An `at least one` check that failed: said with where it did happen, if anywhere.
    private func finishFailed(_ check: OpenCheck) {
        let (what, _) = Self.words(for: check.check)
        let time = timeWriter(for: check)
        let seen = check.timesSeen.isEmpty ? "it never happened"
            : "it happened only at \(check.timesSeen.map { time($0) }.joined(separator: ", "))"
        var context = ""
        if Self.isIntentCheck(check.check) {
            context = firstPerformed.isEmpty ? "; no intent was performed in the run"
                : "; performed: \(firstPerformed.map { "\($0.name) at \(time($0.time))" }.joined(separator: ", "))"
        }
        store(CheckResult(location: check.expectation.location, passed: false,
                          message: "expected \(what) \(check.expectation.window.description(time)), but \(seen)\(context)"),
              slot: check.slot)
    }

    // MARK: Matching

    /// The check as expected ("X to be performed") and as it happens ("X performed").
    private static func words(for check: Expectation.Check) -> (String, String) {
        switch check {
        case .intent(let name, let parameters, let role):
            let arguments = parameters.isEmpty ? "" : "(" + parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")"
            let roleText = role.map { " as \($0)" } ?? ""
            return ("\(name)\(arguments) to be performed\(roleText)", "\(name)\(arguments) performed\(roleText)")
        case .error(let code, let text):
            let what = "error" + (code.map { " \($0.rawValue)" } ?? "") + (text.map { " containing \"\($0)\"" } ?? "")
            return ("\(what) to be shown", "\(what) shown")
        case .ignored(let reason): return ("a press to be ignored as \(reason)", "press ignored as \(reason)")
        case .gesture(let kind): return ("a \(kind) gesture", "\(kind) gesture")
        case .dropped(let reason): return ("an edge to be dropped as \(reason)", "edge dropped as \(reason)")
        case .marker(let kind): return ("a \(kind) to be marked", "\(kind) marked")
        case .deadline(let outcome): return ("the start deadline to be \(outcome)", "start deadline \(outcome)")
        case .log(let text): return ("a log line containing \"\(text)\"", "log line containing \"\(text)\"")
        case .state, .nextAction, .app: return ("", "")
        }
    }

    private static func matches(_ check: Expectation.Check, _ event: SimulationEvent, logLine: String?) -> Bool {
        switch check {
        case .intent(let name, let parameters, let role):
            guard case .performing(let invocation, let actual) = event.kind,
                  invocation.intent.name == name || invocation.intent.title == name else { return false }
            if let role, EventEncoding.roleCode(invocation.role) != role { return false }
            return parameters.allSatisfy { key, value in actual.contains { $0.name == key && $0.value == value } }
        case .error(let code, let text):
            guard case .system(.errorShown(let error)) = event.kind else { return false }
            return (code == nil || error.code == code) && (text.map { error.message.contains($0) } ?? true)
        case .ignored(let reason):
            switch event.kind {
            case .system(.gestureIgnored(_, let why)): return why.code == reason
            case .system(.keyIgnored): return reason == "other-key"
            default: return false
            }
        case .gesture(let kind):
            if case .gesture(let gesture) = event.kind { return gesture.kind == kind }
            return false
        case .dropped(let reason):
            guard case .edgeDropped(_, let why) = event.kind else { return false }
            switch why {
            case .bounce: return reason == "bounce"
            case .unchanged: return reason == "unchanged"
            }
        case .marker(let kind):
            if case .marker(let marker) = event.kind { return marker.kind == kind }
            return false
        case .deadline(let outcome):
            guard case .system(.startResolved(_, let actual)) = event.kind else { return false }
            switch actual {
            case .met: return outcome == "met"
            case .missed: return outcome == "missed"
            case .threw: return outcome == "threw"
            }
        case .log(let text):
            return logLine?.contains(text) ?? false
        case .state, .nextAction, .app:
            return false
        }
    }
}

/// Checks expectations against the events of a run that kept them (the test harness):
/// the events are fed to an `ExpectationTracker`, as a run feeds them.
public struct ExpectationEvaluator {
    public let events: [SimulationEvent]

    public init(events: [SimulationEvent]) {
        self.events = events
    }

    public mutating func evaluate(_ expectations: [Expectation]) -> [CheckResult] {
        let tracker = ExpectationTracker(expectations)
        for event in events { tracker.record(event) }
        return tracker.finish().results
    }
}
