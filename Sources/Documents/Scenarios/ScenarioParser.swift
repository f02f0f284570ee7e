import ActionButtonCore
import AppIntents
import AppManifests
import Foundation
import Telemetry
import YAMLDocuments

/// Reads scenario files. A scenario is refused before anything runs if it is malformed or
/// contradicts its app: unknown intents, workout styles outside the app's enum, negative
/// times, steps out of order, a First Press the app does not suggest.
public enum ScenarioParser {
    static let topKeys = ["name", "rule", "rules", "description", "app", "apps", "settings", "seed", "recognizer", "until",
                          "sensors", "steps", "steps-file", "expect"]
    static let stepKeys = ["at", "button", "edge", "gesture", "key", "wrist", "end", "suggested-workouts", "settings"]
    static let expectKeys = ["at", "within", "by", "after", "between", "count", "never", "intent", "parameters", "role",
                             "state", "next-action", "app", "error", "message", "ignored", "gesture", "dropped",
                             "marker", "deadline", "log"]
    static let eventCheckKeys = ["intent", "error", "ignored", "gesture", "dropped", "marker", "deadline", "log"]
    static let stateCheckKeys = ["state", "next-action", "app"]

    /// Loads a scenario file and the apps it names: manifests by path, or Swift apps by name
    /// (`{swift: NAME}`) from `swiftApps`, the apps the running `actionsim` was built with.
    public static func load(contentsOf path: String, swiftApps: [AppDefinition] = []) throws(DocumentError) -> Scenario {
        try parse(try YAMLDocument(contentsOf: path), swiftApps: swiftApps)
    }

