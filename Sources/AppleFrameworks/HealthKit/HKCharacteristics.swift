import ActionButtonCore
import AppIntents

/// Facts about the wearer that do not change over time (Apple's page: "HKCharacteristicType").
public final class HKCharacteristicType: HKObjectType, @unchecked Sendable {}

/// The characteristics (Apple's page: "HKCharacteristicTypeIdentifier").
public struct HKCharacteristicTypeIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let biologicalSex = Self(rawValue: "HKCharacteristicTypeIdentifierBiologicalSex")
    public static let bloodType = Self(rawValue: "HKCharacteristicTypeIdentifierBloodType")
    public static let dateOfBirth = Self(rawValue: "HKCharacteristicTypeIdentifierDateOfBirth")
    public static let fitzpatrickSkinType = Self(rawValue: "HKCharacteristicTypeIdentifierFitzpatrickSkinType")
    public static let wheelchairUse = Self(rawValue: "HKCharacteristicTypeIdentifierWheelchairUse")
    public static let activityMoveMode = Self(rawValue: "HKCharacteristicTypeIdentifierActivityMoveMode")
}

/// Samples made of other samples, such as a blood pressure's two readings (Apple's page:
/// "HKCorrelationType"). The simulated watch records none.
public final class HKCorrelationType: HKSampleType, @unchecked Sendable {}

/// The correlations (Apple's page: "HKCorrelationTypeIdentifier").
public struct HKCorrelationTypeIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let bloodPressure = Self(rawValue: "HKCorrelationTypeIdentifierBloodPressure")
    public static let food = Self(rawValue: "HKCorrelationTypeIdentifierFood")
}

extension HKObjectType {
    public class func characteristicType(forIdentifier identifier: HKCharacteristicTypeIdentifier) -> HKCharacteristicType? {
        HKCharacteristicType(identifier: identifier.rawValue)
    }

    public class func correlationType(forIdentifier identifier: HKCorrelationTypeIdentifier) -> HKCorrelationType? {
        HKCorrelationType(identifier: identifier.rawValue)
    }
}

/// Apple's page: "HKBiologicalSex".
public enum HKBiologicalSex: Int, Hashable, Sendable {
    case notSet = 0, female, male, other
}

/// Apple's page: "HKBloodType".
public enum HKBloodType: Int, Hashable, Sendable {
    case notSet = 0, aPositive, aNegative, bPositive, bNegative, abPositive, abNegative, oPositive, oNegative
}

/// Apple's page: "HKFitzpatrickSkinType".
public enum HKFitzpatrickSkinType: Int, Hashable, Sendable {
    case notSet = 0, I, II, III, IV, V, VI
}

/// Apple's page: "HKWheelchairUse".
public enum HKWheelchairUse: Int, Hashable, Sendable {
    case notSet = 0, no, yes
}

/// Apple's page: "HKActivityMoveMode".
public enum HKActivityMoveMode: Int, Hashable, Sendable {
    case activeEnergy = 1, appleMoveTime = 2
}

/// Apple's page: "HKBiologicalSexObject".
public final class HKBiologicalSexObject: Sendable {
    public let biologicalSex: HKBiologicalSex
    init(_ value: HKBiologicalSex) { biologicalSex = value }
}

/// Apple's page: "HKBloodTypeObject".
public final class HKBloodTypeObject: Sendable {
    public let bloodType: HKBloodType
    init(_ value: HKBloodType) { bloodType = value }
}

/// Apple's page: "HKFitzpatrickSkinTypeObject".
public final class HKFitzpatrickSkinTypeObject: Sendable {
    public let skinType: HKFitzpatrickSkinType
    init(_ value: HKFitzpatrickSkinType) { skinType = value }
}

/// Apple's page: "HKWheelchairUseObject".
public final class HKWheelchairUseObject: Sendable {
    public let wheelchairUse: HKWheelchairUse
    init(_ value: HKWheelchairUse) { wheelchairUse = value }
}

/// Apple's page: "HKActivityMoveModeObject".
public final class HKActivityMoveModeObject: Sendable {
    public let activityMoveMode: HKActivityMoveMode
    init(_ value: HKActivityMoveMode) { activityMoveMode = value }
}

/// How often a watch may wake the app for background delivery (Apple's page: "HKUpdateFrequency").
public enum HKUpdateFrequency: Int, Hashable, Sendable {
    case immediate = 1, hourly, daily, weekly
}

extension HKHealthStore {
    // MARK: Characteristics: the wearer's Health profile

    /// The wearer's sex, from the scenario's `sensors: profile:` (the default wearer's
    /// without one). As on a watch, an app that never asked to read it gets Apple's
    /// `errorAuthorizationNotDetermined`.
    public func biologicalSex() throws -> HKBiologicalSexObject {
        try checkRead(.biologicalSex)
        return HKBiologicalSexObject(Self.wearer.sex == .female ? .female : .male)
    }

    /// The year of birth the profile's age gives, on the watch's clock; the profile has
    /// no month or day, so the components hold the year only.
    public func dateOfBirthComponents() throws -> DateComponents {
        try checkRead(.dateOfBirth)
        let year = Calendar.current.component(.year, from: SimulatedDate.now) - Int(Self.wearer.age.rounded(.down))
        return DateComponents(year: year)
    }

    /// The profile does not model blood type: not set, as for a wearer who never entered it.
    public func bloodType() throws -> HKBloodTypeObject {
        try checkRead(.bloodType)
        return HKBloodTypeObject(.notSet)
    }

    /// Not modelled: not set.
    public func fitzpatrickSkinType() throws -> HKFitzpatrickSkinTypeObject {
        try checkRead(.fitzpatrickSkinType)
        return HKFitzpatrickSkinTypeObject(.notSet)
    }

