import Yams

/// One node of a `YAMLDocument` with typed, positioned accessors. Every accessor either
/// returns what was asked for or throws a `DocumentError` that says where and what was
/// expected; none of them crash on any input.
public struct YAMLValue: @unchecked Sendable {
    // Yams' Node is a value type but not marked Sendable; a YAMLValue is never mutated.
    let node: Node
    public let file: String
    /// The line of a value built from a line of JSON (`JSONLine`), whose nodes have no marks.
    let line: Int?
    /// The whole of a file read from disk. Until it turns out to be a mapping with keys of
    /// ours, it may be any file at all (`app: /etc/shadow`): errors about it never quote it.
    let isDocumentRoot: Bool

    init(node: Node, file: String, line: Int? = nil, isDocumentRoot: Bool = false) {
        self.node = node
        self.file = file
        self.line = line
        self.isDocumentRoot = isDocumentRoot
    }

    public var location: SourceLocation {
        let mark = node.mark
        return SourceLocation(file: file, line: line ?? mark?.line ?? 1, column: mark?.column ?? 1)
    }

    /// An error at this node.
    public func error(_ message: String) -> DocumentError { DocumentError(message, at: location) }

    /// What kind of thing this is, for messages: "a mapping", "the text \"abc\"", ...
    public var kindDescription: String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            if node.null != nil { return "nothing (null)" }
            if isDocumentRoot { return "plain text (not shown: this may not be a YAML file of ours)" }
            let text = scalar.string.count > 40 ? String(scalar.string.prefix(40)) + "…" : scalar.string
            return "\"\(text)\""
        }
    }

    public var isNull: Bool {
        if case .scalar = node { return node.null != nil }
        return false
    }

    public var isMapping: Bool { if case .mapping = node { true } else { false } }
    public var isSequence: Bool { if case .sequence = node { true } else { false } }
    public var isScalar: Bool { if case .scalar = node { true } else { false } }

    // MARK: Scalars

    /// Text, whatever the scalar's resolved type (`name: 42` is the text "42").
    public func string(_ what: String) throws(DocumentError) -> String {
        guard case .scalar(let scalar) = node, node.null == nil else {
            throw error("expected \(what) as text, found \(kindDescription)")
        }
        return scalar.string
    }

    public func int(_ what: String) throws(DocumentError) -> Int {
        guard case .scalar = node, let value = node.int else {
            throw error("expected \(what) as a whole number, found \(kindDescription)")
        }
        return value
    }

    public func double(_ what: String) throws(DocumentError) -> Double {
        guard case .scalar = node, let value = node.float ?? node.int.map(Double.init), value.isFinite else {
            throw error("expected \(what) as a number, found \(kindDescription)")
        }
        return value
    }

    public func bool(_ what: String) throws(DocumentError) -> Bool {
        guard case .scalar(let scalar) = node, let value = Self.boolean(scalar) else {
            throw error("expected \(what) as true or false, found \(kindDescription)")
        }
        return value
    }

    /// YAML 1.1's booleans: `true`, `yes` or `on` (or `false`, `no`, `off`) in any case,
    /// unless quoted or tagged `!!str` (`"true"` is text). What Yams' own `Bool` reading
    /// accepts, without its resolver's regular expressions.
    static func boolean(_ scalar: Node.Scalar) -> Bool? {
        guard scalar.tag.description != Tag.Name.str.rawValue else { return nil }
        switch scalar.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// A time or duration: `1.5` (seconds), `150ms`, `2m`, `1h30m`, `2m 80ms`, `1:02:03.5`.
    /// Negative values are refused: nothing in a scenario happens before it starts.
    public func duration(_ what: String) throws(DocumentError) -> Duration {
        guard case .scalar(let scalar) = node, node.null == nil else {
            throw error("expected \(what) as a time such as 1.5s, 150ms, 2m or 1:02:03, found \(kindDescription)")
        }
        switch DurationSyntax.parse(scalar.string) {
        case .success(let duration): return duration
        case .failure(let problem): throw error("\(what): \(problem)")
        }
    }

    /// One of a fixed set of words, with a suggestion when it is a near miss.
    public func choice<T: RawRepresentable & CaseIterable>(_ what: String, of type: T.Type = T.self) throws(DocumentError) -> T
    where T.RawValue == String {
        let text = try string(what)
        if let value = T(rawValue: text) { return value }
        let options = T.allCases.map(\.rawValue)
        let meant = Spelling.synonyms[what]?[text.lowercased()].map { " (did you mean \"\($0)\"?)" }
        throw error("unknown \(what) \"\(text)\"; expected one of \(options.joined(separator: ", "))"
                    + (meant ?? Spelling.suggestion(for: text, among: options)))
    }

    // MARK: Collections

    public func mapping(_ what: String) throws(DocumentError) -> YAMLMapping {
        guard case .mapping(let mapping) = node else {
            throw error("expected \(what) as a mapping (key: value lines), found \(kindDescription)")
        }
        var entries: [YAMLMapping.Entry] = []
        entries.reserveCapacity(mapping.count)
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                throw YAMLValue(node: key, file: file, line: line).error("expected a plain key in \(what), found \(YAMLValue(node: key, file: file, line: line).kindDescription)")
            }
            entries.append(.init(key: scalar.string, keyValue: YAMLValue(node: key, file: file, line: line),
                                 value: YAMLValue(node: value, file: file, line: line)))
        }
        return YAMLMapping(entries: entries, location: location, what: what, isDocumentRoot: isDocumentRoot)
    }

    public func sequence(_ what: String) throws(DocumentError) -> [YAMLValue] {
        guard case .sequence(let sequence) = node else {
            throw error("expected \(what) as a list, found \(kindDescription)")
        }
        return sequence.map { YAMLValue(node: $0, file: file, line: line) }
    }

    /// A list, or a single item standing for a list of one.
    public func sequenceOrSingle() -> [YAMLValue] {
        if case .sequence(let sequence) = node { return sequence.map { YAMLValue(node: $0, file: file, line: line) } }
        return [self]
    }
}

