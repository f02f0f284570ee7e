/// An amount in a unit (Apple's page: "HKQuantity").
public final class HKQuantity: Hashable, Comparable, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: immutable.
    let unit: HKUnit
    let value: Double

    public init(unit: HKUnit, doubleValue value: Double) {
        self.unit = unit
        self.value = value
    }

    public func `is`(compatibleWith unit: HKUnit) -> Bool { unit.dimension == self.unit.dimension }

    /// The amount in `unit`. A unit of another dimension is a programming error, as it is
    /// on a watch.
    public func doubleValue(for unit: HKUnit) -> Double {
        precondition(`is`(compatibleWith: unit), "a quantity in \(self.unit) cannot be expressed in \(unit)")
        return (value * self.unit.scale + self.unit.offset - unit.offset) / unit.scale
    }

    /// Orders two quantities of the same dimension.
    public func compare(_ quantity: HKQuantity) -> ComparisonResult {
        let other = quantity.doubleValue(for: unit)
        return value < other ? .orderedAscending : value > other ? .orderedDescending : .orderedSame
    }

    /// The amount in the base units of its dimension (for sums and comparisons).
    var baseValue: Double { value * unit.scale + unit.offset }

    public static func == (lhs: HKQuantity, rhs: HKQuantity) -> Bool {
        lhs.unit.dimension == rhs.unit.dimension && lhs.baseValue == rhs.baseValue
    }

    public static func < (lhs: HKQuantity, rhs: HKQuantity) -> Bool { lhs.compare(rhs) == .orderedAscending }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(unit.dimension)
        hasher.combine(baseValue)
    }

    public var description: String { "\(value) \(unit)" }
}
