import ActionButtonCore
import AppIntents
import Testing
import XCTest

/// A check on the watch that did not hold, saying what was expected and what happened.
public struct HarnessFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Checks on what the watch did. Each `check…` returns the failure (or nil) so any test
/// framework can use it; each `expect…` records the failure in the framework running the
/// test (an issue in Swift Testing, `XCTFail` in XCTest) at the caller's line, and returns
/// whether the check held.
extension ActionButtonHarness {
    // MARK: Next action (A6)

    /// The next action is an intent of type `I`.
    public func checkNextAction<I: AppIntent>(_ type: I.Type) -> HarnessFailure? {
        checkNextAction(String(describing: type))
    }

    /// The next action is the intent named `expected` (nil: there is none).
    public func checkNextAction(_ expected: String?) -> HarnessFailure? {
        let actual = nextAction?.name
        guard actual != expected else { return nil }
        let wanted = expected.map { "next action \($0)" } ?? "no next action"
        let found = actual.map { "it is \($0)" } ?? "there is none"
        return HarnessFailure("expected \(wanted) at \(Timestamp(nanoseconds: now.nanoseconds)), but \(found)\(nextActionHistory)")
    }

    @discardableResult
    public func expectNextAction<I: AppIntent>(_ type: I.Type, fileID: String = #fileID, filePath: StaticString = #filePath,
                                               line: UInt = #line, column: UInt = #column) -> Bool {
        HarnessReporter.report(checkNextAction(type), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    @discardableResult
    public func expectNoNextAction(fileID: String = #fileID, filePath: StaticString = #filePath,
                                   line: UInt = #line, column: UInt = #column) -> Bool {
        HarnessReporter.report(checkNextAction(nil), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    // MARK: Intents performed (A3, A6, A7)

    /// An intent of type `I` was performed (as `role`, if given): `count` times, or at least once.
    public func checkPerformed<I: AppIntent>(_ type: I.Type, role: Invocation.Role? = nil, count: Int? = nil) -> HarnessFailure? {
        checkPerformed(String(describing: type), role: role, count: count)
    }

    public func checkPerformed(_ name: String, role: Invocation.Role? = nil, count: Int? = nil) -> HarnessFailure? {
        let matching = performed.filter { $0.name == name && (role == nil || $0.role == role) }
        let what = name + (role.map { " as \($0)" } ?? "")
        let all = performed.isEmpty ? "no intent was performed" : "performed: " + performed.map(\.description).joined(separator: "; ")
        switch count {
        case nil where matching.isEmpty:
            return HarnessFailure("expected \(what) to be performed, but it never was; \(all)")
        case let wanted? where matching.count != wanted:
            return HarnessFailure("expected \(what) to be performed \(wanted) time\(wanted == 1 ? "" : "s"), but it was performed \(matching.count) time\(matching.count == 1 ? "" : "s"); \(all)")
        default:
            return nil
        }
    }

    @discardableResult
    public func expectPerformed<I: AppIntent>(_ type: I.Type, role: Invocation.Role? = nil, count: Int? = nil,
                                              fileID: String = #fileID, filePath: StaticString = #filePath,
                                              line: UInt = #line, column: UInt = #column) -> Bool {
        HarnessReporter.report(checkPerformed(type, role: role, count: count), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    // MARK: Session (A3, A7, A11)

    public func checkSession(_ expected: SessionStatus) -> HarnessFailure? {
        guard session != expected else { return nil }
        return HarnessFailure("expected the session to be \(expected) at \(Timestamp(nanoseconds: now.nanoseconds)), but it is \(session)")
    }

    @discardableResult
    public func expectSession(_ expected: SessionStatus, fileID: String = #fileID, filePath: StaticString = #filePath,
                              line: UInt = #line, column: UInt = #column) -> Bool {
        HarnessReporter.report(checkSession(expected), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    // MARK: Errors shown (A2, A5)

    public func checkError(_ code: ShownError.Code) -> HarnessFailure? {
        guard !errors.contains(where: { $0.code == code }) else { return nil }
        let shown = errors.isEmpty ? "no error was shown" : "shown: " + errors.map(\.description).joined(separator: "; ")
        return HarnessFailure("expected the error \(code.rawValue) to be shown, but \(shown)")
    }

    public func checkNoErrors() -> HarnessFailure? {
        guard !errors.isEmpty else { return nil }
        return HarnessFailure("expected no error, but the watch showed: " + errors.map(\.description).joined(separator: "; "))
    }

    @discardableResult
    public func expectError(_ code: ShownError.Code, fileID: String = #fileID, filePath: StaticString = #filePath,
                            line: UInt = #line, column: UInt = #column) -> Bool {
        HarnessReporter.report(checkError(code), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    @discardableResult
    public func expectNoErrors(fileID: String = #fileID, filePath: StaticString = #filePath,
                               line: UInt = #line, column: UInt = #column) -> Bool {
        HarnessReporter.report(checkNoErrors(), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    // MARK: Ignored presses (A7, A10, A12)

    /// The last press was ignored for this reason (`busy`, `no-next-action`, `siren`, ...).
    public func checkLastIgnored(_ reason: String) -> HarnessFailure? {
        guard let last = ignored.last else { return HarnessFailure("expected a press to be ignored as \(reason), but none was ignored") }
        guard last != reason else { return nil }
        return HarnessFailure("expected the last ignored press to be ignored as \(reason), but it was ignored as \(last)")
    }

    @discardableResult
    public func expectLastIgnored(_ reason: String, fileID: String = #fileID, filePath: StaticString = #filePath,
                                  line: UInt = #line, column: UInt = #column) -> Bool {
        HarnessReporter.report(checkLastIgnored(reason), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    // MARK: Scenario files (S1, S2)

    /// Every expectation in the loaded scenario held; each failure is recorded with the
    /// scenario's file, line and column.
    @discardableResult
    public func expectScenarioPasses(fileID: String = #fileID, filePath: StaticString = #filePath,
                                     line: UInt = #line, column: UInt = #column) async throws -> Bool {
        var passed = true
        for result in try await scenarioResults where !result.passed {
            passed = false
            HarnessReporter.report(HarnessFailure("\(result.location): \(result.message)"),
                                   fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return passed
    }

    /// ", set at T by …": how the next action came to be what it is.
    private var nextActionHistory: String {
        guard let index = events.lastIndex(where: { if case .system(.nextActionChanged) = $0.kind { true } else { false } }),
              case .system(.nextActionChanged(_, _, let cause)) = events[index].kind else { return "" }
        let how: String
        switch cause {
        case .donation:
            let donor = events[..<index].last { if case .donation = $0.kind { true } else { false } }
            if case .donation(_, let by)? = donor?.kind { how = "donated by \(by.name)" } else { how = "donated" }
        case .result(let intent): how = "returned in the result of \(intent.name)"
        case .donationDeleted: how = "cleared when its donation was deleted"
        case .sessionEnded: how = "cleared when the session ended"
        case .newSession: how = "cleared when a new session began"
        }
        return " (\(how) at \(events[index].time))"
    }
}

/// Sends a failure to whichever test framework runs the current test.
enum HarnessReporter {
    @discardableResult
    static func report(_ failure: HarnessFailure?, fileID: String, filePath: StaticString, line: UInt, column: UInt) -> Bool {
        guard let failure else { return true }
        if Test.current != nil {
            Issue.record(Comment(rawValue: failure.message),
                         sourceLocation: Testing.SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
        } else {
            XCTFail(failure.message, file: filePath, line: line)
        }
        return false
    }
}
