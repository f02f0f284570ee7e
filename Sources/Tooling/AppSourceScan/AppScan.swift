/// A watch app's sources read as Apple's build-time metadata extraction reads them: which
/// types are its start, pause, resume, dive and other intents, its workout-style enum and its
/// shortcuts; what a watch would refuse (A1, A2, A9: each an error naming the type and the
/// file); and what a Linux build loses (files that need a UI framework, declarations inside
/// `#if os(watchOS)`). `actionsim init-package` and the build's plugin both ask this.
public struct AppScan: Sendable {
    /// What an intent is to the Action button.
    public enum Role: String, Hashable, Sendable, CustomStringConvertible {
        case startWorkout = "start-workout", pauseWorkout = "pause-workout", resumeWorkout = "resume-workout"
        case startDive = "start-dive", action

        /// The protocol that gives the role.
        public var protocolName: String {
            switch self {
            case .startWorkout: "StartWorkoutIntent"
            case .pauseWorkout: "PauseWorkoutIntent"
            case .resumeWorkout: "ResumeWorkoutIntent"
            case .startDive: "StartDiveIntent"
            case .action: "AppIntent"
            }
        }

        public var description: String { rawValue }
    }

    public struct Intent: Hashable, Sendable {
        public var name: String
        public var role: Role
        public var position: SourcePosition
    }

    /// A file the Linux build leaves out, and why.
    public struct LeftOutFile: Hashable, Sendable {
        public var path: String
        public var reason: String
        /// It imports a framework that draws the app (SwiftUI, UIKit, ...).
        public var isUserInterface: Bool
        /// Where it creates or starts the workout session, which then never starts here.
        public var sessionStarts: [SwiftSourceFile.SessionStart]

        public init(path: String, reason: String, isUserInterface: Bool, sessionStarts: [SwiftSourceFile.SessionStart] = []) {
            self.path = path
            self.reason = reason
            self.isUserInterface = isUserInterface
            self.sessionStarts = sessionStarts
        }
    }

    /// Where the app's workout session is created or started in files left out: the start
    /// deadline will be missed here, since those files do not run.
    public var sessionStartsLeftOut: [SwiftSourceFile.SessionStart] { leftOut.flatMap(\.sessionStarts) }

    public let appName: String
    /// Files the build compiles.
    public private(set) var keptFiles: [String] = []
    public private(set) var leftOut: [LeftOutFile] = []
    /// Whether the app has a start intent that only this Linux build loses (its file left
    /// out, or an `#if` false here): an error here, but nothing a watch would refuse.
    public private(set) var startIntentLostOnLinux = false
    /// The app's intents in a Linux build, start intents first.
    public private(set) var intents: [Intent] = []
    /// Errors (the app cannot load) and warnings (it loads, but not as on a watch).
    public private(set) var messages: [ScanMessage] = []
    /// Modules of actionsim's framework stand-ins the kept files import.
    public private(set) var frameworksUsed: [String] = []
    /// The first kept file's use of a networking type Linux keeps in FoundationNetworking
    /// (`URLSession`): the package then imports that module into every file, as Apple's
    /// Foundation has those types.
    public private(set) var foundationNetworkingUse: LinuxPlatform.TypeUse?
    /// The app's controls (watchOS 26) whose intents the Linux build has, once per intent,
    /// found in any file, kept or left out: a control's SwiftUI view is not needed, only the
    /// intent its action names.
    public private(set) var controls: [SwiftSourceFile.Control] = []

    public var errors: [ScanMessage] { messages.filter { $0.severity == .error } }
    public var warnings: [ScanMessage] { messages.filter { $0.severity == .warning } }

    public func intents(_ role: Role) -> [Intent] { intents.filter { $0.role == role } }

    /// Protocols from App Intents that make a type an intent the app may donate.
    static let intentProtocols: Set<String> = [
        "AppIntent", "AudioPlaybackIntent", "AudioRecordingIntent", "ForegroundContinuableIntent", "LiveActivityIntent",
        "OpenIntent", "ProgressReportingIntent", "SetValueIntent", "DeleteIntent", "URLRepresentableIntent",
        "UndoableIntent", "SnippetIntent",
    ]

