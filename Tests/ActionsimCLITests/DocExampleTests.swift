import Foundation
import Testing
import TestSupport

/// Every example in README.md, CONTRIBUTING.md and docs/ is run against the built
/// `actionsim`, so that none can go stale: YAML through `actionsim check`, commands in a
/// scratch directory with what they print compared with what the document shows. How blocks
/// are marked: `DocBlock`.
@Suite("Documentation examples run as shown")
struct DocExampleTests {
    @Test("Every fenced block says what it is: an example that runs, code from a file a test runs, or not run and why")
    func everyBlockIsMarked() throws {
        var problems: [String] = []
        var examples = 0
        for document in DocExamples.documents() {
            let markdown = try String(contentsOfFile: CLI.packageRoot + "/" + document, encoding: .utf8)
            let read = DocExamples.blocks(in: markdown, document: document)
            problems += read.problems
            examples += read.blocks.filter { $0.mark == .example }.count
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(DocExamples.documents().contains("README.md"))
        #expect(examples > 20, "only \(examples) examples found: is the fence syntax still `yaml example`?")
    }

    /// One document at a time: each runs a few dozen commands, and the real-time tests beside
    /// these need the machine's cores more.
    @Test("Each document's examples run and print what it shows", .serialized, arguments: DocExamples.documents())
    func examplesRun(document: String) async throws {
        let markdown = try String(contentsOfFile: CLI.packageRoot + "/" + document, encoding: .utf8)
        let failures = try await DocExampleRunner.run(markdown: markdown, document: document)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
    }

    @Test("A stale example fails: changed output, a wrong exit status, YAML that check refuses, code no file holds, an unmarked block")
    func staleExamplesFail() async throws {
        let fence = "```"
        func failures(_ markdown: String) async throws -> [String] {
            let read = DocExamples.blocks(in: markdown, document: "stale.md")
            return try await read.problems + DocExampleRunner.run(markdown: markdown, document: "stale.md")
        }
        // What runs as shown passes, elisions included.
        let good = """
        \(fence)console example
        $ actionsim check scenarios/a07-pause-resume.yaml
        ...ok...
        $ actionsim check nowhere.yaml
        error: nowhere.yaml: no such file
        [exit 2]
        \(fence)
        \(fence)yaml example file=lap.yaml
        app: Lapper
        workout-kinds: {run: {title: Run, activity: running}}
        intents:
          - {name: StartLapIntent, role: start-workout, perform: {takes: 1s}}
        \(fence)
        \(fence)swift from=Tests/ActionsimCLITests/DocExampleTests.swift
        struct DocExampleTests {
        \(fence)
        """
        #expect(try await failures(good) == [])

        let changedOutput = "\(fence)console example\n$ actionsim check nowhere.yaml\nerror: nowhere.yaml: not found\n[exit 2]\n\(fence)\n"
        #expect(try await failures(changedOutput).first?.contains("stale.md:2: ") == true)
        let wrongStatus = "\(fence)console example\n$ actionsim check nowhere.yaml\nerror: nowhere.yaml: no such file\n\(fence)\n"
        #expect(try await failures(wrongStatus).first?.contains("exit status 2") == true)
        let refused = """
        \(fence)yaml example
        app: Lapper
        workout-kinds: {run: {title: Run, activity: running}}
        intents:
          - {name: StartLapIntent, role: start-workout, perfrom: {takes: 1s}}
        \(fence)
        """
        #expect(try await failures(refused).first?.contains("unknown key \"perfrom\" in an intent") == true)
        let missingCode = "\(fence)swift from=Tests/ActionsimCLITests/DocExampleTests.swift\nstruct MissingExampleSuite {\n\(fence)\n"
        #expect(try await failures(missingCode).first?.contains("struct MissingExampleSuite {") == true)
        let unmarked = "\(fence)yaml\napp: Lapper\n\(fence)\n"
        #expect(try await failures(unmarked).first?.contains("not marked") == true)
        let unused = "\(fence)yaml example no-check file=bad.yaml\napp: [\n\(fence)\n"
        #expect(try await failures(unused).first?.contains("no later command uses bad.yaml") == true)
    }

    @Test("The DocC catalogs' code is code the example apps build and run: each swift block is in a file under Examples/")
    func doccCodeFromExamples() throws {
        var catalogs: [String] = []
        for case let path as String in FileManager.default.enumerator(atPath: CLI.packageRoot + "/Sources")! where path.contains(".docc/") && path.hasSuffix(".md") {
            catalogs.append("Sources/" + path)
        }
        var examples: [String] = []
        // The apps' own files, not a build's checkouts (.build) or anything hidden.
        for case let path as String in FileManager.default.enumerator(atPath: CLI.packageRoot + "/Examples")!
        where path.hasSuffix(".swift") && !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            examples.append(try String(contentsOfFile: CLI.packageRoot + "/Examples/" + path, encoding: .utf8))
        }
        #expect(catalogs.count >= 2, "\(catalogs)")
        var swiftBlocks = 0
        for catalog in catalogs {
            let markdown = try String(contentsOfFile: CLI.packageRoot + "/" + catalog, encoding: .utf8)
            for block in DocExamples.blocks(in: markdown, document: catalog).blocks where block.language == "swift" {
                swiftBlocks += 1
                #expect(examples.contains { DocExamples.missingLines(of: block, in: $0).isEmpty },
                        "\(block): no Swift file under Examples/ holds this code; take it from an example app, which make test-examples builds and runs")
            }
        }
        #expect(swiftBlocks >= 2)
    }

    @Test("Elisions: a line ... stands for any lines, ... in a line for any text")
    func elisions() {
        #expect(DocExamples.matches(expected: ["a", "...", "d"], actual: ["a", "b", "c", "d"]))
        #expect(DocExamples.matches(expected: ["a", "...", "b"], actual: ["a", "b"]))
        #expect(!DocExamples.matches(expected: ["a", "...", "d"], actual: ["a", "b", "c"]))
        #expect(DocExamples.matches(expected: ["session store: .../actionsim.sqlite (sessions 1, 2)"],
                                    actual: ["session store: /tmp/x/actionsim.sqlite (sessions 1, 2)"]))
        #expect(!DocExamples.matches(expected: ["session store: .../actionsim.sqlite (sessions 1, 2)"],
                                     actual: ["session store: /tmp/x/actionsim.sqlite (sessions 1)"]))
        #expect(!DocExamples.lineMatches(pattern: "ab...ba", line: "aba"))
        #expect(DocExamples.matches(expected: ["a  "], actual: ["a", ""]))
    }
}