    public static func parse(_ document: YAMLDocument, swiftApps: [AppDefinition] = []) throws(DocumentError) -> Scenario {
        let top = try document.root.mapping("the scenario")
        if top.contains("intents") && !top.contains("steps") && !top.contains("steps-file") {
            throw DocumentError("this is an app manifest (it has intents:), not a scenario; name it under app: in a scenario, or use actionsim check",
                                at: top.location)
        }
        try top.rejectUnknownKeys(topKeys)
        let file = document.file

        // The apps: manifest paths relative to this file, or manifests written inline.
        let appValues: [YAMLValue]
        switch (top["app"], top["apps"]) {
        case (let one?, nil): appValues = [one]
        case (nil, let many?): appValues = try many.sequence("apps")
        case (nil, nil): throw DocumentError("the scenario is missing \"app\" (or \"apps\"): the app manifest(s) it runs", at: top.location)
        case (_, let many?): throw many.error("give app (one) or apps (a list), not both")
        }
        guard !appValues.isEmpty else { throw try top.required("apps").error("apps is empty; name at least one app manifest") }
        var apps: [ScenarioApp] = []
        var registry = AppRegistry()
        for appValue in appValues {
            let app = try loadApp(appValue, relativeTo: file, swiftApps: swiftApps)
            do { try registry.install(app.definition.installedApp) } catch { throw appValue.error(error.description) }
            apps.append(app)
        }
        let models = apps.map(\.model)

        var settings = try parseSettings(try top.required("settings"), registry: registry, apps: apps)
        let initialSettings = settings
        let name = try top["name"]?.string("name") ?? ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        var rules: [String] = []
        for value in (top["rules"] ?? top["rule"]).map({ $0.sequenceOrSingle() }) ?? [] {
            let rule = try value.string("a rule")
            guard Self.isSpecRule(rule) else {
                throw value.error("rule \"\(rule)\" is not a SPEC rule; expected a name such as A6, P3, T1 or S2")
            }
            rules.append(rule)
        }
        let seed = try top["seed"]?.int("seed") ?? 0

        let recognizerSettings = try top["recognizer"].map { v throws(DocumentError) in try RecognizerSettings.parse(v) }
            ?? RecognizerSettings()
        let recognizer = try PressRecognizer.Configuration.resolvingDocuments(scenario: recognizerSettings, defaults: .init())
        let until = try top["until"].map { v throws(DocumentError) in Timestamp(nanoseconds: try v.duration("until").nanoseconds) }

        // Steps, in time order; settings steps change which app later steps concern.
        var steps: [Scenario.TimedStep] = []
        let stepList = top.contains("steps-file") ? try top["steps"]?.sequence("steps") ?? [] : try top.required("steps").sequence("steps")
        for value in stepList {
            let step = try parseStep(value, registry: registry, apps: apps, settings: settings)
            if case .settings(let changed) = step.step { settings = changed }
            if let previous = steps.last, step.time < previous.time {
                throw value.error("steps out of order: this step is at \(step.time) but the one before it (line \(previous.location.line)) is at \(previous.time); list steps in time order")
            }
            // The replay stops at until: a later step would silently never happen.
            if let until, step.time > until, let untilValue = top["until"] {
                throw value.error("this step is at \(TimeFormat.duration(step.time - .zero)), after until (\(TimeFormat.duration(until - .zero)), line \(untilValue.location.line)), where the replay stops; "
                                  + "move until to \(TimeFormat.duration(step.time - .zero)) or later, or remove the step")
            }
            steps.append(step)
        }

        var expectations: [Expectation] = []
        if let list = top["expect"] {
            for value in try list.sequence("expect") {
                let expectation = try parseExpectation(value, models: models)
                // Nothing happens after until: a check that looks only there could never fail or pass honestly.
                if let until, let start = expectation.window.from ?? expectation.window.at, start > until, let untilValue = top["until"] {
                    throw value.error("this check looks from \(TimeFormat.duration(start - .zero)), after until (\(TimeFormat.duration(until - .zero)), line \(untilValue.location.line)), where the replay stops; "
                                      + "move until later, or check an earlier time")
                }
                expectations.append(expectation)
            }
        }
        let sensors = try SensorSettings.parse(try top["sensors"].map { v throws(DocumentError) in try v.mapping("sensors") })
        let stepsFile = try top["steps-file"].map { v throws(DocumentError) in
            try loadStepsFile(v, relativeTo: file, context: .init(registry: registry, apps: apps, settings: initialSettings,
                                                                  until: until.map { ($0, top["until"]?.location.line ?? 1) }))
        }

        let scenario = Scenario(file: file, name: name, rules: rules, description: try top["description"]?.string("description"),
                                apps: apps, settings: initialSettings, seed: seed, recognizerSettings: recognizerSettings, recognizer: recognizer, until: until, steps: steps,
                                expectations: expectations, stepsFile: stepsFile, sensors: sensors)
        try checkSampleVolume(scenario, sensors: top["sensors"], until: top["until"])
        return scenario
    }

    /// `steps-file: PATH`, relative to the scenario: read through once and checked.
    private static func loadStepsFile(_ value: YAMLValue, relativeTo file: String,
                                      context: StepsFile.Context) throws(DocumentError) -> StepsFile {
        let relative = try value.string("the steps file's path")
        let base = (file as NSString).deletingLastPathComponent
        let path = relative.hasPrefix("/") || base.isEmpty ? relative : base + "/" + relative
        do {
            return try StepsFile.check(path, context: context)
        } catch let error where error.location == nil {
            throw value.error("steps file \(relative): \(error.message)")
        }
    }

