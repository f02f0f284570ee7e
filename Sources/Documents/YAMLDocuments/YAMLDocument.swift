import Foundation
import Yams

/// A YAML file read into nodes that remember where they came from, so that every reader
/// built on it can reject bad input with `file:line:column: what was expected`.
public struct YAMLDocument: Sendable {
    /// Outside input is bounded: a scenario or manifest is text a person wrote or a
    /// recorder produced, and nothing legitimate comes near this.
    public static let maximumSize = 32 << 20

    public let file: String
    public let root: YAMLValue

    /// A document made of one node of another (an inline section), keeping its positions.
    public init(root: YAMLValue) {
        self.file = root.file
        self.root = root
    }

    /// Parses `text` as the contents of `file` (the name used in messages).
    public init(text: String, file: String) throws(DocumentError) {
        self.file = file
        let node: Node?
        do {
            // The basic resolver tags no plain scalar: Yams' default one matches each against
            // NSRegularExpression patterns, which loads ICU's regex engine and its data into
            // every process that reads a profile or a manifest (about 2 MB of a live run's
            // memory). YAMLValue reads numbers, booleans and nulls from the text itself.
            node = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            throw Self.translate(error, file: file)
        } catch {
            throw DocumentError("could not read YAML: \(error)", file: file)
        }
        guard let node else { throw DocumentError("the file is empty; expected a YAML mapping", file: file) }
        self.root = YAMLValue(node: node, file: file, isDocumentRoot: true)
    }

    /// Reads and parses a file from disk.
    public init(contentsOf path: String) throws(DocumentError) {
        let data = try InputFile(path, expected: "a YAML file").readAll(limit: Self.maximumSize)
        try self.init(data: data, file: path)
    }

    /// Parses the bytes of a file: refused unless they are UTF-8 text without NUL bytes
    /// and within `maximumSize`. What `init(contentsOf:)` does once it has read the file,
    /// and what the fuzzers feed (`Tests/Fuzz`).
    public init(data: Data, file: String) throws(DocumentError) {
        guard data.count <= Self.maximumSize else {
            throw DocumentError("is \(data.count) bytes; files over \(Self.maximumSize >> 20) MB are refused", file: file)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw DocumentError("is not UTF-8 text; expected a YAML file", file: file)
        }
        if text.utf8.contains(0) { throw DocumentError("contains NUL bytes; expected a YAML text file", file: file) }
        try self.init(text: text, file: file)
    }

    /// Letters, digits, `-` and `_`, as every key of ours is (keys, intent names, workout kinds).
    private static func isWord(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64
            && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }

    private static func translate(_ error: YamlError, file: String) -> DocumentError {
        func at(_ mark: Mark) -> SourceLocation { SourceLocation(file: file, line: mark.line, column: mark.column) }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            // libyaml stops at 1,000 levels of nesting and says so in terms of its C API.
            let said = problem.hasPrefix("Maximum nesting level reached") ? "nested more than 1000 levels deep" : problem
            let text = context.map { "\(said) (\($0.text) at line \($0.mark.line))" } ?? said
            return DocumentError("invalid YAML: \(text)", at: at(mark))
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Found before anyone knows whether the file is one of ours: a key that is not a
            // word (a line of /etc/shadow ends in ":" and reads as a key) is not quoted.
            let keys = duplicates.map(\.description)
            guard keys.allSatisfy(isWord) else { return DocumentError("duplicate key in a mapping", at: at(context.mark)) }
            return DocumentError("duplicate key \(keys.map { "\"\($0)\"" }.joined(separator: ", ")) in a mapping",
                                 at: at(context.mark))
        case .reader(let problem, let offset, _, _):
            return DocumentError("invalid text\(offset.map { " at byte \($0)" } ?? ""): \(problem)", file: file)
        default:
            return DocumentError("invalid YAML: \(error)", file: file)
        }
    }
}
