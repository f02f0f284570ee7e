import Foundation
import TestSupport

/// The fenced blocks of the documentation (README.md, CONTRIBUTING.md, docs/*.md), read as
/// `DocExampleTests` runs them. How a block is marked (its fence's info string, after the
/// language):
///
/// - `yaml example [file=NAME] [no-check]`: written to NAME (or `example-LINE.yaml`) in the
///   document's scratch directory and given to `actionsim check`, which must accept it;
///   `no-check` for a file meant to be refused, which a later command of the same document
///   must use.
/// - `console example`: `$ COMMAND` lines, each followed by what it prints (standard output
///   and standard error, as a terminal shows them) and, when it is not 0, `[exit N]`. A line
///   `...` stands for any number of lines, and `...` inside a line for any text. A command
///   ending in `\` goes on on the next line; `$ cd DIR` changes the directory for the
///   document's later commands.
/// - `sh example`: commands whose output is not shown; each must exit 0.
/// - `json example file=NAME`, `jsonl example file=NAME` (any language but the ones above):
///   written to NAME, for a later block, which must use it.
/// - `swift from=PATH`: the code is in PATH (a file of the repository that a test builds and
///   runs), line for line.
/// - `LANGUAGE not-run: REASON`: shown, not run (real hardware, sudo, a network download),
///   with the reason beside it.
///
/// Blocks in any other language (`text`: pictures, wiring) are not examples. Every fence has
/// a language, so that nothing runnable goes unmarked.
struct DocBlock: Sendable, CustomStringConvertible {
    enum Mark: Sendable, Equatable {
        case example
        case notRun(reason: String)
        case from(path: String)
        case unmarked
    }

    var document: String
    /// The opening fence's line, from 1.
    var line: Int
    var language: String
    var mark: Mark
    var fileName: String?
    var noCheck: Bool
    var body: [String]

    var description: String { "\(document):\(line)" }
    var text: String { body.map { $0 + "\n" }.joined() }

    /// The languages whose blocks are examples, which must be marked.
    static let runnable: Set<String> = ["sh", "console", "yaml", "swift", "json", "jsonl"]
}

enum DocExamples {
    /// The documents whose examples are run: README.md, CONTRIBUTING.md and docs/ (all of it).
    static func documents(root: String = CLI.packageRoot) -> [String] {
        var found = ["README.md", "CONTRIBUTING.md"].filter { FileManager.default.fileExists(atPath: root + "/" + $0) }
        if let enumerator = FileManager.default.enumerator(atPath: root + "/docs") {
            for case let path as String in enumerator where path.hasSuffix(".md") && !path.contains(".docc/") {
                found.append("docs/" + path)
            }
        }
        return found.sorted()
    }

    /// The fenced blocks of `markdown`, and what is wrong with how they are marked.
    static func blocks(in markdown: String, document: String) -> (blocks: [DocBlock], problems: [String]) {
        var blocks: [DocBlock] = []
        var problems: [String] = []
        var open: DocBlock?
        var fence = ""
        for (index, raw) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            let number = index + 1
            if var block = open {
                if line.hasPrefix(fence) && line.trimmingCharacters(in: .whitespaces) == fence {
                    blocks.append(block)
                    open = nil
                } else {
                    block.body.append(line)
                    open = block
                }
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") else { continue }
            if line != trimmed {
                problems.append("\(document):\(number): an indented fence; start fences at the line's beginning so that the example test reads the block")
            }
            fence = String(trimmed.prefix { $0 == "`" || $0 == "~" })
            let info = String(trimmed.dropFirst(fence.count)).trimmingCharacters(in: .whitespaces)
            var block = DocBlock(document: document, line: number, language: "", mark: .unmarked, fileName: nil, noCheck: false, body: [])
            parse(info: info, into: &block, problems: &problems)
            open = block
        }
        if let block = open { problems.append("\(block): a fence that is never closed") }
        for block in blocks {
            if block.language.isEmpty {
                problems.append("\(block): a fence without a language; say what it holds (text for a picture or wiring, yaml, console, sh, ...)")
            } else if DocBlock.runnable.contains(block.language), block.mark == .unmarked {
                problems.append("\(block): a \(block.language) block that is not marked; mark it `\(block.language) example` (run by DocExampleTests), `swift from=PATH`, or `\(block.language) not-run: WHY`")
            }
            if block.mark == .example, block.language == "swift" {
                problems.append("\(block): swift examples are marked from=PATH (the file holding the code a test runs)")
            }
            if block.mark == .example, !["yaml", "console", "sh", "swift"].contains(block.language), block.fileName == nil {
                problems.append("\(block): a \(block.language) example needs file=NAME, for the block that reads it")
            }
            if case .notRun(let reason) = block.mark, reason.isEmpty {
                problems.append("\(block): not-run without a reason; say why it cannot run here (not-run: needs GPIO hardware)")
            }
        }
        return (blocks, problems)
    }

