// The HealthKit stand-in: Apple's types for a watch app's workouts (Apple's page:
// "HealthKit"), driving the simulated watch's session (A3, A5, A7) and reading its
// simulated sensors (T1). Like Apple's framework it brings Foundation along.
@_exported import Foundation
import AppIntents
import Combine

// Apple's Foundation, which HealthKit brings along, names Combine's `ObservableObject` and
// `@Published`; Linux's does not, so HealthKit names them, and nothing else of Combine (it
// brought all of it: an app's own `Record` met OpenCombine's).
public typealias ObservableObject = OpenCombine.ObservableObject
public typealias Published = OpenCombine.Published