    /// A 200-byte file must not fill a disk: a rate that, over the run's length, takes more
    /// samples than `SensorSettings.maximumSamples` is refused before anything runs, with the
    /// figures.
    private static func checkSampleVolume(_ scenario: Scenario, sensors: YAMLValue?, until: YAMLValue?) throws(DocumentError) {
        let span = (scenario.until ?? scenario.lastMentionedTime) - .zero
        let samples = scenario.sensors.samples(over: span)
        guard samples > SensorSettings.maximumSamples else { return }
        let map = try sensors?.mapping("sensors")
        let node = map?["rate"] ?? map?["interval"] ?? sensors ?? until
        let rate = map?["rate"].flatMap { try? $0.string("rate") }.map { "rate \($0)" }
            ?? "interval \(TimeFormat.duration(scenario.sensors.interval))"
        let gigabytes = Double(samples) * Double(SensorSettings.bytesPerSample) / 1e9
        let size = gigabytes >= 10 ? "\(Int(gigabytes.rounded())) GB" : String(format: "%.1f GB", gigabytes)
        let message = "\(rate) over up to \(TimeFormat.clock((scenario.until ?? scenario.lastMentionedTime).nanoseconds, digits: 3)) "
            + "(\(scenario.until != nil ? "until" : "the scenario's last time")) is up to \(grouped(samples)) samples, "
            + "about \(size) in the session store and log; a scenario takes at most \(grouped(SensorSettings.maximumSamples)) "
            + "(1000 hours at 1 Hz): lower the rate or shorten the scenario"
        throw node.map { $0.error(message) } ?? DocumentError(message, file: scenario.file)
    }

    /// `360,000,000`.
    private static func grouped(_ value: Int64) -> String {
        var text = String(value)
        var index = text.count - 3
        while index > 0 {
            text.insert(",", at: text.index(text.startIndex, offsetBy: index))
            index -= 3
        }
        return text
    }

