import Yams

/// One line of a JSON Lines file (RFC 8259 JSON, one value per line), parsed by hand: what
/// machine-written files (a scenario's steps file) hold, read a line at a time. JSON is
/// YAML's flow syntax, so a value converts to a `YAMLValue` and every reader built on YAML
/// documents reads it with the same checks and messages (`file:line:1: ...`).
public indirect enum JSONValue: Sendable {
    /// A number, as written (`1.5`, `-2e3`): readers parse it the way they parse YAML text.
    case number(String)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    /// Keys in the order written; a key given twice is refused when parsing.
    case object([(key: String, value: JSONValue)])

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text of a string or a number.
    public var text: String? {
        switch self {
        case .string(let text), .number(let text): text
        default: nil
        }
    }

    /// As the positioned value the YAML readers take, every node on `line` of `file`.
    public func yamlValue(file: String, line: Int) -> YAMLValue {
        YAMLValue(node: node, file: file, line: line)
    }

    private var node: Node {
        switch self {
        case .number(let text): Node.scalar(.init(text, .implicit, .plain))
        case .string(let text): Node.scalar(.init(text, Tag(.str), .doubleQuoted))
        case .bool(let value): Node.scalar(.init(value ? "true" : "false", .implicit, .plain))
        case .null: Node.scalar(.init("null", .implicit, .plain))
        case .array(let items): Node.sequence(.init(items.map(\.node)))
        case .object(let members): Node.mapping(.init(members.map { (Node.scalar(.init($0.key, Tag(.str), .doubleQuoted)), $0.value.node) }))
        }
    }
}

public enum JSONLine {
    /// How deep arrays and objects may nest.
    public static let maximumDepth = 16

    /// Parses the bytes of one line (without its line break) of `file`.
    public static func parse(_ bytes: UnsafeRawBufferPointer, file: String, line: Int) throws(DocumentError) -> JSONValue {
        var parser = Parser(bytes: bytes, file: file, line: line)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.error("expected the end of the line after the value") }
        return value
    }

    private struct Parser {
        let bytes: UnsafeRawBufferPointer
        let file: String
        let line: Int
        var index = 0

        init(bytes: UnsafeRawBufferPointer, file: String, line: Int) {
            self.bytes = bytes
            self.file = file
            self.line = line
        }

        func error(_ message: String) -> DocumentError {
            DocumentError("invalid JSON: \(message)", at: SourceLocation(file: file, line: line, column: index + 1))
        }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0D { index += 1 }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(DocumentError) {
            guard peek == byte else { throw error("expected \(what)") }
            index += 1
        }

        mutating func value(depth: Int) throws(DocumentError) -> JSONValue {
            guard depth < JSONLine.maximumDepth else { throw error("nested more than \(JSONLine.maximumDepth) levels deep") }
            guard let byte = peek else { throw error("expected a value") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("expected a value (an object, a list, a string, a number, true, false or null)")
            }
        }

        mutating func word(_ word: StaticString) throws(DocumentError) {
            let start = index
            for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
                guard peek == expected else {
                    index = start
                    throw error("expected \(word)")
                }
                index += 1
            }
        }

        mutating func object(depth: Int) throws(DocumentError) -> JSONValue {
            index += 1
            var members: [(key: String, value: JSONValue)] = []
            skipSpace()
            if peek == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                let keyStart = index
                guard peek == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
                let key = try string()
                if members.contains(where: { $0.key == key }) {
                    index = keyStart
                    throw error("duplicate key \"\(key)\" in an object")
                }
                skipSpace()
                try expect(UInt8(ascii: ":"), "':' after the key")
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "}"), "',' or '}'")
                return .object(members)
            }
        }

        mutating func array(depth: Int) throws(DocumentError) -> JSONValue {
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if peek == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "]"), "',' or ']'")
                return .array(items)
            }
        }

        mutating func number() throws(DocumentError) -> String {
            let start = index
            func digits() -> Int {
                let from = index
                while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
                return index - from
            }
            if peek == UInt8(ascii: "-") { index += 1 }
            let integerStart = index
            guard digits() > 0 else { throw error("expected digits in a number") }
            if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
                index = integerStart
                throw error("a number does not start with 0")
            }
            if peek == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("expected digits after the decimal point") }
            }
            if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
                index += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("expected digits in the exponent") }
            }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        mutating func string() throws(DocumentError) -> String {
            index += 1
            let start = index
            // The common case: no escapes, nothing to copy but the bytes.
            while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { index += 1 }
            if peek == UInt8(ascii: "\"") {
                defer { index += 1 }
                return try text(UnsafeRawBufferPointer(rebasing: bytes[start..<index]), at: start)
            }
            var scalars: [UInt8] = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
            while true {
                guard let byte = peek else { throw error("a string is not closed (no '\"' before the end of the line)") }
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    guard let text = String(validating: scalars, as: UTF8.self) else {
                        throw DocumentError("invalid text: a string is not UTF-8", at: SourceLocation(file: file, line: line, column: start + 1))
                    }
                    return text
                case UInt8(ascii: "\\"):
                    index += 1
                    guard let escape = peek else { throw error("a string is not closed") }
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                    case UInt8(ascii: "b"): scalars.append(0x08)
                    case UInt8(ascii: "f"): scalars.append(0x0C)
                    case UInt8(ascii: "n"): scalars.append(0x0A)
                    case UInt8(ascii: "r"): scalars.append(0x0D)
                    case UInt8(ascii: "t"): scalars.append(0x09)
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            // A high surrogate must be followed by a low one: together one scalar.
                            guard peek == UInt8(ascii: "\\") else { throw error("a \\u\(String(code, radix: 16)) surrogate without its pair") }
                            index += 1
                            guard peek == UInt8(ascii: "u") else { throw error("a \\u\(String(code, radix: 16)) surrogate without its pair") }
                            index += 1
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("a \\u\(String(code, radix: 16)) surrogate without its pair") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw error("\\u\(String(code, radix: 16)) is not a character") }
                        scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                    default:
                        index -= 1
                        throw error("unknown escape \\\(Character(Unicode.Scalar(escape)))")
                    }
                default:
                    guard byte >= 0x20 else { throw error("a control character in a string; write it escaped (\\n, \\t, \\u0001)") }
                    scalars.append(byte)
                    index += 1
                }
            }
        }

        mutating func hex4() throws(DocumentError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = peek, let digit = hexDigit(byte) else { throw error("expected four hex digits after \\u") }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        func hexDigit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        func text(_ raw: UnsafeRawBufferPointer, at start: Int) throws(DocumentError) -> String {
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw DocumentError("invalid text: a string is not UTF-8", at: SourceLocation(file: file, line: line, column: start + 1))
            }
            return text
        }
    }
}