/// Runs one document's examples in order, in a scratch directory of its own holding copies
/// of `scenarios/`, `devices/` and `Examples/`, with `actionsim` (the build's) first on PATH
/// and HOME in the scratch directory (so logs and the session store are written there).
/// Returns what did not run as shown, each starting `document:line:`.
enum DocExampleRunner {
    static func run(markdown: String, document: String) async throws -> [String] {
        let blocks = DocExamples.blocks(in: markdown, document: document).blocks
        let scratch = CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try await offExecutor {
            for folder in ["scenarios", "devices", "Examples"] {
                try FileManager.default.copyItem(atPath: CLI.packageRoot + "/" + folder, toPath: scratch + "/" + folder)
            }
        }
        for folder in ["home", "tmp"] {
            try FileManager.default.createDirectory(atPath: scratch + "/" + folder, withIntermediateDirectories: true)
        }
        let binary = URL(fileURLWithPath: CLI.binary, relativeTo: URL(fileURLWithPath: CLI.packageRoot + "/")).standardizedFileURL
        let environment = [
            "PATH": binary.deletingLastPathComponent().path + ":/usr/local/bin:/usr/bin:/bin",
            "HOME": scratch + "/home", "TMPDIR": scratch + "/tmp", "TZ": "UTC", "LANG": "C.UTF-8", "NO_COLOR": "1",
        ]
        var directory = scratch
        var failures: [String] = []
        var unused: [(block: DocBlock, name: String)] = []
        var commandsSoFar: [String] = []
        var firstCommandAfter: [Int: Int] = [:]  // a written file's block line -> index of the next command

        func shell(_ command: String) async throws -> CLI.Result {
            commandsSoFar.append(command)
            // Standard error into standard output, as a terminal interleaves them; no input.
            return try await CLI.run(["120", "/bin/sh", "-c", "exec </dev/null 2>&1\n" + command],
                                     executable: "/usr/bin/timeout", directory: directory, environment: environment)
        }

        for block in blocks {
            if case .from(let path) = block.mark {
                guard let file = try? String(contentsOfFile: CLI.packageRoot + "/" + path, encoding: .utf8) else {
                    failures.append("\(block): from=\(path): no such file in the repository")
                    continue
                }
                let missing = DocExamples.missingLines(of: block, in: file)
                if !missing.isEmpty {
                    failures.append("\(block): \(path) does not hold this code as shown; from the line\n    \(missing[0])\non, the file differs")
                }
                continue
            }
            guard block.mark == .example else { continue }
            switch block.language {
            case _ where block.fileName != nil || block.language == "yaml":
                let name = block.fileName ?? "example-\(block.line).yaml"
                let path = name.hasPrefix("/") ? name : directory + "/" + name
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try block.text.write(toFile: path, atomically: true, encoding: .utf8)
                if block.language != "yaml" || block.noCheck {
                    unused.append((block, name))
                    firstCommandAfter[block.line] = commandsSoFar.count
                    continue
                }
                let check = try await shell("actionsim check '\(name)'")
                if check.status != 0 {
                    failures.append("\(block): actionsim check refuses this example (exit \(check.status)):\n\(check.stdout)")
                }
            case "console":
                for command in DocExamples.commands(of: block) {
                    let words = command.command.split(separator: " ")
                    if words.first == "cd", words.count == 2 {
                        let target = String(words[1])
                        directory = target.hasPrefix("/") ? target : URL(fileURLWithPath: directory + "/" + target).standardizedFileURL.path
                        commandsSoFar.append(command.command)
                        continue
                    }
                    let result = try await shell(command.command)
                    // Line by line: "\r\n" (CSV's line end) is one Character, so it is made "\n" first.
                    let actual = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
                        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    if result.status != command.status {
                        failures.append("\(block.document):\(command.line): `\(command.command)` ended with exit status \(result.status), the document shows \(command.status == 0 ? "none (0)" : "[exit \(command.status)]"); it printed:\n\(result.stdout)")
                    } else if !DocExamples.matches(expected: command.expected, actual: actual) {
                        failures.append("\(block.document):\(command.line): `\(command.command)` printed\n\(result.stdout)\nwhere the document shows\n\(command.expected.joined(separator: "\n"))")
                    }
                }
            case "sh":
                for (line, command) in DocExamples.shellLines(of: block) {
                    let result = try await shell(command)
                    if result.status != 0 {
                        failures.append("\(block.document):\(line): `\(command)` ended with exit status \(result.status):\n\(result.stdout)")
                    }
                }
            default:
                failures.append("\(block): \(block.language) blocks are not run; give it file=NAME (a file a later example uses), mark it not-run: WHY, or from=PATH")
            }
        }
        for (block, name) in unused {
            let file = (name as NSString).lastPathComponent
            let laterCommands = commandsSoFar.suffix(from: firstCommandAfter[block.line] ?? commandsSoFar.count)
            guard !laterCommands.contains(where: { $0.contains(file) }),
                  !blocks.contains(where: { $0.line > block.line && $0.mark == .example && $0.text.contains(file) }) else { continue }
            failures.append("\(block): no later command uses \(name); show what actionsim does with it")
        }
        return failures
    }
}
