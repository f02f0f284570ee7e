import CFuzzDriver
import Foundation

/// libFuzzer's input as Swift sees it. Each fuzzer's `main.swift` calls `FuzzInput.main`
/// with what to do with the bytes; an error thrown is a refusal (what bad input should
/// get), and only a crash, a hang, a leak or a memory error is a finding.
public enum FuzzInput {
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs libFuzzer with this process's arguments (`-max_total_time=600 corpus/...`).
    public static func main(_ testOneInput: TestOneInput) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }

    /// Calls `body` with the bytes as `Data`, swallowing the errors it throws.
    public static func run(_ bytes: UnsafePointer<UInt8>?, _ count: Int, _ body: (Data) throws -> Void) -> CInt {
        let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
        try? body(data)
        return 0
    }

    /// A path in the actionsim repository (`scenarios/…`, `devices/…`), for fuzzers that
    /// resolve what an input names the way the shipped files do.
    public static func repositoryPath(_ relative: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(relative).path
    }

    /// A scratch directory for this fuzzing process: in memory (/dev/shm) where there is
    /// one, since a fuzzer that writes a file per input spends its time in the file system.
    public static let scratch: String = {
        let base = FileManager.default.isWritableFile(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm")
            : FileManager.default.temporaryDirectory
        let path = base.appendingPathComponent("actionsim-fuzz-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: FuzzInput.scratch) }
        return path
    }()
}
