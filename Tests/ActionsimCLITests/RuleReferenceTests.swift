import Foundation
import Testing
import TestSupport

/// Every rule a test, a scenario or an example names (`A5`, `P3`, `T4`, `S3`) can be followed
/// to its section in docs/rules.md, the one rules document, which is in the repository.
@Suite("Rule names lead to docs/rules.md")
struct RuleReferenceTests {
    /// The rules of the behaviour contract docs/rules.md was written from: A1-A12, P1-P4,
    /// T1-T4, S1-S3. A rule added to the contract is added here and in docs/rules.md.
    static let contract = (1...12).map { "A\($0)" } + (1...4).map { "P\($0)" } + (1...4).map { "T\($0)" } + (1...3).map { "S\($0)" }

    /// The rules docs/rules.md has a section for (`### A5`, which GitHub anchors as `#a5`).
    static func documentedRules() throws -> Set<String> {
        let rules = try String(contentsOfFile: CLI.packageRoot + "/docs/rules.md", encoding: .utf8)
        return Set(rules.split(separator: "\n").compactMap { line in
            line.hasPrefix("### ") ? String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces) : nil
        }.filter { ruleName.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0))?.range.length == ($0 as NSString).length })
    }

    /// A rule's name standing alone: `A5`, `(P2)`, `T1-T3`; not `PA5`, `A5x` or `_A5`.
    static var ruleName: NSRegularExpression {
        try! NSRegularExpression(pattern: "(?<![A-Za-z0-9_])[APTS][0-9]{1,2}(?![A-Za-z0-9_])")
    }

    /// Each rule name in `text`, with its line.
    static func ruleNames(in text: String) -> [(name: String, line: Int)] {
        var found: [(String, Int)] = []
        let ruleName = ruleName
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            for match in ruleName.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                found.append(((line as NSString).substring(with: match.range), index + 1))
            }
        }
        return found
    }

    /// Text files under Tests/, scenarios/ and Examples/ (the fuzzers' corpus, random bytes, aside).
    static func citingFiles() -> [String] {
        let extensions: Set = ["swift", "yaml", "yml", "jsonl", "py", "sh", "md", "c", "h"]
        var files: [String] = []
        for folder in ["Tests", "scenarios", "Examples"] {
            guard let enumerator = FileManager.default.enumerator(atPath: CLI.packageRoot + "/" + folder) else { continue }
            for case let path as String in enumerator {
                let full = folder + "/" + path
                if full.hasPrefix("Tests/Fuzz/corpus") || full.contains("/.build") { continue }
                if extensions.contains((path as NSString).pathExtension) { files.append(full) }
            }
        }
        return files.sorted()
    }

    /// Rule names in `files` that docs/rules.md has no section for, as `file:line: ...`.
    static func unfollowable(in files: [(path: String, text: String)], documented: Set<String>) -> [String] {
        files.flatMap { file in
            ruleNames(in: file.text).filter { !documented.contains($0.name) }.map {
                "\(file.path):\($0.line): names rule \($0.name), which docs/rules.md has no section for"
            }
        }
    }

    @Test("docs/rules.md has a section, with its anchor, for every rule of the contract, and no other")
    func everyRuleDocumented() throws {
        let documented = try Self.documentedRules()
        #expect(Set(Self.contract) == documented, "missing: \(Set(Self.contract).subtracting(documented).sorted()); extra: \(documented.subtracting(Self.contract).sorted())")
    }

    @Test("Every rule a test, a scenario or an example names has its section in docs/rules.md")
    func everyCitedRuleFollowable() async throws {
        let documented = try Self.documentedRules()
        // Read on a thread of its own, not on the executor threads the real-time tests need.
        let files = try await offExecutor {
            try Self.citingFiles().map { ($0, try String(contentsOfFile: CLI.packageRoot + "/" + $0, encoding: .utf8)) }
        }
        #expect(Self.unfollowable(in: files, documented: documented) == [])
        // The scan finds what is there: the A and P rules each have a scenario naming them.
        let cited = Set(files.flatMap { Self.ruleNames(in: $0.1).map(\.name) })
        for rule in Self.contract where rule.hasPrefix("A") || rule.hasPrefix("P") {
            #expect(cited.contains(rule), "no test or scenario names \(rule)")
        }
        #expect(files.contains { $0.0 == "scenarios/a05-start-deadline-missed.yaml" })
    }

    @Test("A rule name docs/rules.md lacks is caught, with where it is")
    func unknownRuleCaught() throws {
        let documented = try Self.documentedRules()
        let unknown = "A" + "13"  // written so, or this file would name it
        let problems = Self.unfollowable(in: [("scenarios/x.yaml", "name: x\nrule: \(unknown)   # see A5, P2 and T4\n")], documented: documented)
        #expect(problems == ["scenarios/x.yaml:2: names rule \(unknown), which docs/rules.md has no section for"])
        #expect(Self.ruleNames(in: "PA5 A5x _A5 A5, (P2)").map(\.name) == ["A5", "P2"])
    }
}
