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
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
