/// `actionsim test --shard I/N`: which share of a suite this run takes. Each scenario
/// belongs to one shard, decided by its path alone (a 64-bit FNV-1a hash of the path as
/// listed, modulo N), so the N jobs of a CI matrix agree without talking to each other,
/// and a scenario added or removed moves no other scenario to another shard.
struct TestShard: Hashable, Sendable, CustomStringConvertible {
    /// 1...count.
    let index: Int
    let count: Int

    /// Parses `I/N` (1 ≤ I ≤ N ≤ 10,000).
    init(parsing text: String) throws(CommandError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            throw .badInput("--shard \(text): expected I/N, this job's shard and the number of shards, e.g. --shard 1/4")
        }
        guard (1...10_000).contains(count) else {
            throw .badInput("--shard \(text): the number of shards must be from 1 to 10000")
        }
        guard (1...count).contains(index) else {
            throw .badInput("--shard \(text): shards are numbered 1 to \(count); this one is \(index)")
        }
        self.index = index
        self.count = count
    }

    /// Whether this shard runs the scenario at `path`.
    func contains(_ path: String) -> Bool {
        Int(Self.hash(path) % UInt64(count)) == index - 1
    }

    /// FNV-1a, 64 bits, of the path's UTF-8 bytes: the same on every machine and every run
    /// (Swift's own `Hasher` is seeded per process).
    static func hash(_ path: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    var description: String { "\(index)/\(count)" }
}