    private static func parse(info: String, into block: inout DocBlock, problems: inout [String]) {
        var rest = Substring(info)
        func word() -> String? {
            rest = rest.drop { $0 == " " }
            guard !rest.isEmpty else { return nil }
            var result = ""
            var quoted = false
            while let character = rest.first, quoted || character != " " {
                rest = rest.dropFirst()
                if character == "\"" { quoted.toggle() } else { result.append(character) }
            }
            return result
        }
        block.language = word() ?? ""
        while let token = word() {
            if token == "example" {
                block.mark = .example
            } else if token == "not-run:" || token.hasPrefix("not-run:") {
                let reason = String(token.dropFirst("not-run:".count)) + " " + rest
                block.mark = .notRun(reason: reason.trimmingCharacters(in: .whitespaces))
                return
            } else if token.hasPrefix("from=") {
                block.mark = .from(path: String(token.dropFirst("from=".count)))
            } else if token.hasPrefix("file=") {
                block.fileName = String(token.dropFirst("file=".count))
            } else if token == "no-check" {
                block.noCheck = true
            } else {
                problems.append("\(block): unknown word \"\(token)\" in the fence; expected example, not-run: WHY, from=PATH, file=NAME or no-check")
            }
        }
    }

    /// A command of a `console` block and what the document says it prints.
    struct Command: Sendable {
        var line: Int
        var command: String
        var expected: [String]
        var status: Int32
    }

    static func commands(of block: DocBlock) -> [Command] {
        var commands: [Command] = []
        var continuing = false
        for (offset, line) in block.body.enumerated() {
            let number = block.line + 1 + offset
            if continuing, var last = commands.popLast() {
                last.command += "\n" + line
                continuing = line.hasSuffix("\\")
                commands.append(last)
            } else if line.hasPrefix("$ ") {
                commands.append(Command(line: number, command: String(line.dropFirst(2)), expected: [], status: 0))
                continuing = line.hasSuffix("\\")
            } else if var last = commands.popLast() {
                if let status = exitLine(line) { last.status = status } else { last.expected.append(line) }
                commands.append(last)
            }
        }
        return commands
    }

    private static func exitLine(_ line: String) -> Int32? {
        guard line.hasPrefix("[exit "), line.hasSuffix("]") else { return nil }
        return Int32(line.dropFirst("[exit ".count).dropLast())
    }

    /// The commands of an `sh` block: one per line (a line ending in `\` goes on), comments
    /// and blank lines left out.
    static func shellLines(of block: DocBlock) -> [(line: Int, command: String)] {
        var result: [(Int, String)] = []
        var continuing = false
        for (offset, line) in block.body.enumerated() {
            if continuing, var last = result.popLast() {
                last.1 += "\n" + line
                result.append(last)
            } else {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                result.append((block.line + 1 + offset, line))
            }
            continuing = line.hasSuffix("\\")
        }
        return result
    }

    /// Whether `actual` is what `expected` shows: line for line, trailing spaces and blank
    /// lines at the end aside; a line `...` stands for any lines, `...` in a line for any text.
    static func matches(expected: [String], actual: [String]) -> Bool {
        func trimmed(_ lines: [String]) -> [String] {
            var lines = lines.map { String($0.reversed().drop { $0 == " " || $0 == "\r" || $0 == "\t" }.reversed()) }
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines
        }
        let expected = trimmed(expected), actual = trimmed(actual)
        // memo[i][j]: expected[i...] matches actual[j...]
        var memo = [[Bool?]](repeating: [Bool?](repeating: nil, count: actual.count + 1), count: expected.count + 1)
        func match(_ i: Int, _ j: Int) -> Bool {
            if let known = memo[i][j] { return known }
            let result: Bool
            if i == expected.count {
                result = j == actual.count
            } else if expected[i] == "..." {
                result = match(i + 1, j) || (j < actual.count && match(i, j + 1))
            } else {
                result = j < actual.count && lineMatches(pattern: expected[i], line: actual[j]) && match(i + 1, j + 1)
            }
            memo[i][j] = result
            return result
        }
        return match(0, 0)
    }

    static func lineMatches(pattern: String, line: String) -> Bool {
        let parts = pattern.components(separatedBy: "...")
        guard parts.count > 1 else { return pattern == line }
        guard line.hasPrefix(parts[0]), line.dropFirst(parts[0].count).hasSuffix(parts[parts.count - 1]),
              line.count >= parts[0].count + parts[parts.count - 1].count else { return false }
        var rest = Substring(line.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count))
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    /// The lines of `block` that are not, in order and together, lines of `file` (each line
    /// compared without its indentation): empty when the file holds the code.
    static func missingLines(of block: DocBlock, in file: String) -> [String] {
        let wanted = block.body.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let lines = file.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let first = wanted.first else { return [] }
        for start in lines.indices where lines[start] == first {
            if Array(lines[start...].prefix(wanted.count)) == wanted { return [] }
        }
        // The first line that is not where it should be, for the message.
        var best: [String] = wanted
        for start in lines.indices where lines[start] == first {
            let run = zip(lines[start...], wanted).prefix { $0 == $1 }.count
            if wanted.count - run < best.count { best = Array(wanted[run...]) }
        }
        return best
    }
}
