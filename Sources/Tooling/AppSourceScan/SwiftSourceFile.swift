import SwiftParser
import SwiftSyntax

/// One Swift file of an app, read for what Apple's metadata extraction reads: its imports,
/// and its types with what they conform to and the members that matter to the Action
/// button. Declarations inside an `#if` clause that is false on Linux are kept too, marked
/// with the clause that hides them, so that the scan can say what would vanish.
public struct SwiftSourceFile: Sendable {
    /// The path messages show.
    public let path: String
    public private(set) var imports: [Import] = []
    public private(set) var types: [TypeDeclaration] = []
    /// A type marked `@main`: the watch app's own entry point.
    public private(set) var entryPoints: [TypeDeclaration] = []
    /// `AppShortcut(... phrases: [...])` string literals, for the app-name check.
    public private(set) var shortcutPhrases: [ShortcutPhrase] = []
    /// Where the file creates or starts a workout session (`HKWorkoutSession(...)`,
    /// `.startActivity(with:)`): when the file is left out, the session does not start here.
    public private(set) var sessionStarts: [SessionStart] = []
    /// Controls the file declares (watchOS 26): `ControlWidgetButton(action: SomeIntent())`,
    /// `ControlWidgetToggle(..., action: SomeIntent())`. Their views never run here; the
    /// intents they name are what the Action button runs.
    public private(set) var controls: [Control] = []
    /// `NotificationCenter` posts (`.post(name: .startRide, ...)`), with the type whose code
    /// posts: an intent that hands its work to whoever observes the name.
    public private(set) var notificationPosts: [NotificationPost] = []
    /// Notification names the file observes (`addObserver(forName:)`, `publisher(for:)`,
    /// `notifications(named:)`).
    public private(set) var observedNotifications: [String: SourcePosition] = [:]

    public struct NotificationPost: Hashable, Sendable {
        /// The name's last component (`startRide` for `.startRide` or `Notification.Name.startRide`).
        public var name: String
        /// The type around the call, nil at file scope.
        public var inType: String?
        public var position: SourcePosition
    }

    public struct Control: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable {
            case button, toggle
        }
        /// The intent type the control's action makes.
        public var intent: String
        public var kind: Kind
        public var position: SourcePosition
    }

    public struct SessionStart: Hashable, Sendable {
        /// The call as written, shortened to its callee (`HKWorkoutSession(healthStore:configuration:)`).
        public var call: String
        public var position: SourcePosition
        /// The function or property whose code makes the call (`startWorkout`, or
        /// `selectedWorkout` for its `didSet`); nil in an initializer or at file scope.
        public var entry: String? = nil
    }

    public struct Import: Hashable, Sendable {
        public var module: String
        public var position: SourcePosition
        /// The submodule a plain `import os.log` names (`log`), nil for a module or for a
        /// declaration's import (`import struct Foundation.Date`).
        public var submodule: String? = nil
    }

    public struct ShortcutPhrase: Hashable, Sendable {
        public var text: String
        public var namesApplication: Bool
        public var position: SourcePosition
    }

    /// Capitalised names the file uses (types, `Type.member`), at their first use: what
    /// init-package checks against the types of files it leaves out.
    public let references: [String: SourcePosition]
    /// Every name the file uses (`manager.startWorkout()` uses `manager` and `startWorkout`),
    /// at its first use.
    public let uses: [String: SourcePosition]
    /// The names each function's or property's code uses, by the function's or property's
    /// name (types not told apart): what init-package follows to see whether the intents'
    /// `perform()` reaches the code that starts the session.
    public let bodies: [String: Set<String>]

    /// What the file is built with (for `missingModules`).
    public let conditions: CompilationConditions

    public init(path: String, text: String, conditions: CompilationConditions) {
        self.path = path
        self.conditions = conditions
        let tree = Parser.parse(source: text)
        let collector = DeclarationCollector(path: path, tree: tree, conditions: conditions)
        collector.walk(tree)
        imports = collector.imports
        types = collector.types
        entryPoints = collector.types.filter(\.isEntryPoint)
        shortcutPhrases = collector.phrases
        sessionStarts = collector.sessionStarts
        controls = collector.controls
        notificationPosts = collector.notificationPosts
        observedNotifications = collector.observedNotifications
        references = collector.references
        uses = collector.uses
        bodies = collector.bodies
    }

    /// Active imports of modules Linux lacks, first the UI frameworks.
    public var missingModules: [Import] {
        imports.filter { !conditions.canImport($0.module) }
    }
}

