import ActionButtonCore
import AppIntents
import AppManifests
import YAMLDocuments

/// An app a scenario installs: one described by a YAML manifest, or one written in Swift
/// and built into the `actionsim` that runs the scenario (`apps: [{swift: MyWorkoutApp}]`).
/// Either way the scenario reader checks names against the same model, and the engine
/// runs the same kind of `AppDefinition`.
public struct ScenarioApp: Sendable {
    public enum Source: Sendable {
        case manifest(ManifestApp)
        /// A Swift app from the registry the command was started with.
        case swift
    }

    public let source: Source
    /// The manifest, or, for a Swift app, its intents and workout kinds in the same shape,
    /// so that steps and expectations naming them are checked before anything runs.
    public let model: AppManifestModel
    public let warnings: [ManifestWarning]
    public let definition: AppDefinition

    public init(manifest: ManifestApp) {
        source = .manifest(manifest)
        model = manifest.model
        warnings = manifest.warnings
        definition = manifest.definition
    }

    /// A Swift app, referred to by the scenario at `location`.
    public init(swift definition: AppDefinition, referencedAt location: SourceLocation) {
        source = .swift
        self.definition = definition
        var intents: [AppManifestModel.Intent] = []
        func add(_ reference: IntentReference, _ role: AppManifestModel.Role, opensApp: Bool) {
            guard !intents.contains(where: { $0.name == reference.name }) else { return }
            intents.append(.init(name: reference.name, title: reference.title, role: role,
                                 declaredIn: definition.intentsInExtension.contains(reference.name) ? .extension : .app,
                                 openAppWhenRun: opensApp, location: location))
        }
        var warnings: [ManifestWarning] = []
        let suggested = definition.workout?.suggestedWorkouts().map(\.option) ?? []
        if let workout = definition.workout {
            add(workout.start, .startWorkout, opensApp: workout.startOpensApp)
            if let pause = workout.pause { add(IntentIdentity(pause).reference, .pauseWorkout, opensApp: false) }
            if let resume = workout.resume { add(IntentIdentity(resume).reference, .resumeWorkout, opensApp: false) }
            if !workout.startOpensApp { warnings.append(Self.opensAppWarning(workout.start.name, at: location)) }
        }
        if let dive = definition.dive {
            let identity = IntentIdentity(dive.start)
            add(identity.reference, .startDive, opensApp: identity.opensApp)
            if !identity.opensApp { warnings.append(Self.opensAppWarning(identity.reference.name, at: location)) }
        }
        for action in definition.actionIntents { add(action, .action, opensApp: false) }
        // Its controls (watchOS 26): their intents, which settings and expectations may name.
        for control in definition.controls {
            add(control.reference, .action, opensApp: control.opensApp)
            if let index = intents.firstIndex(where: { $0.name == control.reference.name }) { intents[index].control = control.kind }
        }
        var kinds = definition.workoutKinds
        for option in suggested where !kinds.contains(where: { $0.id == option.id }) { kinds.append(option) }
        model = AppManifestModel(name: definition.name, healthAuthorization: definition.healthAuthorization,
                                 workoutKinds: kinds, suggestedWorkouts: suggested.map(\.id), intents: intents, donations: [])
        self.warnings = warnings
    }

    /// The app changes its suggested workouts (A2): only manifest apps take this from a
    /// scenario step; a Swift app does it in its own code.
    public func changeSuggestedWorkouts(_ ids: [String]) {
        if case .manifest(let app) = source { app.changeSuggestedWorkouts(ids) }
    }

    public var isSwift: Bool {
        if case .swift = source { return true }
        return false
    }

    private static func opensAppWarning(_ intent: String, at location: SourceLocation) -> ManifestWarning {
        ManifestWarning(location: location, message:
            "\(intent) sets openAppWhenRun to false; start intents must open the app, and the system launches it first anyway (A9)")
    }
}
