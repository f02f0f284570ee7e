import ActionButtonCore

/// How hard and how fast each sensor model goes at its steady state (T1).
extension ActivityKind {
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
