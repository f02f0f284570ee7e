// The key paths Apple's predicates name in `NSPredicate(format:)` strings, with the strings
// HealthKit holds. Linux's Foundation cannot evaluate a format predicate (it has no
// `NSExpression`), so here they are names only: a query filters with HKQuery's
// ready-made predicates (`predicateForWorkouts(with:totalDistance:)`, ...) instead.

/// A quantity sample's quantity.
public let HKPredicateKeyPathQuantity = "quantity"
/// A quantity sample's count of values (watchOS 6).
public let HKPredicateKeyPathCount = "count"

/// A workout's activity type.
public let HKPredicateKeyPathWorkoutType = "workoutType"
/// A workout's duration.
public let HKPredicateKeyPathWorkoutDuration = "duration"
/// A workout's distance (Apple marks it to be deprecated, for `HKPredicateKeyPathWorkoutSumQuantity`).
public let HKPredicateKeyPathWorkoutTotalDistance = "totalDistance"
/// A workout's active energy (deprecated in watchOS 11, for `HKPredicateKeyPathWorkoutSumQuantity`).
@available(watchOS, introduced: 2.0, deprecated: 11.0, message: "Use HKPredicateKeyPathWorkoutSumQuantity")
public let HKPredicateKeyPathWorkoutTotalEnergyBurned = "totalEnergyBurned"
/// A swim's strokes and a workout's floors (deprecated in watchOS 11, for `HKPredicateKeyPathWorkoutSumQuantity`).
@available(watchOS, introduced: 3.0, deprecated: 11.0, message: "Use HKPredicateKeyPathWorkoutSumQuantity")
public let HKPredicateKeyPathWorkoutTotalSwimmingStrokeCount = "totalSwimmingStrokeCount"
@available(watchOS, introduced: 4.0, deprecated: 11.0, message: "Use HKPredicateKeyPathWorkoutSumQuantity")
public let HKPredicateKeyPathWorkoutTotalFlightsClimbed = "totalFlightsClimbed"
/// A workout's statistics for a quantity type (watchOS 9).
public let HKPredicateKeyPathWorkoutSumQuantity = "sumQuantity"
public let HKPredicateKeyPathWorkoutMinimumQuantity = "minimumQuantity"
public let HKPredicateKeyPathWorkoutMaximumQuantity = "maximumQuantity"
public let HKPredicateKeyPathWorkoutAverageQuantity = "averageQuantity"

/// A workout's activities, and each activity's fields (watchOS 9).
public let HKPredicateKeyPathWorkoutActivity = "workoutActivity"
public let HKPredicateKeyPathWorkoutActivityType = "activityType"
public let HKPredicateKeyPathWorkoutActivityStartDate = "activityStartDate"
public let HKPredicateKeyPathWorkoutActivityEndDate = "activityEndDate"
public let HKPredicateKeyPathWorkoutActivityDuration = "activityDuration"
public let HKPredicateKeyPathWorkoutActivitySumQuantity = "activitySumQuantity"
public let HKPredicateKeyPathWorkoutActivityMinimumQuantity = "activityMinimumQuantity"
public let HKPredicateKeyPathWorkoutActivityMaximumQuantity = "activityMaximumQuantity"
public let HKPredicateKeyPathWorkoutActivityAverageQuantity = "activityAverageQuantity"
