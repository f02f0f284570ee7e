import AppIntents
// Apple's HealthKit module brings CoreLocation's `CLLocation` with it (its route types take
// them), so a file that imports only HealthKit may name it, here as on a watch.
@_exported import CoreLocation

/// A sample made of a series of values (Apple's page: "HKSeriesSample").
public class HKSeriesSample: HKSample, @unchecked Sendable {
    /// How many values the series holds.
    public let count: Int

    init(type: HKSeriesType, start: Date, end: Date, count: Int, metadata: [String: any Sendable]?, device: HKDevice?) {
        self.count = count
        super.init(type: type, start: start, end: end, metadata: metadata, device: device)
    }
}

/// A workout's route: its locations, in time order (Apple's page: "HKWorkoutRoute").
/// Made by a route builder's `finishRoute(with:metadata:)`; read with `HKWorkoutRouteQuery`.
public final class HKWorkoutRoute: HKSeriesSample, @unchecked Sendable {
    // @unchecked: immutable.
    let locations: [CLLocation]
    /// The workout it belongs to.
    let workout: UUID

    init(locations: [CLLocation], workout: HKWorkout, metadata: [String: any Sendable]?, device: HKDevice?) {
        self.locations = locations
        self.workout = workout.uuid
        super.init(type: HKSeriesType.workoutRoute(), start: locations.first?.timestamp ?? workout.startDate,
                   end: locations.last?.timestamp ?? workout.endDate, count: locations.count, metadata: metadata, device: device)
    }
}

/// Builds a workout's route from the locations an app hands it during the workout (Apple's
/// page: "HKWorkoutRouteBuilder"), then saves it with the workout. Locations may come in
/// any batches and any order: the route keeps them in time order.
public final class HKWorkoutRouteBuilder: HKSeriesBuilder, @unchecked Sendable {
    // @unchecked: every mutable property is behind `values`' lock.
    private struct Values {
        var locations: [CLLocation] = []
        var metadata: [String: any Sendable] = [:]
        var finished = false
    }

    private let values = LockedState(Values())
    private let device: HKDevice?

    /// Apple prefers `HKWorkoutBuilder.seriesBuilder(for: .workoutRoute())`; both work.
    public init(healthStore: HKHealthStore, device: HKDevice?) {
        self.device = device
        super.init()
    }

    public func insertRouteData(_ routeData: [CLLocation], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try insert(routeData) }
    }

    public func insertRouteData(_ routeData: [CLLocation]) async throws { try insert(routeData) }

    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        report(completion) { try add(metadata) }
    }

    public func addMetadata(_ metadata: [String: Any]) async throws { try add(metadata) }

    /// Saves the route, attached to `workout` (saved already), and says so on the timeline.
    public func finishRoute(with workout: HKWorkout, metadata: [String: Any]?,
                            completion: @escaping @Sendable (HKWorkoutRoute?, (any Error)?) -> Void) {
        do {
            completion(try finish(workout, metadata: metadata), nil)
        } catch {
            completion(nil, error)
        }
    }

    public func finishRoute(with workout: HKWorkout, metadata: [String: Any]?) async throws -> HKWorkoutRoute {
        try finish(workout, metadata: metadata)
    }

    public override func discard() {
        values.withLock { values in
            values.finished = true
            values.locations = []
        }
    }

    private func insert(_ locations: [CLLocation]) throws {
        try values.withLock { values in
            guard !values.finished else { throw HKError(.errorInvalidArgument, "the route is finished or discarded: no more locations") }
            values.locations += locations
        }
    }

    private func add(_ metadata: [String: Any]) throws {
        let sendable = HKQuantitySample.sendable(metadata) ?? [:]
        try values.withLock { values in
            guard !values.finished else { throw HKError(.errorInvalidArgument, "the route is finished or discarded: no more metadata") }
            values.metadata.merge(sendable) { _, new in new }
        }
    }

    private func finish(_ workout: HKWorkout, metadata: [String: Any]?) throws -> HKWorkoutRoute {
        let (locations, allMetadata) = try values.withLock { values -> ([CLLocation], [String: any Sendable]) in
            guard !values.finished else { throw HKError(.errorInvalidArgument, "the route is finished or discarded already") }
            guard !values.locations.isEmpty else { throw HKError(.errorNoData, "finishRoute: no locations were inserted") }
            values.finished = true
            values.metadata.merge(HKQuantitySample.sendable(metadata) ?? [:]) { _, new in new }
            return (values.locations.sorted { $0.timestamp < $1.timestamp }, values.metadata)
        }
        let route = HKWorkoutRoute(locations: locations, workout: workout, metadata: allMetadata.isEmpty ? nil : allMetadata,
                                   device: device)
        HealthDatabase.current.add([route])
        let length = zip(locations, locations.dropFirst()).reduce(0.0) { $0 + $1.1.distance(from: $1.0) }
        ActionButtonRuntime.current?.log("workout route saved: \(locations.count) locations, \(Int(length.rounded())) m")
        return route
    }
}

/// Reads a route's locations (Apple's page: "HKWorkoutRouteQuery"): the handler gets them
/// in one batch, with `done` true.
public final class HKWorkoutRouteQuery: HKQuery, @unchecked Sendable {
    private let route: HKWorkoutRoute
    private let dateInterval: DateInterval?
    private let dataHandler: @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void

    public init(route workoutRoute: HKWorkoutRoute,
                dataHandler: @escaping @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void) {
        route = workoutRoute
        dateInterval = nil
        self.dataHandler = dataHandler
        super.init(type: HKSeriesType.workoutRoute(), predicate: nil)
    }

    /// The locations within `dateInterval` (watchOS 9).
    public init(route workoutRoute: HKWorkoutRoute, dateInterval: DateInterval,
                dataHandler: @escaping @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void) {
        route = workoutRoute
        self.dateInterval = dateInterval
        self.dataHandler = dataHandler
        super.init(type: HKSeriesType.workoutRoute(), predicate: nil)
    }

    override func start(with saved: [HealthDatabase.Saved], anchor: Int) {
        let locations = dateInterval.map { interval in route.locations.filter { interval.contains($0.timestamp) } } ?? route.locations
        dataHandler(self, locations, true, nil)
    }
}
