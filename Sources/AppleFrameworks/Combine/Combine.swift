// The Combine stand-in (Apple's page: "Combine"): OpenCombine's publishers, subjects,
// `ObservableObject` and `@Published`, under Combine's module name, so that a watch app's
// `import Combine` compiles unchanged. `DispatchQueue`, `RunLoop` and `OperationQueue` are
// schedulers and `Timer.publish(every:on:in:)` and `NotificationCenter.publisher(for:)`
// exist, as with Apple's Foundation. Of Combine's names, Apple's Foundation has only
// `ObservableObject` and `@Published`; AppIntents (imported into every file of a generated
// package) and HealthKit name those two, so a file importing only Foundation may declare an
// `ObservableObject` and sees no other of Combine's types.
@_exported import OpenCombine
@_exported import OpenCombineDispatch
@_exported import OpenCombineFoundation
