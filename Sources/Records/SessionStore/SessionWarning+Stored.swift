import Foundation
import SimulationEvents

/// How the store keeps a warning beside its sentence (`events.detail`, in SQLite and in a
/// lab): its coded form (`{"code": ..., the numbers, "text": ...}`) as compact JSON.
extension SessionWarning {
    /// The form the store keeps: the coded form as compact JSON, keys sorted.
    public var storedForm: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a code, numbers and a string cannot fail (the numbers are finite:
        // the sensors make them from range-checked settings).
        return (try? encoder.encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? #"{"code":"\#(code.rawValue)"}"#
    }

    /// The code of a stored form, even one without its numbers.
    public static func code(ofStoredForm storedForm: String?) -> Code? {
        struct Coded: Decodable { var code: Code }
        guard let data = storedForm?.data(using: .utf8) else { return nil }
        return (try? JSONDecoder().decode(Coded.self, from: data))?.code
    }

    /// A warning from the store's form; nil for none or one this version cannot read.
    public init?(storedForm: String?) {
        guard let storedForm, let data = storedForm.data(using: .utf8),
              let warning = try? JSONDecoder().decode(SessionWarning.self, from: data) else { return nil }
        self = warning
    }
}