/// A control declared in a file the package leaves out, carried to the build's intents
/// finder as a compilation condition of the app's target (the plugin passes those on).
public enum ControlDefine {
    static let prefix = "ACTIONSIM_CONTROL_"

    public static func name(for control: SwiftSourceFile.Control) -> String {
        prefix + control.kind.rawValue.uppercased() + "_" + control.intent
    }

    /// The control a define names, or nil for any other define.
    public static func control(from define: String) -> SwiftSourceFile.Control? {
        guard define.hasPrefix(prefix) else { return nil }
        let rest = define.dropFirst(prefix.count)
        guard let underscore = rest.firstIndex(of: "_"),
              let kind = SwiftSourceFile.Control.Kind(rawValue: rest[..<underscore].lowercased()) else { return nil }
        let intent = String(rest[rest.index(after: underscore)...])
        guard !intent.isEmpty else { return nil }
        return SwiftSourceFile.Control(intent: intent, kind: kind,
                                       position: SourcePosition(file: "a file left out (the target's \(define))", line: 1, column: 1))
    }
}

/// A struct, class, enum, actor, protocol or extension, as far as the scan needs it.
public struct TypeDeclaration: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case `struct`, `class`, `enum`, `actor`, `protocol`, `extension`
    }

    public var kind: Kind
    /// The full name (`Outer.Inner`); for an extension, the type it extends.
    public var name: String
    /// What it conforms to, by last name component (`AppIntents.AppIntent` is `AppIntent`).
    public var conformances: [String]
    public var position: SourcePosition
    /// Declared (or nested in a type declared) `private` or `fileprivate`: other files,
    /// such as the generated registration, cannot name it.
    public var isFilePrivate: Bool
    public var isGeneric: Bool
    public var isEntryPoint: Bool
    public var members: [Member]
    public var enumCases: [String]
    /// The `#if` clause that removes it from a Linux build, if one does.
    public var hiddenBy: HidingClause?
}

/// A property of a type: enough to tell a `@Parameter var workoutStyle` from a plain one,
/// and to read a `static var openAppWhenRun = false`.
public struct Member: Hashable, Sendable {
    public var name: String
    public var isStatic: Bool
    /// Attribute names without `@` (`Parameter`, `AppIntents.Parameter` is `Parameter`).
    public var attributes: [String]
    public var type: String?
    /// The literal `true` or `false` it is set to or returns, if that is all it does.
    public var booleanValue: Bool?
    public var position: SourcePosition
}

/// An `#if` clause that is false on Linux, around a declaration.
public struct HidingClause: Hashable, Sendable, CustomStringConvertible {
    /// `#if os(watchOS)`, `#elseif os(watchOS)`, or `#else` (with the `#if` it belongs to).
    public var text: String
    public var position: SourcePosition
    /// The clause's condition, when it has one (not for `#else`).
    public var condition: String?

    public var description: String { text }
}

