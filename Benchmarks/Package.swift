// swift-tools-version: 6.1
// `make bench`: actionsim's benchmarks, a package of their own beside actionsim's, so that
// building or testing actionsim never builds them. It runs from the checkout's root
// (`swift run -c release --package-path Benchmarks actionsim-bench`), where it finds
// devices/, the static binary and the baseline script. See README.md here.
import PackageDescription

let package = Package(
    name: "actionsim-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "actionsim", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // Engine throughput, replay time, and the session store against a raw SQLite bulk
        // insert of the same rows; the exports; the Python baseline.
        .executableTarget(name: "actionsim-bench", dependencies: [
            .product(name: "ActionsimEngine", package: "actionsim"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ], path: "ActionsimBench"),
    ],
    swiftLanguageModes: [.v6]
)
