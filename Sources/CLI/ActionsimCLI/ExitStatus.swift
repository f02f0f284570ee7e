import ArgumentParser
import DeviceProfiles
import Exports
import Foundation
import LabStore
import LinuxInput
import LiveLoop
import OutputFiles
import SessionLog
import SessionStore
import SystemPackage
import WebView
import YAMLDocuments

/// How `actionsim` ends. The one table of exit statuses (printed by `actionsim --help`,
/// and the "Exit status" table of docs/commands.md says the same), and the one place that maps an
/// error to its status and its message (`ExitStatus.of`). Commands throw errors; only
/// `Actionsim.exit(failingWith:)` prints them and picks the status.
struct ExitStatus: Hashable, Sendable {
    let code: Int32

    static let success = ExitStatus(code: 0)
    /// A scenario's expectations failed (S2).
    static let expectationsFailed = ExitStatus(code: 1)
    /// A file, option, command line or stored session that cannot be used.
    static let badInput = ExitStatus(code: 2)
    /// The device could not be found or opened (permissions, unplugged, busy line).
    static let deviceUnavailable = ExitStatus(code: 3)
    /// An output could not be written, or another system call failed.
    static let cannotWrite = ExitStatus(code: 4)
    /// Stopped by a signal before its end: the shell's 128 + the signal.
    static func interrupted(by signal: Int32) -> ExitStatus { ExitStatus(code: 128 + signal) }

    /// Every status, and when a command ends with it.
    static let table: [(status: String, meaning: String)] = [
        ("0", "success; also a live session (run, record) ended by q, Ctrl-C, SIGTERM or the end of piped input"),
        ("1", "expectations failed (replay, test)"),
        ("2", "bad input: a scenario, manifest, device profile, recording, option or command line that cannot be used (the message says where and what was expected), or a session store or session that is damaged or not there"),
        ("3", "a device could not be found or opened (run, record, inject)"),
        ("4", "an output could not be written (export, plot, record, import-evemu, test --junit: a missing directory, a full disk, a closed pipe; a file being replaced is left as it was; replay, run, record: a session store another writer held past --store-wait, the run going on without it), a lab's database could not be reached (sessions, show, export, plot, forward with --db postgres://...), or another system call failed"),
        ("130, 143", "replay stopped by Ctrl-C (SIGINT) or SIGTERM before its end (128 + the signal): its log and store are closed, its expectations not checked"),
    ]

    /// The table as `--help` shows it: wrapped here, under its column, so that the help's
    /// own wrapping (at 80 columns) leaves it alone.
    static var help: String {
        let indent = 12
        return "Exit status:\n" + table.map { row in
            var lines = [""]
            for word in row.meaning.split(separator: " ") {
                if !lines[lines.count - 1].isEmpty, lines[lines.count - 1].count + 1 + word.count > 78 - indent {
                    lines.append("")
                }
                lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
            }
            let status = "  " + row.status
            return status + String(repeating: " ", count: indent - status.count) + lines[0]
                + lines.dropFirst().map { "\n" + String(repeating: " ", count: indent) + $0 }.joined()
        }.joined(separator: "\n")
    }

    /// The status an error ends the command with, and what to say (after `error: `); nil
    /// when it was said already. ArgumentParser's own errors are not handled here.
    static func of(_ error: any Error) -> (status: ExitStatus, message: String?) {
        switch error {
        case let failure as CommandError: (failure.status, failure.message)
        case let document as DocumentError: (.badInput, document.description)
        case let store as StoreError: (.badInput, store.description)
        case let export as ExportError: (.badInput, export.description)
        case let output as OutputFileError: (.cannotWrite, output.description)
        case let device as LinuxInputError: (.deviceUnavailable, device.description)
        case let live as LiveRunError:
            switch live {
            case .device, .noMatchingDevice, .ambiguous, .unavailable: (.deviceUnavailable, live.description)
            case .setup: (.badInput, live.description)
            case .system: (.cannotWrite, live.description)
            }
        case let system as EventLoop.SystemError: (.cannotWrite, system.description)
        case let lab as LabError:
            switch lab {
            case .badURL, .noSuchSession, .damagedSession: (.badInput, lab.description)
            case .unreachable, .loginRefused, .failed: (.cannotWrite, lab.description)
            }
        // --web: an address that is not one, or one that cannot be listened on.
        case let address as ListenAddressError: (.badInput, address.description)
        case let server as WatchServerError: (.badInput, server.description)
        default: (.cannotWrite, ErrorText.words(error))
        }
    }
}

