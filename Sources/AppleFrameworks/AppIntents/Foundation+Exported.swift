// Apple's AppIntents brings Foundation with it: a watch target's intent file that imports
// only AppIntents still uses `Date`, `UUID` and `Measurement`. So does this one.
@_exported import Foundation
// OpenCombine's core alone: its Foundation part brings FoundationNetworking, and with it
// libcurl, into every program that links AppIntents (the static actionsim among them).
import OpenCombine

// Apple's Foundation names Combine's `ObservableObject` and `@Published` (and no other of
// Combine's types), so a model file that imports only Foundation may declare an observable
// class. Linux's does not; the generated package imports this module into every file
// (`-import-module AppIntents`, as it does for `LocalizedStringResource`), so these two
// names reach such a file, and nothing else of Combine does (an app's own `Record` or
// `Future` stays the app's).
public typealias ObservableObject = OpenCombine.ObservableObject
public typealias Published = OpenCombine.Published

/// `NSLog` in the app's code: on a watch its lines go to the system log, as `Logger`'s do, so
/// on the simulated watch they go to the app's log on the timeline with them. Outside a
/// watch (the project's own code), Foundation's `NSLog`. In a file that imports AppIntents
/// and not Foundation, this declaration shadows Foundation's. A file that imports both sees
/// both with one signature: disfavoured, this one gives way, and the line goes to standard
/// error as Foundation's does, not to the timeline (it was an ambiguity: the file did not
/// compile).
@_disfavoredOverload
public func NSLog(_ format: String, _ args: any CVarArg...) {
    guard let host = ActionButtonRuntime.current else {
        withVaList(args) { Foundation.NSLogv(format, $0) }
        return
    }
    host.log(args.isEmpty ? format : String(format: format, arguments: args))
}
