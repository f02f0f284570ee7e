import OSLog
import Testing

/// `import OSLog`, as Apple's samples write it (the trial of issue 24 found Apple's own App
/// Intents sample left out for it): the `os` stand-in under the framework's name. What this
/// file holds is the check: it does not compile without the `OSLog` module.
@Suite("import OSLog")
struct OSLogImportTests {
    @Test("Logger and its interpolation with privacy come with import OSLog, as with import os")
    func logger() {
        let log = Logger(subsystem: "com.example.trail", category: "intents")
        let trail = "Ridge"
        log.info("started \(trail, privacy: .public)")
        #expect(String(describing: type(of: log)) == "Logger")
    }
}
