/// Anything stored in HealthKit (Apple's page: "HKObject").
public class HKObject: Hashable, @unchecked Sendable {
    // @unchecked: every stored property is an immutable `let`.
    public let uuid: UUID
    public let metadata: [String: any Sendable]?

    init(metadata: [String: any Sendable]?) {
        self.uuid = UUID()
        self.metadata = metadata
    }

    public static func == (lhs: HKObject, rhs: HKObject) -> Bool { lhs.uuid == rhs.uuid }
    public func hash(into hasher: inout Hasher) { hasher.combine(uuid) }
}

/// Something measured over a stretch of time (Apple's page: "HKSample").
public class HKSample: HKObject, @unchecked Sendable {
    public let sampleType: HKSampleType
    public let startDate: Date
    public let endDate: Date

    init(type: HKSampleType, start: Date, end: Date, metadata: [String: any Sendable]?) {
        self.sampleType = type
        self.startDate = start
        self.endDate = end
        super.init(metadata: metadata)
    }
}

/// One quantity over a stretch of time (Apple's page: "HKQuantitySample"): a heart-rate
/// reading, or the energy or distance covered since the previous sample.
public final class HKQuantitySample: HKSample, @unchecked Sendable {
    public let quantity: HKQuantity
    public let count: Int

    public var quantityType: HKQuantityType { sampleType as! HKQuantityType }

    public init(type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date,
                metadata: [String: Any]? = nil) {
        precondition(quantityType.is(compatibleWith: quantity.unit), "\(quantity) is not a \(quantityType)")
        self.quantity = quantity
        self.count = 1
        super.init(type: quantityType, start: startDate, end: endDate, metadata: Self.sendable(metadata))
    }

    /// Metadata values as HealthKit keeps them: text, numbers, dates, quantities.
    static func sendable(_ metadata: [String: Any]?) -> [String: any Sendable]? {
        metadata?.mapValues { value -> any Sendable in
            switch value {
            case let v as String: v
            case let v as Bool: v
            case let v as Int: v
            case let v as Double: v
            case let v as Date: v
            case let v as HKQuantity: v
            case let v as NSNumber: v.doubleValue
            default: String(describing: value)
            }
        }
    }
}

/// A sample that was deleted (Apple's page: "HKDeletedObject"); the simulated database never deletes.
public final class HKDeletedObject: Hashable, @unchecked Sendable {
    public let uuid: UUID
    public let metadata: [String: any Sendable]?

    init(uuid: UUID) {
        self.uuid = uuid
        self.metadata = nil
    }

    public static func == (lhs: HKDeletedObject, rhs: HKDeletedObject) -> Bool { lhs.uuid == rhs.uuid }
    public func hash(into hasher: inout Hasher) { hasher.combine(uuid) }
}
