import AppIntents
/// Anything stored in HealthKit (Apple's page: "HKObject").
public class HKObject: Hashable, @unchecked Sendable {
    // @unchecked: every stored property is an immutable `let`.
    public let uuid: UUID
    public let metadata: [String: any Sendable]?
    /// The device that recorded it: the simulated watch's `HKDevice.local()` for what its
    /// sensors collect, the app's for its own samples, nil when the app gave none.
    public let device: HKDevice?
    /// Who saved it: the simulated watch for what its sensors collect during a workout, the
    /// app (`HKSource.default()`) for everything the app saves or finishes itself.
    public let sourceRevision: HKSourceRevision

    init(metadata: [String: any Sendable]?, device: HKDevice? = nil, source: HKSourceRevision = .app) {
        self.uuid = UUID()
        self.metadata = metadata
        self.device = device
        self.sourceRevision = source
    }

    public static func == (lhs: HKObject, rhs: HKObject) -> Bool { lhs.uuid == rhs.uuid }
    public func hash(into hasher: inout Hasher) { hasher.combine(uuid) }
}

/// Something measured over a stretch of time (Apple's page: "HKSample").
public class HKSample: HKObject, @unchecked Sendable {
    public let sampleType: HKSampleType
    public let startDate: Date
    public let endDate: Date

    init(type: HKSampleType, start: Date, end: Date, metadata: [String: any Sendable]?, device: HKDevice? = nil,
         source: HKSourceRevision = .app) {
        self.sampleType = type
        // An app's `Date()` is read on the watch's clock (`SimulatedDate.fromApp`).
        self.startDate = SimulatedDate.fromApp(start)
        self.endDate = end == .distantFuture ? end : SimulatedDate.fromApp(end)
        super.init(metadata: metadata, device: device, source: source)
    }

    /// Whether the sample has no end yet (its end date is `Date.distantFuture`).
    public var hasUndeterminedDuration: Bool { endDate == .distantFuture }
}

/// One quantity over a stretch of time (Apple's page: "HKQuantitySample"): a heart-rate
/// reading, or the energy or distance covered since the previous sample. What the simulated
/// sensors collect is one of its two subclasses, by the type's aggregation style.
public class HKQuantitySample: HKSample, @unchecked Sendable {
    public let quantity: HKQuantity
    public let count: Int

    public var quantityType: HKQuantityType { sampleType as! HKQuantityType }

    public convenience init(type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date,
                            metadata: [String: Any]? = nil) {
        self.init(type: quantityType, quantity: quantity, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    public convenience init(type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date,
                            device: HKDevice?, metadata: [String: Any]?) {
        self.init(type: quantityType, quantity: quantity, start: startDate, end: endDate, device: device,
                  metadata: Self.sendable(metadata), source: .app)
    }

    /// A sample from a given source: the simulated watch's sensors, or a piece of one cut at an
    /// interval's boundary, which keeps its sample's source.
    init(type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date, device: HKDevice?,
         metadata: [String: any Sendable]?, source: HKSourceRevision) {
        precondition(quantityType.is(compatibleWith: quantity.unit), "\(quantity) is not a \(quantityType)")
        self.quantity = quantity
        self.count = 1
        super.init(type: quantityType, start: startDate, end: endDate, metadata: metadata, device: device, source: source)
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

/// A sample of a cumulative type: energy, distance, steps (Apple's page:
/// "HKCumulativeQuantitySample", watchOS 6). The stand-in's samples are never series, so a
/// sample's sum is its quantity.
public final class HKCumulativeQuantitySample: HKQuantitySample, @unchecked Sendable {
    public var sumQuantity: HKQuantity { quantity }
}

/// A sample of a discrete type: heart rate, speed (Apple's page: "HKDiscreteQuantitySample",
/// watchOS 6). One value per sample here, so its minimum, average, maximum and most recent
/// are that value, over the sample's own dates.
public final class HKDiscreteQuantitySample: HKQuantitySample, @unchecked Sendable {
    public var minimumQuantity: HKQuantity { quantity }
    public var averageQuantity: HKQuantity { quantity }
    public var maximumQuantity: HKQuantity { quantity }
    public var mostRecentQuantity: HKQuantity { quantity }
    public var mostRecentQuantityDateInterval: DateInterval { DateInterval(start: startDate, end: endDate) }
}

extension HKQuantitySample {
    /// A sample of the subclass a watch makes for `quantityType`: cumulative or discrete.
    static func of(_ quantityType: HKQuantityType, quantity: HKQuantity, start: Date, end: Date, device: HKDevice?,
                   metadata: [String: any Sendable]?, source: HKSourceRevision) -> HKQuantitySample {
        switch quantityType.aggregationStyle {
        case .cumulative:
            HKCumulativeQuantitySample(type: quantityType, quantity: quantity, start: start, end: end, device: device,
                                       metadata: metadata, source: source)
        case .discreteArithmetic, .discreteTemporallyWeighted, .discreteEquivalentContinuousLevel:
            HKDiscreteQuantitySample(type: quantityType, quantity: quantity, start: start, end: end, device: device,
                                     metadata: metadata, source: source)
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
