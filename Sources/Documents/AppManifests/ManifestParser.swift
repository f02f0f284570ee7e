import ActionButtonCore
import AppIntents
import YAMLDocuments

/// Reads app manifests. Everything contradictory is refused here, with file, line and
/// column, so nothing half-valid ever reaches the engine.
public enum ManifestParser {
    static let topKeys = ["app", "description", "health-authorization", "workout-kinds", "suggested-workouts",
                          "intents", "donations"]
    static let intentKeys = ["name", "title", "role", "declared-in", "open-app-when-run", "perform", "control"]
    static let performKeys = ["takes", "throws", "starts-session", "pauses-session", "resumes-session", "ends-session",
                              "marks", "donates", "result-donates", "requests-authorization"]

    public static func parse(_ document: YAMLDocument) throws(DocumentError) -> (AppManifestModel, [ManifestWarning]) {
        let top = try document.root.mapping("the manifest")
        try top.rejectUnknownKeys(topKeys)
        var warnings: [ManifestWarning] = []

        let name = try top.required("app").string("the app's name")
        guard !name.isEmpty else { throw try top.required("app").error("the app's name is empty") }
        let health = try top["health-authorization"]?.choice("health-authorization", of: AppDefinition.HealthAuthorization.self)
            ?? .requested

        var kinds: [WorkoutOption] = []
        var activities: [String: WorkoutActivityType] = [:]
        if let kindsValue = top["workout-kinds"] {
            for entry in try kindsValue.mapping("workout-kinds").entries {
                guard isIdentifier(entry.key) else {
                    throw entry.keyValue.error("workout kind \"\(entry.key)\" must be an identifier (letters, digits, -, _)")
                }
                guard entry.value.isMapping else {
                    throw entry.keyValue.error("workout kind \"\(entry.key)\" needs a title and the HealthKit activity type its "
                        + "sensors record; write \(entry.key): {title: ..., activity: running} (activity: HKWorkoutActivityType's "
                        + "case name, such as walking, running, cycling, swimming, hiking or other)")
                }
                let display = try entry.value.mapping("workout kind \"\(entry.key)\"")
                try display.rejectUnknownKeys(["title", "subtitle", "activity"])
                kinds.append(WorkoutOption(id: entry.key, title: try display.required("title").string("title"),
                                           subtitle: try display["subtitle"]?.string("subtitle")))
                activities[entry.key] = try Self.activity(of: entry.key, in: display)
            }
        }

        var intents: [AppManifestModel.Intent] = []
        let intentValues = try top.required("intents").sequence("intents")
        for value in intentValues {
            let intent = try parseIntent(value)
            if let previous = intents.first(where: { $0.name == intent.name }) {
                throw value.error("intent \"\(intent.name)\" is declared twice (first at line \(previous.location.line))")
            }
            intents.append(intent)
        }
        for role in [AppManifestModel.Role.startWorkout, .pauseWorkout, .resumeWorkout, .startDive] {
            let holders = intents.filter { $0.role == role }
            if holders.count > 1 {
                throw DocumentError("more than one \(role.rawValue) intent (\(holders.map(\.name).joined(separator: ", "))); an app has at most one",
                                    at: holders[1].location)
            }
        }
        let start = intents.first { $0.role == .startWorkout }
        let dive = intents.first { $0.role == .startDive }
        guard start != nil || dive != nil || intents.contains(where: { $0.control != nil }) else {
            throw DocumentError("the app has neither a start-workout nor a start-dive intent, nor a control, so Settings > Action Button "
                                + "would never offer it (A1)", at: try top.required("intents").location)
        }
        if let misused = intents.first(where: { $0.control != nil && $0.role != .action }) {
            throw DocumentError("\(misused.name) is a \(misused.role.rawValue) intent; a control runs an intent of its own "
                                + "(role: action), not the Action button's start, pause or resume intents", at: misused.location)
        }
        if start == nil, let pausing = intents.first(where: { $0.role == .pauseWorkout || $0.role == .resumeWorkout }) {
            throw DocumentError("\(pausing.name) is a \(pausing.role.rawValue) intent but the app starts no workouts; dives have no pause or resume (A8)",
                                at: pausing.location)
        }
        // A9: refused at load, pointing at the intent.
        if let misplaced = intents.first(where: { $0.declaredIn == .extension }) {
            throw DocumentError("\(misplaced.name) is declared in an App Intents extension; Action-button intents must live in the app itself (A9)",
                                at: misplaced.location)
        }
        for intent in intents where (intent.role == .startWorkout || intent.role == .startDive) && !intent.openAppWhenRun {
            warnings.append(ManifestWarning(location: intent.location, message:
                "\(intent.name) sets open-app-when-run to false; start intents must open the app, and the system launches it first anyway (A9)"))
        }

        var suggested: [String] = kinds.map(\.id)
        if start != nil {
            guard !kinds.isEmpty else {
                throw DocumentError("a workout app needs workout-kinds: the enum of workouts it supports, each with a title (A2)",
                                    at: top.location)
            }
            if let list = top["suggested-workouts"] {
                suggested = []
                for item in try list.sequence("suggested-workouts") {
                    let id = try item.string("a suggested workout")
                    guard kinds.contains(where: { $0.id == id }) else {
                        throw item.error("suggested workout \"\(id)\" is not one of workout-kinds; expected one of "
                                         + kinds.map(\.id).joined(separator: ", ") + Spelling.suggestion(for: id, among: kinds.map(\.id)))
                    }
                    guard !suggested.contains(id) else { throw item.error("suggested workout \"\(id)\" is listed twice") }
                    suggested.append(id)
                }
            }
        } else if let extra = top["workout-kinds"] ?? top["suggested-workouts"] {
            throw extra.error("workout kinds and suggestions need a start-workout intent; a dive app has a single kind of session (A8)")
        }

        // Every intent a manifest donates must be one the app declares as an action.
        func checkDonatable(_ name: String, at value: YAMLValue?, fallback: SourceLocation) throws(DocumentError) {
            guard let target = intents.first(where: { $0.name == name }) else {
                let message = "unknown intent \"\(name)\"; expected one of the app's action intents: "
                    + intents.filter { $0.role == .action }.map(\.name).joined(separator: ", ")
                    + Spelling.suggestion(for: name, among: intents.map(\.name))
                throw value.map { $0.error(message) } ?? DocumentError(message, at: fallback)
            }
            guard target.role == .action else {
                let message = "\(name) is a \(target.role.rawValue) intent; only action intents can be donated as the next action (A6)"
                throw value.map { $0.error(message) } ?? DocumentError(message, at: fallback)
            }
        }
        for (intent, value) in zip(intents, intentValues) {
            let perform = try value.mapping("intent")["perform"].map { v throws(DocumentError) in try v.mapping("perform") }
            if let target = intent.perform.donates { try checkDonatable(target, at: perform?["donates"], fallback: intent.location) }
            if let target = intent.perform.resultDonates { try checkDonatable(target, at: perform?["result-donates"], fallback: intent.location) }
        }

        var donations: [AppManifestModel.Donation] = []
        if let list = top["donations"] {
            for item in try list.sequence("donations") {
                let entry = try item.mapping("a donation")
                try entry.rejectUnknownKeys(["when", "donate"])
                let target = try entry.required("donate").string("the intent to donate")
                try checkDonatable(target, at: entry["donate"], fallback: entry.location)
                let whenValue = try entry.required("when")
                donations.append(.init(trigger: try parseTrigger(whenValue, intents: intents), donate: target))
            }
        }

        return (AppManifestModel(name: name, healthAuthorization: health, workoutKinds: kinds, activities: activities,
                                 suggestedWorkouts: suggested,
                                 intents: intents, donations: donations), warnings)
    }

