import ArgumentParser

/// A number given as an option's value, read and range-checked where ArgumentParser parses
/// it, so that no command sees one it cannot use: `Double("1e20")`, `inf` and `nan` parse,
/// and a plot given `--max-heart-rate 1e20` died of a conversion to Int (SIGILL) before its
/// own check could say anything. For `@Option(parsing: .unconditional, transform:)`: a number's value
/// may start with a minus sign, which ArgumentParser otherwise takes for an option (`-5`
/// answered "Missing value").
enum NumberOption {
    /// Reads a finite number within `range`; `expected` says what it is, in the error:
    /// `The value '1e20' is invalid for '--max-heart-rate <bpm>': expected a heart rate from 100 to 230 bpm`.
    static func within(_ range: ClosedRange<Double>, _ expected: String) -> @Sendable (String) throws -> Double {
        { text in
            guard let value = Double(text), value.isFinite, range.contains(value) else {
                throw ValidationError("expected \(expected)")
            }
            return value
        }
    }

    /// Reads a whole number (Swift's `Int`: -9223372036854775808 to 9223372036854775807);
    /// `1e20` and `1.5` are refused with the range, not a bare "invalid".
    static func wholeNumber(_ expected: String) -> @Sendable (String) throws -> Int {
        { text in
            guard let value = Int(text) else {
                throw ValidationError("expected \(expected): a whole number from \(Int.min) to \(Int.max)")
            }
            return value
        }
    }
}
