import Foundation

/// A log line with interpolated values (Apple's page: "OSLogMessage"), written as a string
/// literal: `"\(count, format: .decimal) laps, \(pace, format: .fixed(precision: 2)) min/km"`.
public struct OSLogMessage: ExpressibleByStringInterpolation, Sendable {
    let text: String

    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: OSLogInterpolation) { text = stringInterpolation.text }
}

/// The values a log line holds, with their formats, alignment and privacy (Apple's page:
/// "OSLogInterpolation"). Values are formatted at once; privacy is accepted and every value
/// shown, as in Xcode's console while debugging.
public struct OSLogInterpolation: StringInterpolationProtocol, Sendable {
    var text = ""

    public init(literalCapacity: Int, interpolationCount: Int) {
        text.reserveCapacity(literalCapacity + 8 * interpolationCount)
    }

    public mutating func appendLiteral(_ literal: String) { text += literal }

    public mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String,
                                             align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        text += align.pad(argumentString())
    }

    public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: @autoclosure @escaping () -> T,
                                                                         align: OSLogStringAlignment = .none,
                                                                         privacy: OSLogPrivacy = .auto) {
        text += align.pad(value().description)
    }

    public mutating func appendInterpolation<T: FixedWidthInteger>(_ number: @autoclosure @escaping () -> T,
                                                                   format: OSLogIntegerFormatting = .decimal,
                                                                   align: OSLogStringAlignment = .none,
                                                                   privacy: OSLogPrivacy = .auto) {
        text += align.pad(format.format(number()))
    }

    public mutating func appendInterpolation(_ number: @autoclosure @escaping () -> Double,
                                             format: OSLogFloatFormatting = .fixed, align: OSLogStringAlignment = .none,
                                             privacy: OSLogPrivacy = .auto) {
        text += align.pad(format.format(number()))
    }

    public mutating func appendInterpolation(_ number: @autoclosure @escaping () -> Float,
                                             format: OSLogFloatFormatting = .fixed, align: OSLogStringAlignment = .none,
                                             privacy: OSLogPrivacy = .auto) {
        text += align.pad(format.format(Double(number())))
    }

    public mutating func appendInterpolation(_ boolean: @autoclosure @escaping () -> Bool, format: OSLogBoolFormat = .truth,
                                             privacy: OSLogPrivacy = .auto) {
        text += format.format(boolean())
    }

    public mutating func appendInterpolation(_ error: @autoclosure @escaping () -> any Error, privacy: OSLogPrivacy = .auto) {
        text += String(describing: error())
    }

    public mutating func appendInterpolation(_ type: @autoclosure @escaping () -> Any.Type, align: OSLogStringAlignment = .none,
                                             privacy: OSLogPrivacy = .auto) {
        text += align.pad(String(describing: type()))
    }

    /// Anything else, as `String(describing:)` shows it.
    public mutating func appendInterpolation<T>(_ value: @autoclosure @escaping () -> T, privacy: OSLogPrivacy = .auto) {
        text += String(describing: value())
    }

    // The same with `attributes:`, which a watch keeps beside the value for tools that read
    // the log; the session log has no such tools, so the value is written as without them.

    public mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none,
                                             privacy: OSLogPrivacy = .auto, attributes: String) {
        appendInterpolation(argumentString(), align: align, privacy: privacy)
    }

    public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: @autoclosure @escaping () -> T,
                                                                         align: OSLogStringAlignment = .none,
                                                                         privacy: OSLogPrivacy = .auto, attributes: String) {
        appendInterpolation(value(), align: align, privacy: privacy)
    }

    public mutating func appendInterpolation<T: FixedWidthInteger>(_ number: @autoclosure @escaping () -> T,
                                                                   format: OSLogIntegerFormatting = .decimal,
                                                                   align: OSLogStringAlignment = .none,
                                                                   privacy: OSLogPrivacy = .auto, attributes: String) {
        appendInterpolation(number(), format: format, align: align, privacy: privacy)
    }

    public mutating func appendInterpolation(_ number: @autoclosure @escaping () -> Double, format: OSLogFloatFormatting = .fixed,
                                             align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto, attributes: String) {
        appendInterpolation(number(), format: format, align: align, privacy: privacy)
    }

    public mutating func appendInterpolation(_ number: @autoclosure @escaping () -> Float, format: OSLogFloatFormatting = .fixed,
                                             align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto, attributes: String) {
        appendInterpolation(number(), format: format, align: align, privacy: privacy)
    }

    public mutating func appendInterpolation(_ error: @autoclosure @escaping () -> any Error, privacy: OSLogPrivacy = .auto,
                                             attributes: String) {
        appendInterpolation(error(), privacy: privacy)
    }

    public mutating func appendInterpolation(_ type: @autoclosure @escaping () -> Any.Type, align: OSLogStringAlignment = .none,
                                             privacy: OSLogPrivacy = .auto, attributes: String) {
        appendInterpolation(type(), align: align, privacy: privacy)
    }

    public mutating func appendInterpolation<T>(_ value: @autoclosure @escaping () -> T, privacy: OSLogPrivacy = .auto,
                                                attributes: String) {
        appendInterpolation(value(), privacy: privacy)
    }
}