/// Walks a file's tree once; `#if` clauses are walked one by one with their state known.
private final class DeclarationCollector: SyntaxVisitor {
    let path: String
    let converter: SourceLocationConverter
    let conditions: CompilationConditions
    var imports: [SwiftSourceFile.Import] = []
    var types: [TypeDeclaration] = []
    var phrases: [SwiftSourceFile.ShortcutPhrase] = []
    var sessionStarts: [SwiftSourceFile.SessionStart] = []
    var controls: [SwiftSourceFile.Control] = []
    var notificationPosts: [SwiftSourceFile.NotificationPost] = []
    var observedNotifications: [String: SourcePosition] = [:]
    /// Capitalised names the file uses as types or values (`WorkoutManager.shared`), each
    /// with where it is first used, outside false `#if` clauses.
    var references: [String: SourcePosition] = [:]
    var uses: [String: SourcePosition] = [:]
    var bodies: [String: Set<String>] = [:]
    /// The functions and properties around the walk, innermost last ("" for an initializer,
    /// a subscript or a closure stored at file scope: code no name reaches).
    private var entries: [String] = []
    /// Enclosing type names and whether each is file-private.
    private var scope: [(name: String, filePrivate: Bool)] = []
    /// The innermost false `#if` clause around the walk, if any.
    private var hiding: [HidingClause?] = []

    init(path: String, tree: SourceFileSyntax, conditions: CompilationConditions) {
        self.path = path
        converter = SourceLocationConverter(fileName: path, tree: tree)
        self.conditions = conditions
        super.init(viewMode: .sourceAccurate)
    }

    private var hiddenBy: HidingClause? { hiding.last ?? nil }

    func position(of node: some SyntaxProtocol) -> SourcePosition {
        let location = node.startLocation(converter: converter)
        return SourcePosition(file: path, line: location.line, column: location.column)
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        for (clause, hidingClause) in clauses(of: node) {
            hiding.append(hidingClause ?? hiddenBy)
            walk(clause)
            hiding.removeLast()
        }
        return .skipChildren
    }

    /// Each clause with the `HidingClause` that describes it when it is false on Linux.
    /// A clause whose value cannot be known is taken as active (nil).
    func clauses(of node: IfConfigDeclSyntax) -> [(IfConfigClauseSyntax, HidingClause?)] {
        var taken = false
        let first = node.clauses.first?.condition?.trimmedDescription ?? ""
        return node.clauses.map { clause in
            let value = clause.condition.map { conditions.evaluate($0) } ?? true
            let active = !taken && value != false
            if value == true { taken = true }
            guard !active else { return (clause, nil) }
            let keyword = clause.poundKeyword.text
            let text = clause.condition.map { "\(keyword) \($0.trimmedDescription)" } ?? "#else of #if \(first)"
            return (clause, HidingClause(text: text, position: position(of: clause.poundKeyword),
                                         condition: clause.condition?.trimmedDescription))
        }
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        reference(node.name)
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        reference(node.baseName)
        use(node.baseName)
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        use(node.declName.baseName)
        return .visitChildren
    }

