/// A unit of measure (Apple's page: "HKUnit"): the base units HealthKit knows, SI prefixes,
/// and arithmetic on them (`HKUnit.count().unitDivided(by: .minute())` is `count/min`).
/// Two units are equal when they measure the same thing on the same scale, however built.
public final class HKUnit: Hashable, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: immutable.
    /// How HealthKit writes the unit (`m`, `kcal`, `count/min`).
    public let unitString: String
    /// Exponents of the base dimensions (m, kg, s, count, K).
    let dimension: [String: Int]
    /// One of this unit in the base units of its dimension.
    let scale: Double
    /// Added after scaling (degrees Celsius and Fahrenheit to kelvin); 0 for every other unit.
    let offset: Double

    init(_ unitString: String, dimension: [String: Int], scale: Double, offset: Double = 0) {
        self.unitString = unitString
        self.dimension = dimension.filter { $0.value != 0 }
        self.scale = scale
        self.offset = offset
    }

    /// The unit a HealthKit unit string names (`"count/min"`, `"kcal"`, `"m/s"`, `"ml/kg*min"`).
    /// A string that names no unit is a programming error, as it is on a watch.
    public convenience init(from string: String) {
        guard let unit = UnitParser.parse(string) else {
            preconditionFailure("\"\(string)\" is not a HealthKit unit string")
        }
        self.init(string, dimension: unit.dimension, scale: unit.scale, offset: unit.offset)
    }

    public static func == (lhs: HKUnit, rhs: HKUnit) -> Bool {
        lhs.dimension == rhs.dimension && abs(lhs.scale - rhs.scale) <= 1e-12 * Swift.max(abs(lhs.scale), abs(rhs.scale))
            && lhs.offset == rhs.offset
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(dimension) }
    public var description: String { unitString }

    // MARK: Arithmetic

    public func unitMultiplied(by unit: HKUnit) -> HKUnit {
        HKUnit("\(Self.group(unitString))·\(Self.group(unit.unitString))",
               dimension: dimension.merging(unit.dimension, uniquingKeysWith: +), scale: scale * unit.scale)
    }

    public func unitDivided(by unit: HKUnit) -> HKUnit {
        HKUnit("\(Self.group(unitString))/\(Self.group(unit.unitString))",
               dimension: dimension.merging(unit.dimension.mapValues { -$0 }, uniquingKeysWith: +), scale: scale / unit.scale)
    }

    public func unitRaised(toPower power: Int) -> HKUnit {
        HKUnit("\(Self.group(unitString))^\(power)", dimension: dimension.mapValues { $0 * power }, scale: Foundation.pow(scale, Double(power)))
    }

    public func reciprocal() -> HKUnit {
        HKUnit("1/\(Self.group(unitString))", dimension: dimension.mapValues { -$0 }, scale: 1 / scale)
    }

    /// Whether the unit is the dimensionless unit of nothing (`HKUnit(from: "")`).
    public func isNull() -> Bool { dimension.isEmpty && scale == 1 && unitString.isEmpty }

    private static func group(_ text: String) -> String {
        text.contains(where: { "/·*^".contains($0) }) ? "(\(text))" : text
    }

    // MARK: Units

    static func base(_ symbol: String, _ dimension: String, scale: Double = 1, prefix: HKMetricPrefix = .none) -> HKUnit {
        HKUnit(prefix.symbol + symbol, dimension: [dimension: 1], scale: scale * prefix.factor)
    }

    public static func meter() -> HKUnit { base("m", "m") }
    public static func meterUnit(with prefix: HKMetricPrefix) -> HKUnit { base("m", "m", prefix: prefix) }
    public static func inch() -> HKUnit { base("in", "m", scale: 0.0254) }
    public static func foot() -> HKUnit { base("ft", "m", scale: 0.3048) }
    public static func yard() -> HKUnit { base("yd", "m", scale: 0.9144) }
    public static func mile() -> HKUnit { base("mi", "m", scale: 1609.344) }

    public static func gram() -> HKUnit { base("g", "kg", scale: 0.001) }
    public static func gramUnit(with prefix: HKMetricPrefix) -> HKUnit { base("g", "kg", scale: 0.001, prefix: prefix) }
    public static func ounce() -> HKUnit { base("oz", "kg", scale: 0.028349523125) }
    public static func pound() -> HKUnit { base("lb", "kg", scale: 0.45359237) }
    public static func stone() -> HKUnit { base("st", "kg", scale: 6.35029318) }

    public static func second() -> HKUnit { base("s", "s") }
    public static func secondUnit(with prefix: HKMetricPrefix) -> HKUnit { base("s", "s", prefix: prefix) }
    public static func minute() -> HKUnit { base("min", "s", scale: 60) }
    public static func hour() -> HKUnit { base("hr", "s", scale: 3600) }
    public static func day() -> HKUnit { base("d", "s", scale: 86400) }

    public static func count() -> HKUnit { base("count", "count") }
    public static func percent() -> HKUnit { HKUnit("%", dimension: [:], scale: 1) }

    public static func joule() -> HKUnit { energy("J", 1) }
    public static func jouleUnit(with prefix: HKMetricPrefix) -> HKUnit { energy(prefix.symbol + "J", prefix.factor) }
    public static func kilocalorie() -> HKUnit { energy("kcal", 4184) }
    public static func smallCalorie() -> HKUnit { energy("cal", 4.184) }
    public static func largeCalorie() -> HKUnit { energy("Cal", 4184) }
    /// The calorie of watchOS 2 and 3: the small calorie (4.184 J). Deprecated by Apple for the
    /// two above, which say which calorie they mean.
    @available(watchOS, introduced: 2.0, deprecated: 4.0, message: "Use smallCalorie() or largeCalorie()")
    public static func calorie() -> HKUnit { smallCalorie() }

    public static func watt() -> HKUnit { power("W", 1) }
    public static func wattUnit(with prefix: HKMetricPrefix) -> HKUnit { power(prefix.symbol + "W", prefix.factor) }

    public static func pascal() -> HKUnit { pressure("Pa", 1) }
    public static func pascalUnit(with prefix: HKMetricPrefix) -> HKUnit { pressure(prefix.symbol + "Pa", prefix.factor) }
    public static func atmosphere() -> HKUnit { pressure("atm", 101_325) }
    public static func millimeterOfMercury() -> HKUnit { pressure("mmHg", 133.322387415) }
    public static func centimeterOfWater() -> HKUnit { pressure("cmAq", 98.0665) }

    public static func liter() -> HKUnit { HKUnit("L", dimension: ["m": 3], scale: 0.001) }
    public static func literUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(prefix.symbol + "L", dimension: ["m": 3], scale: 0.001 * prefix.factor) }

    public static func kelvin() -> HKUnit { HKUnit("K", dimension: ["K": 1], scale: 1) }
    public static func degreeCelsius() -> HKUnit { HKUnit("degC", dimension: ["K": 1], scale: 1, offset: 273.15) }
    public static func degreeFahrenheit() -> HKUnit { HKUnit("degF", dimension: ["K": 1], scale: 5.0 / 9, offset: 459.67 * 5 / 9) }

    /// Pressure in inches of mercury.
    public static func inchesOfMercury() -> HKUnit { pressure("inHg", 3386.389) }

    // Volume beyond the litre: the US and imperial fluid ounce, pint and cup.
    public static func fluidOunceUS() -> HKUnit { volume("fl_oz_us", 0.0295735295625) }
    public static func fluidOunceImperial() -> HKUnit { volume("fl_oz_imp", 0.0284130625) }
    public static func pintUS() -> HKUnit { volume("pt_us", 0.473176473) }
    public static func pintImperial() -> HKUnit { volume("pt_imp", 0.56826125) }
    public static func cupUS() -> HKUnit { volume("cup_us", 0.2365882365) }
    public static func cupImperial() -> HKUnit { volume("cup_imp", 0.284130625) }

    /// Mass counted in moles of a substance of the given molar mass (grams per mole): it
    /// converts to grams, as on a watch (`HKUnitMolarMassBloodGlucose` for blood glucose).
    public static func moleUnit(withMolarMass gramsPerMole: Double) -> HKUnit { moleUnit(with: .none, molarMass: gramsPerMole) }
    public static func moleUnit(with prefix: HKMetricPrefix, molarMass gramsPerMole: Double) -> HKUnit {
        HKUnit("\(prefix.symbol)mol<\(gramsPerMole)>", dimension: ["kg": 1], scale: 0.001 * gramsPerMole * prefix.factor)
    }

    // Frequency, electricity, light and angles.
    public static func hertz() -> HKUnit { hertzUnit(with: .none) }
    public static func hertzUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(prefix.symbol + "Hz", dimension: ["s": -1], scale: prefix.factor) }
    public static func volt() -> HKUnit { voltUnit(with: .none) }
    public static func voltUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(prefix.symbol + "V", dimension: ["kg": 1, "m": 2, "s": -3, "A": -1], scale: prefix.factor)
    }
    public static func siemen() -> HKUnit { siemenUnit(with: .none) }
    public static func siemenUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(prefix.symbol + "S", dimension: ["kg": -1, "m": -2, "s": 3, "A": 2], scale: prefix.factor)
    }
    public static func lux() -> HKUnit { luxUnit(with: .none) }
    public static func luxUnit(with prefix: HKMetricPrefix) -> HKUnit { HKUnit(prefix.symbol + "lx", dimension: ["lx": 1], scale: prefix.factor) }
    public static func radianAngle() -> HKUnit { radianAngleUnit(with: .none) }
    public static func radianAngleUnit(with prefix: HKMetricPrefix) -> HKUnit {
        HKUnit(prefix.symbol + "rad", dimension: ["rad": 1], scale: prefix.factor)
    }
    public static func degreeAngle() -> HKUnit { HKUnit("deg", dimension: ["rad": 1], scale: Double.pi / 180) }

    // Units that convert only to themselves here: sound levels (logarithmic), the
    // pharmacological international unit, lens powers and the watch's effort score.
    public static func decibelAWeightedSoundPressureLevel() -> HKUnit { HKUnit("dBASPL", dimension: ["dBASPL": 1], scale: 1) }
    public static func decibelHearingLevel() -> HKUnit { HKUnit("dBHL", dimension: ["dBHL": 1], scale: 1) }
    public static func internationalUnit() -> HKUnit { HKUnit("IU", dimension: ["IU": 1], scale: 1) }
    public static func diopter() -> HKUnit { HKUnit("D", dimension: ["D": 1], scale: 1) }
    public static func prismDiopter() -> HKUnit { HKUnit("pD", dimension: ["pD": 1], scale: 1) }
    public static func appleEffortScore() -> HKUnit { HKUnit("appleEffortScore", dimension: ["appleEffortScore": 1], scale: 1) }

    private static func volume(_ symbol: String, _ liters: Double) -> HKUnit {
        HKUnit(symbol, dimension: ["m": 3], scale: liters * 0.001)
    }

    private static func energy(_ symbol: String, _ joules: Double) -> HKUnit {
        HKUnit(symbol, dimension: ["kg": 1, "m": 2, "s": -2], scale: joules)
    }

    private static func power(_ symbol: String, _ watts: Double) -> HKUnit {
        HKUnit(symbol, dimension: ["kg": 1, "m": 2, "s": -3], scale: watts)
    }

    private static func pressure(_ symbol: String, _ pascals: Double) -> HKUnit {
        HKUnit(symbol, dimension: ["kg": 1, "m": -1, "s": -2], scale: pascals)
    }
}

