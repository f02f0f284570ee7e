/// The App Shortcuts an app offers (Apple's page: "AppShortcutsProvider"). The Action
/// button of a watch does not run them, but a watch target that declares them must still
/// build and load: Apple refuses, when it builds the app, any phrase that does not name the
/// app (`\(.applicationName)`), and so does the simulator, when it installs the app.
public protocol AppShortcutsProvider {
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
    static var shortcutTileColor: ShortcutTileColor { get }
    /// Phrases that sound like the app's shortcuts but must not run them (watchOS 10).
    @NegativeAppShortcutPhrasesBuilder static var negativePhrases: NegativeAppShortcutPhrases { get }
}

extension AppShortcutsProvider {
    public static var shortcutTileColor: ShortcutTileColor { .navy }
    public static var negativePhrases: NegativeAppShortcutPhrases { NegativeAppShortcutPhrases(phrases: []) }

    /// Asks the system to read the shortcuts' parameters again; nothing to do here.
    public static func updateAppShortcutParameters() {}

    /// Every phrase that does not say the app's name, as "Type: “phrase”" (what install
    /// refuses). Apple's build rejects such phrases; so must a simulator of the same app.
    public static var phrasesWithoutAppName: [String] {
        appShortcuts.flatMap { shortcut in
            shortcut.phrases.filter { !$0.namesApplication }.map { "\(Self.self): “\($0.text)”" }
        }
    }
}

/// One App Shortcut: an intent, the phrases that run it, a title and a symbol (Apple's page:
/// "AppShortcut").
public struct AppShortcut: Sendable {
    public let intent: any AppIntent
    public let phrases: [AnyAppShortcutPhrase]
    public let shortTitle: LocalizedStringResource
    public let systemImageName: String

    public init<Intent: AppIntent>(intent: Intent, phrases: [AppShortcutPhrase<Intent>],
                                   shortTitle: LocalizedStringResource, systemImageName: String) {
        self.intent = intent
        self.phrases = phrases.map { AnyAppShortcutPhrase(text: $0.text, namesApplication: $0.namesApplication) }
        self.shortTitle = shortTitle
        self.systemImageName = systemImageName
    }
}

/// A phrase with its intent type forgotten, as the provider's checks read it.
public struct AnyAppShortcutPhrase: Hashable, Sendable {
    public let text: String
    public let namesApplication: Bool
}

/// What a phrase may hold besides words (Apple's page: "AppShortcutPhraseToken").
public enum AppShortcutPhraseToken: Hashable, Sendable {
    /// The app's name, which every phrase must include.
    case applicationName
}

/// A spoken phrase that runs an App Shortcut (Apple's page: "AppShortcutPhrase"), written as
/// a string with `\(.applicationName)` in it.
public struct AppShortcutPhrase<Intent: AppIntent>: Hashable, Sendable, ExpressibleByStringInterpolation {
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""
        var namesApplication = false

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { text += literal }

        public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) {
            switch token {
            case .applicationName:
                text += "${applicationName}"
                namesApplication = true
            }
        }

        /// A parameter of the intent, spoken as one of its values.
        public mutating func appendInterpolation<Value>(_ keyPath: KeyPath<Intent, IntentParameter<Value>>) {
            text += "${\(keyPath)}"
        }
    }

    public let text: String
    public let namesApplication: Bool

    public init(stringLiteral value: String) {
        text = value
        namesApplication = false
    }

    public init(stringInterpolation: StringInterpolation) {
        text = stringInterpolation.text
        namesApplication = stringInterpolation.namesApplication
    }

    public init(_ phrase: AppShortcutPhrase<Intent>) { self = phrase }
}

/// Builds `appShortcuts` from a list of `AppShortcut(...)` (Apple's page: "AppShortcutsBuilder").
@resultBuilder
public enum AppShortcutsBuilder {
    public static func buildExpression(_ shortcut: AppShortcut) -> [AppShortcut] { [shortcut] }
    public static func buildExpression(_ shortcuts: [AppShortcut]) -> [AppShortcut] { shortcuts }
    public static func buildBlock(_ parts: [AppShortcut]...) -> [AppShortcut] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [AppShortcut]?) -> [AppShortcut] { part ?? [] }
    public static func buildEither(first part: [AppShortcut]) -> [AppShortcut] { part }
    public static func buildEither(second part: [AppShortcut]) -> [AppShortcut] { part }
    public static func buildArray(_ parts: [[AppShortcut]]) -> [AppShortcut] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [AppShortcut]) -> [AppShortcut] { part }
}

/// The colour of the app's tiles in Shortcuts (Apple's page: "ShortcutTileColor"). Kept, never shown.
public enum ShortcutTileColor: Int, Hashable, Sendable, CaseIterable {
    case red = 1, tangerine, orange, yellow, lime, lightBlue, teal, blue, navy, grape, purple, pink, grayBlue, grayBrown, grayGreen
}

/// A phrase that must not run any of the app's shortcuts (Apple's page:
/// "NegativeAppShortcutPhrase"); like a shortcut's phrase it may say `\(.applicationName)`.
public struct NegativeAppShortcutPhrase: Hashable, Sendable, ExpressibleByStringInterpolation {
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) {
            switch token {
            case .applicationName: text += "${applicationName}"
            }
        }
    }

    public let text: String

    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }
}

/// The app's negative phrases (Apple's page: "NegativeAppShortcutPhrases"). Nothing on the
/// simulated watch listens for speech; the phrases are kept for tests to read.
public struct NegativeAppShortcutPhrases: Sendable {
    public let phrases: [NegativeAppShortcutPhrase]
}

/// Builds `negativePhrases` from a list of phrases (Apple's page: "NegativeAppShortcutPhrasesBuilder").
@resultBuilder
public enum NegativeAppShortcutPhrasesBuilder {
    public static func buildExpression(_ phrase: NegativeAppShortcutPhrase) -> [NegativeAppShortcutPhrase] { [phrase] }
    public static func buildBlock(_ parts: [NegativeAppShortcutPhrase]...) -> NegativeAppShortcutPhrases {
        NegativeAppShortcutPhrases(phrases: parts.flatMap { $0 })
    }
}