    /// Not modelled: not set.
    public func wheelchairUse() throws -> HKWheelchairUseObject {
        try checkRead(.wheelchairUse)
        return HKWheelchairUseObject(.notSet)
    }

    /// Active energy, a watch's default Move ring.
    public func activityMoveMode() throws -> HKActivityMoveModeObject {
        try checkRead(.activityMoveMode)
        return HKActivityMoveModeObject(.activeEnergy)
    }

    /// The wearer of the watch the calling code runs on.
    static var wearer: WearerProfile {
        ActionButtonRuntime.current?.watchObject(WearerProfile.self) { WearerProfile.standard } ?? WearerProfile.standard
    }

    private func checkRead(_ identifier: HKCharacteristicTypeIdentifier) throws {
        guard HealthDatabase.current.wasAsked(aboutType: identifier.rawValue) else {
            throw HKError(.errorAuthorizationNotDetermined,
                          "\(identifier.rawValue): ask to read it with requestAuthorization(toShare:read:) first")
        }
    }

    // MARK: Background delivery

    /// Background delivery wakes a suspended app; the simulated app is never suspended, so its
    /// observer queries already hear of every change as it is saved. The call succeeds and
    /// the session log says so.
    public func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency,
                                         withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        ActionButtonRuntime.current?.log(
            "HealthKit: background delivery of \(type.identifier) (\(frequency)) on; the simulated app is never suspended, so its observer queries hear every change at once")
        completion(true, nil)
    }

    public func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) async throws {
        enableBackgroundDelivery(for: type, frequency: frequency) { _, _ in }
    }

    public func disableBackgroundDelivery(for type: HKObjectType,
                                          withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        ActionButtonRuntime.current?.log("HealthKit: background delivery of \(type.identifier) off")
        completion(true, nil)
    }

    public func disableBackgroundDelivery(for type: HKObjectType) async throws {
        disableBackgroundDelivery(for: type) { _, _ in }
    }

    public func disableAllBackgroundDelivery(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        ActionButtonRuntime.current?.log("HealthKit: all background delivery off")
        completion(true, nil)
    }

    public func disableAllBackgroundDelivery() async throws {
        disableAllBackgroundDelivery { _, _ in }
    }

    // MARK: Preferred units

    /// The wearer's units: the simulated watch is set to metric units, so each type's
    /// canonical metric unit (metres, kilocalories, count/min, degrees Celsius). Types the
    /// app never asked to read or share fail with Apple's `errorAuthorizationNotDetermined`.
    public func preferredUnits(for quantityTypes: Set<HKQuantityType>,
                               completion: @escaping @Sendable ([HKQuantityType: HKUnit], (any Error)?) -> Void) {
        do {
            completion(try preferredUnitsNow(for: quantityTypes), nil)
        } catch {
            completion([:], error)
        }
    }

    public func preferredUnits(for quantityTypes: Set<HKQuantityType>) async throws -> [HKQuantityType: HKUnit] {
        try preferredUnitsNow(for: quantityTypes)
    }

    private func preferredUnitsNow(for types: Set<HKQuantityType>) throws -> [HKQuantityType: HKUnit] {
        let database = HealthDatabase.current
        if let unasked = types.first(where: { !database.wasAsked(aboutType: $0.identifier) }) {
            throw HKError(.errorAuthorizationNotDetermined, "\(unasked.identifier): ask to read or share it before its preferred unit")
        }
        var units: [HKQuantityType: HKUnit] = [:]
        for type in types {
            if let unit = HKQuantityTypeIdentifier(rawValue: type.identifier).canonicalUnit { units[type] = unit }
        }
        return units
    }
}

/// Whether asking for authorization would show the wearer a sheet (Apple's page:
/// "HKAuthorizationRequestStatus").
public enum HKAuthorizationRequestStatus: Int, Hashable, Sendable {
    case unknown = 0, shouldRequest, unnecessary
}

extension HKHealthStore {
    // MARK: Authorization requests

    /// `unnecessary` once the app asked about every one of the types (to share or to read),
    /// `shouldRequest` before, as on a watch (which never says what the wearer answered).
    public func getRequestStatusForAuthorization(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>,
                                                 completion: @escaping @Sendable (HKAuthorizationRequestStatus, (any Error)?) -> Void) {
        completion(requestStatus(toShare: typesToShare, read: typesToRead), nil)
    }

    public func statusForAuthorizationRequest(toShare typesToShare: Set<HKSampleType>,
                                              read typesToRead: Set<HKObjectType>) async throws -> HKAuthorizationRequestStatus {
        requestStatus(toShare: typesToShare, read: typesToRead)
    }

    private func requestStatus(toShare: Set<HKSampleType>, read: Set<HKObjectType>) -> HKAuthorizationRequestStatus {
        let database = HealthDatabase.current
        let all = toShare.map(\.identifier) + read.map(\.identifier)
        return all.allSatisfy { database.wasAsked(aboutType: $0) } ? .unnecessary : .shouldRequest
    }

    /// The simulated watch's database keeps samples of any date: `Date.distantPast` (a watch
    /// keeps about a week and leaves older data to the iPhone).
    public func earliestPermittedSampleDate() -> Date { .distantPast }

    /// Called on a device that a workout is mirrored to. Nothing mirrors a workout to the
    /// simulated watch (there is no iPhone), so the handler is kept and never called.
    public var workoutSessionMirroringStartHandler: (@Sendable (HKWorkoutSession) -> Void)? {
        get { HealthDatabase.current.mirroringStartHandler }
        set { HealthDatabase.current.mirroringStartHandler = newValue }
    }
}
