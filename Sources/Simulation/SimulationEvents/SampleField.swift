import ActionButtonCore
import AppIntents

/// One reading a sample may hold: the one table that the session store's and the lab's
/// sample columns, the session log's keys, the plausibility checks of what a store reads
/// back, and `SampleFields`' bits (Telemetry) are made from. In the stores' column order.
///
/// The stores' migrations keep their own `CREATE TABLE` text (a migration that has run must
/// never change); tests hold both schemas to this table.
public enum SampleField: Int, CaseIterable, Sendable {
    case heartRate, activeEnergy, distance, speed, cadence, strokes, depth, pressure, waterTemperature, submerged

    /// The column in both stores, and the key in the session log's sample lines.
    public var column: String { key.description }

    /// `column`, as the log's writer takes a key.
    public var key: StaticString {
        switch self {
        case .heartRate: "heart_rate"
        case .activeEnergy: "active_energy"
        case .distance: "distance"
        case .speed: "speed"
        case .cadence: "cadence"
        case .strokes: "strokes"
        case .depth: "depth"
        case .pressure: "pressure"
        case .waterTemperature: "water_temperature"
        case .submerged: "submerged"
        }
    }

    /// In words, as a message about a stored value says it.
    public var name: String {
        switch self {
        case .heartRate: "heart rate"
        case .activeEnergy: "active energy"
        case .waterTemperature: "water temperature"
        default: key.description
        }
    }

    /// The values a store may hold (in the units `SensorSample` documents): what is read back
    /// outside them is damage, said as such.
    public var plausible: ClosedRange<Double> {
        switch self {
        case .heartRate: 0...400
        case .activeEnergy: 0...1e6
        case .distance: 0...1e8
        case .speed: 0...1000
        case .cadence: 0...1000
        case .strokes: 0...1e7
        case .depth: -100...12_000
        case .pressure: 0...200_000
        case .waterTemperature: -100...200
        case .submerged: 0...1
        }
    }

    /// The number a sample holds for it; nil where it has none, and for `submerged` (a flag).
    /// A switch rather than `reading`'s key path: the log's writer and the store's insert
    /// read every field of every sample.
    @inlinable
    public func number(in sample: SensorSample) -> Double? {
        switch self {
        case .heartRate: sample.heartRate
        case .activeEnergy: sample.activeEnergy
        case .distance: sample.distance
        case .speed: sample.speed
        case .cadence: sample.cadence
        case .strokes: sample.strokes
        case .depth: sample.depth
        case .pressure: sample.pressure
        case .waterTemperature: sample.waterTemperature
        case .submerged: nil
        }
    }

    /// Where a sample holds it, for the numbers; nil for `submerged`, a flag.
    public var reading: WritableKeyPath<SensorSample, Double?>? {
        switch self {
        case .heartRate: \.heartRate
        case .activeEnergy: \.activeEnergy
        case .distance: \.distance
        case .speed: \.speed
        case .cadence: \.cadence
        case .strokes: \.strokes
        case .depth: \.depth
        case .pressure: \.pressure
        case .waterTemperature: \.waterTemperature
        case .submerged: nil
        }
    }

    /// The numbers, in column order (every field but `submerged`).
    public static let readings: [SampleField] = allCases.filter { $0 != .submerged }
}

extension SampleField {
    /// What a session of `kind` records, in column order: a workout's body and motion, a
    /// dive's water. The exports' columns come from it.
    public static func recorded(in kind: SessionLifecycle.Kind) -> [SampleField] {
        switch kind {
        case .workout: [.heartRate, .activeEnergy, .distance, .speed, .cadence, .strokes]
        case .dive: [.depth, .pressure, .waterTemperature, .submerged]
        }
    }

    /// The column in a CSV export: the key with its unit, as a spreadsheet's header shows it.
    public var exportColumn: String {
        switch self {
        case .heartRate: "heart_rate_bpm"
        case .activeEnergy: "active_energy_kcal"
        case .distance: "distance_m"
        case .speed: "speed_m_s"
        case .cadence: "cadence_per_min"
        case .strokes: "strokes"
        case .depth: "depth_m"
        case .pressure: "pressure_kpa"
        case .waterTemperature: "water_temperature_c"
        case .submerged: "submerged"
        }
    }

    /// The decimals an export writes: finer than the sensor's resolution, never noise.
    public var exportDecimals: Int {
        switch self {
        case .heartRate, .cadence: 1
        case .distance, .waterTemperature: 2
        case .activeEnergy, .speed, .depth, .pressure: 3
        case .strokes, .submerged: 0
        }
    }
}
