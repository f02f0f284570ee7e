/// A unit of measure. Only the units the simulated sensors report, and the yard Apple's
/// swimming example sets its lap length in.
public struct HKUnit: Hashable, Sendable, CustomStringConvertible {
    /// The unit's symbol, as HealthKit spells it (`m`, `kcal`, `count/min`).
    public let unitString: String
    /// How many of the dimension's base unit (metre, kilocalorie, count, second) one of this is.
    let scale: Double
    let dimension: String

    init(_ unitString: String, scale: Double, dimension: String) {
        self.unitString = unitString
        self.scale = scale
        self.dimension = dimension
    }

    public static func meter() -> HKUnit { HKUnit("m", scale: 1, dimension: "length") }
    public static func yard() -> HKUnit { HKUnit("yd", scale: 0.9144, dimension: "length") }
    public static func kilocalorie() -> HKUnit { HKUnit("kcal", scale: 1, dimension: "energy") }
    public static func count() -> HKUnit { HKUnit("count", scale: 1, dimension: "count") }
    public static func minute() -> HKUnit { HKUnit("min", scale: 60, dimension: "time") }
    public static func second() -> HKUnit { HKUnit("s", scale: 1, dimension: "time") }
    public static func degreeCelsius() -> HKUnit { HKUnit("degC", scale: 1, dimension: "temperature") }

    /// `count/min` for heart rate, `m/s` for speed.
    public func unitDivided(by unit: HKUnit) -> HKUnit {
        HKUnit("\(unitString)/\(unit.unitString)", scale: scale / unit.scale, dimension: "\(dimension)/\(unit.dimension)")
    }

    public var description: String { unitString }
}

/// An amount in a unit.
public struct HKQuantity: Hashable, Sendable, CustomStringConvertible {
    let unit: HKUnit
    let value: Double

    public init(unit: HKUnit, doubleValue: Double) {
        self.unit = unit
        self.value = doubleValue
    }

    public func `is`(compatibleWith unit: HKUnit) -> Bool { unit.dimension == self.unit.dimension }

    /// The amount in `unit`. A unit of another dimension is a programming error, as in HealthKit.
    public func doubleValue(for unit: HKUnit) -> Double {
        precondition(`is`(compatibleWith: unit), "\(self.unit) cannot be converted to \(unit)")
        return value * self.unit.scale / unit.scale
    }

    public var description: String { "\(value) \(unit)" }
}