    /// A SPEC rule's name: A, P, T or S, then one or two digits (`A6`, `P3`, `S12`).
    static func isSpecRule(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return (2...3).contains(bytes.count) && "APTS".utf8.contains(bytes[0])
            && bytes.dropFirst().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    // MARK: Settings (A1, A2)

    private static func loadApp(_ appValue: YAMLValue, relativeTo file: String,
                                swiftApps: [AppDefinition]) throws(DocumentError) -> ScenarioApp {
        if appValue.isMapping {
            let map = try appValue.mapping("an app")
            if map.contains("swift") {
                try map.rejectUnknownKeys(["swift"])
                return try swiftApp(try map.required("swift"), among: swiftApps)
            }
            let (model, warnings) = try ManifestParser.parse(YAMLDocument(root: appValue))
            return ScenarioApp(manifest: ManifestApp(model: model, warnings: warnings))
        }
        let relative = try appValue.string("the app manifest's path")
        let base = (file as NSString).deletingLastPathComponent
        let path = relative.hasPrefix("/") || base.isEmpty ? relative : base + "/" + relative
        do {
            return ScenarioApp(manifest: try ManifestApp.load(contentsOf: path, orBuiltIn: relative))
        } catch let error where error.location == nil {
            throw appValue.error("app manifest \(relative): \(error.message)")
        }
    }

    /// `{swift: NAME}`: an app written in Swift, which only an `actionsim` built with it knows.
    private static func swiftApp(_ nameValue: YAMLValue, among swiftApps: [AppDefinition]) throws(DocumentError) -> ScenarioApp {
        let name = try nameValue.string("the Swift app's name")
        guard let definition = swiftApps.first(where: { $0.name == name }) else {
            let names = swiftApps.map(\.name)
            if names.isEmpty {
                throw nameValue.error("no Swift app named \"\(name)\": this actionsim was built without Swift apps; run the "
                                      + "actionsim of the package that defines \(name) (one that calls Actionsim.runFromCommandLine(apps:)), "
                                      + "or give the path of an app manifest instead")
            }
            throw nameValue.error("no Swift app named \"\(name)\"; this actionsim has \(names.joined(separator: ", "))"
                                  + Spelling.suggestion(for: name, among: names))
        }
        return ScenarioApp(swift: definition, referencedAt: nameValue.location)
    }

    private static func parseSettings(_ value: YAMLValue, registry: AppRegistry, apps: [ScenarioApp]) throws(DocumentError) -> ActionButtonSettings {
        let map = try value.mapping("settings")
        try map.rejectUnknownKeys(["action", "app", "first-press", "control"])
        let actionValue = try map.required("action")
        let action = try actionValue.string("the action")
        let appName: String
        if let named = map["app"] {
            appName = try named.string("the app")
        } else if apps.count == 1 {
            appName = apps[0].model.name
        } else {
            throw value.error("settings need app: NAME when the scenario installs several apps (\(apps.map(\.model.name).joined(separator: ", ")))")
        }
        let settings: ActionButtonSettings
        switch action {
        case "workout":
            settings = .workout(app: appName, firstPress: try map["first-press"]?.string("first-press"))
        case "dive":
            if let first = map["first-press"] { throw first.error("first-press is a workout setting; dives have a single kind of session (A8)") }
            settings = .dive(app: appName)
        case "control":
            if let first = map["first-press"] { throw first.error("first-press is a workout setting; a control runs one intent") }
            guard let controlValue = map["control"] else {
                let offered = registry.app(named: appName)?.controls.map(\.intent.name) ?? []
                throw value.error("action: control needs control: INTENT, the intent of the control to run"
                    + (offered.isEmpty ? "" : " (\(appName) offers \(offered.joined(separator: ", ")))"))
            }
            settings = .control(app: appName, intent: try controlValue.string("control"))
        default:
            throw actionValue.error("unknown action \"\(action)\"; expected workout, dive or control"
                + Spelling.suggestion(for: action, among: ["workout", "dive", "control"]))
        }
        if action != "control", let control = map["control"] {
            throw control.error("control: names the control of action: control; this action is \(action)")
        }
        do {
            _ = try registry.validate(settings)
        } catch {
            let node: YAMLValue
            switch error {
            case .firstPressNotSuggested: node = map["first-press"] ?? value
            case .notAWorkoutApp, .notADiveApp: node = actionValue
            case .notInstalled: node = map["app"] ?? value
            case .notAControl: node = map["control"] ?? value
            default: node = value
            }
            throw node.error(error.description)
        }
        return settings
    }

    // MARK: Steps (S1)

    static func parseStep(_ value: YAMLValue, registry: AppRegistry, apps: [ScenarioApp],
                                  settings: ActionButtonSettings) throws(DocumentError) -> Scenario.TimedStep {
        let map = try value.mapping("a step")
        try map.rejectUnknownKeys(stepKeys)
        let time = Timestamp(nanoseconds: try map.required("at").duration("at").nanoseconds)
        let kinds = ["button", "gesture", "key", "wrist", "end", "suggested-workouts", "settings"].filter { map.contains($0) }
        guard kinds.count == 1 else {
            if kinds.isEmpty {
                throw value.error("a step needs one of: button + edge, gesture, key, wrist, end, suggested-workouts, settings")
            }
            throw value.error("a step does one thing; this one has \(kinds.joined(separator: " and "))")
        }
        let step: Scenario.Step
        switch kinds[0] {
        case "button":
            let button = try map.required("button").choice("button", of: Button.self)
            guard let edgeValue = map["edge"] else { throw value.error("a button step needs edge: down or up") }
            step = .edge(button, try edgeValue.choice("edge", of: EdgeDirection.self))
        case "gesture":
            step = .gesture(try map.required("gesture").choice("gesture", of: Gesture.Kind.self))
        case "key":
            let key = try map.required("key").string("the key's name")
            step = .key(key)
        case "wrist":
            let wrist = try map.required("wrist")
            guard try wrist.string("wrist") == "down" else { throw wrist.error("expected wrist: down") }
            step = .wristDown
        case "end":
            let end = try map.required("end")
            let word = (try? end.string("end")) ?? ""
            guard word == "session" || (try? end.bool("end")) == true else { throw end.error("expected end: session") }
            step = .endSession
        case "settings":
            step = .settings(try parseSettings(try map.required("settings"), registry: registry, apps: apps))
        default:
            let list = try map.required("suggested-workouts")
            guard case .workout = settings, let app = apps.first(where: { $0.model.name == settings.appName }) else {
                throw list.error("suggested-workouts changes the workout app's list; the action at this point is dive (A8)")
            }
            guard !app.isSwift else {
                throw list.error("\(app.model.name) is a Swift app: it changes its own suggested workouts in code (set "
                                 + "suggestedWorkouts, then call invalidateSuggestedWorkouts()); suggested-workouts steps drive manifest apps only")
            }
            let model = app.model
            var ids: [String] = []
            for item in try list.sequence("suggested-workouts") {
                let id = try item.string("a workout style")
                guard model.workoutKinds.contains(where: { $0.id == id }) else {
                    throw item.error("workout style \"\(id)\" is not in \(model.name)'s workout kinds; expected one of "
                                     + model.workoutKinds.map(\.id).joined(separator: ", ")
                                     + Spelling.suggestion(for: id, among: model.workoutKinds.map(\.id)))
                }
                ids.append(id)
            }
            step = .suggestedWorkouts(app: model.name, ids)
        }
        if map.contains("edge") && kinds[0] != "button" { throw try map.required("edge").error("edge belongs with button") }
        return Scenario.TimedStep(time: time, step: step, location: value.location)
    }

    // MARK: Expectations (S1, S2)

    static func parseExpectation(_ value: YAMLValue, models: [AppManifestModel]) throws(DocumentError) -> Expectation {
        let map = try value.mapping("an expectation")
        try map.rejectUnknownKeys(expectKeys)
        func time(_ key: String) throws(DocumentError) -> Timestamp? {
            try map[key].map { v throws(DocumentError) in Timestamp(nanoseconds: try v.duration(key).nanoseconds) }
        }
        let at = try time("at")
        let by = try time("by")
        let after = try time("after")
        var window = Expectation.Window(from: nil, to: nil, at: at)
        let windowKeys = ["at", "by", "after", "between"].filter { map.contains($0) }
        if windowKeys.count > 1 {
            throw value.error("give one of at, by, after or between, not \(windowKeys.joined(separator: " and "))")
        }
        if let at {
            let within = try map["within"]?.duration("within") ?? .seconds(1)
            window.from = at
            window.to = at.advanced(by: within)
        } else if map.contains("within") {
            throw try map.required("within").error("within needs at: it is the length of the window starting at at")
        }
        if let by { window.to = by }
        if let after { window.from = after }
        if let between = map["between"] {
            let bounds = try between.sequence("between")
            guard bounds.count == 2 else { throw between.error("between needs two times: [from, to]") }
            let from = Timestamp(nanoseconds: try bounds[0].duration("between").nanoseconds)
            let to = Timestamp(nanoseconds: try bounds[1].duration("between").nanoseconds)
            guard from <= to else { throw between.error("between's first time (\(from)) is after its second (\(to))") }
            window.from = from
            window.to = to
        }

        var count = Expectation.Count.atLeastOne
        if let v = map["count"] {
            let n = try v.int("count")
            guard n >= 0 else { throw v.error("count must be 0 or more, found \(n)") }
            count = .exactly(n)
        }
        if let v = map["never"] {
            guard try v.bool("never") else { throw v.error("never: false says nothing; leave it out") }
            if map.contains("count") { throw v.error("give never or count, not both") }
            count = .exactly(0)
        }

        let allIntents = models.flatMap(\.intents)
        let workoutKinds = models.flatMap(\.workoutKinds).map(\.id)
        let intentNames = allIntents.map(\.name) + allIntents.map(\.title)
        func knownIntent(_ v: YAMLValue, actionsOnly: Bool) throws(DocumentError) -> String {
            let name = try v.string("an intent")
            let candidates = allIntents.filter { !actionsOnly || $0.role == .action }
            guard candidates.contains(where: { $0.name == name || $0.title == name }) else {
                let names = candidates.map(\.name)
                throw v.error("unknown \(actionsOnly ? "action " : "")intent \"\(name)\"; expected one of \(names.joined(separator: ", "))"
                              + Spelling.suggestion(for: name, among: actionsOnly ? names : intentNames))
            }
            return name
        }

        var checks: [Expectation.Check] = []
        if let v = map["intent"] {
            var parameters: [String: String] = [:]
            if let p = map["parameters"] {
                for entry in try p.mapping("parameters").entries {
                    let text = try entry.value.string("parameter \(entry.key)")
                    if entry.key == "workoutStyle", !workoutKinds.contains(text) {
                        throw entry.value.error("workout style \"\(text)\" is not one of the apps' workout kinds; expected one of "
                                                + workoutKinds.joined(separator: ", ")
                                                + Spelling.suggestion(for: text, among: workoutKinds))
                    }
                    parameters[entry.key] = text
                }
            }
            let role = try map["role"].map { r throws(DocumentError) -> String in
                let text = try r.string("role")
                let roles = ["start", "next-action", "pause", "resume", "control"]
                guard roles.contains(text) else {
                    throw r.error("unknown role \"\(text)\"; expected one of \(roles.joined(separator: ", "))" + Spelling.suggestion(for: text, among: roles))
                }
                return text
            }
            checks.append(.intent(try knownIntent(v, actionsOnly: false), parameters: parameters, role: role))
        } else if let stray = map["parameters"] ?? map["role"] {
            throw stray.error("parameters and role qualify an intent check; add intent: NAME")
        }
        if let v = map["state"] { checks.append(.state(try v.choice("state", of: SessionStatus.self))) }
        if let v = map["next-action"] {
            let name = try v.string("next-action")
            checks.append(.nextAction(name == "none" ? nil : try knownIntent(v, actionsOnly: true)))
        }
        if let v = map["app"] { checks.append(.app(try v.choice("app", of: AppPresence.self))) }
        if let v = map["error"] {
            let word = try v.string("error")
            if word == "none" {
                if map.contains("count") || map.contains("never") { throw v.error("error: none already means no error; drop count/never") }
                count = .exactly(0)
                checks.append(.error(nil, containing: try map["message"]?.string("message")))
            } else {
                checks.append(.error(try v.choice("error", of: ShownError.Code.self), containing: try map["message"]?.string("message")))
            }
        } else if let stray = map["message"] {
            throw stray.error("message qualifies an error check; add error: CODE")
        }
        if let v = map["ignored"] {
            let reason = try v.string("ignored")
            let reasons = ["busy", "no-next-action", "no-session", "no-pause-intent", "no-resume-intent", "side-button", "siren",
                           "control-press-only", "other-key"]
            guard reasons.contains(reason) else {
                throw v.error("unknown reason \"\(reason)\"; expected one of \(reasons.joined(separator: ", "))" + Spelling.suggestion(for: reason, among: reasons))
            }
            checks.append(.ignored(reason))
        }
        if let v = map["gesture"] { checks.append(.gesture(try v.choice("gesture", of: Gesture.Kind.self))) }
        if let v = map["dropped"] {
            let reason = try v.string("dropped")
            guard ["bounce", "unchanged"].contains(reason) else { throw v.error("unknown drop reason \"\(reason)\"; expected bounce or unchanged") }
            checks.append(.dropped(reason))
        }
        if let v = map["marker"] { checks.append(.marker(try v.string("marker"))) }
        if let v = map["deadline"] {
            let outcome = try v.string("deadline")
            guard ["met", "missed", "threw"].contains(outcome) else { throw v.error("unknown deadline outcome \"\(outcome)\"; expected met, missed or threw") }
            checks.append(.deadline(outcome))
        }
        if let v = map["log"] { checks.append(.log(try v.string("log"))) }

        guard !checks.isEmpty else {
            throw value.error("an expectation needs something to check: one of \((eventCheckKeys + stateCheckKeys).joined(separator: ", "))")
        }
        let hasState = stateCheckKeys.contains { map.contains($0) }
        if hasState && at == nil {
            throw value.error("state, next-action and app are checked at a point in time; add at: TIME")
        }
        let eventChecks = eventCheckKeys.filter { map.contains($0) }
        if (map.contains("count") || map.contains("never")) && eventChecks.count != 1 {
            throw value.error("count and never apply to exactly one event check (intent, error, ignored, gesture, dropped, marker, deadline or log)")
        }
        return Expectation(window: window, count: count, checks: checks, location: value.location)
    }
}

