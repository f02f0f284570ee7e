import Foundation
import Testing
import TestSupport

/// What the documentation points at is there: every relative link leads to a file of the
/// repository (never outside it: a clone has nothing beside it) and to a heading that exists,
/// every repository path it names in backticks exists, and every test it names (`XTests`,
/// `XTests.name`) is a test.
@Suite("Documentation references lead somewhere")
struct DocReferenceTests {
    /// Every Markdown file of the repository (not the build's, not the fuzzers' corpus).
    static func markdownFiles(root: String = CLI.packageRoot) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        for case let path as String in enumerator where path.hasSuffix(".md") {
            if path.hasPrefix(".") || path.contains("/.") || path.hasPrefix("Tests/Fuzz/corpus") || path.hasPrefix("Tests/Fixtures") { continue }
            files.append(path)
        }
        return files.sorted()
    }

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(of heading: String) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
            return nil
        })
    }

    /// The anchors of a Markdown text: its headings' (a repeated one gets -1, -2, ...) and
    /// explicit `<a id="...">`; headings inside fenced blocks are not headings.
    static func anchors(of markdown: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        var inFence = false
        for line in markdown.split(separator: "\n") {
            if line.hasPrefix("```") || line.hasPrefix("~~~") { inFence.toggle(); continue }
            guard !inFence else { continue }
            if line.hasPrefix("#") {
                let text = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                let base = anchor(of: text)
                let count = seen[base, default: 0]
                result.insert(count == 0 ? base : "\(base)-\(count)")
                seen[base] = count + 1
            }
            var rest = Substring(line)
            while let start = rest.range(of: "<a id=\"") ?? rest.range(of: "<a name=\"") {
                let name = rest[start.upperBound...].prefix { $0 != "\"" }
                result.insert(String(name))
                rest = rest[start.upperBound...]
            }
        }
        return result
    }

    /// The text outside fenced blocks and inline code, where links are.
    static func prose(of markdown: String) -> [(line: Int, text: String)] {
        var inFence = false
        var result: [(Int, String)] = []
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") || line.hasPrefix("~~~") { inFence.toggle(); continue }
            if !inFence { result.append((index + 1, String(line))) }
        }
        return result
    }

    /// Links that lead nowhere in `document`, as `document:line: ...`.
    static func brokenLinks(in markdown: String, document: String, root: String = CLI.packageRoot) -> [String] {
        let link = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        var problems: [String] = []
        let directory = (document as NSString).deletingLastPathComponent
        for (line, text) in prose(of: markdown) {
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = (text as NSString).substring(with: match.range(at: 1))
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0]), fragment = parts.count > 1 ? String(parts[1]) : nil
                let base = URL(fileURLWithPath: (root as NSString).appendingPathComponent(directory), isDirectory: true)
                let full = path.isEmpty ? root + "/" + document : URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL.path
                guard !path.hasPrefix("/"), full.hasPrefix(root + "/") else {
                    problems.append("\(document):\(line): \(target) leads outside the repository; a clone has only its own tree")
                    continue
                }
                let resolved = String(full.dropFirst(root.count + 1))
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root + "/" + resolved, isDirectory: &isDirectory) else {
                    problems.append("\(document):\(line): \(target): no such file in the repository")
                    continue
                }
                if let fragment, resolved.hasSuffix(".md"),
                   let text = try? String(contentsOfFile: root + "/" + resolved, encoding: .utf8), !anchors(of: text).contains(fragment) {
                    problems.append("\(document):\(line): \(target): \(resolved) has no heading with the anchor #\(fragment)")
                }
            }
        }
        return problems
    }

    /// Repository paths named in backticks (`Tests/ActionsimCLITests/LiveFaultTests.swift`) that
    /// are not there.
    static func missingPaths(in markdown: String, document: String, root: String = CLI.packageRoot) -> [String] {
        let code = try! NSRegularExpression(pattern: #"`((?:Sources|Tests|scenarios|devices|udev|Examples|Benchmarks|docs)/[^`\s*<>…]+)`"#)
        var problems: [String] = []
        for (line, text) in prose(of: markdown) {
            for match in code.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                var path = (text as NSString).substring(with: match.range(at: 1))
                if let colon = path.firstIndex(of: ":") { path = String(path[..<colon]) }  // file:line
                if !FileManager.default.fileExists(atPath: root + "/" + path) {
                    problems.append("\(document):\(line): `\(path)`: no such file or folder in the repository")
                }
            }
        }
        return problems
    }

    /// Test suites and tests named in backticks (`StoreUseTests`, `EverydayUseTests.stepAfterUntil`)
    /// that no Swift file under Tests/ or Examples/ declares.
    static func missingTests(in markdown: String, document: String, sources: [String]) -> [String] {
        let name = try! NSRegularExpression(pattern: #"`([A-Z][A-Za-z0-9]*Tests)(?:\.([a-z][A-Za-z0-9]*))?`"#)
        var problems: [String] = []
        for (line, text) in prose(of: markdown) {
            for match in name.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let suite = (text as NSString).substring(with: match.range(at: 1))
                let declaring = sources.filter { source in
                    ["struct", "class", "final class", "enum", "extension"].contains { source.contains("\($0) \(suite) ") || source.contains("\($0) \(suite){") }
                }
                // A test target's name (a folder under Tests/) is a test too.
                if declaring.isEmpty, !FileManager.default.fileExists(atPath: CLI.packageRoot + "/Tests/" + suite) {
                    problems.append("\(document):\(line): `\(suite)`: no test suite of that name under Tests/ or Examples/")
                } else if match.range(at: 2).location != NSNotFound {
                    let test = (text as NSString).substring(with: match.range(at: 2))
                    if !declaring.contains(where: { $0.contains("func \(test)(") }) {
                        problems.append("\(document):\(line): `\(suite).\(test)`: \(suite) has no test \(test)")
                    }
                }
            }
        }
        return problems
    }

    static func testSources(root: String = CLI.packageRoot) -> [String] {
        var sources: [String] = []
        for folder in ["Tests", "Examples"] {
            guard let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder) else { continue }
            for case let path as String in enumerator where path.hasSuffix(".swift") && !path.contains(".build") {
                if let text = try? String(contentsOfFile: root + "/" + folder + "/" + path, encoding: .utf8) { sources.append(text) }
            }
        }
        return sources
    }

    // The file reading runs on a thread of its own (offExecutor), not on Swift's few
    // executor threads, which the real-time tests running beside these need.

    @Test("Every relative link in the repository's Markdown leads to a file of the repository, and to a heading that is there")
    func linksLeadSomewhere() async throws {
        let problems = try await offExecutor {
            try Self.markdownFiles().flatMap { document in
                Self.brokenLinks(in: try String(contentsOfFile: CLI.packageRoot + "/" + document, encoding: .utf8), document: document)
            }
        }
        #expect(problems == [], "\(problems.joined(separator: "\n"))")
        #expect(Self.markdownFiles().contains("docs/rules.md"))
    }

    @Test("Every repository path and test that README.md, CONTRIBUTING.md and docs/ name is there")
    func namedThingsExist() async throws {
        let problems = try await offExecutor {
            let sources = Self.testSources()
            return try DocExamples.documents().flatMap { document in
                let markdown = try String(contentsOfFile: CLI.packageRoot + "/" + document, encoding: .utf8)
                return Self.missingPaths(in: markdown, document: document) + Self.missingTests(in: markdown, document: document, sources: sources)
            }
        }
        #expect(problems == [], "\(problems.joined(separator: "\n"))")
    }

    @Test("A link outside the tree, a missing file or anchor, a moved path and a renamed test are each caught")
    func staleReferencesCaught() async throws {
        let sources = try await offExecutor { Self.testSources() }
        let unknown = "a" + "13"  // a rule that is not there, written so that this file names none
        let markdown = """
        The rules: [SPEC](../shared/SPEC.md), [A5](docs/rules.md#a5), [the unknown rule](docs/rules.md#\(unknown)),
        [gone](docs/nowhere.md), [ok](Benchmarks/README.md).
        `Tests/LiveInputTests/LiveFaultTests.swift`, `Tests/ActionsimCLITests/LiveFaultTests.swift:12`,
        `StoreUseTests`, `NoSuchTests`, `EverydayUseTests.stepAfterUntil`, `EverydayUseTests.noSuchTest`.
        ```text
        [not a link](nowhere.md)
        ```
        """
        #expect(Self.brokenLinks(in: markdown, document: "README.md") == [
            "README.md:1: ../shared/SPEC.md leads outside the repository; a clone has only its own tree",
            "README.md:1: docs/rules.md#\(unknown): docs/rules.md has no heading with the anchor #\(unknown)",
            "README.md:2: docs/nowhere.md: no such file in the repository",
        ])
        #expect(Self.missingPaths(in: markdown, document: "README.md") == [
            "README.md:3: `Tests/LiveInputTests/LiveFaultTests.swift`: no such file or folder in the repository",
        ])
        #expect(Self.missingTests(in: markdown, document: "README.md", sources: sources) == [
            "README.md:4: `NoSuchTests`: no test suite of that name under Tests/ or Examples/",
            "README.md:4: `EverydayUseTests.noSuchTest`: EverydayUseTests has no test noSuchTest",
        ])
        #expect(Self.anchor(of: "The web page: `--web`") == "the-web-page---web")
        #expect(Self.anchor(of: "Recording, importing and injecting presses (S3)") == "recording-importing-and-injecting-presses-s3")
    }
}
