// The Combine stand-in (Apple's page: "Combine"): OpenCombine's publishers, subjects,
// `ObservableObject` and `@Published`, under Combine's module name, so that a watch app's
// `import Combine` compiles unchanged. `DispatchQueue`, `RunLoop` and `OperationQueue` are
// schedulers and `Timer.publish(every:on:in:)` and `NotificationCenter.publisher(for:)`
// exist, as with Apple's Foundation. HealthKit brings this module along, as Apple's SDK
// brings Combine with Foundation, so a file importing only Foundation and HealthKit may
// declare an `ObservableObject`.
@_exported import OpenCombine
@_exported import OpenCombineDispatch
@_exported import OpenCombineFoundation
