// swift-tools-version: 6.1
// Apple's Action-button examples ("Responding to the Action button on Apple Watch Ultra"),
// compiled on Linux against actionsim, with tests that press the simulated button.
import PackageDescription

let package = Package(
    name: "ActionButtonExamples",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "action-examples", targets: ["action-examples"]),
    ],
    dependencies: [
        // The actionsim package itself, named so that this works whatever its folder is called.
        .package(name: "actionsim", path: "../.."),
    ],
    targets: [
        // `logger.debug(...)` as Apple's examples write it; lines land in the session log.
        .target(name: "AppLogging", dependencies: [.product(name: "AppIntents", package: "actionsim")]),
        // Apple's workout app: four workout kinds, Mark Lap, pause and resume.
        .target(name: "WorkoutApp", dependencies: [
            "AppLogging",
            .product(name: "AppIntents", package: "actionsim"),
            .product(name: "HealthKit", package: "actionsim"),
        ]),
        // Apple's dive app: a dive session that donates Collect Submerged Data.
        .target(name: "DiveApp", dependencies: [
            "AppLogging",
            .product(name: "AppIntents", package: "actionsim"),
            .product(name: "HealthKit", package: "actionsim"),
            .product(name: "CoreMotion", package: "actionsim"),
        ]),
        // actionsim with both apps built in: `action-examples replay scenarios/workout.yaml`.
        .executableTarget(name: "action-examples", dependencies: [
            "WorkoutApp", "DiveApp",
            .product(name: "ActionsimCLI", package: "actionsim"),
        ]),
        .testTarget(name: "ExampleAppTests", dependencies: [
            "WorkoutApp", "DiveApp",
            .product(name: "ActionButtonHarness", package: "actionsim"),
            .product(name: "AppIntents", package: "actionsim"),
            .product(name: "HealthKit", package: "actionsim"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
