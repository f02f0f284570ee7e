import ActionButtonCore
import Simulation
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

    static func encode(_ session: RecordedSession) -> [UInt8] {
        var fit = FITWriter()
        func time(_ t: Timestamp) -> Int64 { FITWriter.timestamp(unixNanoseconds: session.wallClock(t)) }
        func rounded(_ x: Double?, _ scale: Double = 1) -> Int64? { x.map { Int64(($0 * scale).rounded()) } }
        let route = SimulatedRoute(session: session)
        let (sport, subSport) = sport(session.activity)
        let start = time(session.startTime)

        fit.define(fileID)
        fit.write(fileID, [4, 255, 1, session.id, start])   // activity file, manufacturer "development"
        fit.define(event)
        fit.define(record)
        fit.define(lap)
        fit.write(event, [start, Event.timer.rawValue, EventType.start.rawValue])

        let laps = session.laps
        var nextLap = 0
        var timeline = session.events.filter { $0.kind == .paused || $0.kind == .resumed }.makeIterator()
        var pending = timeline.next()
        func writeLaps(through t: Timestamp, final: Bool = false) {
            while nextLap < laps.count, laps[nextLap].end <= t || final {
                let l = laps[nextLap]
                let totals = LapTotals(session, from: l.start, to: l.end, samples: l.samples)
                let trigger: LapTrigger = l.endedBy == "end" ? .sessionEnd : .manual
                fit.write(lap, [Int64(nextLap), time(l.end), Event.lap.rawValue, EventType.stop.rawValue, time(l.start),
                                rounded(totals.elapsed, 1000), rounded(totals.timer, 1000), rounded(totals.distance, 100),
                                rounded(totals.energy), rounded(totals.averageHeartRate), rounded(totals.maxHeartRate),
                                trigger.rawValue, sport, rounded(totals.strokes)])
                nextLap += 1
            }
        }
        for (index, timed) in session.samples.enumerated() {
            while let event = pending, event.time <= timed.time {
                fit.write(self.event, [time(event.time), Event.timer.rawValue,
                                       event.kind == .paused ? EventType.stopAll.rawValue : EventType.start.rawValue])
                pending = timeline.next()
            }
            if nextLap < laps.count, laps[nextLap].samples.upperBound <= index { writeLaps(through: timed.time) }
            let s = timed.sample
            let position = route.flatMap { route in s.distance.map { route.position(at: $0) } }
            fit.write(record, [time(timed.time), position.map { FITWriter.semicircles($0.latitude) },
                               position.map { FITWriter.semicircles($0.longitude) }, rounded(s.heartRate), rounded(s.cadence),
                               rounded(s.distance, 100), rounded(s.speed, 1000), rounded(s.strokes)])
        }
        while let event = pending {
            fit.write(self.event, [time(event.time), Event.timer.rawValue,
                                   event.kind == .paused ? EventType.stopAll.rawValue : EventType.start.rawValue])
            pending = timeline.next()
        }
        let end = time(session.lastTime)
        fit.write(event, [end, Event.timer.rawValue, EventType.stopAll.rawValue])
        writeLaps(through: session.lastTime, final: true)

        let totals = LapTotals(session: session)
        fit.define(self.session)
        fit.write(self.session, [0, end, Event.session.rawValue, EventType.stop.rawValue, start, sport, subSport,
                                 rounded(totals.elapsed, 1000), rounded(totals.timer, 1000), rounded(totals.distance, 100),
                                 rounded(totals.energy), rounded(totals.averageHeartRate), rounded(totals.maxHeartRate),
                                 0, Int64(laps.count), 0, rounded(totals.strokes),
                                 session.activity == .swimming ? rounded(session.poolLength, 100) : nil,
                                 session.activity == .swimming ? 0 : nil])
        fit.define(activity)
        fit.write(activity, [end, rounded(totals.timer, 1000), 1, 0, Event.activity.rawValue, EventType.stop.rawValue, end])
        return fit.file()
    }
}
