import Foundation
import SessionLog

/// T4: a crash loses at most the last unflushed batch of the session log, and the next
/// start says so. Every command that writes logs into a directory first looks there for
/// logs left without their footer by a run that was killed or crashed.
enum CutShortLogs {
    static func report(in directory: String, by source: String) {
        for log in SessionLogFile.cutShort(in: directory) {
            let end = log.endsMidLine ? "; its last line, torn by the crash, is removed" : ""
            Terminal.warning("warning: session log \(log.path) was cut short: it has no log-end footer, so the run that wrote it was killed or crashed; at most its last unflushed batch is missing\(end) (T4)")
            SessionLogFile.markReported(log, by: source)
        }
    }
}
