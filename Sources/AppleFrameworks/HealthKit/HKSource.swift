import AppIntents

/// Who saved a sample (Apple's page: "HKSource"): an app, or the watch itself. Here there are
/// two: the simulated watch, for what its sensors collect during a workout (heart rate,
/// energy, distance, depth), and the app under test (`HKSource.default()`), for the workout it
/// finishes and every sample it saves itself.
public final class HKSource: Hashable, Sendable {
    public let name: String
    public let bundleIdentifier: String

    init(name: String, bundleIdentifier: String) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
    }

    /// The calling app: named after its process, as Linux has no bundle.
    public class func `default`() -> HKSource { app }

    static let app: HKSource = {
        let name = ProcessInfo.processInfo.processName
        return HKSource(name: name, bundleIdentifier: Bundle.main.bundleIdentifier ?? name)
    }()

    /// The simulated watch, for the samples its sensors collect.
    static let watch = HKSource(name: "Apple Watch", bundleIdentifier: "com.apple.health.actionsim-watch")

    public static func == (lhs: HKSource, rhs: HKSource) -> Bool { lhs.bundleIdentifier == rhs.bundleIdentifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(bundleIdentifier) }
}

/// A source as it was when it saved a sample (Apple's page: "HKSourceRevision"): the app's
/// or system's version and the device's operating system.
public final class HKSourceRevision: Hashable, Sendable {
    public let source: HKSource
    public let version: String?
    public let productType: String?
    public let operatingSystemVersion: OperatingSystemVersion

    public init(source: HKSource, version: String?, productType: String?, operatingSystemVersion: OperatingSystemVersion) {
        self.source = source
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
    }

    /// A revision with no product type, on the operating system of the simulated watch.
    public convenience init(source: HKSource, version: String?) {
        self.init(source: source, version: version, productType: nil, operatingSystemVersion: Self.watchSystem)
    }

    /// The simulated watch runs watchOS 26.0, as `HKDevice.local()` says.
    static let watchSystem = OperatingSystemVersion(majorVersion: 26, minorVersion: 0, patchVersion: 0)
    static let app = HKSourceRevision(source: .app, version: nil)
    static let watch = HKSourceRevision(source: .watch, version: "26.0")

    public static func == (lhs: HKSourceRevision, rhs: HKSourceRevision) -> Bool {
        lhs.source == rhs.source && lhs.version == rhs.version && lhs.productType == rhs.productType
            && lhs.operatingSystemVersion.majorVersion == rhs.operatingSystemVersion.majorVersion
            && lhs.operatingSystemVersion.minorVersion == rhs.operatingSystemVersion.minorVersion
            && lhs.operatingSystemVersion.patchVersion == rhs.operatingSystemVersion.patchVersion
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(version)
    }
}

/// The sources that saved samples of one type (Apple's page: "HKSourceQuery"), once, from this
/// watch's health database.
public final class HKSourceQuery: HKQuery, @unchecked Sendable {
    // @unchecked: immutable.
    private let completionHandler: @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void

    public init(sampleType: HKSampleType, samplePredicate objectPredicate: NSPredicate?,
                completionHandler: @escaping @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void) {
        self.completionHandler = completionHandler
        super.init(type: sampleType, predicate: objectPredicate)
    }

    override func start(with saved: [HealthDatabase.Saved], anchor: Int) {
        completionHandler(self, Set(saved.map(\.sample).filter(matches).map(\.sourceRevision.source)), nil)
    }
}

/// The sources of the matching samples, once, with Swift concurrency (Apple's page:
/// "HKSourceQueryDescriptor").
public struct HKSourceQueryDescriptor<Sample: HKSample>: @unchecked Sendable {
    // @unchecked: the predicate's NSPredicate is never mutated.
    public var predicate: HKSamplePredicate<Sample>

    public init(predicate: HKSamplePredicate<Sample>) { self.predicate = predicate }

    public func result(for healthStore: HKHealthStore) async throws -> [HKSource] {
        let sources = Set(predicate.matching(HealthDatabase.current.saved).map(\.sourceRevision.source))
        return sources.sorted { $0.bundleIdentifier < $1.bundleIdentifier }
    }
}
