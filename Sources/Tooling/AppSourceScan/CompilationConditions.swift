import SwiftSyntax

/// How `#if` conditions come out in a Linux build of an app: `os(Linux)` holds and
/// `os(watchOS)` does not, `canImport` answers from `LinuxPlatform`, `DEBUG` holds (the
/// generated package builds in debug unless told otherwise), and a flag no one defined does
/// not. SwiftSyntax's own evaluator (SwiftIfConfig) needs three more modules to build; the
/// conditions apps write are few enough to answer here.
public struct CompilationConditions: Sendable {
    /// Names defined with `-D` (and `DEBUG`).
    public var defined: Set<String>
    /// The Swift language mode the app builds in, as `swift(>=...)` compares it.
    public var languageVersion: [Int]
    /// The compiler's version, as `compiler(>=...)` compares it.
    public var compilerVersion: [Int] = [6, 3]
    /// Modules the build has beyond the platform's (`LinuxPlatform`): the targets of the
    /// app's own local packages.
    public var localModules: Set<String> = []

    /// Whether a file built here can import `module`.
    public func canImport(_ module: String) -> Bool {
        LinuxPlatform.canImport(module) || localModules.contains(module)
    }

    public init(defined: Set<String> = ["DEBUG"], languageMode: Int = 5) {
        self.defined = defined
        // Swift 6.3 in language mode 5 answers swift(>=5.10) but not swift(>=6).
        languageVersion = languageMode >= 6 ? [6, 3] : [5, 10]
    }

    /// The condition's value, or nil when it cannot be known before the compiler runs
    /// (`hasFeature`, `hasAttribute`, an unknown function): such a clause is taken as active.
    public func evaluate(_ condition: ExprSyntax) -> Bool? {
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true)
        }
        if let name = condition.as(DeclReferenceExprSyntax.self) {
            return defined.contains(name.baseName.text)
        }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return evaluate(only.expression)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return evaluate(prefix.expression).map { !$0 }
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self) {
            return combine(infix.leftOperand, infix.operator.trimmedDescription, infix.rightOperand)
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            return evaluate(sequence: Array(sequence.elements))
        }
        if let call = condition.as(FunctionCallExprSyntax.self),
           let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            let argument = call.arguments.first?.expression.trimmedDescription ?? ""
            switch function {
            case "os": return argument == "Linux"
            case "canImport": return canImport(argument.split(separator: ".").first.map(String.init) ?? argument)
            case "arch": return argument == Self.architecture
            case "targetEnvironment": return false
            case "_endian": return argument == "little"
            case "_pointerBitWidth": return argument == "_64"
            case "_runtime": return argument == "_Native"
            case "swift": return Self.compare(argument, languageVersion)
            case "compiler": return Self.compare(argument, compilerVersion)
            default: return nil
            }
        }
        return nil
    }

    /// An unfolded `a && b || c`: `||` binds looser than `&&`.
    private func evaluate(sequence elements: [ExprSyntax]) -> Bool? {
        func split(_ items: [ExprSyntax], at op: String) -> [[ExprSyntax]] {
            var parts: [[ExprSyntax]] = [[]]
            for item in items {
                if let binary = item.as(BinaryOperatorExprSyntax.self), binary.operator.text == op {
                    parts.append([])
                } else {
                    parts[parts.count - 1].append(item)
                }
            }
            return parts
        }
        func value(of items: [ExprSyntax]) -> Bool? {
            items.count == 1 ? evaluate(items[0]) : nil
        }
        var anyUnknown = false
        for alternative in split(elements, at: "||") {
            var all: Bool? = true
            for part in split(alternative, at: "&&") {
                switch value(of: part) {
                case false?: all = false
                case nil where all == true: all = nil
                default: break
                }
                if all == false { break }
            }
            if all == true { return true }
            if all == nil { anyUnknown = true }
        }
        return anyUnknown ? nil : false
    }

    private func combine(_ left: ExprSyntax, _ op: String, _ right: ExprSyntax) -> Bool? {
        let l = evaluate(left), r = evaluate(right)
        switch op {
        case "&&":
            if l == false || r == false { return false }
            return l == true && r == true ? true : nil
        case "||":
            if l == true || r == true { return true }
            return l == false && r == false ? false : nil
        default: return nil
        }
    }

    #if arch(x86_64)
    static let architecture = "x86_64"
    #elseif arch(arm64)
    static let architecture = "arm64"
    #else
    static let architecture = "unknown"
    #endif

    /// `>=5.9` or `<6` against a version.
    static func compare(_ text: String, _ version: [Int]) -> Bool? {
        let trimmed = text.filter { !$0.isWhitespace }
        let atLeast: Bool
        let number: Substring
        if trimmed.hasPrefix(">=") { atLeast = true; number = trimmed.dropFirst(2) }
        else if trimmed.hasPrefix("<") { atLeast = false; number = trimmed.dropFirst(1) }
        else { return nil }
        let wanted = number.split(separator: ".").compactMap { Int($0) }
        guard !wanted.isEmpty else { return nil }
        let isAtLeast = !version.lexicographicallyPrecedes(wanted)
        return atLeast ? isAtLeast : !isAtLeast
    }
}