    /// Reads `files` (path and text) as one app target. With `leaveOutUnbuildable`, files
    /// that import what Linux lacks, or hold the app's `@main`, are left out and listed (what
    /// `init-package` does); without it (the build's plugin, which sees the files the package
    /// kept), each such file is an error.
    public init(appName: String, files: [(path: String, text: String)], conditions: CompilationConditions,
                leaveOutUnbuildable: Bool) {
        self.appName = appName
        var kept: [SwiftSourceFile] = []
        var vanished: [(TypeDeclaration, because: String)] = []
        var leftOutTypes: [(TypeDeclaration, file: String)] = []
        // Notification names left-out files observe (a SwiftUI view's `.onReceive`): where, and
        // which of `leftOut` the file is.
        var observedInLeftOut: [String: (position: SourcePosition, file: Int)] = [:]
        // The left-out files as read, in `leftOut`'s order.
        var leftOutFiles: [SwiftSourceFile] = []
        // Controls in files the package left out reach the build's scan as defines.
        var declaredControls = conditions.defined.sorted().compactMap(ControlDefine.control(from:))
        for (path, text) in files {
            let file = SwiftSourceFile(path: path, text: text, conditions: conditions)
            declaredControls += file.controls
            if let reason = Self.reasonToLeaveOut(file) {
                if leaveOutUnbuildable {
                    leftOut.append(LeftOutFile(path: path, reason: reason.text, isUserInterface: reason.isUserInterface,
                                               sessionStarts: file.sessionStarts))
                    leftOutFiles.append(file)
                    vanished += file.types.filter { $0.hiddenBy == nil }.map { ($0, "its file is left out: \(reason.text)") }
                    leftOutTypes += file.types.filter { $0.hiddenBy == nil && $0.kind != .extension }.map { ($0, path) }
                    for (name, position) in file.observedNotifications where observedInLeftOut[name] == nil {
                        observedInLeftOut[name] = (position, leftOut.count - 1)
                    }
                } else {
                    messages.append(ScanMessage(.error, at: reason.position, "this file \(reason.text); "
                        + "leave it out of the target (run `actionsim init-package` again: it leaves such files out)"))
                }
                continue
            }
            kept.append(file)
            keptFiles.append(path)
            if foundationNetworkingUse == nil { foundationNetworkingUse = LinuxPlatform.foundationNetworkingUse(in: file) }
            for module in file.imports.map(\.module) where LinuxPlatform.frameworkStandIns.contains(module)
                && !frameworksUsed.contains(module) {
                frameworksUsed.append(module)
            }
        }
        frameworksUsed.sort { LinuxPlatform.frameworkStandIns.firstIndex(of: $0)! < LinuxPlatform.frameworkStandIns.firstIndex(of: $1)! }

        let declarations = kept.flatMap(\.types)
        let visible = declarations.filter { $0.hiddenBy == nil }
        messages += Self.usesOfLeftOutTypes(kept: kept, leftOut: leftOut, leftOutTypes: leftOutTypes, declaredHere: Set(visible.map(\.name)))
        let roles = Self.roles(of: visible)
        // Intents that exist on a watch but not in this build.
        for declaration in declarations {
            if let clause = declaration.hiddenBy { vanished.append((declaration, because: Self.hiddenText(clause))) }
        }
        let allRoles = Self.roles(of: declarations + vanished.map(\.0))
        for (declaration, because) in vanished {
            guard let role = allRoles[declaration.name], ![.protocol, .extension].contains(declaration.kind) else { continue }
            messages.append(ScanMessage(.warning, at: declaration.position,
                "\(declaration.name) (\(role.protocolName)) compiles to nothing on Linux: \(because)"))
        }

        // Every intent type, once (an extension adds no second intent).
        var seen: Set<String> = []
        for declaration in visible where declaration.kind != .extension && declaration.kind != .protocol {
            guard let role = roles[declaration.name], seen.insert(declaration.name).inserted else { continue }
            intents.append(Intent(name: declaration.name, role: role, position: declaration.position))
            if declaration.isFilePrivate {
                messages.append(ScanMessage(.error, at: declaration.position,
                    "\(declaration.name) is private to its file, so the app's intent registration cannot name it; "
                        + "make it internal (remove `private`/`fileprivate`), as the system must see it on a watch too"))
            }
            if declaration.isGeneric {
                messages.append(ScanMessage(.error, at: declaration.position,
                    "\(declaration.name) is generic; the system instantiates intents by type, so an intent cannot have generic parameters"))
            }
        }
        noteStartsReachedFromLeftOutOnly(kept: kept, leftOutFiles: leftOutFiles)
        let unheard = unheardPosts(kept: kept, observedInLeftOut: observedInLeftOut)
        messages += unheard
        // A workout app whose files never create a session (and that has no local package
        // that might): its first press fails at the deadline on a watch too.
        if conditions.localModules.isEmpty, unheard.isEmpty, let start = intents.first(where: { $0.role == .startWorkout }),
           kept.allSatisfy({ $0.sessionStarts.isEmpty }), leftOut.allSatisfy({ $0.sessionStarts.isEmpty }) {
            messages.append(ScanMessage(.warning, at: start.position,
                "\(start.name) is the start intent, but no file of \(appName) creates or starts an HKWorkoutSession "
                    + "(HKWorkoutSession(healthStore:configuration:), startActivity(with:)): a first press starts no session, "
                    + "on a watch as here, and misses the start deadline (A5); start the session in perform(), or in a model it calls"))
        }
        let order: [Role] = [.startWorkout, .startDive, .pauseWorkout, .resumeWorkout, .action]
        intents.sort { order.firstIndex(of: $0.role)! < order.firstIndex(of: $1.role)! }

        // Controls: the Action button runs the intent a control names, which must be here.
        for control in declaredControls where !controls.contains(where: { $0.intent == control.intent }) {
            guard let intent = intents.first(where: { $0.name == control.intent }) else {
                let gone = vanished.first { $0.0.name == control.intent }
                messages.append(ScanMessage(.warning, at: control.position,
                    "this control runs \(control.intent), "
                        + (gone.map { "which compiles to nothing on Linux (\($0.because))" } ?? "which is no intent type of the app's files")
                        + "; the Action button cannot run it here"))
                continue
            }
            guard intent.role == .action else {
                messages.append(ScanMessage(.warning, at: control.position,
                    "this control runs \(intent.name), the app's \(intent.role.protocolName); a control's intent is an intent of its own, "
                        + "so the simulator does not offer this control"))
                continue
            }
            controls.append(control)
        }

        check(visible, roles: roles, vanished: vanished.map(\.0), allRoles: allRoles, files: kept)
    }

