// The WatchKit stand-in: the watch itself, the app, and extended runtime sessions (Apple's
// page: "WatchKit"). Like Apple's framework it brings Foundation along, so a file that
// imports only WatchKit can use `Date`, `NSError` and `NotificationCenter`.
@_exported import Foundation
