import ActionButtonCore
import AppIntents
import Synchronization
import YAMLDocuments

/// An app described by a manifest, ready to install: it builds the same `AppDefinition` a
/// Swift app would, and its intents are `AppIntent`s whose `perform()` does what the
/// manifest says, through the same runtime calls a Swift intent makes.
public final class ManifestApp: Sendable {
    public let model: AppManifestModel
    public let warnings: [ManifestWarning]
    /// Per-session performance counts behind `{performed: X, count: N}` donations.
    private let performedCounts = Mutex<[String: Int]>([:])
    /// The app's current `suggestedWorkouts`; it may change them at any time (A2).
    private let suggestions: Mutex<[String]>

    public init(model: AppManifestModel, warnings: [ManifestWarning] = []) {
        self.model = model
        self.warnings = warnings
        self.suggestions = Mutex(model.suggestedWorkouts)
    }

    /// The app changes its suggested workouts and calls `invalidateSuggestedWorkouts()` (A2).
    /// Every id must be one of the manifest's workout kinds (the scenario reader checks).
    public func changeSuggestedWorkouts(_ ids: [String]) {
        suggestions.withLock { $0 = ids }
        ActionButtonRuntime.current?.suggestedWorkoutsDidChange()
    }

    /// Loads and checks a manifest file, or the built-in manifest `name` (by default `path`)
    /// stands for when no file is at `path`.
    public static func load(contentsOf path: String, orBuiltIn name: String? = nil) throws(DocumentError) -> ManifestApp {
        do {
            let (model, warnings) = try ManifestParser.parse(try YAMLDocument.load(path, orBuiltIn: name))
            return ManifestApp(model: model, warnings: warnings)
        } catch where error.location == nil && error.message == "no such file" {
            throw DocumentError(error.message + BuiltInDocuments.hint(.manifest, for: name ?? path), file: error.file)
        }
    }

    /// Parses manifest text (for tests and embedded apps).
    public static func parse(_ text: String, file: String = "manifest.yaml") throws(DocumentError) -> ManifestApp {
        let (model, warnings) = try ManifestParser.parse(try YAMLDocument(text: text, file: file))
        return ManifestApp(model: model, warnings: warnings)
    }

    public var definition: AppDefinition {
        let model = self.model
        var workout: AppDefinition.WorkoutIntents?
        if let start = model.intent(withRole: .startWorkout) {
            workout = AppDefinition.WorkoutIntents(
                start: IntentReference(name: start.name, title: start.title),
                startOpensApp: start.openAppWhenRun,
                suggestedWorkouts: { [self] in
                    suggestions.withLock { $0 }.compactMap { id in
                        guard let option = model.workoutKinds.first(where: { $0.id == id }) else { return nil }
                        return AppDefinition.SuggestedWorkout(option: option, intent: intent(start, workoutStyle: id))
                    }
                },
                pause: model.intent(withRole: .pauseWorkout).map { intent($0) },
                resume: model.intent(withRole: .resumeWorkout).map { intent($0) })
        }
        return AppDefinition(
            name: model.name,
            healthAuthorization: model.healthAuthorization,
            workout: workout,
            dive: model.intent(withRole: .startDive).map { AppDefinition.DiveIntents(start: intent($0)) },
            intentsInExtension: model.intents.filter { $0.declaredIn == .extension }.map(\.name),
            sessionObserver: { [self] change in sessionDidChange(change) },
            intentDidReturn: { [self] intent in intentDidReturn(intent) },
            timers: model.donations.compactMap { donation in
                guard case .at(let time) = donation.trigger else { return nil }
                return AppDefinition.Timer(at: time) { [self] in donate(donation.donate) }
            })
        .offering(controls: model.intents.compactMap { spec in
            spec.control.map { kind in
                AppDefinition.Control(reference: IntentReference(name: spec.name, title: spec.title), kind: kind,
                                      opensApp: spec.openAppWhenRun) { [self] value in
                    ManifestIntent(spec: spec, workoutStyle: nil, app: self, value: value)
                }
            }
        })
    }

    func intent(_ spec: AppManifestModel.Intent, workoutStyle: String? = nil) -> ManifestIntent {
        ManifestIntent(spec: spec, workoutStyle: workoutStyle, app: self)
    }

