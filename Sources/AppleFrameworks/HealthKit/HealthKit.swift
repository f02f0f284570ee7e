// The HealthKit stand-in: Apple's types for a watch app's workouts (Apple's page:
// "HealthKit"), driving the simulated watch's session (A3, A5, A7) and reading its
// simulated sensors (T1). Like Apple's framework it brings Foundation along.
@_exported import Foundation
import AppIntents
// Apple's Foundation brings Combine's `ObservableObject` and `@Published` with it on a watch;
// Linux's does not, so HealthKit (which every workout model imports) brings them.
@_exported import Combine
