import ActionButtonCore
import Foundation
import Simulation
import SimulationEvents
#if canImport(Glibc)
import Glibc
#endif

/// What a person at a terminal sees while a session runs: in real time, a status line
/// under the timeline, rewritten at every sample (elapsed, heart rate or depth, state,
/// next action); in a long virtual replay, a progress bar on standard error. Nothing of
/// it reaches a pipe or a file.
final class LiveDisplay: SimulationEventSink {
    enum Mode {
        case off
        case statusLine
        case progressBar(total: Timestamp)
    }

    let mode: Mode
    private let output: OutputBuffer
    private var state = TimelineState()
    private var status: String?
    private var drawn = false
    private var lastDraw: Int64 = 0
    private var latest = Timestamp.zero

    init(mode: Mode, output: OutputBuffer) {
        self.mode = mode
        self.output = output
    }

    /// The mode for a replay: a status line in real time on a terminal; a bar when a
    /// virtual replay spans more than ten minutes and standard error is a terminal.
    static func mode(realtime: Bool, json: Bool, span: Timestamp) -> Mode {
        if json { return .off }
        if realtime { return Terminal.stdoutIsTerminal ? .statusLine : .off }
        return isatty(STDERR_FILENO) == 1 && span >= Timestamp(nanoseconds: 600_000_000_000) ? .progressBar(total: span) : .off
    }

    func record(_ event: SimulationEvent) {
        state.apply(event)
        latest = event.time
        switch mode {
        case .off:
            return
        case .statusLine:
            guard case .sample(let sample) = event.kind else { return }
            status = Self.statusText(sample, state: state)
            draw()
        case .progressBar(let total):
            let now = RealClock.monotonicNow().nanoseconds
            guard now - lastDraw >= 100_000_000 else { return }
            lastDraw = now
            drawBar(at: event.time, of: total)
        }
    }

    /// Clears the live line before the timeline prints one of its own.
    func willPrintLine() {
        guard drawn else { return }
        switch mode {
        case .statusLine: output.clearLine()
        case .progressBar: clearBar()
        case .off: break
        }
        drawn = false
    }

    /// Puts the status line back under the line just printed.
    func didPrintLine() {
        if case .statusLine = mode, status != nil { draw() }
    }

    func finish() {
        willPrintLine()
        output.flush()
    }

    static func statusText(_ sample: SensorSample, state: TimelineState) -> String {
        var parts = ["⏱ " + TimeFormat.wholeSeconds(sample.elapsed)]
        if let hr = sample.heartRate { parts.append("♥ \(Int(hr.rounded())) bpm") }
        if let d = sample.distance { parts.append(String(format: "%.2f km", d / 1000)) }
        if let depth = sample.depth { parts.append(String(format: "depth %.1f m", depth)) }
        if let t = sample.waterTemperature { parts.append(String(format: "%.1f °C", t)) }
        parts.append(state.session.rawValue)
        parts.append("next: " + (state.nextAction?.name ?? "—"))
        return parts.joined(separator: "  ")
    }

    private func draw() {
        guard let status else { return }
        output.clearLine()
        output.raw(status)
        output.flush()
        drawn = true
    }

    private func drawBar(at time: Timestamp, of total: Timestamp) {
        output.flush()
        let fraction = min(1, max(0, time.seconds / max(total.seconds, 1e-9)))
        let width = 30
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        clearBar()
        Terminal.write("\(bar) \(Int(fraction * 100))%  \(TimeFormat.wholeSeconds(time - .zero)) of \(TimeFormat.wholeSeconds(total - .zero)) replayed",
                       to: STDERR_FILENO)
        drawn = true
    }

    private func clearBar() {
        Terminal.writeAll(Terminal.clearLine, to: STDERR_FILENO)
    }
}