/// SI prefixes (Apple's page: "HKMetricPrefix").
public enum HKMetricPrefix: Int, Hashable, Sendable {
    case none = 0, pico, nano, micro, milli, centi, deci, deca, hecto, kilo, mega, giga, tera, femto

    var factor: Double {
        switch self {
        case .none: 1
        case .femto: 1e-15
        case .pico: 1e-12
        case .nano: 1e-9
        case .micro: 1e-6
        case .milli: 1e-3
        case .centi: 1e-2
        case .deci: 1e-1
        case .deca: 1e1
        case .hecto: 1e2
        case .kilo: 1e3
        case .mega: 1e6
        case .giga: 1e9
        case .tera: 1e12
        }
    }

    /// As HealthKit writes it in unit strings (`mc` for micro).
    var symbol: String {
        switch self {
        case .none: ""
        case .femto: "f"
        case .pico: "p"
        case .nano: "n"
        case .micro: "mc"
        case .milli: "m"
        case .centi: "c"
        case .deci: "d"
        case .deca: "da"
        case .hecto: "h"
        case .kilo: "k"
        case .mega: "M"
        case .giga: "G"
        case .tera: "T"
        }
    }
}

/// Reads HealthKit unit strings: products (`*` or `·`), one quotient (`/`), parentheses,
/// powers (`^2`) and prefixed units (`km`, `mL`, `kcal`).
enum UnitParser {
    struct Parsed {
        var dimension: [String: Int] = [:]
        var scale = 1.0
        var offset = 0.0
    }

