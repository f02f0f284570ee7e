// Apple's AppIntents brings Foundation with it: a watch target's intent file that imports
// only AppIntents still uses `Date`, `UUID` and `Measurement`. So does this one.
@_exported import Foundation
