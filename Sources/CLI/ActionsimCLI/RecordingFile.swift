import Foundation
import OutputFiles
import SessionLog

/// Where `record` puts its scenario. A recording happens once: if its file cannot be
/// written when the session ends (the disk filled, the directory went away), it is written
/// to a named file in the first fallback directory that takes it, and the user told where.
enum RecordingFile {
    enum Saved {
        case written
        /// Written to `path`, not where asked, because of `error`.
        case elsewhere(path: String, error: OutputFileError)
        /// Nowhere: the error, then each fallback's.
        case lost(OutputFileError, attempts: [OutputFileError])
    }

    /// Writes the recording (`write(path)`: the scenario, and a long one's steps file beside
    /// it) to `path`, else to `recording-<UTC time>-<pid>.yaml` in a fallback directory (it is
    /// made for where it lands: its app paths are relative to it).
    static func save(to path: String, fallbackDirectories: [String], now: Date = Date(),
                     write: (String) throws(OutputFileError) -> Void) -> Saved {
        let error: OutputFileError
        do {
            try write(path)
            return .written
        } catch let failure {
            error = failure
        }
        var attempts: [OutputFileError] = []
        for directory in fallbackDirectories {
            try? OutputFile.createDirectories(directory)
            let fallback = directory + "/recording-" + UTCTimestamp.compact(now) + "-\(getpid()).yaml"
            do {
                try write(fallback)
                return .elsewhere(path: fallback, error: error)
            } catch let failure {
                attempts.append(failure)
            }
        }
        return .lost(error, attempts: attempts)
    }
}
