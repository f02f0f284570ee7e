import ActionButtonCore
import Telemetry

/// A workout as a FIT activity file: file_id, timer events (start, pauses, stop), one
/// record per sample, a lap per Mark Lap or Mark Segment, the session and the activity.
enum FITActivityExport {
    // Local message numbers and layouts (FIT profile field numbers).
    static let fileID = FITWriter.Definition(local: 0, global: 0, fields: [
        .init(number: 0, type: .enumeration),   // type
        .init(number: 1, type: .uint16),        // manufacturer
        .init(number: 2, type: .uint16),        // product
        .init(number: 3, type: .uint32z),       // serial_number
        .init(number: 4, type: .uint32),        // time_created
    ])
    static let event = FITWriter.Definition(local: 1, global: 21, fields: [
        .init(number: 253, type: .uint32),      // timestamp
        .init(number: 0, type: .enumeration),   // event
        .init(number: 1, type: .enumeration),   // event_type
    ])
    static let record = FITWriter.Definition(local: 2, global: 20, fields: [
        .init(number: 253, type: .uint32),      // timestamp
        .init(number: 0, type: .sint32),        // position_lat (semicircles)
        .init(number: 1, type: .sint32),        // position_long
        .init(number: 3, type: .uint8),         // heart_rate (bpm)
        .init(number: 4, type: .uint8),         // cadence (rpm / steps per min)
        .init(number: 5, type: .uint32),        // distance (1/100 m)
        .init(number: 73, type: .uint32),       // enhanced_speed (1/1000 m/s)
        .init(number: 19, type: .uint32),       // total_cycles (strokes)
    ])
    static let lap = FITWriter.Definition(local: 3, global: 19, fields: [
        .init(number: 254, type: .uint16),      // message_index
        .init(number: 253, type: .uint32),      // timestamp
        .init(number: 0, type: .enumeration),   // event
        .init(number: 1, type: .enumeration),   // event_type
        .init(number: 2, type: .uint32),        // start_time
        .init(number: 7, type: .uint32),        // total_elapsed_time (ms)
        .init(number: 8, type: .uint32),        // total_timer_time (ms)
        .init(number: 9, type: .uint32),        // total_distance (1/100 m)
        .init(number: 11, type: .uint16),       // total_calories (kcal)
        .init(number: 15, type: .uint8),        // avg_heart_rate
        .init(number: 16, type: .uint8),        // max_heart_rate
        .init(number: 24, type: .enumeration),  // lap_trigger
        .init(number: 25, type: .enumeration),  // sport
        .init(number: 10, type: .uint32),       // total_cycles
    ])
    static let session = FITWriter.Definition(local: 4, global: 18, fields: [
        .init(number: 254, type: .uint16),      // message_index
        .init(number: 253, type: .uint32),      // timestamp
        .init(number: 0, type: .enumeration),   // event
        .init(number: 1, type: .enumeration),   // event_type
        .init(number: 2, type: .uint32),        // start_time
        .init(number: 5, type: .enumeration),   // sport
        .init(number: 6, type: .enumeration),   // sub_sport
        .init(number: 7, type: .uint32),        // total_elapsed_time (ms)
        .init(number: 8, type: .uint32),        // total_timer_time (ms)
        .init(number: 9, type: .uint32),        // total_distance (1/100 m)
        .init(number: 11, type: .uint16),       // total_calories
        .init(number: 16, type: .uint8),        // avg_heart_rate
        .init(number: 17, type: .uint8),        // max_heart_rate
        .init(number: 25, type: .uint16),       // first_lap_index
        .init(number: 26, type: .uint16),       // num_laps
        .init(number: 28, type: .enumeration),  // trigger
        .init(number: 10, type: .uint32),       // total_cycles
        .init(number: 44, type: .uint16),       // pool_length (1/100 m)
        .init(number: 46, type: .enumeration),  // pool_length_unit
    ])
    static let activity = FITWriter.Definition(local: 5, global: 34, fields: [
        .init(number: 253, type: .uint32),      // timestamp
        .init(number: 0, type: .uint32),        // total_timer_time (ms)
        .init(number: 1, type: .uint16),        // num_sessions
        .init(number: 2, type: .enumeration),   // type
        .init(number: 3, type: .enumeration),   // event
        .init(number: 4, type: .enumeration),   // event_type
        .init(number: 5, type: .uint32),        // local_timestamp
    ])

    // FIT profile enums.
    enum Event: Int64 { case timer = 0, session = 8, lap = 9, activity = 26 }
    enum EventType: Int64 { case start = 0, stop = 1, stopAll = 4 }
    enum LapTrigger: Int64 { case manual = 0, sessionEnd = 7 }

    static func sport(_ activity: ActivityKind?) -> (sport: Int64, subSport: Int64) {
        switch activity {
        case .running: (1, 0)
        case .cycling: (2, 0)
        case .swimming: (5, 17)     // lap_swimming
        case .walking: (11, 0)
        case .other, nil: (0, 0)    // generic
        }
    }

