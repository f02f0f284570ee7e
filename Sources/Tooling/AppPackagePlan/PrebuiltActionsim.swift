import Foundation

import AppSourceScan

/// The built actionsim this executable belongs to, when it runs from a checkout's build
/// folder (`.build/debug`): a package init-package writes then compiles only the app's files,
/// against this build's modules, and links its shared library (`SimulatorPackage.Prebuilt`).
/// An installed actionsim has no modules beside it, and the package builds actionsim instead.
public enum PrebuiltActionsim {
    /// This executable, its links resolved.
    public static var executable: URL? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map { URL(fileURLWithPath: $0) }
    }

    /// The build this executable is part of; nil when there is none beside it (no modules).
    /// Throws when the build is there but cannot be used as it is.
    public static func find(initCommand: String) throws -> SimulatorPackage.Prebuilt? {
        guard let executable else { return nil }
        let build = executable.deletingLastPathComponent()
        let fileManager = FileManager.default
        let modules = build.appendingPathComponent("Modules")
        guard fileManager.fileExists(atPath: modules.appendingPathComponent("AppIntents.swiftmodule").path) else { return nil }
        let rebuild = "build actionsim there (`swift build`, or `make build`), or give --from-source to build it in the package"
        let library = build.appendingPathComponent(SimulatorPackage.Prebuilt.libraryFile)
        let finder = build.appendingPathComponent(SimulatorPackage.Prebuilt.finder)
        for needed in [library, finder] where !fileManager.fileExists(atPath: needed.path) {
            throw AppPackageError("\(build.path) has actionsim's modules but not \(needed.lastPathComponent): \(rebuild)")
        }
        let libraryAttributes = try fileManager.attributesOfItem(atPath: library.path)
        let libraryDate = (libraryAttributes[.modificationDate] as? Date) ?? .distantPast
        for module in ["AppIntents", "ActionButtonHarness", "ActionsimCLI"] {
            let path = modules.appendingPathComponent("\(module).swiftmodule").path
            if let date = (try? fileManager.attributesOfItem(atPath: path))?[.modificationDate] as? Date, date > libraryDate {
                throw AppPackageError("\(library.path) is older than the module \(module) beside it (a partial build): \(rebuild)")
            }
        }
        // The build's description (`.build/debug.yaml` for `.build/x86_64-unknown-linux-gnu/debug`).
        let description = build.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(build.lastPathComponent + ".yaml")
        guard let text = try? String(contentsOf: description, encoding: .utf8) else {
            throw AppPackageError("cannot read \(description.path), the description of the build in \(build.path): \(rebuild)")
        }
        guard let version = compilerVersion(of: modules.appendingPathComponent("AppIntents.swiftmodule")) else {
            throw AppPackageError("cannot tell which Swift built \(modules.path)/AppIntents.swiftmodule: \(rebuild)")
        }
        let size = (libraryAttributes[.size] as? NSNumber)?.int64Value ?? -1
        return SimulatorPackage.Prebuilt(
            buildFolder: build.path, compileFlags: cModuleFlags(in: text), compilerVersion: version,
            libraryStamp: "\(size)-\(Int64(libraryDate.timeIntervalSince1970))", commit: commit(of: checkout),
            initCommand: initCommand)
    }

    /// The names of the build's modules, which an app's module must not take.
    public static func moduleNames(in build: String) -> Set<String> {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: build + "/Modules")) ?? []
        return Set(entries.filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(".swiftmodule".count)) })
    }

    /// What the build's compile commands pass for C modules: `-Xcc -fmodule-map-file=...`,
    /// `-Xcc -I -Xcc DIR` and pkg-config's `-IDIR`, each once, in their first order.
    static func cModuleFlags(in description: String) -> [String] {
        var flags: [String] = []
        var seen: Set<[String]> = []
        func add(_ group: [String]) {
            if seen.insert(group).inserted { flags += group }
        }
        for match in description.matches(of: /"-Xcc","(-fmodule-map-file=[^"]+)"/) { add(["-Xcc", String(match.output.1)]) }
        for match in description.matches(of: /"-Xcc","-I","-Xcc","([^"]+)"/) { add(["-Xcc", "-I", "-Xcc", String(match.output.1)]) }
        for match in description.matches(of: /"(-I\/[^"]+)"/) { add([String(match.output.1)]) }
        return flags
    }

    /// "6.3.1" from the producer a Swift module records ("Swift version 6.3.1 (...)").
    static func compilerVersion(of module: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: module.path) else { return nil }
        let marker = Array("Swift version ".utf8)
        guard let start = data.firstRange(of: marker) else { return nil }
        let version = data[start.upperBound...].prefix { $0 == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return version.isEmpty ? nil : String(decoding: version, as: UTF8.self)
    }

    /// The checkout this actionsim was built from.
    public static var checkout: URL {
        // Sources/CLI/ActionsimCLI/PrebuiltActionsim.swift in the checkout that was built.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The checkout's commit (short), or nil when git cannot say.
    static func commit(of checkout: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", checkout.path, "rev-parse", "--short", "HEAD"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let commit = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !commit.isEmpty ? commit : nil
    }
}