    private func use(_ token: TokenSyntax) {
        guard hiddenBy == nil else { return }
        let name = token.text
        if uses[name] == nil { uses[name] = position(of: token) }
        if let entry = entries.last, !entry.isEmpty { bodies[entry, default: []].insert(name) }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        entries.append(node.name.text)
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { entries.removeLast() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        entries.append("")
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { entries.removeLast() }

    /// A stored or computed property (its initial value, accessors and observers) is an entry
    /// by its name; a local variable is part of its function's code.
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? ""
        entries.append(entries.last ?? name)
        return .visitChildren
    }
    override func visitPost(_ node: VariableDeclSyntax) { entries.removeLast() }

    private func reference(_ token: TokenSyntax) {
        let name = token.text
        guard hiddenBy == nil, references[name] == nil, name.first?.isUppercase == true else { return }
        references[name] = position(of: token)
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if hiddenBy == nil, let module = node.path.first?.name.text {
            let rest = node.path.dropFirst().map(\.name.text)
            imports.append(.init(module: module, position: position(of: node.importKeyword),
                                 submodule: node.importKindSpecifier == nil && !rest.isEmpty ? rest.joined(separator: ".") : nil))
        }
        return .skipChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.struct, node.name.text, node, node.modifiers, node.attributes, node.inheritanceClause,
              node.memberBlock, generic: node.genericParameterClause != nil)
    }
    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.class, node.name.text, node, node.modifiers, node.attributes, node.inheritanceClause,
              node.memberBlock, generic: node.genericParameterClause != nil)
    }
    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.enum, node.name.text, node, node.modifiers, node.attributes, node.inheritanceClause,
              node.memberBlock, generic: node.genericParameterClause != nil)
    }
    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.actor, node.name.text, node, node.modifiers, node.attributes, node.inheritanceClause,
              node.memberBlock, generic: node.genericParameterClause != nil)
    }
    override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.protocol, node.name.text, node, node.modifiers, node.attributes, node.inheritanceClause,
              node.memberBlock, generic: false)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { scope.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(.extension, node.extendedType.trimmedDescription, node, node.modifiers, node.attributes,
              node.inheritanceClause, node.memberBlock, generic: false, nested: false)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        noteSessionStart(node)
        noteControl(node)
        noteNotification(node)
        guard hiddenBy == nil, node.calledExpression.trimmedDescription.hasSuffix("AppShortcut"),
              let phrases = node.arguments.first(where: { $0.label?.text == "phrases" })?.expression.as(ArrayExprSyntax.self)
        else { return .visitChildren }
        for element in phrases.elements {
            guard let literal = element.expression.as(StringLiteralExprSyntax.self) else { continue }
            let namesApplication = literal.segments.contains { segment in
                segment.as(ExpressionSegmentSyntax.self)?.expressions.trimmedDescription == ".applicationName"
            }
            self.phrases.append(.init(text: literal.trimmedDescription, namesApplication: namesApplication,
                                      position: position(of: literal)))
        }
        return .visitChildren
    }

    /// `center.post(name: .x, ...)` (a post), or a call that observes a name:
    /// `addObserver(forName: .x, ...)`, `publisher(for: .x)`, `notifications(named: .x)`.
    private func noteNotification(_ node: FunctionCallExprSyntax) {
        guard hiddenBy == nil, let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return }
        let method = member.declName.baseName.text
        func name(labelled label: String) -> String? {
            guard let argument = node.arguments.first(where: { $0.label?.text == label }) else { return nil }
            let text = argument.expression.trimmedDescription
            return text.contains("(") ? text : Self.lastComponent(text)
        }
        if method == "post", let posted = name(labelled: "name") {
            notificationPosts.append(.init(name: posted, inType: scope.last?.name, position: position(of: node)))
        } else if let observed = (method == "addObserver" ? name(labelled: "forName") : nil)
                    ?? (method == "publisher" ? name(labelled: "for") : nil)
                    ?? (method == "notifications" ? name(labelled: "named") : nil) {
            if observedNotifications[observed] == nil { observedNotifications[observed] = position(of: node) }
        }
    }

    /// `HKWorkoutSession(healthStore:configuration:)`, `HealthKit.HKWorkoutSession(...)`, or
    /// `anything.startActivity(with:)`, outside `#if` clauses false on Linux.
    private func noteSessionStart(_ node: FunctionCallExprSyntax) {
        guard hiddenBy == nil else { return }
        let labels = node.arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
        let callee = node.calledExpression
        let entry = entries.last.flatMap { $0.isEmpty ? nil : $0 }
        if Self.lastComponent(callee.trimmedDescription) == "HKWorkoutSession" {
            sessionStarts.append(.init(call: "HKWorkoutSession(\(labels))", position: position(of: node), entry: entry))
        } else if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "startActivity" {
            sessionStarts.append(.init(call: "startActivity(\(labels))", position: position(of: node), entry: entry))
        }
    }

    /// `ControlWidgetButton(action: X(...))` and `ControlWidgetToggle(..., action: X(...))`,
    /// outside `#if` clauses false on Linux.
    private func noteControl(_ node: FunctionCallExprSyntax) {
        guard hiddenBy == nil else { return }
        let kind: SwiftSourceFile.Control.Kind
        switch Self.lastComponent(node.calledExpression.trimmedDescription) {
        case "ControlWidgetButton": kind = .button
        case "ControlWidgetToggle": kind = .toggle
        default: return
        }
        guard let action = node.arguments.first(where: { $0.label?.text == "action" }),
              let call = action.expression.as(FunctionCallExprSyntax.self) else { return }
        let intent = Self.lastComponent(call.calledExpression.trimmedDescription)
        guard let first = intent.first, first.isUppercase else { return }
        controls.append(.init(intent: intent, kind: kind, position: position(of: node)))
    }

    private func enter(_ kind: TypeDeclaration.Kind, _ name: String, _ node: some SyntaxProtocol,
                       _ modifiers: DeclModifierListSyntax, _ attributes: AttributeListSyntax,
                       _ inheritance: InheritanceClauseSyntax?, _ members: MemberBlockSyntax,
                       generic: Bool, nested: Bool = true) -> SyntaxVisitorContinueKind {
        let filePrivate = modifiers.contains { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }
            || (nested && scope.last?.filePrivate == true)
        let fullName = nested ? (scope.map(\.name) + [name]).joined(separator: ".") : name
        let conformances = inheritance?.inheritedTypes.map { Self.lastComponent($0.type.trimmedDescription) } ?? []
        let isEntryPoint = attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "main" }
        var cases: [String] = []
        let memberList = self.members(of: members.members, cases: &cases)
        types.append(TypeDeclaration(kind: kind, name: fullName, conformances: conformances, position: position(of: node),
                                     isFilePrivate: filePrivate, isGeneric: generic, isEntryPoint: isEntryPoint,
                                     members: memberList, enumCases: cases, hiddenBy: hiddenBy))
        scope.append((fullName, filePrivate))
        return .visitChildren
    }

    /// Properties and enum cases of a member block, through `#if` clauses true on Linux.
    private func members(of list: MemberBlockItemListSyntax, cases: inout [String]) -> [Member] {
        var result: [Member] = []
        for item in list {
            if let config = item.decl.as(IfConfigDeclSyntax.self) {
                for (clause, hidden) in clauses(of: config) where hidden == nil {
                    if case .decls(let inner)? = clause.elements { result += members(of: inner, cases: &cases) }
                }
            } else if let enumCase = item.decl.as(EnumCaseDeclSyntax.self) {
                cases += enumCase.elements.map(\.name.text)
            } else if let variable = item.decl.as(VariableDeclSyntax.self) {
                let isStatic = variable.modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
                let attributes = variable.attributes.compactMap {
                    $0.as(AttributeSyntax.self).map { Self.lastComponent($0.attributeName.trimmedDescription) }
                }
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    result.append(Member(name: name, isStatic: isStatic, attributes: attributes,
                                         type: binding.typeAnnotation?.type.trimmedDescription,
                                         booleanValue: Self.booleanValue(of: binding), position: position(of: binding)))
                }
            }
        }
        return result
    }

    /// `= false`, `{ false }`, `{ return false }` or `{ get { false } }`.
    static func booleanValue(of binding: PatternBindingSyntax) -> Bool? {
        if let value = binding.initializer?.value.as(BooleanLiteralExprSyntax.self) {
            return value.literal.tokenKind == .keyword(.true)
        }
        guard let accessors = binding.accessorBlock?.accessors else { return nil }
        var body: CodeBlockItemListSyntax?
        switch accessors {
        case .getter(let items): body = items
        case .accessors(let list): body = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) })?.body?.statements
        }
        guard let body, body.count == 1, let item = body.first?.item else { return nil }
        let expression = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression
        guard let literal = expression?.as(BooleanLiteralExprSyntax.self) else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }

    static func lastComponent(_ name: String) -> String {
        String(name.split(separator: ".").last ?? Substring(name))
    }
}
