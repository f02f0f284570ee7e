import ArgumentParser
import Exports
import OutputFiles
import SessionStore
import Telemetry

struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a recorded session over time as an SVG picture.",
        discussion: """
        Workouts: heart rate and pace (speed for cycling). Dives: the depth profile, deepest at the bottom, with water temperature. Presses, intents, laps and other markers, pauses and warnings are marked on the time axis. Open the SVG in a browser.
        """)

    @Argument(help: ArgumentHelp("The session: a number, last, last-workout or last-dive.", valueName: "session"))
    var session: SessionReference

    @Option(name: .shortAndLong, help: ArgumentHelp("The SVG file to write (- for standard output).", valueName: "file"))
    var output: String

    @OptionGroup var store: StoreOptions

    func run() throws {
        let database = try store.open()
        let recorded = try session.load(from: database, board: try store.boardFilter)
        let svg = SVGPlot.render(recorded)
        try OutputFile.write(svg, to: output)
        if output != "-" { Terminal.note("wrote \(output): session \(recorded.id) (\(recorded.kind)), \(recorded.samples.count) samples") }
    }
}
