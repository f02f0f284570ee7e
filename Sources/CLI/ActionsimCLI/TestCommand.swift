import ArgumentParser
import Exports
import Foundation
import OutputFiles
import Scenarios
import SessionLog
import SimulatedWatch
import Telemetry
import YAMLDocuments

struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run scenarios and check their expectations.",
        discussion: """
        Each PATH is a scenario file or a directory searched for *.yaml scenarios (app manifests beside them are skipped). Prints PASS or FAIL per scenario with every failed expectation, then the totals. Exits 1 if any expectation failed, 2 if a file could not be read, 4 if the JUnit report could not be written (its path is checked before any scenario runs).
        """)

    @Argument(help: ArgumentHelp("Scenario files or directories.", valueName: "path"))
    var paths: [String] = ["scenarios"]

    @Option(help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp(
        "Run only shard I of N: a share of the scenarios decided by each one's path, the same in every job.",
        discussion: "Every job of a CI matrix runs the same PATHs from the same directory with its own I (1 to N); together they run each scenario exactly once. With --junit each job writes its own report.",
        valueName: "i/n"))
    var shard: String?

    @Flag(name: .shortAndLong, help: "Print every check, not only failures.")
    var verbose = false

    @Option(help: "Colour the output: auto (on a terminal), always or never.")
    var color: Terminal.ColorChoice = .auto

    func run() async throws {
        let colors = Terminal.useColors(color)
        let output = OutputBuffer(immediate: true)

        var files: [String] = []
        for path in paths { files += try ScenarioFiles.find(path) }
        guard !files.isEmpty else { throw CommandError.badInput("no scenarios found in \(paths.joined(separator: ", "))") }
        let shard = try self.shard.map { text throws(CommandError) in try TestShard(parsing: text) }
        let found = files.count
        if let shard { files = files.filter(shard.contains) }
        for file in files { OutputFile.readsInput(file, as: "a scenario this command runs") }
        // The report is written at the end: a path it could not be written to is said now.
        if let junit { try OutputFile.check(junit) }

        var report = JUnitReport()
        if let shard { report.suiteName += " (shard \(shard.index) of \(shard.count))" }
        var passed = 0, failed = 0, broken = 0
        for file in files {
            let started = ContinuousClock.now
            let scenario: Scenario
            do {
                scenario = try ScenarioParser.load(contentsOf: file, swiftApps: Actionsim.swiftApps)
                if let steps = scenario.stepsFile { OutputFile.readsInput(steps.path, as: "a steps file this command reads") }
            } catch {
                broken += 1
                output.line((colors ? "ERROR".red.bold : "ERROR") + " \(file)")
                output.line("      \(error.description)")
                report.cases.append(.init(name: file, file: file, seconds: 0, failures: [], error: error.description))
                continue
            }
            let results: [CheckResult]
            let checks: Int, failureCount: Int
            do {
                if scenario.apps.contains(where: \.isSwift) {
                    results = try await Self.runInOwnProcess(file)
                    checks = results.count
                    failureCount = results.filter { !$0.passed }.count
                } else {
                    // The verdicts are all a test needs: the events are not kept (a long
                    // recording's steps file is checked in the memory of a short one).
                    let outcome = try await ScenarioRunner.run(scenario, keepEvents: false)
                    // Every verdict of the scenario's own checks, and its steps file's failures.
                    results = outcome.results
                    checks = outcome.checkCount
                    failureCount = outcome.failureCount
                }
            } catch {
                broken += 1
                output.line((colors ? "ERROR".red.bold : "ERROR") + " \(file)")
                output.line("      \(file): \(error)")
                report.cases.append(.init(name: scenario.name, file: file, seconds: 0, failures: [], error: "\(error)"))
                continue
            }
            let seconds = (ContinuousClock.now - started).secondsValue
            let failures = results.filter { !$0.passed }
            let timing = String(format: "%.3f s", seconds)
            if failureCount == 0 {
                passed += 1
                let mark = colors ? "PASS ".green.bold : "PASS "
                output.line("\(mark) \(file)  \(scenario.name)  (\(checks) check\(checks == 1 ? "" : "s"), \(timing))")
            } else {
                failed += 1
                let mark = colors ? "FAIL ".red.bold : "FAIL "
                output.line("\(mark) \(file)  \(scenario.name)  (\(failureCount) of \(checks) checks failed, \(timing))")
            }
            for result in results where verbose || !result.passed {
                let sign = result.passed ? "✓" : "✗"
                output.line("      \(sign) \(result.location): \(result.message)")
            }
            report.cases.append(.init(name: scenario.name, file: file, seconds: seconds,
                                      failures: failures.map { "\($0.location): \($0.message)" }, error: nil))
        }

        var summary = "\(files.count) scenario\(files.count == 1 ? "" : "s")"
        if let shard { summary += " (shard \(shard) of \(found))" }
        summary += ": \(passed) passed"
        if failed > 0 { summary += ", \(failed) failed" }
        if broken > 0 { summary += ", \(broken) could not be read" }
        output.line(colors ? (failed + broken == 0 ? summary.green.bold : summary.red.bold) : summary)
        output.flush()

        if let junit { try OutputFile.write(report.xml, to: junit) }
        if broken > 0 { throw CommandError.alreadySaid(.badInput) }
        if failed > 0 { throw CommandError.expectationsFailed }
    }
}

extension TestCommand {
    /// Runs a scenario with Swift apps in a fresh process of this executable (`_watch`): app
    /// code keeps state in singletons (`WorkoutManager.shared`), and each scenario is a watch
    /// of its own, as if the app had just been installed.
    static func runInOwnProcess(_ file: String) async throws -> [CheckResult] {
        let watch = try WatchProcess(executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path)
        // The same path as here (the process shares the working directory), so that results
        // name the file as the other scenarios' do.
        let response = try await watch.send(.runScenario(path: file))
        if let failure = response.failure { throw WatchFailure(failure) }
        return response.results
    }
}

/// Finds scenario files: a file as given, a directory searched recursively, in name order.
enum ScenarioFiles {
    static func find(_ path: String) throws(DocumentError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DocumentError("no such file or directory", file: path)
        }
        guard isDirectory.boolValue else { return [path] }
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        // A folder reached through a link (init-package links a package's scenarios/ to the
        // user's folder) is searched where the link points; names stay as the user gave them.
        let target = URL(fileURLWithPath: base).resolvingSymlinksInPath().path
        let names = (FileManager.default.enumerator(atPath: target)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }
            .sorted()
        return names.map { base + "/" + $0 }.filter { file in
            // Manifests live beside scenarios; only files with steps are scenarios.
            guard let document = try? YAMLDocument(contentsOf: file) else { return true }
            return (try? DocumentKind.of(document)) != .manifest
        }
    }
}
