// The CoreMotion stand-in: Apple's submersion manager and altimeter (Apple's page:
// "Core Motion"), reading the simulated watch's sensors (T2). Like Apple's framework it
// brings Foundation along.
@_exported import Foundation

/// Whether the app may read motion data (Apple's page: "CMAuthorizationStatus"). The
/// simulated wearer has agreed.
public enum CMAuthorizationStatus: Int, Hashable, Sendable {
    case notDetermined = 0, restricted, denied, authorized
}

/// Something a motion manager measured, with when (Apple's page: "CMLogItem"): `timestamp`
/// is seconds on the engine's clock since the simulation began.
public class CMLogItem: @unchecked Sendable {
    // @unchecked: immutable.
    public let timestamp: TimeInterval

    init(timestamp: TimeInterval) { self.timestamp = timestamp }
}
