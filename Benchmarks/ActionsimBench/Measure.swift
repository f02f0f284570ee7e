import Foundation

/// Times of repeated runs of one thing, and the figures printed for them.
struct Measurement {
    var seconds: [Double]

    /// The middle run, and the 99th-percentile (slowest but one in a hundred; with fewer
    /// runs than that, the slowest).
    var median: Double { sorted[sorted.count / 2] }
    var p99: Double { sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)] }
    private var sorted: [Double] { seconds.sorted() }

    /// Runs `body` `repetitions` times and times each run.
    static func of(_ repetitions: Int, _ body: (Int) throws -> Void) rethrows -> Measurement {
        var seconds: [Double] = []
        for index in 0..<repetitions {
            let start = ContinuousClock.now
            try body(index)
            let elapsed = ContinuousClock.now - start
            seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return Measurement(seconds: seconds)
    }

    /// Runs `body` `repetitions` times and times each run.
    static func of(_ repetitions: Int, _ body: (Int) async throws -> Void) async rethrows -> Measurement {
        var seconds: [Double] = []
        for index in 0..<repetitions {
            let start = ContinuousClock.now
            try await body(index)
            let elapsed = ContinuousClock.now - start
            seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return Measurement(seconds: seconds)
    }

    /// `123.4 ms median (130.2 ms p99)`.
    var times: String { "\(ms(median)) median (\(ms(p99)) p99)" }

    /// `812345/s median (790000/s p99)` for `count` things per run. The p99 rate is that of
    /// the p99 (slow) run.
    func rate(of count: Int, unit: String = "/s") -> String {
        String(format: "%.0f%@ median (%.0f%@ p99)", Double(count) / median, unit, Double(count) / p99, unit)
    }
}

func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

/// A figure beside its target, as the last word on a section.
func verdict(_ met: Bool) -> String { met ? "met" : "NOT MET" }