    /// Module names as a sentence lists them: `A`, `A and B`, `A, B and C` (each once).
    private static func names(_ imports: [SwiftSourceFile.Import]) -> String {
        var seen: Set<String> = []
        let modules = imports.map(\.module).filter { seen.insert($0).inserted }
        guard let last = modules.last, modules.count > 1 else { return modules.first ?? "" }
        return modules.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Why a file cannot be built here, if it cannot.
    private static func reasonToLeaveOut(_ file: SwiftSourceFile)
        -> (text: String, position: SourcePosition, isUserInterface: Bool)? {
        // Every module the file lacks is named, so that removing one does not reveal the next.
        let missing = file.missingModules
        let ui = missing.filter { LinuxPlatform.userInterfaceFrameworks.contains($0.module) }
        let others = missing.filter { !LinuxPlatform.userInterfaceFrameworks.contains($0.module) }
        if let first = ui.first {
            let what = ui.count == 1 ? "a UI framework" : "UI frameworks"
            let also = others.isEmpty ? "" : ", and \(names(others)), which actionsim does not stand in for either"
            return ("imports \(names(ui)), \(what) Linux does not have (the app's screens do not run here)\(also)",
                    first.position, true)
        }
        if let first = others.first {
            // Not one of Apple's: most likely the app's own package, which init-package compiles when it knows where it is.
            let own = others.filter { !LinuxPlatform.otherAppleFrameworks.contains($0.module) }
            let hint = own.isEmpty ? "" : "; if \(names(own)) \(own.count == 1 ? "is a package" : "are packages") of the app's own, "
                + "give \(own.count == 1 ? "its folder" : "their folders") with --package PATH (the Xcode project beside the folder did not name \(own.count == 1 ? "it" : "them"))"
            return ("imports \(names(others)), which Linux does not have and actionsim does not stand in for\(hint)", first.position, false)
        }
        // `import os.log`: actionsim's stand-ins are Swift modules, which have no submodules.
        if let sub = file.imports.first(where: { $0.submodule != nil && LinuxPlatform.frameworkStandIns.contains($0.module) }) {
            return ("imports \(sub.module).\(sub.submodule!), a submodule actionsim's \(sub.module) stand-in does not have; "
                    + "`import \(sub.module)` gives the same API on a watch and here", sub.position, false)
        }
        if let main = file.entryPoints.first(where: { $0.hiddenBy == nil }) {
            return ("declares the app's entry point, @main \(main.name); in the simulator actionsim is the entry point",
                    main.position, false)
        }
        return nil
    }

    /// A kept file that names a type declared only in a file left out does not build: said
    /// once per name and file, at its first use, with the file that declares it and why that
    /// file is left out (a trial of seven public apps stopped at three such bare errors).
    private static func usesOfLeftOutTypes(kept: [SwiftSourceFile], leftOut: [LeftOutFile],
                                           leftOutTypes: [(TypeDeclaration, file: String)], declaredHere: Set<String>) -> [ScanMessage] {
        var declaredIn: [String: String] = [:]
        for (type, file) in leftOutTypes where !type.name.contains(".") && declaredIn[type.name] == nil { declaredIn[type.name] = file }
        let reasons = Dictionary(leftOut.map { ($0.path, $0.reason) }, uniquingKeysWith: { first, _ in first })
        var messages: [ScanMessage] = []
        for file in kept {
            for (name, position) in file.references.sorted(by: { ($0.value.line, $0.value.column) < ($1.value.line, $1.value.column) })
            where !declaredHere.contains(name) {
                guard let declaring = declaredIn[name] else { continue }
                messages.append(ScanMessage(.warning, at: position,
                    "\(name) is declared in \(declaring), which is left out (it \(reasons[declaring] ?? "does not build on Linux")): "
                        + "this file will not build here until \(name) is in a file Linux builds (move it out, or declare a stand-in "
                        + "of it in a file of its own)"))
            }
        }
        return messages
    }

    private static func hiddenText(_ clause: HidingClause) -> String {
        let fix = clause.condition.map { "write `\(clause.text.hasPrefix("#elseif") ? "#elseif" : "#if") \($0) || os(Linux)`" }
            ?? "move it out of the #else branch"
        return "it is inside `\(clause.text)` (\(clause.position)), which is false on Linux; to simulate it, \(fix)"
    }

    /// The Action-button role of each type (declared or extended), through protocols the
    /// app declares itself (`protocol TimedIntent: AppIntent`).
    /// A start intent that hands its work to a `NotificationCenter` observer (it posts a name)
    /// starts nothing here when no file built here observes that name. Observed in a file
    /// left out (a SwiftUI view's `.onReceive`), that observer is where the session starts: it
    /// joins the file's session starts, said by init-package and at a missed deadline. Observed
    /// nowhere, it is a warning of its own.
    /// A kept model that starts the session in a method (or a property's `didSet`) that no
    /// intent's `perform()` reaches, but that a left-out file calls (a SwiftUI view's button,
    /// `.onAppear`, or setting `selectedWorkout`): on Linux the session never starts. Each such
    /// left-out file gets the call as a session start of its own, which init-package and the
    /// missed deadline (A5) name: "line 30: startWorkout → HKWorkoutSession(...) at Manager.swift:20".
    /// Names are followed across types, so a name the intents use anywhere counts as reached.
    private mutating func noteStartsReachedFromLeftOutOnly(kept: [SwiftSourceFile], leftOutFiles: [SwiftSourceFile]) {
        var bodies: [String: Set<String>] = [:]
        for file in kept {
            for (name, used) in file.bodies { bodies[name, default: []].formUnion(used) }
        }
        // Each name once, along `edges`: the names reached from `roots`.
        func reached(from roots: Set<String>, along edges: [String: Set<String>]) -> Set<String> {
            var seen = roots
            var queue = Array(roots)
            while let name = queue.popLast() {
                for next in edges[name] ?? [] where seen.insert(next).inserted { queue.append(next) }
            }
            return seen
        }
        let fromIntents = reached(from: ["perform"], along: bodies)
        var callers: [String: Set<String>] = [:]
        for (name, used) in bodies {
            for callee in used { callers[callee, default: []].insert(name) }
        }
        for start in kept.flatMap(\.sessionStarts) {
            guard let entry = start.entry, !fromIntents.contains(entry) else { continue }
            // The names whose code leads to the entry: what a left-out file may use to start it.
            let leading = reached(from: [entry], along: callers)
            for (index, file) in leftOutFiles.enumerated() {
                guard let caller = file.uses.filter({ leading.contains($0.key) }).min(by: { $0.value < $1.value }) else { continue }
                let call = SwiftSourceFile.SessionStart(
                    call: "\(caller.key) → \(start.call) at \(start.position.file):\(start.position.line)", position: caller.value)
                if !leftOut[index].sessionStarts.contains(call) { leftOut[index].sessionStarts.append(call) }
            }
        }
    }

    private mutating func unheardPosts(kept: [SwiftSourceFile],
                                       observedInLeftOut: [String: (position: SourcePosition, file: Int)]) -> [ScanMessage] {
        let starts = Set(intents.filter { [.startWorkout, .startDive].contains($0.role) }.map(\.name))
        let observed = kept.reduce(into: Set<String>()) { $0.formUnion($1.observedNotifications.keys) }
        var messages: [ScanMessage] = []
        for post in kept.flatMap(\.notificationPosts) {
            guard let type = post.inType, starts.contains(type), !observed.contains(post.name) else { continue }
            if let observer = observedInLeftOut[post.name] {
                leftOut[observer.file].sessionStarts.append(
                    .init(call: "observes \(post.name) (posted by \(type) at \(post.position.file):\(post.position.line))", position: observer.position))
                continue
            }
            messages.append(ScanMessage(.warning, at: post.position,
                "\(type) posts the notification \(post.name) for someone else to start the session, and no file observes it: "
                    + "no session starts in the simulator, and a first press misses the start deadline (A5). To test it here, "
                    + "start the session in the intent's perform(), or in a model the intent calls, or observe \(post.name) "
                    + "in a model (a class in a file that imports nothing Linux lacks)"))
        }
        return messages
    }

    private static func roles(of declarations: [TypeDeclaration]) -> [String: Role] {
        var conformances: [String: Set<String>] = [:]
        for declaration in declarations {
            conformances[declaration.name, default: []].formUnion(declaration.conformances)
        }
        func protocols(of name: String, depth: Int = 0) -> Set<String> {
            guard depth < 8, let direct = conformances[name] else { return [] }
            return direct.reduce(into: direct) { all, inherited in all.formUnion(protocols(of: inherited, depth: depth + 1)) }
        }
        var roles: [String: Role] = [:]
        for name in conformances.keys {
            let all = protocols(of: name)
            if all.contains("StartWorkoutIntent") { roles[name] = .startWorkout }
            else if all.contains("StartDiveIntent") { roles[name] = .startDive }
            else if all.contains("PauseWorkoutIntent") { roles[name] = .pauseWorkout }
            else if all.contains("ResumeWorkoutIntent") { roles[name] = .resumeWorkout }
            else if !all.isDisjoint(with: intentProtocols) { roles[name] = .action }
        }
        return roles
    }

    /// What a watch would refuse, each an error at the declaration it is about.
    private mutating func check(_ declarations: [TypeDeclaration], roles: [String: Role],
                                vanished: [TypeDeclaration], allRoles: [String: Role], files: [SwiftSourceFile]) {
        func declared(_ name: String) -> [TypeDeclaration] { declarations.filter { $0.name == name } }
        func members(of name: String) -> [Member] { declared(name).flatMap(\.members) }
        func list(_ intents: [Intent]) -> String {
            intents.map { "\($0.name) (\($0.position))" }.joined(separator: " and ")
        }

        // A9: Action-button intents live in the app, never in an App Intents extension.
        if let marker = declarations.first(where: { $0.conformances.contains("AppIntentsExtension") }) {
            let buttonIntents = intents.filter { $0.role != .action }
            messages.append(ScanMessage(.error, at: marker.position,
                "\(marker.name) makes this target an App Intents extension, and Action-button intents must be declared in the watch app itself (A9)"
                    + (buttonIntents.isEmpty ? "" : ": move \(list(buttonIntents)) into the app's target")))
        }

        // A1: exactly one start intent of each kind.
        let starts = intents(.startWorkout), dives = intents(.startDive)
        if starts.isEmpty && dives.isEmpty && controls.isEmpty {
            let hidden = vanished.filter { [.startWorkout, .startDive].contains(allRoles[$0.name]) }
            if hidden.isEmpty {
                messages.append(ScanMessage(.error, at: nil,
                    "\(appName) has no start intent: no type in \(files.isEmpty ? "its sources" : "its \(files.count) Swift file\(files.count == 1 ? "" : "s")") conforms to StartWorkoutIntent or StartDiveIntent, "
                        + "and no ControlWidgetButton or ControlWidgetToggle names one of its intents, so Settings > Action Button would not offer it (A1)"))
            } else {
                // A watch has the intent; only this build lost it (a left-out file, an #if).
                startIntentLostOnLinux = true
                messages.append(ScanMessage(.error, at: nil,
                    "\(appName)'s start intent does not build on Linux: \(hidden.map { "\($0.name) (\($0.position))" }.joined(separator: ", ")) "
                        + "compiles to nothing here (see the warning, which says how to keep it); a watch has it, but without it "
                        + "the simulated Action button has nothing to start"))
            }
        }
        // Two types in one role: nothing Apple documents says a watch refuses the app (apps have
        // shipped so), and it runs one of them; which one is not documented. The simulator runs
        // the first in file order (what the registration uses) and says so.
        for (group, role) in [(starts, Role.startWorkout), (dives, .startDive), (intents(.pauseWorkout), .pauseWorkout),
                              (intents(.resumeWorkout), .resumeWorkout)] where group.count > 1 {
            messages.append(ScanMessage(.warning, at: group[1].position,
                "\(appName) has \(group.count) types conforming to \(role.protocolName): \(list(group)); "
                    + "a watch runs one of them, and Apple does not document which: the simulator runs \(group[0].name), the first in file order. "
                    + "Keep one (let its parameters choose) so that the choice is yours (A1)"))
        }

        // A2: the start intent's workoutStyle is a @Parameter of an AppEnum with display representations.
        for start in starts {
            guard let style = members(of: start.name).first(where: { $0.name == "workoutStyle" && !$0.isStatic }) else {
                messages.append(ScanMessage(.error, at: start.position,
                    "\(start.name) has no workoutStyle; a StartWorkoutIntent declares `@Parameter(title: ...) var workoutStyle: YourWorkoutEnum` (A2)"))
                continue
            }
            if !style.attributes.contains("Parameter") {
                messages.append(ScanMessage(.error, at: style.position,
                    "\(start.name).workoutStyle is not a @Parameter; declare it `@Parameter(title: \"...\") var workoutStyle: \(style.type ?? "YourWorkoutEnum")`, "
                        + "as Apple requires, so the system can set the First Press workout (A2)"))
            }
            let enumName = String((style.type ?? "").filter { $0 != "?" && $0 != "!" })
            guard let enumDeclaration = declared(enumName).first(where: { $0.kind == .enum }) else { continue }
            let enumMembers = members(of: enumName)
            let missing = ["typeDisplayRepresentation", "caseDisplayRepresentations"].filter { name in
                !enumMembers.contains { $0.name == name && $0.isStatic }
            }
            if !missing.isEmpty {
                messages.append(ScanMessage(.error, at: enumDeclaration.position,
                    "\(enumName), the workout style of \(start.name), has no \(missing.joined(separator: " or ")); "
                        + "Settings > Action Button shows each workout's title and subtitle from it (A2): add "
                        + missing.map { $0 == "caseDisplayRepresentations"
                            ? "`static var caseDisplayRepresentations: [\(enumName): DisplayRepresentation]`"
                            : "`static var typeDisplayRepresentation: TypeDisplayRepresentation`" }.joined(separator: " and ")))
            }
        }

        // A9: start intents open the app.
        for start in starts + dives {
            if let member = members(of: start.name).first(where: { $0.name == "openAppWhenRun" && $0.isStatic }),
               member.booleanValue == false {
                messages.append(ScanMessage(.warning, at: member.position,
                    "\(start.name) sets openAppWhenRun to false; start intents must open the app, and the system launches it first anyway (A9)"))
            }
        }

        // App Shortcuts: the system refuses a phrase that does not name the app.
        for file in files {
            for phrase in file.shortcutPhrases where !phrase.namesApplication {
                messages.append(ScanMessage(.error, at: phrase.position,
                    "the App Shortcut phrase \(phrase.text) does not contain \\(.applicationName); the system refuses "
                        + "phrases without the app's name, so add it, e.g. \"Start a run in \\(.applicationName)\""))
            }
        }
    }
}
