import Foundation

/// The repository this test target was built from (its `devices/`, `scenarios/`, fixtures).
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The `actionsim` built beside this test bundle.
let actionsim = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("actionsim").path