/// A command that cannot go on: the status it ends with and what the user is told.
struct CommandError: Error, CustomStringConvertible {
    var status: ExitStatus
    /// After `error: `; nil when the command has said it already (each bad file of
    /// `check`, each failed expectation).
    var message: String?

    static func badInput(_ message: String) -> CommandError { CommandError(status: .badInput, message: message) }
    static func deviceUnavailable(_ message: String) -> CommandError { CommandError(status: .deviceUnavailable, message: message) }
    static func cannotWrite(_ message: String) -> CommandError { CommandError(status: .cannotWrite, message: message) }
    static let expectationsFailed = CommandError(status: .expectationsFailed, message: nil)
    /// Ends with `status`; the command has printed why.
    static func alreadySaid(_ status: ExitStatus) -> CommandError { CommandError(status: status, message: nil) }
    static func interrupted(by signal: Int32) -> CommandError { CommandError(status: .interrupted(by: signal), message: nil) }

    var description: String { message ?? "exit status \(status.code)" }
}

/// Errors from Foundation in words, never as `NSCocoaErrorDomain error 512`.
enum ErrorText {
    static func words(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return Errno(rawValue: posix.code.rawValue).description }
        if let cocoa = error as? CocoaError {
            if let underlying = cocoa.underlying as? POSIXError { return Errno(rawValue: underlying.code.rawValue).description }
            if let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                return Errno(rawValue: Int32(underlying.code)).description
            }
            switch cocoa.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file"
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileWriteOutOfSpace: return "no space left on device"
            case .fileWriteVolumeReadOnly: return "the file system is read-only"
            case .fileReadInapplicableStringEncoding, .fileReadUnknownStringEncoding: return "is not UTF-8 text"
            default: return "the file could not be read or written"
            }
        }
        if type(of: error) is NSError.Type { return "an unexpected system error" }
        return String(describing: error)
    }
}

extension Actionsim {
    /// Ends the process for `error`: says what went wrong on standard error and exits with
    /// its status from the table. ArgumentParser's help and version requests print and
    /// exit 0; a command line it cannot parse is bad input (2, not its usual 64).
    static func exit(failingWith error: any Error) -> Never {
        if !(error is CommandError || error is DocumentError || error is StoreError || error is ExportError
             || error is OutputFileError || error is LinuxInputError || error is LiveRunError || error is EventLoop.SystemError) {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            if let code = error as? ExitCode { exitProcess(code.rawValue) }
            if code == .validationFailure {
                var message = fullMessage(for: error)
                if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst("Error: ".count) }
                if let hint = WebOptions.misplacedAddressHint(in: Array(CommandLine.arguments.dropFirst())) {
                    message = message.trimmingCharacters(in: .newlines) + "\nhint: " + hint
                }
                // ArgumentParser quotes what it could not parse as given: `show $'\e]0;X\a'`
                // retitled the terminal. Escaped as every other text for people is.
                FileHandle.standardError.write(Data((TerminalText.escaped(message) + "\n").utf8))
                exitProcess(ExitStatus.badInput.code)
            }
        }
        let (status, message) = ExitStatus.of(error)
        if let message { Terminal.error(message) }
        exitProcess(status.code)
    }

    private static func exitProcess(_ code: Int32) -> Never {
        Foundation.exit(code)
    }
}