    static func parse(_ text: String) -> Parsed? {
        let trimmed = text.filter { !$0.isWhitespace }
        if trimmed.isEmpty { return Parsed() }
        var index = trimmed.startIndex
        guard let result = expression(trimmed, &index), index == trimmed.endIndex else { return nil }
        return result
    }

    private static func expression(_ text: String, _ index: inout String.Index) -> Parsed? {
        guard var result = product(text, &index) else { return nil }
        if index < text.endIndex, text[index] == "/" {
            index = text.index(after: index)
            guard let denominator = product(text, &index) else { return nil }
            result.dimension.merge(denominator.dimension.mapValues { -$0 }, uniquingKeysWith: +)
            result.scale /= denominator.scale
            result.offset = 0
        }
        return result
    }

    private static func product(_ text: String, _ index: inout String.Index) -> Parsed? {
        guard var result = factor(text, &index) else { return nil }
        while index < text.endIndex, "*·.".contains(text[index]) {
            index = text.index(after: index)
            guard let next = factor(text, &index) else { return nil }
            result.dimension.merge(next.dimension, uniquingKeysWith: +)
            result.scale *= next.scale
            result.offset = 0
        }
        return result
    }

    private static func factor(_ text: String, _ index: inout String.Index) -> Parsed? {
        var result: Parsed
        if text[index] == "(" {
            index = text.index(after: index)
            guard let inner = expression(text, &index), index < text.endIndex, text[index] == ")" else { return nil }
            index = text.index(after: index)
            result = inner
        } else {
            let start = index
            while index < text.endIndex, text[index].isLetter || "%_".contains(text[index]) { index = text.index(after: index) }
            let name = String(text[start..<index])
            if index < text.endIndex, text[index] == "<" {
                // A mole of a substance: `mol<180.156>`, `mmol<180.156>` (molar mass in g/mol).
                let massStart = text.index(after: index)
                guard let close = text[massStart...].firstIndex(of: ">"), let mass = Double(text[massStart..<close]), mass > 0,
                      let prefix = molePrefix(name) else { return nil }
                index = text.index(after: close)
                let unit = HKUnit.moleUnit(with: prefix, molarMass: mass)
                result = Parsed(dimension: unit.dimension, scale: unit.scale, offset: 0)
            } else {
                guard let unit = symbol(name) else { return nil }
                result = Parsed(dimension: unit.dimension, scale: unit.scale, offset: unit.offset)
            }
        }
        if index < text.endIndex, text[index] == "^" {
            index = text.index(after: index)
            let start = index
            if index < text.endIndex, text[index] == "-" { index = text.index(after: index) }
            while index < text.endIndex, text[index].isNumber { index = text.index(after: index) }
            guard let power = Int(text[start..<index]) else { return nil }
            result.dimension = result.dimension.mapValues { $0 * power }
            result.scale = Foundation.pow(result.scale, Double(power))
            result.offset = 0
        }
        return result
    }

