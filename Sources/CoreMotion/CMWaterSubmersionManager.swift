import AppIntents
import Foundation
import Synchronization

/// Told of submersion events, depth and pressure measurements and water temperature, as
/// CoreMotion's delegate is. Every method is optional. Called inside the simulated watch,
/// once per sensor sample, on the engine's time line (an actor implements these
/// `nonisolated` and hands the data on with `Task { await ... }`, as Apple's examples do).
public protocol CMWaterSubmersionManagerDelegate: AnyObject, Sendable {
    func manager(_ manager: CMWaterSubmersionManager, didUpdate event: CMWaterSubmersionEvent)
    func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterSubmersionMeasurement)
    func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterTemperature)
    func manager(_ manager: CMWaterSubmersionManager, errorOccurred error: any Error)
}

extension CMWaterSubmersionManagerDelegate {
    public func manager(_ manager: CMWaterSubmersionManager, didUpdate event: CMWaterSubmersionEvent) {}
    public func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterSubmersionMeasurement) {}
    public func manager(_ manager: CMWaterSubmersionManager, didUpdate measurement: CMWaterTemperature) {}
    public func manager(_ manager: CMWaterSubmersionManager, errorOccurred error: any Error) {}
}

/// Live depth, water pressure and water temperature (T2), from the simulated dive sensors.
///
/// The manager belongs to the watch on which its delegate was set (the moment a real one
/// starts delivering). It turns each dive sample into what CoreMotion would send: an event
/// when the submersion state changes, a measurement, and, under water, a temperature.
public final class CMWaterSubmersionManager: SensorReadingObserver, Sendable {
    private struct Weak {
        weak var delegate: (any CMWaterSubmersionManagerDelegate)?
    }

    private struct Values {
        var delegate = Weak()
        var host: (any ActionButtonHost)?
        var submerged: Bool?
    }

    /// Submersion data is available on every simulated watch (an Apple Watch Ultra).
    public static var waterSubmersionAvailable: Bool { true }

    /// The deepest the watch measures: 40 m, the full Submerged Depth and Pressure entitlement.
    public var maximumDepth: Measurement<UnitLength>? { Measurement(value: Self.maximumDepthMetres, unit: .meters) }

    static let maximumDepthMetres = 40.0
    /// Air pressure at sea level, when a sample gives no way to tell the surface pressure.
    static let standardSurfacePressure = 101.325
    /// Seawater, as the dive sensors model it (T2): kg/m³ and m/s².
    static let seawaterDensity = 1025.0
    static let gravity = 9.80665

    private let values = Mutex(Values())

    public init() {}

    public var delegate: (any CMWaterSubmersionManagerDelegate)? {
        get { values.withLock { $0.delegate.delegate } }
        set {
            let host = ActionButtonRuntime.host
            let attach = values.withLock { values -> (any ActionButtonHost)? in
                values.delegate = Weak(delegate: newValue)
                guard values.host == nil, let host else { return nil }
                values.host = host
                return host
            }
            attach?.addReadingObserver(self)
        }
    }

    public func sensorsDidUpdate(_ reading: SensorReading) {
        // Only dive samples carry submersion data.
        guard reading.depth != nil || reading.pressure != nil || reading.submerged != nil else { return }
        let (delegate, changed) = values.withLock { values -> ((any CMWaterSubmersionManagerDelegate)?, Bool) in
            let submerged = reading.submerged ?? ((reading.depth ?? 0) > 0)
            defer { values.submerged = submerged }
            return (values.delegate.delegate, values.submerged != submerged)
        }
        guard let delegate else { return }
        let date = Self.date(reading.time)
        let measurement = CMWaterSubmersionMeasurement(reading: reading, date: date)
        if changed {
            delegate.manager(self, didUpdate: CMWaterSubmersionEvent(
                state: measurement.submersionState == .notSubmerged ? .notSubmerged : .submerged, date: date))
        }
        delegate.manager(self, didUpdate: measurement)
        if measurement.submersionState != .notSubmerged, let temperature = reading.waterTemperature {
            delegate.manager(self, didUpdate: CMWaterTemperature(
                date: date, temperature: Measurement(value: temperature, unit: .celsius),
                temperatureUncertainty: Measurement(value: 0.1, unit: .celsius)))
        }
    }

    /// A fixed day plus the engine's time, so that two runs see the same dates.
    static func date(_ time: Duration) -> Date {
        let (seconds, attoseconds) = time.components
        return Date(timeIntervalSince1970: 1_735_689_600).addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    }
}

/// The watch went under water, or came up.
public struct CMWaterSubmersionEvent: Sendable {
    public enum State: Int, Hashable, Sendable {
        case unknown = 0
        case notSubmerged
        case submerged
    }

    public let state: State
    public let date: Date
}

/// Depth and pressure, once per sample.
public struct CMWaterSubmersionMeasurement: Sendable {
    public enum DepthState: Int, Hashable, Sendable {
        case unknown = 0
        case notSubmerged = 100
        /// Less than 1 m under water.
        case submergedShallow = 200
        /// At least 1 m under water.
        case submergedDeep = 300
        /// Within 2 m of the maximum depth (the project's threshold; Apple gives none).
        case approachingMaxDepth = 400
        case pastMaxDepth = 500
        case sensorDepthError = 600
    }

    public let date: Date
    /// Nil at the surface, as on a watch.
    public let depth: Measurement<UnitLength>?
    /// Nil at the surface, as on a watch.
    public let pressure: Measurement<UnitPressure>?
    public let surfacePressure: Measurement<UnitPressure>
    public let submersionState: DepthState

    init(reading: SensorReading, date: Date) {
        self.date = date
        let depth = reading.depth ?? 0
        let submerged = reading.submerged ?? (depth > 0)
        let state: DepthState
        switch (submerged, depth) {
        case (false, _): state = .notSubmerged
        case (true, ..<1): state = .submergedShallow
        case (true, CMWaterSubmersionManager.maximumDepthMetres...): state = .pastMaxDepth
        case (true, (CMWaterSubmersionManager.maximumDepthMetres - 2)...): state = .approachingMaxDepth
        default: state = .submergedDeep
        }
        submersionState = state
        // pressure = surface pressure + ρ g depth (T2), so the surface pressure follows.
        let water = CMWaterSubmersionManager.seawaterDensity * CMWaterSubmersionManager.gravity * depth / 1000
        let surface = reading.pressure.map { $0 - water } ?? CMWaterSubmersionManager.standardSurfacePressure
        surfacePressure = Measurement(value: surface, unit: .kilopascals)
        self.depth = submerged ? Measurement(value: depth, unit: .meters) : nil
        self.pressure = submerged ? Measurement(value: reading.pressure ?? surface + water, unit: .kilopascals) : nil
    }
}

/// Water temperature, under water only.
public struct CMWaterTemperature: Sendable {
    public let date: Date
    public let temperature: Measurement<UnitTemperature>
    public let temperatureUncertainty: Measurement<UnitTemperature>
}
