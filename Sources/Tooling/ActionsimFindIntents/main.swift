import AppSourceScan
import Foundation

// The ActionsimApp plugin's build step: reads a watch app target's Swift files, prints what a
// watch would refuse (errors, which stop the build) and what Linux loses (warnings), and
// writes the registration file the target compiles with them.
//
//   actionsim-find-intents --app NAME --module MODULE --output FILE [--define FLAG]... [--import MODULE]... FILE.swift...
//
// --import names a module the target may import beyond the platform's (a target of the app's
// own local package).

struct Arguments {
    var app = ""
    var module = ""
    var output = ""
    var defines: Set<String> = ["DEBUG"]
    var imports: Set<String> = []
    var files: [String] = []

    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments
        while let argument = rest.popFirst() {
            switch argument {
            case "--app": app = try value(for: argument, &rest)
            case "--module": module = try value(for: argument, &rest)
            case "--output": output = try value(for: argument, &rest)
            case "--define": defines.insert(try value(for: argument, &rest))
            case "--import": imports.insert(try value(for: argument, &rest))
            default: files.append(argument)
            }
        }
        guard !module.isEmpty, !output.isEmpty else { throw UsageError() }
        if app.isEmpty { app = module }
    }

    private func value(for option: String, _ rest: inout ArraySlice<String>) throws -> String {
        guard let value = rest.popFirst() else { throw UsageError() }
        return value
    }
}

struct UsageError: Error {}

func standardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

let arguments: Arguments
do { arguments = try Arguments(CommandLine.arguments.dropFirst()) } catch {
    standardError("usage: actionsim-find-intents --app NAME --module MODULE --output FILE [--define FLAG]... [--import MODULE]... FILE.swift...")
    exit(2)
}

var sources: [(path: String, text: String)] = []
for file in arguments.files.sorted() {
    // Messages name the file where its owner keeps it, not the link the package reaches it by.
    let shown = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
    do {
        sources.append((shown, try String(contentsOfFile: file, encoding: .utf8)))
    } catch {
        standardError("\(shown): error: cannot read this Swift file: it is not UTF-8 text, or not readable")
        exit(1)
    }
}

var conditions = CompilationConditions(defined: arguments.defines)
conditions.localModules = arguments.imports
let scan = AppScan(appName: arguments.app, files: sources, conditions: conditions, leaveOutUnbuildable: false)
for message in scan.messages { standardError(message.description) }
guard scan.errors.isEmpty else {
    standardError("error: actionsim cannot load \(arguments.app): \(scan.errors.count) error\(scan.errors.count == 1 ? "" : "s") above")
    exit(1)
}

let text = RegistrationSource.text(for: scan, module: arguments.module)
// Rewritten only when it changes, so that an unchanged app is not compiled again.
if (try? String(contentsOfFile: arguments.output, encoding: .utf8)) != text {
    do { try text.write(toFile: arguments.output, atomically: true, encoding: .utf8) } catch {
        standardError("error: cannot write \(arguments.output) (is the build folder writable?)")
        exit(1)
    }
}
