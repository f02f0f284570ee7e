// Metadata keys a workout app sets (Apple's page: "Metadata keys"), with Apple's values.

/// Whether the workout was indoors (a Bool).
public let HKMetadataKeyIndoorWorkout = "HKIndoorWorkout"
/// The pool's length for a lap swim (an HKQuantity of length).
public let HKMetadataKeyLapLength = "HKLapLength"
/// Pool or open water (an HKWorkoutSwimmingLocationType's raw value).
public let HKMetadataKeySwimmingLocationType = "HKSwimmingLocationType"
/// The average speed (an HKQuantity of speed).
public let HKMetadataKeyAverageSpeed = "HKAverageSpeed"
/// The height climbed (an HKQuantity of length).
public let HKMetadataKeyElevationAscended = "HKElevationAscended"
/// The app's brand for the workout (a String).
public let HKMetadataKeyWorkoutBrandName = "HKWorkoutBrandName"
/// The app's own identifier for the object (a String).
public let HKMetadataKeyExternalUUID = "HKExternalUUID"
/// The time zone it happened in (a String).
public let HKMetadataKeyTimeZone = "HKTimeZone"