    static func write(_ rows: some SessionRows, to out: ExportWriter) throws {
        let session = rows.header
        func time(_ t: Timestamp) -> Int64 { FITWriter.timestamp(unixNanoseconds: session.wallClock(t)) }
        func rounded(_ x: Double?, _ scale: Double = 1) -> Int64? { x.map { Int64(($0 * scale).rounded()) } }
        let route = SimulatedRoute(header: session)
        let (sport, subSport) = sport(session.activity)
        let start = time(session.startTime)

        // The header holds the size of the messages: count them first (events only, and the
        // number of samples).
        var timerEvents = 0, lapCount = 0
        let pauses = try rows.events([.paused, .resumed])
        while try pauses.next() != nil { timerEvents += 1 }
        let counting = try LapCursor(rows)
        while try counting.next() != nil { lapCount += 1 }
        let records = try rows.sampleCount()
        let definitions = [fileID, event, record, lap, self.session, activity].reduce(0) { $0 + $1.definitionSize }
        let dataSize = definitions + fileID.messageSize + (2 + timerEvents) * event.messageSize + records * record.messageSize
            + lapCount * lap.messageSize + self.session.messageSize + activity.messageSize

        var fit = try FITWriter(out, dataSize: dataSize)
        try fit.define(fileID)
        try fit.write(fileID, [4, 255, 1, session.id, start])   // activity file, manufacturer "development"
        try fit.define(event)
        try fit.define(record)
        try fit.define(lap)
        try fit.write(event, [start, Event.timer.rawValue, EventType.start.rawValue])

        let laps = try LapCursor(rows)
        var currentLap = try laps.next()
        var lapIndex: Int64 = 0
        var lapTotals = LapAccumulator()
        var sessionTotals = LapAccumulator()
        func writeLap(_ l: SessionLap) throws {
            let totals = lapTotals.finishLap(elapsed: l.elapsed, timer: l.timer)
            let trigger: LapTrigger = l.endedBy == "end" ? .sessionEnd : .manual
            try fit.write(lap, [lapIndex, time(l.end), Event.lap.rawValue, EventType.stop.rawValue, time(l.start),
                                rounded(totals.elapsed, 1000), rounded(totals.timer, 1000), rounded(totals.distance, 100),
                                rounded(totals.energy), rounded(totals.averageHeartRate), rounded(totals.maxHeartRate),
                                trigger.rawValue, sport, rounded(totals.strokes)])
            lapIndex += 1
        }
        func writeTimer(_ event: RecordedSession.Event) throws {
            try fit.write(self.event, [time(event.time), Event.timer.rawValue,
                                       event.kind == .paused ? EventType.stopAll.rawValue : EventType.start.rawValue])
        }
        let timeline = try rows.events([.paused, .resumed])
        var pending = try timeline.next()
        // What the records and the laps' totals hold: no depth, pressure or water temperature.
        let samples = try rows.samples(fields: [.heartRate, .activeEnergy, .distance, .speed, .cadence, .strokes])
        while let timed = try samples.next() {
            while let event = pending, event.time <= timed.time {
                try writeTimer(event)
                pending = try timeline.next()
            }
            // Laps that ended before this sample.
            while let l = currentLap, l.end < timed.time {
                try writeLap(l)
                currentLap = try laps.next()
            }
            let s = timed.sample
            lapTotals.add(s)
            sessionTotals.add(s)
            let position = route.flatMap { route in s.distance.map { route.position(at: $0) } }
            try fit.write(record) { message in
                message.put(time(timed.time))
                message.put(position.map { FITWriter.semicircles($0.latitude) })
                message.put(position.map { FITWriter.semicircles($0.longitude) })
                message.put(rounded(s.heartRate))
                message.put(rounded(s.cadence))
                message.put(rounded(s.distance, 100))
                message.put(rounded(s.speed, 1000))
                message.put(rounded(s.strokes))
            }
        }
        while let event = pending {
            try writeTimer(event)
            pending = try timeline.next()
        }
        let end = time(session.lastTime)
        try fit.write(event, [end, Event.timer.rawValue, EventType.stopAll.rawValue])
        while let l = currentLap {
            try writeLap(l)
            currentLap = try laps.next()
        }

        let running = try RunningTimeline(rows)
        let totals = sessionTotals.finishLap(elapsed: session.lastTime - session.startTime,
                                             timer: try running.runningTime(upTo: session.lastTime))
        try fit.define(self.session)
        try fit.write(self.session, [0, end, Event.session.rawValue, EventType.stop.rawValue, start, sport, subSport,
                                     rounded(totals.elapsed, 1000), rounded(totals.timer, 1000), rounded(totals.distance, 100),
                                     rounded(totals.energy), rounded(totals.averageHeartRate), rounded(totals.maxHeartRate),
                                     0, Int64(lapCount), 0, rounded(totals.strokes),
                                     session.activity == .swimming ? rounded(session.poolLength, 100) : nil,
                                     session.activity == .swimming ? 0 : nil])
        try fit.define(activity)
        try fit.write(activity, [end, rounded(totals.timer, 1000), 1, 0, Event.activity.rawValue, EventType.stop.rawValue, end])
        try fit.finish()
    }
}
