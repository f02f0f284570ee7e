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

    /// Apple's other frameworks a watch app may import, which Linux lacks and actionsim does
    /// not stand in for: a file importing one is left out as Apple's. A module not named here
    /// or above is most likely one of the app's own packages, which `--package` compiles.
    public static let otherAppleFrameworks: Set<String> = [
        "AVFoundation", "AVFAudio", "AVRouting", "Accelerate", "AdSupport", "AppTrackingTransparency", "AuthenticationServices",
        "BackgroundTasks", "CallKit", "CloudKit", "Contacts", "CoreAudio", "CoreBluetooth", "CoreData", "CoreGraphics", "CoreHaptics",
        "CoreImage", "CoreML", "CoreNFC", "CoreSpotlight", "CoreTelephony", "CoreText", "CoreTransferable", "CoreVideo", "CryptoKit",
        "DeviceCheck", "EventKit", "GameKit", "GameplayKit", "HealthKitUI", "HomeKit", "ImageIO", "Intents", "IntentsUI",
        "LocalAuthentication", "MediaPlayer", "Metal", "MetricKit", "MultipeerConnectivity", "MusicKit", "NaturalLanguage",
        "Network", "NetworkExtension", "PassKit", "Photos", "PushKit", "QuartzCore", "RealityKit", "SafariServices", "Security",
        "SensorKit", "ShazamKit", "SoundAnalysis", "Speech", "SystemConfiguration", "UniformTypeIdentifiers", "Vision",
        "WeatherKit", "WebKit", "simd",
    ]

    /// Foundation's networking types, which Apple's Foundation has and Linux keeps in
    /// FoundationNetworking (`URLSession`, `URLRequest`, ...): a file that names one and imports
    /// Foundation alone compiles on a watch, and here only with that module imported too.
    public static let foundationNetworkingTypes: Set<String> = [
        "URLSession", "URLSessionConfiguration", "URLSessionTask", "URLSessionDataTask", "URLSessionDownloadTask",
        "URLSessionUploadTask", "URLSessionStreamTask", "URLSessionWebSocketTask", "URLSessionDelegate",
        "URLSessionTaskDelegate", "URLSessionDataDelegate", "URLSessionDownloadDelegate", "URLSessionWebSocketDelegate",
        "URLSessionTaskMetrics", "URLRequest", "NSURLRequest", "NSMutableURLRequest", "URLResponse", "HTTPURLResponse",
        "CachedURLResponse", "URLCache", "HTTPCookie", "HTTPCookieStorage", "HTTPCookiePropertyKey", "URLCredential",
        "URLCredentialStorage", "URLProtocol", "URLProtocolClient", "URLAuthenticationChallenge",
        "URLAuthenticationChallengeSender", "URLProtectionSpace",
    ]

    /// Where `file` first names one of `foundationNetworkingTypes` without importing
    /// FoundationNetworking itself; nil when it does not.
    public static func foundationNetworkingUse(in file: SwiftSourceFile) -> TypeUse? {
        guard !file.imports.contains(where: { $0.module == "FoundationNetworking" }) else { return nil }
        return file.references.filter { foundationNetworkingTypes.contains($0.key) }
            .map { TypeUse(name: $0.key, position: $0.value) }
            .min { $0.position < $1.position }
    }

    /// A type a file names, where it first names it.
    public struct TypeUse: Hashable, Sendable, CustomStringConvertible {
        public var name: String
        public var position: SourcePosition
        public var description: String { "\(name) at \(position)" }
    }

    /// Whether `module` can be imported by a file built here.
    public static func canImport(_ module: String) -> Bool {
        toolchainModules.contains(module) || frameworkStandIns.contains(module)
    }
}
