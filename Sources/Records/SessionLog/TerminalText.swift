/// Text on its way to a terminal, made safe to print. Names, titles, messages and error
/// texts come from files and the session store, which anyone may have written: an escape
/// sequence in a scenario's `name:` would otherwise retitle the window (`ESC ] 0 ; … BEL`),
/// clear the screen (`ESC [ 2 J`) or rewrite what was printed before it (`CR`).
///
/// Every control character (C0, DEL, C1) except line feed and tab is shown escaped, as
/// `\x1b`; so are the Unicode controls that reorder or break lines as displayed (bidi
/// overrides and isolates, line and paragraph separators), as `\u{202E}`. The styles of
/// `ANSIStyle` pass through: colour, bold and dim, which can only change how text looks.
public enum TerminalText {
    /// Appends `text` to `bytes`, escaped.
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            guard utf8.contains(where: mayNeedEscaping) else {
                bytes.append(contentsOf: utf8)
                return
            }
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                switch byte {
                case UInt8(ascii: "\n"), UInt8(ascii: "\t"):
                    bytes.append(byte)
                    index += 1
                case 0x1B:
                    if let end = styleEnd(utf8, from: index) {
                        bytes.append(contentsOf: utf8[index..<end])
                        index = end
                    } else {
                        escape(UInt32(byte), into: &bytes)
                        index += 1
                    }
                case 0..<0x20, 0x7F:
                    escape(UInt32(byte), into: &bytes)
                    index += 1
                case 0xC2 where index + 1 < utf8.count && (0x80...0x9F).contains(utf8[index + 1]):
                    // C1 controls (U+0080–U+009F): U+009B is CSI on terminals that take them.
                    escape(UInt32(utf8[index + 1]), into: &bytes)
                    index += 2
                case 0xE2 where index + 2 < utf8.count:
                    let scalar = 0x2000 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
                    if utf8[index + 1] & 0xC0 == 0x80, reordering.contains(scalar) {
                        bytes.append(contentsOf: Array("\\u{\(String(scalar, radix: 16, uppercase: true))}".utf8))
                    } else {
                        bytes.append(contentsOf: utf8[index..<index + 3])
                    }
                    index += 3
                default:
                    bytes.append(byte)
                    index += 1
                }
            }
        }
    }

    /// `text`, escaped.
    public static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` escaped for a place in one line of a message (a file name in `wrote …`): a
    /// line feed or tab in it is shown as `\x0a` or `\x09` too, not broken over two lines.
    public static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t") }) else { return escaped(text) }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": scalars.append(contentsOf: "\\x0a".unicodeScalars)
            case "\t": scalars.append(contentsOf: "\\x09".unicodeScalars)
            default: scalars.append(scalar)
            }
        }
        return escaped(String(scalars))
    }

    /// A byte that starts something `append` may have to escape: most lines have none.
    private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\t")) || byte == 0x7F || byte == 0xC2 || byte == 0xE2
    }

    /// U+200E, U+200F, U+2028 to U+202E, U+2066 to U+2069.
    private static let reordering: Set<UInt32> = [0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                                                  0x2066, 0x2067, 0x2068, 0x2069]

    /// The end of one of `ANSIStyle`'s SGR sequences starting at `start`, if that is one.
    private static func styleEnd(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start + 1 < utf8.count, utf8[start + 1] == UInt8(ascii: "[") else { return nil }
        var index = start + 2
        while index < utf8.count, index - start < 6, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[index]) { index += 1 }
        guard index < utf8.count, utf8[index] == UInt8(ascii: "m"),
              styleCodes.contains(String(decoding: utf8[(start + 2)..<index], as: UTF8.self)) else { return nil }
        return index + 1
    }

    private static func escape(_ value: UInt32, into bytes: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(value >> 4 & 0xF)], hex[Int(value & 0xF)]])
    }
}
