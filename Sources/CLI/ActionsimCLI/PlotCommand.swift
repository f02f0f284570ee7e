import ArgumentParser
import Exports
import OutputFiles
import SessionLog
import SessionStore
import Telemetry

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a recorded session over time as an SVG picture.",
        discussion: """
        Workouts: heart rate (every 20 bpm) and pace (every 30 s; speed for cycling), each lap's timer time, heart-rate zones with --max-heart-rate. Dives: the depth profile, deepest at the bottom, with water temperature, the safety stop, and the ascent rate with its limit band and its peak, on dive time. Each kind of press (press, chord, hold, side, ignored) and each intent (by name, in the legend) marked distinctly; pauses, warnings and the session's end marked. The web page (--web) draws the same charts. Open the SVG in a browser.
        """)

    @Argument(help: ArgumentHelp("The session: a number, last, last-workout or last-dive.", valueName: "session"))
    var session: SessionReference

    @Option(name: .shortAndLong, help: ArgumentHelp("The SVG file to write (- for standard output).", valueName: "file"))
    var output: String

    @Option(name: .customLong("max-heart-rate"), parsing: .unconditional, help: ArgumentHelp(
        "The athlete's maximum heart rate, for the heart-rate zones (the store does not keep it; the scenario's sensors.profile sets it).",
        valueName: "bpm"), transform: NumberOption.within(100...230, "a heart rate from 100 to 230 bpm"))
    var maxHeartRate: Double?

    @Option(name: .customLong("ascent-rate-limit"), parsing: .unconditional, help: ArgumentHelp(
        "A dive's ascent-rate limit. Default: the one the session's warnings name, else 10.", valueName: "m/min"),
            transform: NumberOption.within(1...60, "a rate from 1 to 60 m/min"))
    var ascentRateLimit: Double?

    @OptionGroup var store: StoreOptions

    func run() throws {
        let database = try store.open()
        try session.read(from: database, board: try store.boardFilter) { rows in
            // The model is as big as the picture: a plot of any session is a few hundred kilobytes.
            let model = try PlotModel(rows, context: .init(maxHeartRate: maxHeartRate, ascentRateLimit: ascentRateLimit))
            let file = try OutputFile(output)
            try SVGPlot.write(model, to: OutputSink(file))
            try file.commit()
            if output != "-" { Terminal.note("wrote \(TerminalText.oneLine(output)): session \(rows.header.id) (\(rows.header.kind)), \(model.samples) samples") }
        }
    }
}