    private static func parseIntent(_ value: YAMLValue) throws(DocumentError) -> AppManifestModel.Intent {
        let map = try value.mapping("an intent")
        try map.rejectUnknownKeys(intentKeys)
        let nameValue = try map.required("name")
        let name = try nameValue.string("the intent's name")
        guard isIdentifier(name) else { throw nameValue.error("intent name \"\(name)\" must be a Swift-style type name (letters, digits, _)") }
        let role = try map.required("role").choice("role", of: AppManifestModel.Role.self)
        var perform = AppManifestModel.Perform()
        // Defaults follow what each role's intent does in Apple's examples.
        switch role {
        case .startWorkout, .startDive: perform.startsSession = true
        case .pauseWorkout: perform.pausesSession = true
        case .resumeWorkout: perform.resumesSession = true
        case .action: break
        }
        if let performValue = map["perform"] {
            let p = try performValue.mapping("perform")
            try p.rejectUnknownKeys(performKeys)
            if let v = p["takes"] { perform.takes = try v.duration("takes") }
            if let v = p["throws"] {
                if let flag = try? v.bool("throws") {
                    perform.throwsMessage = flag ? "the intent failed" : nil
                } else {
                    perform.throwsMessage = try v.string("throws (true, false or an error message)")
                }
            }
            if let v = p["starts-session"] { perform.startsSession = try v.bool("starts-session") }
            if let v = p["pauses-session"] { perform.pausesSession = try v.bool("pauses-session") }
            if let v = p["resumes-session"] { perform.resumesSession = try v.bool("resumes-session") }
            if let v = p["ends-session"] { perform.endsSession = try v.bool("ends-session") }
            if let v = p["marks"] { perform.marks = try v.string("marks") }
            if let v = p["donates"] { perform.donates = try v.string("donates") }
            if let v = p["result-donates"] { perform.resultDonates = try v.string("result-donates") }
            if let v = p["requests-authorization"] { perform.requestsAuthorization = try v.bool("requests-authorization") }
        }
        let title = try map["title"]?.string("title") ?? name
        return AppManifestModel.Intent(
            name: name, title: title, role: role,
            declaredIn: try map["declared-in"]?.choice("declared-in", of: AppManifestModel.DeclaredIn.self) ?? .app,
            openAppWhenRun: try map["open-app-when-run"]?.bool("open-app-when-run") ?? (role == .startWorkout || role == .startDive),
            perform: perform, location: value.location,
            control: try map["control"]?.choice("control", of: InstalledApp.ControlSupport.Kind.self))
    }

