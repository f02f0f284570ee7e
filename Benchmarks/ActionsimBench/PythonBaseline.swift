import Foundation

/// `Benchmarks/baseline/evdev_baseline.py`: the same scenarios handled the way a user
/// would otherwise write it, in Python with python-evdev-style event handling. Run in the
/// same process tree and on the same machine as the Swift figures it is compared with.
struct PythonBaseline {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Result: Decodable {
        var seconds: [Double]
        var gestures: Int
        var samples: Int?
    }

    var directory: String
    var repetitions: Int

    /// The script beside this package's sources, or under the working directory.
    static var script: String {
        let besideSources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("baseline/evdev_baseline.py").path
        return FileManager.default.fileExists(atPath: besideSources) ? besideSources : "Benchmarks/baseline/evdev_baseline.py"
    }

    func engine(presses: Int) throws -> Result {
        try run(["engine", "--presses", String(presses)])
    }

    func replay(kind: String, hours: Int) throws -> Result {
        try run(["replay", "--kind", kind, "--hours", String(hours)])
    }

    private func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script] + arguments + ["--repetitions", String(repetitions), "--directory", directory]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 \(Self.script) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return try JSONDecoder().decode(Result.self, from: data)
    }
}