    func intent(named name: String) -> ManifestIntent? {
        model.intent(named: name).map { intent($0) }
    }

    // MARK: The app's own logic: its donation plan

    private func sessionDidChange(_ change: SessionLifecycle.Change) {
        let trigger: AppManifestModel.Trigger
        switch change {
        case .started:
            performedCounts.withLock { $0.removeAll() }
            trigger = .sessionStarted
        case .paused: trigger = .sessionPaused
        case .resumed: trigger = .sessionResumed
        case .ended: return
        }
        for donation in model.donations where donation.trigger == trigger { donate(donation.donate) }
    }

    /// `start-returned`: the start intent returned and the system has its result (A6).
    private func intentDidReturn(_ intent: IntentReference) {
        let isStart = model.intents.contains { ($0.role == .startWorkout || $0.role == .startDive) && $0.name == intent.name }
        guard isStart else { return }
        for donation in model.donations where donation.trigger == .startReturned { donate(donation.donate) }
    }

    func didPerform(_ intent: ManifestIntent) {
        let count = performedCounts.withLock { counts in
            counts[intent.spec.name, default: 0] += 1
            return counts[intent.spec.name, default: 0]
        }
        for donation in model.donations {
            guard case .performed(let name, let every, let repeats) = donation.trigger, name == intent.spec.name else { continue }
            if repeats ? count % every == 0 : count == every { donate(donation.donate) }
        }
    }

    private func donate(_ name: String) {
        // The parser checked that every donated name is one of the app's action intents.
        guard let next = intent(named: name), let host = ActionButtonRuntime.current else { return }
        host.donate(next, donor: IntentReference(name: model.name, title: model.name))
    }
}

/// An intent described by a manifest. It runs through `AppIntent.perform()` exactly as a
/// Swift intent does: it sleeps on the engine's clock, drives the simulated session, and
/// donates through the runtime.
public struct ManifestIntent: DynamicIntent {
    public static let title: LocalizedStringResource = "Manifest intent"

    public let spec: AppManifestModel.Intent
    public let workoutStyle: String?
    let app: ManifestApp
    /// The value a toggle control's press sets (`SetValueIntent.value`), nil otherwise.
    public let value: Bool?

    init(spec: AppManifestModel.Intent, workoutStyle: String?, app: ManifestApp, value: Bool? = nil) {
        self.spec = spec
        self.workoutStyle = workoutStyle
        self.app = app
        self.value = value
    }

    public var intentName: String { spec.name }
    public var intentTitle: String { spec.title }
    public var intentOpensApp: Bool { spec.openAppWhenRun }
    public var intentParameters: KeyValuePairs<String, String> {
        if let value { return ["value": value ? "true" : "false"] }
        return workoutStyle.map { ["workoutStyle": $0] } ?? [:]
    }

    public func perform() async throws -> some IntentResult {
        let behaviour = spec.perform
        if behaviour.takes > .zero { try await ActionButtonClock().sleep(for: behaviour.takes) }
        if let message = behaviour.throwsMessage { throw ManifestIntentError(intent: spec.name, message: message) }
        if behaviour.requestsAuthorization { ActionButtonRuntime.current?.requestHealthAuthorization() }
        if behaviour.startsSession {
            try SimulatedSession.start(workoutStyle: workoutStyle, activity: workoutStyle.flatMap { app.model.activities[$0] })
        }
        if behaviour.pausesSession { try SimulatedSession.pause() }
        if behaviour.resumesSession { try SimulatedSession.resume() }
        if let marker = behaviour.marks { try SimulatedSession.mark(SessionMarker(marker)) }
        if let name = behaviour.donates, let next = app.intent(named: name) {
            try await donate(result: .result(actionButtonIntent: next))
        }
        if behaviour.endsSession { try SimulatedSession.end() }
        app.didPerform(self)
        if let name = behaviour.resultDonates, let next = app.intent(named: name) {
            return .result(actionButtonIntent: next)
        }
        return .result()
    }
}

/// The error a manifest intent with `throws:` throws.
public struct ManifestIntentError: Error, Hashable, Sendable, CustomStringConvertible {
    public var intent: String
    public var message: String
    public var description: String { message }
}
