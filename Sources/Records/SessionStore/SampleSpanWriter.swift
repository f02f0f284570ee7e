import ActionButtonCore
import GRDB
import Telemetry

/// Sums a workout's samples up in spans (`SampleSpan`) as their batches are committed, and
/// writes each span in the same transaction as its samples: the store's spans of a session
/// always cover exactly the samples it has, whenever the run stops.
///
/// A span still filling is written at the end of every batch and rewritten by the next one
/// (keyed by its first sample's time). Used only on the store's writer queue, one batch at
/// a time. A sample that is not later than the one before it (which would replace a stored
/// sample) ends the session's spans: they are deleted and its plots read its samples.
struct SampleSpanWriter {
    /// Workouts whose spans are being written.
    private var workouts: Set<Int64> = []
    private var session: Int64?
    private var span: SampleSpan?

    /// A workout started: its samples are summed up from here on.
    mutating func begin(workout id: Int64) {
        workouts.insert(id)
    }

    /// Adds a committed batch's samples, writing every span they fill and the one left filling.
    mutating func add(_ rows: [SessionRecorder.SampleRow], in db: Database) throws {
        for row in rows {
            if row.session != session {
                try flush(in: db)
                session = row.session
                span = nil
            }
            guard workouts.contains(row.session) else { continue }
            let timed = RecordedSession.TimedSample(time: row.time, sample: row.sample)
            guard var current = span else {
                span = SampleSpan(timed)
                continue
            }
            guard row.time > current.last else {
                workouts.remove(row.session)
                span = nil
                try BatchInsert.deleteSpans(ofSession: row.session, in: db)
                continue
            }
            if current.isFull {
                try BatchInsert.span(current, session: row.session, in: db)
                span = SampleSpan(timed)
            } else {
                current.add(timed)
                span = current
            }
        }
        try flush(in: db)
    }

    /// Writes the span still filling (rewritten when the next batch adds to it).
    private func flush(in db: Database) throws {
        guard let session, let span, workouts.contains(session) else { return }
        try BatchInsert.span(span, session: session, in: db)
    }
}