/// How an integer is written (Apple's page: "OSLogIntegerFormatting").
public struct OSLogIntegerFormatting: Sendable {
    enum Radix: Sendable { case decimal, hex, octal }

    let radix: Radix
    let explicitPositiveSign: Bool
    let includePrefix: Bool
    let uppercase: Bool
    let minDigits: Int?

    public static var decimal: OSLogIntegerFormatting { decimal() }
    public static var hex: OSLogIntegerFormatting { hex() }
    public static var octal: OSLogIntegerFormatting { octal() }

    public static func decimal(explicitPositiveSign: Bool = false, minDigits: @autoclosure @escaping () -> Int) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(radix: .decimal, explicitPositiveSign: explicitPositiveSign, includePrefix: false, uppercase: false,
                               minDigits: minDigits())
    }

    public static func decimal(explicitPositiveSign: Bool = false) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(radix: .decimal, explicitPositiveSign: explicitPositiveSign, includePrefix: false, uppercase: false,
                               minDigits: nil)
    }

    public static func hex(explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
                           minDigits: @autoclosure @escaping () -> Int) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(radix: .hex, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
                               uppercase: uppercase, minDigits: minDigits())
    }

    public static func hex(explicitPositiveSign: Bool = false, includePrefix: Bool = false,
                           uppercase: Bool = false) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(radix: .hex, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
                               uppercase: uppercase, minDigits: nil)
    }

    public static func octal(explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
                             minDigits: @autoclosure @escaping () -> Int) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(radix: .octal, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
                               uppercase: uppercase, minDigits: minDigits())
    }

    public static func octal(explicitPositiveSign: Bool = false, includePrefix: Bool = false,
                             uppercase: Bool = false) -> OSLogIntegerFormatting {
        OSLogIntegerFormatting(radix: .octal, explicitPositiveSign: explicitPositiveSign, includePrefix: includePrefix,
                               uppercase: uppercase, minDigits: nil)
    }

    func format<T: FixedWidthInteger>(_ number: T) -> String {
        let base = radix == .decimal ? 10 : radix == .hex ? 16 : 8
        var digits = String(number.magnitude, radix: base, uppercase: uppercase)
        if let minDigits, digits.count < minDigits { digits = String(repeating: "0", count: minDigits - digits.count) + digits }
        let prefix = includePrefix ? (radix == .hex ? "0x" : radix == .octal ? "0" : "") : ""
        let sign = number < 0 ? "-" : explicitPositiveSign ? "+" : ""
        return sign + prefix + digits
    }
}

