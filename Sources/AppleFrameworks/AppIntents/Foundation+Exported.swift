// Apple's AppIntents brings Foundation with it: a watch target's intent file that imports
// only AppIntents still uses `Date`, `UUID` and `Measurement`. So does this one.
@_exported import Foundation

/// `NSLog` in the app's code: on a watch its lines go to the system log, as `Logger`'s do, so
/// on the simulated watch they go to the app's log on the timeline with them. Outside a
/// watch (the project's own code), Foundation's `NSLog`. This declaration shadows
/// Foundation's for every module that imports AppIntents (Swift prefers the importing
/// module's declaration).
public func NSLog(_ format: String, _ args: any CVarArg...) {
    guard let host = ActionButtonRuntime.host else {
        withVaList(args) { Foundation.NSLogv(format, $0) }
        return
    }
    host.log(args.isEmpty ? format : String(format: format, arguments: args))
}
