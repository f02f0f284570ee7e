import AppIntents
import Foundation

/// What an altimeter hands its relative-altitude updates (Apple's page: "CMAltitudeHandler").
/// A plain block, as Apple imports it: not `@Sendable`, so a main-actor model that passes
/// `.main` may call its own methods in it. It runs on the queue given.
public typealias CMAltitudeHandler = (CMAltitudeData?, (any Error)?) -> Void
/// What an altimeter hands its absolute-altitude updates (Apple's page: "CMAbsoluteAltitudeHandler").
public typealias CMAbsoluteAltitudeHandler = (CMAbsoluteAltitudeData?, (any Error)?) -> Void

/// What the barometer says (Apple's page: "CMAltimeter"): relative altitude and pressure
/// from each reading of the simulated watch's sensors. Dives read their water pressure; the
/// simulated workouts are flat and at sea level, so they read 101.325 kPa and an altitude
/// that never changes. Handlers run on the queue given, as on a watch; inside a simulated
/// watch the engine waits for them before it moves time on.
public final class CMAltimeter: SensorReadingObserver, @unchecked Sendable {
    // @unchecked: every mutable property is behind `values`' lock.

    private struct Values {
        var relative: (handler: CMAltitudeHandler, queue: OperationQueue)?
        var absolute: (handler: CMAbsoluteAltitudeHandler, queue: OperationQueue)?
        var referencePressure: Double?
        var attached = false
    }

    private let values = LockedState(Values())

    public init() {}

    public class func isRelativeAltitudeAvailable() -> Bool { true }
    public class func isAbsoluteAltitudeAvailable() -> Bool { true }
    public class func authorizationStatus() -> CMAuthorizationStatus { .authorized }

    public func startRelativeAltitudeUpdates(to queue: OperationQueue, withHandler handler: @escaping CMAltitudeHandler) {
        values.withLock {
            $0.relative = (handler, queue)
            $0.referencePressure = nil
        }
        attach(handler: { error in HandlerQueue.deliver(on: queue) { handler(nil, error) } })
    }

    public func stopRelativeAltitudeUpdates() { values.withLock { $0.relative = nil } }

    public func startAbsoluteAltitudeUpdates(to queue: OperationQueue, withHandler handler: @escaping CMAbsoluteAltitudeHandler) {
        values.withLock { $0.absolute = (handler, queue) }
        attach(handler: { error in HandlerQueue.deliver(on: queue) { handler(nil, error) } })
    }

    public func stopAbsoluteAltitudeUpdates() { values.withLock { $0.absolute = nil } }

    private func attach(handler fail: (any Error) -> Void) {
        guard let host = ActionButtonRuntime.current else {
            fail(ActionButtonRuntimeError.noSystem(operation: "CMAltimeter updates"))
            return
        }
        let first = values.withLock { values -> Bool in
            defer { values.attached = true }
            return !values.attached
        }
        if first { host.addReadingObserver(self) }
    }

    public func sensorsDidUpdate(_ reading: SensorReading) {
        let pressure = reading.pressure ?? CMWaterSubmersionManager.standardSurfacePressure
        let (relative, absolute, reference) = values.withLock { values in
            if values.referencePressure == nil, values.relative != nil { values.referencePressure = pressure }
            return (values.relative, values.absolute, values.referencePressure ?? pressure)
        }
        let timestamp = Double(reading.time.components.seconds) + Double(reading.time.components.attoseconds) / 1e18
        if let relative {
            let data = CMAltitudeData(timestamp: timestamp, relativeAltitude: Self.altitude(pressure) - Self.altitude(reference),
                                      pressure: pressure)
            HandlerQueue.deliver(on: relative.queue) { relative.handler(data, nil) }
        }
        if let absolute {
            let data = CMAbsoluteAltitudeData(timestamp: timestamp, altitude: Self.altitude(pressure))
            HandlerQueue.deliver(on: absolute.queue) { absolute.handler(data, nil) }
        }
    }

    /// Height above sea level for a pressure in kPa: the international barometric formula
    /// (standard atmosphere: 101.325 kPa at sea level, exponent 1/5.255).
    static func altitude(_ kilopascals: Double) -> Double {
        44_330 * (1 - Foundation.pow(kilopascals / 101.325, 1 / 5.255))
    }
}

/// A relative altitude and the pressure it came from (Apple's page: "CMAltitudeData").
public final class CMAltitudeData: CMLogItem, @unchecked Sendable {
    /// Metres since updates started.
    public let relativeAltitude: NSNumber
    /// Kilopascals.
    public let pressure: NSNumber

    init(timestamp: TimeInterval, relativeAltitude: Double, pressure: Double) {
        self.relativeAltitude = NSNumber(value: relativeAltitude)
        self.pressure = NSNumber(value: pressure)
        super.init(timestamp: timestamp)
    }
}

/// An altitude above sea level (Apple's page: "CMAbsoluteAltitudeData").
public final class CMAbsoluteAltitudeData: CMLogItem, @unchecked Sendable {
    /// Metres above sea level.
    public let altitude: Double
    /// Metres either way the altitude may be off, and the smallest change it reports.
    public let accuracy: Double
    public let precision: Double

    init(timestamp: TimeInterval, altitude: Double) {
        self.altitude = altitude
        self.accuracy = 10
        self.precision = 0.1
        super.init(timestamp: timestamp)
    }
}
