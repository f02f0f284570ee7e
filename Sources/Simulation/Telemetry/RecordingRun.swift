/// What every session of one run shares, whoever records them: the store
/// (`SessionRecorder`) and the sessions assembled in memory (`SessionAssembler`).
public struct RecordingRun: Sendable {
    public var source: String
    public var name: String
    public var app: String
    public var seed: Int?
    public var clock: String
    /// Wall-clock ns since 1970 at time zero of the run's time line.
    public var wallClockAtZero: Int64
    public var sensors: SensorSettings
    /// The board the run is on (`--board`; a lab's database tells its boards apart by it).
    public var board: String

    public init(source: String, name: String, app: String, seed: Int?, clock: String, wallClockAtZero: Int64,
                sensors: SensorSettings, board: String = "") {
        self.board = board
        self.source = source
        self.name = name
        self.app = app
        self.seed = seed
        self.clock = clock
        self.wallClockAtZero = wallClockAtZero
        self.sensors = sensors
    }
}
