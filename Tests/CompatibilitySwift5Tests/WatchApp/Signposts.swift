// A Swift 5 watch app's file that measures its own work with signposts (watchOS 8), as apps
// tuned with Instruments do, and asks its logs what they write.
import os

class SyncTimer {
    let signposter = OSSignposter(subsystem: "com.example.trail", category: "Sync")
    let points = OSSignposter(subsystem: "com.example.trail", category: .pointsOfInterest)
    let quiet = OSSignposter.disabled
    var lines: [String] = []

    /// One upload, measured from start to end; a lap marked on the way; a summary around it.
    func upload(_ laps: [Double]) {
        let id = signposter.makeSignpostID()
        let state = signposter.beginInterval("upload", id: id, "\(laps.count) laps")
        for (index, lap) in laps.enumerated() {
            signposter.emitEvent("lap", id: id, "lap \(index) \(lap, format: .fixed(precision: 1)) s")
        }
        points.emitEvent("uploaded")
        signposter.endInterval("upload", state, "done")
        let total = signposter.withIntervalSignpost("sum") { laps.reduce(0, +) }
        let average = signposter.withIntervalSignpost("average", id: signposter.makeSignpostID(from: self), "of \(laps.count)") {
            laps.isEmpty ? 0 : total / Double(laps.count)
        }
        lines.append("total \(total) average \(average)")
    }

    /// Intervals that end elsewhere, and one for an animation.
    func elsewhere() {
        let begun = signposter.beginInterval("wait")
        let animation = signposter.beginAnimationInterval("ring", id: .exclusive)
        let described = signposter.beginAnimationInterval("ring", id: signposter.makeSignpostID(), "\(3) rings")
        signposter.endInterval("ring", described)
        signposter.endInterval("ring", animation)
        signposter.endInterval("wait", begun)
        signposter.endInterval("wait", OSSignpostIntervalState.beginState(id: .exclusive))
        quiet.emitEvent("never")
        lines.append("enabled \(signposter.isEnabled) \(quiet.isEnabled)")
    }

    /// Signposters made from a logger and from a log; the logs' own switches.
    func fromLogs() {
        let log = OSLog(subsystem: "com.example.trail", category: .pointsOfInterest)
        let fromLogger = OSSignposter(logger: Logger(subsystem: "com.example.trail", category: "Sync"))
        let fromLog = OSSignposter(logHandle: log)
        let plain = OSSignposter()
        let ids: [OSSignpostID] = [OSSignpostID(7), OSSignpostID(log: log), OSSignpostID(log: log, object: self), .exclusive, .invalid, .null]
        fromLogger.emitEvent("from logger")
        fromLog.emitEvent("from log", id: ids[1])
        plain.emitEvent("plain")
        lines.append("logs \(log.isEnabled(type: .debug)) \(log.signpostsEnabled) \(OSLog.disabled.signpostsEnabled) "
            + "\(fromLog.isEnabled) \(OSSignposter(logHandle: .disabled).isEnabled) \(ids[0].rawValue) \(ids[3] < ids[4])")
        _ = OSLog.Category.dynamicTracing
        _ = OSLog.Category.dynamicStackTracing
    }
}

/// Log lines whose values carry attributes for tools that read the log (watchOS 8).
func logAttributed(_ logger: Logger, lap: Int, pace: Double, error: Error?) {
    logger.info("lap \(lap, format: .decimal, privacy: .public, attributes: "lap") \(pace, format: .fixed(precision: 1), attributes: "pace")")
    logger.error("\(error, privacy: .public, attributes: "cause") \("trail", align: .left(columns: 6), attributes: "name")")
}
