/// XML written as it goes: elements in order, text escaped, two-space indentation. The
/// exports write schemas whose element order matters, so they are written by hand in that
/// order rather than built as a tree, and straight into an `ExportWriter`.
struct XMLStream {
    let out: ExportWriter
    private var depth = 0

    init(_ out: ExportWriter) throws {
        self.out = out
        try out.text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    }

    /// `<name attributes>` on a line of its own; what follows is inside it.
    mutating func open(_ name: StaticString, _ attributes: (XMLStream) throws -> Void = { _ in }) throws {
        try out.spaces(2 * depth)
        try out.byte(UInt8(ascii: "<"))
        try out.text(name)
        try attributes(self)
        try out.text(">\n")
        depth += 1
    }

    mutating func close(_ name: StaticString) throws {
        depth -= 1
        try out.spaces(2 * depth)
        try out.text("</")
        try out.text(name)
        try out.text(">\n")
    }

    /// `<name>value</name>`, the value written by `value` (already escaped or numeric).
    func leaf(_ name: StaticString, _ value: (ExportWriter) throws -> Void) throws {
        try out.spaces(2 * depth)
        try out.byte(UInt8(ascii: "<"))
        try out.text(name)
        try out.byte(UInt8(ascii: ">"))
        try value(out)
        try out.text("</")
        try out.text(name)
        try out.text(">\n")
    }

    /// `<name>text</name>`, the text escaped.
    func leaf(_ name: StaticString, text: String) throws {
        try leaf(name) { try $0.xml(text) }
    }

    /// `<name attributes/>`.
    func empty(_ name: StaticString, _ attributes: (XMLStream) throws -> Void) throws {
        try out.spaces(2 * depth)
        try out.byte(UInt8(ascii: "<"))
        try out.text(name)
        try attributes(self)
        try out.text("/>\n")
    }

    /// ` name="value"` inside an opening tag, the value written by `value`.
    func attribute(_ name: StaticString, _ value: (ExportWriter) throws -> Void) throws {
        try out.byte(UInt8(ascii: " "))
        try out.text(name)
        try out.text("=\"")
        try value(out)
        try out.byte(UInt8(ascii: "\""))
    }

    /// ` name="text"`, the text escaped.
    func attribute(_ name: StaticString, text: String) throws {
        try attribute(name) { try $0.xml(text) }
    }
}

public enum XMLText {
    /// Text as XML character data or an attribute value: `& < > " '` escaped, and the
    /// control characters XML 1.0 forbids even escaped left out. HTML takes it as it is.
    public static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch replacement(for: byte) {
            case .keep: out.append(byte)
            case .drop: continue
            case .entity(let entity): entity.withUTF8Buffer { out.append(contentsOf: $0) }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// What one byte of UTF-8 text becomes in XML (the one rule `escape` and the exports'
    /// streaming writer both apply): itself, nothing, or its entity. The bytes of a
    /// multi-byte character are all 0x80 or more, and stay.
    public enum Replacement {
        case keep
        case drop
        case entity(StaticString)
    }

    @inline(__always)
    public static func replacement(for byte: UInt8) -> Replacement {
        switch byte {
        case UInt8(ascii: "&"): .entity("&amp;")
        case UInt8(ascii: "<"): .entity("&lt;")
        case UInt8(ascii: ">"): .entity("&gt;")
        case UInt8(ascii: "\""): .entity("&quot;")
        case UInt8(ascii: "'"): .entity("&apos;")
        case 0x09, 0x0A, 0x0D: .keep
        case 0..<0x20: .drop
        default: .keep
        }
    }
}