/// How a floating-point number is written (Apple's page: "OSLogFloatFormatting").
public struct OSLogFloatFormatting: Sendable {
    enum Style: Sendable { case fixed, exponential, hybrid, hex }

    let style: Style
    let precision: Int?
    let explicitPositiveSign: Bool
    let uppercase: Bool

    public static var fixed: OSLogFloatFormatting { fixed() }
    public static var exponential: OSLogFloatFormatting { exponential() }
    public static var hybrid: OSLogFloatFormatting { hybrid() }
    public static var hex: OSLogFloatFormatting { hex() }

    public static func fixed(precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false,
                             uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(style: .fixed, precision: precision(), explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    public static func fixed(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(style: .fixed, precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    public static func exponential(precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false,
                                   uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(style: .exponential, precision: precision(), explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    public static func exponential(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(style: .exponential, precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    public static func hybrid(precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false,
                              uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(style: .hybrid, precision: precision(), explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    public static func hybrid(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(style: .hybrid, precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    public static func hex(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        OSLogFloatFormatting(style: .hex, precision: nil, explicitPositiveSign: explicitPositiveSign, uppercase: uppercase)
    }

    /// As printf writes it: `%f` (six places unless a precision is given), `%e`, `%g`, `%a`.
    func format(_ number: Double) -> String {
        var conversion: String
        switch style {
        case .fixed: conversion = "f"
        case .exponential: conversion = "e"
        case .hybrid: conversion = "g"
        case .hex: conversion = "a"
        }
        if uppercase { conversion = conversion.uppercased() }
        let flags = explicitPositiveSign ? "+" : ""
        let precisionPart = precision.map { ".\($0)" } ?? ""
        return String(format: "%\(flags)\(precisionPart)\(conversion)", number)
    }
}

/// How a Boolean is written (Apple's page: "OSLogBoolFormat").
public enum OSLogBoolFormat: Sendable {
    /// `true` / `false`.
    case truth
    /// `YES` / `NO`.
    case answer

    func format(_ value: Bool) -> String {
        switch self {
        case .truth: value ? "true" : "false"
        case .answer: value ? "YES" : "NO"
        }
    }
}

/// Padding a value to a column width (Apple's page: "OSLogStringAlignment").
public struct OSLogStringAlignment: Sendable {
    let columns: Int
    let left: Bool

    public static var none: OSLogStringAlignment { OSLogStringAlignment(columns: 0, left: false) }

    public static func right(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment {
        OSLogStringAlignment(columns: columns(), left: false)
    }

    public static func left(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment {
        OSLogStringAlignment(columns: columns(), left: true)
    }

    func pad(_ text: String) -> String {
        guard text.count < columns else { return text }
        let padding = String(repeating: " ", count: columns - text.count)
        return left ? text + padding : padding + text
    }
}

/// Who may read a value (Apple's page: "OSLogPrivacy"). Accepted; the session log, like
/// Xcode's console while debugging, shows every value.
public struct OSLogPrivacy: Sendable, Equatable {
    /// How a private value would be masked (Apple's page: "OSLogPrivacy.Mask").
    public struct Mask: Sendable, Equatable {
        let name: String
        public static var hash: Mask { Mask(name: "hash") }
        public static var none: Mask { Mask(name: "none") }
    }

    let level: String
    let mask: Mask

    public static var auto: OSLogPrivacy { OSLogPrivacy(level: "auto", mask: .none) }
    public static var `public`: OSLogPrivacy { OSLogPrivacy(level: "public", mask: .none) }
    public static var `private`: OSLogPrivacy { OSLogPrivacy(level: "private", mask: .none) }
    public static var sensitive: OSLogPrivacy { OSLogPrivacy(level: "sensitive", mask: .none) }

    public static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: "auto", mask: mask) }
    public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: "private", mask: mask) }
    public static func sensitive(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: "sensitive", mask: mask) }
}
