// A parameter summary that depends on a parameter's value (Apple's pages: "AppIntent.When",
// "AppIntent.Switch", "AppIntent.Case", "AppIntent.DefaultCase" and the condition types they
// name). The Action button shows no summary; the simulator picks the branch a Shortcuts
// editor would show, so a test or log can read its text.

/// A summary's text for one intent, whatever the summary's shape.
protocol SummaryText {
    func summaryText(for intent: Any) -> String?
}

/// The single summary a `When`, `Case` or `DefaultCase` closure holds.
@resultBuilder
public enum ParameterSummaryBuilder<Intent: AppIntent> {
    public static func buildBlock<Summary: ParameterSummary>(_ summary: Summary) -> Summary { summary }
}

/// `.equalTo` / `.notEqualTo` in `When(\.$p, .equalTo, value)`.
public enum EquatableComparisonOperator: Hashable, Sendable {
    case equalTo, notEqualTo
}

/// `.hasAnyValue` / `.hasNoValue` in `When(\.$p, .hasAnyValue)`.
public enum HasValueComparisonOperator: Hashable, Sendable {
    case hasAnyValue, hasNoValue
}

/// `.oneOf` / `.noneOf` in `When(\.$p, .oneOf, [values])`.
public enum OneOfComparisonOperator: Hashable, Sendable {
    case oneOf, noneOf
}

/// `.greaterThan`, `.greaterThanOrEqualTo`, `.lessThan`, `.lessThanOrEqualTo` in
/// `When(\.$p, .greaterThan, value)`.
public enum ComparableComparisonOperator: Hashable, Sendable {
    case greaterThan, greaterThanOrEqualTo, lessThan, lessThanOrEqualTo

    func holds<Value: Comparable>(_ lhs: Value, _ rhs: Value) -> Bool {
        switch self {
        case .greaterThan: lhs > rhs
        case .greaterThanOrEqualTo: lhs >= rhs
        case .lessThan: lhs < rhs
        case .lessThanOrEqualTo: lhs <= rhs
        }
    }
}

/// One summary or another, by a parameter's value (Apple's `When`).
public struct ParameterSummaryWhenCondition<Intent: AppIntent, WhenCondition: ParameterSummary, Otherwise: ParameterSummary>:
    ParameterSummary, SummaryText {
    private let holds: (Intent) -> Bool
    private let whenSummary: WhenCondition
    private let otherwiseSummary: Otherwise

    public init<Value: Equatable>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>, _ comparisonOperator: EquatableComparisonOperator,
                                  _ value: Value, @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                                  @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {
        holds = { intent in
            let equal = intent[keyPath: keyPath].currentValue == value
            return comparisonOperator == .equalTo ? equal : !equal
        }
        whenSummary = when()
        otherwiseSummary = otherwise()
    }

    public init<Value>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>, _ comparisonOperator: HasValueComparisonOperator,
                       @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                       @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {
        holds = { intent in
            let has = intent[keyPath: keyPath].loggedValue != nil
            return comparisonOperator == .hasAnyValue ? has : !has
        }
        whenSummary = when()
        otherwiseSummary = otherwise()
    }

    public init<Value: Equatable>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>, _ comparisonOperator: OneOfComparisonOperator,
                                  _ values: [Value], @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                                  @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {
        holds = { intent in
            let among = intent[keyPath: keyPath].currentValue.map(values.contains) ?? false
            return comparisonOperator == .oneOf ? among : !among
        }
        whenSummary = when()
        otherwiseSummary = otherwise()
    }

    /// Compares a parameter with a value; one not set yet compares false, so the summary
    /// is `otherwise`'s.
    public init<Value: Comparable>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>, _ comparisonOperator: ComparableComparisonOperator,
                                   _ value: Value, @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                                   @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {
        holds = { intent in intent[keyPath: keyPath].currentValue.map { comparisonOperator.holds($0, value) } ?? false }
        whenSummary = when()
        otherwiseSummary = otherwise()
    }

    /// The same for an optional parameter, compared with a value of its wrapped type; a
    /// parameter without a value compares false.
    public init<Wrapped: Comparable>(_ keyPath: KeyPath<Intent, IntentParameter<Wrapped?>>,
                                     _ comparisonOperator: ComparableComparisonOperator, _ value: Wrapped,
                                     @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition,
                                     @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise) {
        holds = { intent in
            guard let current = intent[keyPath: keyPath].currentValue, let current else { return false }
            return comparisonOperator.holds(current, value)
        }
        whenSummary = when()
        otherwiseSummary = otherwise()
    }

    /// The text of the branch the intent's parameter picks.
    public func text(for intent: Intent) -> String {
        let chosen: Any = holds(intent) ? whenSummary : otherwiseSummary
        return (chosen as? SummaryText)?.summaryText(for: intent) ?? ""
    }

    func summaryText(for intent: Any) -> String? { (intent as? Intent).map(text(for:)) }
}

/// One case of a `Switch` (Apple's `Case`): the summary shown for these values.
public struct ParameterSummaryCaseCondition<Intent: AppIntent, Value: Sendable, Summary: ParameterSummary> {
    let matches: (Value) -> Bool
    let summary: Summary

