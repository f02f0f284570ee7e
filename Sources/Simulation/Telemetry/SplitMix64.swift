import Foundation

/// A seeded random number generator: Steele, Lea and Flood's SplitMix64 ("Fast splittable
/// pseudorandom number generators", OOPSLA 2014). Sensors need repeatable noise, not
/// cryptography: the same seed and scenario give the same samples on every machine.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// Standard normal, by Box–Muller (one of the pair; the sensors draw few numbers).
    public mutating func gaussian() -> Double {
        let u1 = max(unit(), 0x1.0p-53)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// A generator for one stream of a run (a session, a sensor), independent of the
    /// others drawn from the same seed.
    public static func stream(seed: Int, index: Int) -> SplitMix64 {
        var mixer = SplitMix64(seed: UInt64(bitPattern: Int64(seed)))
        for _ in 0...index { _ = mixer.next() }
        return SplitMix64(seed: mixer.next() ^ UInt64(index) &* 0xD1B5_4A32_D192_ED03)
    }
}
