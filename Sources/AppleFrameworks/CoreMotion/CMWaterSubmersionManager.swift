import AppIntents
import Foundation

/// Told of submersion events, depth and pressure, and water temperature (Apple's page:
/// "CMWaterSubmersionManagerDelegate"). Every method is optional. A watch calls them on a
/// background queue; the simulated one calls them on the engine's time line, inside the
/// simulated watch: implement them `nonisolated` and hand the data on (`Task { await ... }`),
/// as Apple's examples do.
public protocol CMWaterSubmersionManagerDelegate: AnyObject {
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

/// Live depth, water pressure and water temperature (Apple's page: "CMWaterSubmersionManager"),
/// from the simulated dive sensors (T2).
///
/// The manager belongs to the watch on which its delegate was set (the moment a real one
/// starts delivering). It sends what CoreMotion sends, at Apple's cadence: an event when
/// the watch goes under or comes up; under water, a measurement (depth, pressure, surface
/// pressure) and a temperature three times a second; at the surface, a measurement (surface
/// pressure only) with each sample of the sensors (1 Hz by default), and no temperature.
public final class CMWaterSubmersionManager: SensorReadingObserver, @unchecked Sendable {
    // @unchecked: every mutable property is behind `values`' lock.
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

    public static var authorizationStatus: CMAuthorizationStatus { .authorized }

    /// The deepest the watch measures: 40 m, the full Submerged Depth and Pressure entitlement.
    public var maximumDepth: Measurement<UnitLength>? { Measurement(value: Self.maximumDepthMetres, unit: .meters) }

    static let maximumDepthMetres = 40.0
    /// Air pressure at sea level, when a sample gives no way to tell the surface pressure.
    static let standardSurfacePressure = 101.325
    /// Seawater, as the dive sensors model it (T2): kg/m³ and m/s².
    static let seawaterDensity = 1025.0
    static let gravity = 9.80665

    private let values = LockedState(Values())

    public init() {}

    public var delegate: (any CMWaterSubmersionManagerDelegate)? {
        get { values.withLock { $0.delegate.delegate } }
        set {
            let host = ActionButtonRuntime.current
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
        // Only dive readings carry submersion data.
        guard reading.depth != nil || reading.pressure != nil || reading.submerged != nil else { return }
        let (delegate, changed) = values.withLock { values -> ((any CMWaterSubmersionManagerDelegate)?, Bool) in
            let submerged = reading.submerged ?? ((reading.depth ?? 0) > 0)
            defer { values.submerged = submerged }
            return (values.delegate.delegate, values.submerged != submerged)
        }
        guard let delegate else { return }
        let date = SimulatedDate.at(reading.time)
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
}

/// The watch went under water, or came up (Apple's page: "CMWaterSubmersionEvent").
public final class CMWaterSubmersionEvent: @unchecked Sendable {
    // @unchecked: immutable.
    public enum State: Int, Hashable, Sendable {
        case unknown = 0
        case notSubmerged
        case submerged
    }

    public let state: State
    public let date: Date

    init(state: State, date: Date) {
        self.state = state
        self.date = date
    }
}

/// Depth and pressure (Apple's page: "CMWaterSubmersionMeasurement").
public final class CMWaterSubmersionMeasurement: @unchecked Sendable {
    // @unchecked: immutable.
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

/// Water temperature, under water only (Apple's page: "CMWaterTemperature").
public final class CMWaterTemperature: @unchecked Sendable {
    // @unchecked: immutable.
    public let date: Date
    public let temperature: Measurement<UnitTemperature>
    public let temperatureUncertainty: Measurement<UnitTemperature>

    init(date: Date, temperature: Measurement<UnitTemperature>, temperatureUncertainty: Measurement<UnitTemperature>) {
        self.date = date
        self.temperature = temperature
        self.temperatureUncertainty = temperatureUncertainty
    }
}
