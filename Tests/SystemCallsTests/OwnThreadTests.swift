import Foundation
import SystemCalls
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The one way actionsim starts a thread.
@Suite("Threads of their own")
struct OwnThreadTests {
    @Test("A thread carries its name (as top -H shows it, cut to 15 bytes) and join waits for its end")
    func nameAndJoin() throws {
        let seen = Mutex<String?>(nil)
        let thread = try OwnThread.start("actionsim test thread name") {
            let comm = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
            Thread.sleep(forTimeInterval: 0.05)  // join must wait for this
            seen.withLock { $0 = comm }
        }
        thread.join()
        #expect(seen.withLock { $0 } == "actionsim test \n")
    }

    @Test("The stack size asked for is the thread's (the mapping its stack lives in is that large)")
    func stackSize() throws {
        let size = Mutex<Int>(0)
        let thread = try OwnThread.start("stack", stackSize: 24 << 20) {
            var local = 0
            let address = withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
            let maps = readWhole("/proc/self/maps")
            for line in maps.split(separator: "\n") {
                let range = line.prefix { $0 != " " }.split(separator: "-").compactMap { UInt($0, radix: 16) }
                if range.count == 2, range[0] <= address, address < range[1] {
                    size.withLock { $0 = Int(range[1] - range[0]) }
                }
            }
        }
        thread.join()
        // glibc's default is the 8 MiB of `ulimit -s`: 24 MiB is the size asked for.
        #expect(size.withLock { $0 } >= 24 << 20)
    }

    @Test("run hands back the thread's result, or its error, to an async caller, off Swift's executor threads")
    func run() async throws {
        let caller = currentTask()
        let (value, task) = await OwnThread.run("run") { (21 * 2, currentTask()) }
        #expect(value == 42)
        #expect(task != caller)
        struct Failure: Error {}
        await #expect(throws: Failure.self) {
            try await OwnThread.run("fails") { () throws -> Int in throw Failure() }
        }
    }
}

/// This thread's task ("PID/task/TID"), as /proc names it.
func currentTask() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? "?"
}

/// A /proc file read to its end (it says its size is 0; Foundation's String(contentsOfFile:)
/// can stop at the first page of it).
func readWhole(_ path: String) -> String {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return "" }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = (try? SystemCall.retrying { chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }) ?? 0
        if count <= 0 { break }
        bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