/// A YAML mapping, in file order, that knows which keys it was asked for.
public struct YAMLMapping: Sendable {
    public struct Entry: Sendable {
        public var key: String
        public var keyValue: YAMLValue
        public var value: YAMLValue
    }

    public let entries: [Entry]
    public let location: SourceLocation
    let what: String
    /// A file's top level: see `YAMLValue.isDocumentRoot`.
    let isDocumentRoot: Bool

    public var keys: [String] { entries.map(\.key) }
    public func contains(_ key: String) -> Bool { entries.contains { $0.key == key } }

    public subscript(key: String) -> YAMLValue? { entries.first { $0.key == key }?.value }

    public func required(_ key: String) throws(DocumentError) -> YAMLValue {
        guard let value = self[key] else {
            throw DocumentError("\(what) is missing \"\(key)\"", at: location)
        }
        return value
    }

    /// Refuses keys a reader does not know, pointing at the key and suggesting the closest
    /// known one, so a typo never silently turns into a default.
    ///
    /// A file's top level with none of the keys is some other YAML file: it is said so, and
    /// none of its keys is quoted (they are its content).
    public func rejectUnknownKeys(_ allowed: [String]) throws(DocumentError) {
        if isDocumentRoot, !entries.isEmpty, !entries.contains(where: { allowed.contains($0.key) }) {
            throw DocumentError("none of the top-level keys is one of \(what)'s (\(allowed.joined(separator: ", "))); is this the right file?",
                                at: location)
        }
        for entry in entries where !allowed.contains(entry.key) {
            throw entry.keyValue.error("unknown key \"\(entry.key)\" in \(what); expected one of \(allowed.joined(separator: ", "))"
                                       + Spelling.suggestion(for: entry.key, among: allowed))
        }
    }
}

/// Near-miss suggestions ("did you mean …?") for words from a fixed set.
public enum Spelling {
    /// Words people use for a choice that are not near it in spelling, by what is chosen
    /// (`gesture: chord` means `both`; by spelling alone it would be "hold", the Siren).
    public static let synonyms: [String: [String: String]] = [
        "gesture": ["chord": "both", "together": "both", "pause": "both", "long": "hold", "long-press": "hold",
                    "siren": "hold", "tap": "press", "click": "press", "action": "press"],
    ]

    public static func suggestion(for word: String, among options: [String]) -> String {
        let lowered = word.lowercased()
        let scored = options.map { ($0, distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return "" }
        return " (did you mean \"\(best.0)\"?)"
    }

    /// Levenshtein distance, bounded to short words (keys and enum cases).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64)), b = Array(b.prefix(64))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
