import AppIntents
import AppLogging

/// What `logger` is in Apple's examples.
let logger = Logger(subsystem: "com.example.MyDiveApp", category: "intents")

/// The dive app as the simulated watch installs it: one start-dive intent (dives have a
/// single kind of session, A8) and the intent it donates.
public let myDiveApp = AppDefinition.diveApp(
    "MyDiveApp", start: MyStartDiveSessionIntent(),
    actions: [MyCollectSubmergedDataIntent.self],
    didFinishLaunching: {
        AppDependencyManager.shared.add { DiveManager() }
    })
