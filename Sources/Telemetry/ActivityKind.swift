/// How a workout moves, which decides its pace model and what it counts besides heart
/// rate (T1). A workout style is an app's own word ("running", "trail-run"); this is the
/// physics behind it.
public enum ActivityKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case walking, running, cycling, swimming
    /// A workout with no distance model (strength, yoga, ...): heart rate and energy only.
    case other

    public var description: String { rawValue }

    /// The kind a workout style most likely means, by the words in it; `other` if none fits.
    public static func guess(fromStyle style: String?) -> ActivityKind {
        guard let style = style?.lowercased() else { return .other }
        if let exact = ActivityKind(rawValue: style) { return exact }
        let words: [(String, ActivityKind)] = [("swim", .swimming), ("cycl", .cycling), ("bik", .cycling), ("ride", .cycling),
                                               ("run", .running), ("jog", .running), ("walk", .walking), ("hik", .walking)]
        return words.first { style.contains($0.0) }?.1 ?? .other
    }

    /// The share of heart-rate reserve a steady session of this kind settles at.
    var intensity: Double {
        switch self {
        case .walking: 0.35
        case .running: 0.68
        case .cycling: 0.58
        case .swimming: 0.62
        case .other: 0.45
        }
    }

    /// Speed (m/s) at that steady intensity: a 10:40/km walk, a 5:45/km run, 27 km/h on a
    /// bike, 1:50/100 m in the pool. nil where the kind does not move.
    var cruisingSpeed: Double? {
        switch self {
        case .walking: 1.56
        case .running: 2.9
        case .cycling: 7.5
        case .swimming: 0.91
        case .other: nil
        }
    }
}