    static let triggerWords = ["session-started", "session-paused", "session-resumed", "start-returned"]

    private static func parseTrigger(_ value: YAMLValue, intents: [AppManifestModel.Intent]) throws(DocumentError) -> AppManifestModel.Trigger {
        if value.isScalar {
            let word = try value.string("when")
            switch word {
            case "session-started": return .sessionStarted
            case "session-paused": return .sessionPaused
            case "session-resumed": return .sessionResumed
            case "start-returned": return .startReturned
            default:
                let options = triggerWords + ["{performed: INTENT, count: N}", "{at: TIME}"]
                throw value.error("unknown trigger \"\(word)\"; expected one of \(options.joined(separator: ", "))"
                                  + Spelling.suggestion(for: word, among: triggerWords))
            }
        }
        let map = try value.mapping("when")
        if let at = map["at"] {
            try map.rejectUnknownKeys(["at"])
            return .at(try at.duration("at"))
        }
        try map.rejectUnknownKeys(["performed", "count", "every", "at"])
        let nameValue = try map.required("performed")
        let name = try nameValue.string("the performed intent")
        guard intents.contains(where: { $0.name == name }) else {
            throw nameValue.error("unknown intent \"\(name)\"; expected one of \(intents.map(\.name).joined(separator: ", "))"
                                  + Spelling.suggestion(for: name, among: intents.map(\.name)))
        }
        if map["count"] != nil && map["every"] != nil {
            throw map.location.error("give either count (once) or every (repeating), not both")
        }
        // `count: N` fires once, after the N-th perform in the session; `every: N` after every
        // N-th; neither means after every perform.
        let countValue = map["every"] ?? map["count"]
        let count = try countValue?.int("count") ?? 1
        guard count >= 1 else { throw (countValue ?? value).error("count must be 1 or more, found \(count)") }
        return .performed(intent: name, count: count, repeats: map["count"] == nil)
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !text.isEmpty, text.count <= 128 else { return false }
        return (first.properties.isAlphabetic || first == "_")
            && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }

    /// A workout kind's `activity:`: a HealthKit activity type that a sensor model records
    /// (T1), decided by `WorkoutActivityType.sensorModel`, the one table.
    static func activity(of kind: String, in display: YAMLMapping) throws(DocumentError) -> WorkoutActivityType {
        guard let value = display["activity"] else {
            throw DocumentError(
                "workout kind \"\(kind)\" has no activity; say which HealthKit activity type its sensors record, "
                    + "e.g. activity: running (HKWorkoutActivityType's case names: walking, running, cycling, swimming, hiking, other, ...)",
                at: display.location)
        }
        let name = try value.string("the activity of \"\(kind)\"")
        do throws(WorkoutActivityType.Unusable) {
            return try WorkoutActivityType.modelled(named: name)
        } catch {
            let hint = WorkoutActivityType(name: name) == nil
                ? Spelling.suggestion(for: name, among: WorkoutActivityType.allCases.map(\.name)) : ""
            throw value.error("workout kind \"\(kind)\": \(error)" + hint)
        }
    }
}

extension SourceLocation {
    func error(_ message: String) -> DocumentError { DocumentError(message, at: self) }
}