    public init(_ value: Value, @ParameterSummaryBuilder<Intent> _ parameterSummary: () -> Summary) where Value: Equatable {
        matches = { $0 == value }
        summary = parameterSummary()
    }

    public init(_ value: [Value], @ParameterSummaryBuilder<Intent> _ parameterSummary: () -> Summary) where Value: Equatable {
        matches = { value.contains($0) }
        summary = parameterSummary()
    }
}

/// The summary a `Switch` shows when no case matches (Apple's `DefaultCase`).
public struct ParameterSummaryDefaultCaseCondition<Intent: AppIntent, Value: Sendable, Summary: ParameterSummary> {
    let summary: Summary

    public init(@ParameterSummaryBuilder<Intent> _ parameterSummary: () -> Summary) {
        summary = parameterSummary()
    }
}

/// The cases of a `Switch`, in order, then its default.
public struct ParameterSummaryTupleCaseCondition<Intent: AppIntent, Value: Sendable, ValueType> {
    let cases: [(matches: (Value) -> Bool, summary: Any)]
    let fallback: Any
}

/// Builds a `Switch`'s cases: any number of `Case`, then one `DefaultCase`.
@resultBuilder
public enum ParameterSummaryCaseBuilder<Intent: AppIntent, Value: Sendable> {
    public static func buildExpression<Summary>(_ condition: ParameterSummaryCaseCondition<Intent, Value, Summary>)
        -> ParameterSummaryCaseCondition<Intent, Value, Summary> { condition }

    public static func buildExpression<Summary>(_ condition: ParameterSummaryDefaultCaseCondition<Intent, Value, Summary>)
        -> ParameterSummaryDefaultCaseCondition<Intent, Value, Summary> { condition }

    public static func buildPartialBlock<Summary>(first: ParameterSummaryCaseCondition<Intent, Value, Summary>)
        -> ParameterSummaryCaseList<Intent, Value> {
        ParameterSummaryCaseList(cases: [(first.matches, first.summary)])
    }

    public static func buildPartialBlock<Summary>(first: ParameterSummaryDefaultCaseCondition<Intent, Value, Summary>)
        -> ParameterSummaryTupleCaseCondition<Intent, Value, Void> {
        ParameterSummaryTupleCaseCondition(cases: [], fallback: first.summary)
    }

    public static func buildPartialBlock<Summary>(accumulated: ParameterSummaryCaseList<Intent, Value>,
                                                  next: ParameterSummaryCaseCondition<Intent, Value, Summary>)
        -> ParameterSummaryCaseList<Intent, Value> {
        ParameterSummaryCaseList(cases: accumulated.cases + [(next.matches, next.summary)])
    }

    public static func buildPartialBlock<Summary>(accumulated: ParameterSummaryCaseList<Intent, Value>,
                                                  next: ParameterSummaryDefaultCaseCondition<Intent, Value, Summary>)
        -> ParameterSummaryTupleCaseCondition<Intent, Value, Void> {
        ParameterSummaryTupleCaseCondition(cases: accumulated.cases, fallback: next.summary)
    }
}

/// The cases of a `Switch` read so far, before its `DefaultCase`.
public struct ParameterSummaryCaseList<Intent: AppIntent, Value: Sendable> {
    let cases: [(matches: (Value) -> Bool, summary: Any)]
}

/// A summary chosen by a parameter's value among cases (Apple's `Switch`).
public struct ParameterSummarySwitchCondition<Intent: AppIntent, Value: Sendable, CaseCondition>: ParameterSummary, SummaryText {
    private let keyPath: KeyPath<Intent, IntentParameter<Value>>
    private let choose: (Value?) -> Any

    public init(_ keyPath: KeyPath<Intent, IntentParameter<Value>>,
                @ParameterSummaryCaseBuilder<Intent, Value> _ builder: () -> CaseCondition)
    where CaseCondition == ParameterSummaryTupleCaseCondition<Intent, Value, Void> {
        self.keyPath = keyPath
        let cases = builder()
        choose = { value in
            guard let value else { return cases.fallback }
            return cases.cases.first { $0.matches(value) }?.summary ?? cases.fallback
        }
    }

    /// The text of the case the intent's parameter picks.
    public func text(for intent: Intent) -> String {
        (choose(intent[keyPath: keyPath].currentValue) as? SummaryText)?.summaryText(for: intent) ?? ""
    }

    func summaryText(for intent: Any) -> String? { (intent as? Intent).map(text(for:)) }
}

extension AppIntent {
    public typealias When<WhenCondition: ParameterSummary, Otherwise: ParameterSummary> =
        ParameterSummaryWhenCondition<Self, WhenCondition, Otherwise>
    public typealias Switch<Value: Sendable, CaseCondition> = ParameterSummarySwitchCondition<Self, Value, CaseCondition>
    public typealias Case<Value: Sendable, Summary: ParameterSummary> = ParameterSummaryCaseCondition<Self, Value, Summary>
    public typealias DefaultCase<Value: Sendable, Summary: ParameterSummary> = ParameterSummaryDefaultCaseCondition<Self, Value, Summary>
}
