import Foundation

// Between HealthKit's units and Foundation's formatters' (Apple's page: "HKUnit", "Working
// with formatter units"), so an app can show a quantity with `EnergyFormatter`,
// `LengthFormatter` or `MassFormatter`, which Linux's Foundation has too.

extension HKUnit {
    public convenience init(from energyFormatterUnit: EnergyFormatter.Unit) {
        switch energyFormatterUnit {
        case .joule: self.init(from: "J")
        case .kilojoule: self.init(from: "kJ")
        case .calorie: self.init(from: "cal")
        case .kilocalorie: self.init(from: "kcal")
        @unknown default: self.init(from: "J")
        }
    }

    public convenience init(from lengthFormatterUnit: LengthFormatter.Unit) {
        switch lengthFormatterUnit {
        case .millimeter: self.init(from: "mm")
        case .centimeter: self.init(from: "cm")
        case .meter: self.init(from: "m")
        case .kilometer: self.init(from: "km")
        case .inch: self.init(from: "in")
        case .foot: self.init(from: "ft")
        case .yard: self.init(from: "yd")
        case .mile: self.init(from: "mi")
        @unknown default: self.init(from: "m")
        }
    }

    public convenience init(from massFormatterUnit: MassFormatter.Unit) {
        switch massFormatterUnit {
        case .gram: self.init(from: "g")
        case .kilogram: self.init(from: "kg")
        case .ounce: self.init(from: "oz")
        case .pound: self.init(from: "lb")
        case .stone: self.init(from: "st")
        @unknown default: self.init(from: "kg")
        }
    }

    /// The formatter's unit for an energy unit: the one of the same size, else joules (a
    /// millijoule has no formatter unit). A unit of another kind is a programming error, as
    /// Apple's raises an exception for it.
    public static func energyFormatterUnit(from unit: HKUnit) -> EnergyFormatter.Unit {
        formatterUnit(unit, among: [.joule, .kilojoule, .calorie, .kilocalorie], fallback: .joule, kind: "energy", make: HKUnit.init(from:))
    }

    /// The formatter's unit for a length unit: the one of the same size, else metres.
    public static func lengthFormatterUnit(from unit: HKUnit) -> LengthFormatter.Unit {
        formatterUnit(unit, among: [.millimeter, .centimeter, .meter, .kilometer, .inch, .foot, .yard, .mile], fallback: .meter,
                      kind: "length", make: HKUnit.init(from:))
    }

    /// The formatter's unit for a mass unit: the one of the same size, else kilograms.
    public static func massFormatterUnit(from unit: HKUnit) -> MassFormatter.Unit {
        formatterUnit(unit, among: [.gram, .kilogram, .ounce, .pound, .stone], fallback: .kilogram, kind: "mass", make: HKUnit.init(from:))
    }

    private static func formatterUnit<FormatterUnit>(_ unit: HKUnit, among candidates: [FormatterUnit], fallback: FormatterUnit,
                                                     kind: String, make: (FormatterUnit) -> HKUnit) -> FormatterUnit {
        precondition(unit.dimension == make(fallback).dimension, "\(unit) is not a unit of \(kind)")
        return candidates.first { make($0) == unit } ?? fallback
    }
}
