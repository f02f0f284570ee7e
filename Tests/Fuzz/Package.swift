// swift-tools-version: 6.1
// libFuzzer targets for every parser of outside input, one executable per parser, each
// built with `-sanitize=fuzzer` against the actionsim package (by path). `make fuzz` builds
// and runs them all; see README.md here.
import PackageDescription

/// The fuzzers: a folder `Sources/fuzz-<name>` with one `main.swift` that hands libFuzzer
/// its test function, and a seed corpus in `corpus/<name>/`. Adding a parser is one line
/// here and one small file (see README.md).
let fuzzers: [String] = [
    "scenario",           // scenario YAML (and the manifests it names)
    "manifest",           // app manifest YAML
    "session-database",   // the session store (SQLite) opened, listed and loaded
    "device-profile",     // device profile YAML, then matched against a device
    "evemu",              // evemu-record recordings, imported as scenario YAML
    "steps-file",         // a scenario's steps file (JSON Lines), checked and read as a replay reads it
]

let package = Package(
    name: "actionsim-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The actionsim package itself, named so that this works whatever its folder is called.
        .package(name: "actionsim", path: "../.."),
    ],
    targets: [
        // libFuzzer's driver entry, declared for Swift.
        .target(name: "CFuzzDriver"),
        // What every fuzzer shares: starting libFuzzer, turning its bytes into a call.
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"]),
    ] + fuzzers.map { name in
        .executableTarget(name: "fuzz-\(name)", dependencies: [
            "FuzzSupport", .product(name: "ActionsimCLI", package: "actionsim"),
        ])
    },
    swiftLanguageModes: [.v6]
)
