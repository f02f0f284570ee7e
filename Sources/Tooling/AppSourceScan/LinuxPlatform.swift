/// What a watch app's sources find when they are built on Linux instead of for a watch: the
/// modules they may import, and how `#if` conditions come out. One owner for both, so that
/// `actionsim init-package` (which files to leave out) and the build's plugin (which intents
/// exist) never disagree.
public enum LinuxPlatform {
    /// actionsim's stand-ins for Apple's frameworks, each a library product of the actionsim
    /// package with Apple's module name. A file that imports one gets it as a dependency.
    public static let frameworkStandIns: [String] = [
        "AppIntents", "HealthKit", "CoreMotion", "CoreLocation", "os", "OSLog", "WatchKit", "Combine", "UserNotifications",
        "WatchConnectivity", "SwiftData",
    ]

    /// Modules the Swift toolchain itself has on Linux.
    public static let toolchainModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization", "Observation", "Distributed",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "Dispatch", "Glibc",
    ]

    /// Apple's frameworks that draw the app: files that import them hold its screens, which
    /// Linux cannot show. They are left out of the build, with their names listed.
    public static let userInterfaceFrameworks: Set<String> = [
        "SwiftUI", "UIKit", "AppKit", "ClockKit", "WidgetKit", "Charts", "MapKit", "SpriteKit", "SceneKit",
        "AVKit", "StoreKit", "ActivityKit", "TipKit", "PhotosUI", "QuickLook",
    ]

    /// Whether `module` can be imported by a file built here.
    public static func canImport(_ module: String) -> Bool {
        toolchainModules.contains(module) || frameworkStandIns.contains(module)
    }
}