    private static let units: [String: HKUnit] = {
        var table: [String: HKUnit] = [:]
        for unit in [HKUnit.meter(), .inch(), .foot(), .yard(), .mile(), .gram(), .ounce(), .pound(), .stone(),
                     .second(), .minute(), .hour(), .day(), .count(), .percent(), .joule(), .kilocalorie(),
                     .smallCalorie(), .largeCalorie(), .watt(), .pascal(), .atmosphere(), .millimeterOfMercury(),
                     .centimeterOfWater(), .liter(), .kelvin(), .degreeCelsius(), .degreeFahrenheit(), .inchesOfMercury(),
                     .fluidOunceUS(), .fluidOunceImperial(), .pintUS(), .pintImperial(), .cupUS(), .cupImperial(),
                     .hertz(), .volt(), .siemen(), .lux(), .radianAngle(), .degreeAngle(), .decibelAWeightedSoundPressureLevel(),
                     .decibelHearingLevel(), .internationalUnit(), .diopter(), .prismDiopter(), .appleEffortScore()] {
            table[unit.unitString] = unit
        }
        table["l"] = HKUnit("l", dimension: ["m": 3], scale: 0.001)
        return table
    }()

    /// Prefixable base symbols.
    private static let prefixable: Set<String> = ["m", "g", "s", "J", "W", "Pa", "L", "l", "Hz", "V", "S", "lx", "rad"]

    private static let prefixes: [HKMetricPrefix] = [.micro, .deca, .femto, .pico, .nano, .milli, .centi, .deci, .hecto, .kilo,
                                                     .mega, .giga, .tera]

    /// The prefix before `mol` in a mole unit's name (`mmol` is milli), `.none` for `mol`.
    private static func molePrefix(_ name: String) -> HKMetricPrefix? {
        guard name.hasSuffix("mol") else { return nil }
        let prefix = String(name.dropLast(3))
        return prefix.isEmpty ? HKMetricPrefix.none : prefixes.first { $0.symbol == prefix }
    }

    private static func symbol(_ symbol: String) -> HKUnit? {
        if let unit = units[symbol] { return unit }
        for prefix in prefixes where symbol.hasPrefix(prefix.symbol) {
            let rest = String(symbol.dropFirst(prefix.symbol.count))
            guard prefixable.contains(rest), let base = units[rest] else { continue }
            return HKUnit(symbol, dimension: base.dimension, scale: base.scale * prefix.factor)
        }
        return nil
    }
}

/// The molar mass of glucose in grams per mole, for `HKUnit.moleUnit(with:molarMass:)` when
/// measuring blood glucose in moles.
public let HKUnitMolarMassBloodGlucose: Double = 180.15588000005408
