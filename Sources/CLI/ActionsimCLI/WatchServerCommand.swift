import ArgumentParser
import SimulatedWatch

/// `actionsim-app _watch`: one simulated watch with this executable's Swift apps, served on
/// standard input and output to a harness in another process (ActionButtonHarness.launch) or
/// to `actionsim test`. Not for people: the protocol is `WatchRequest` / `WatchResponse`.
struct WatchServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_watch",
        abstract: "Serve one simulated watch to a test harness over standard input and output.",
        shouldDisplay: false)

    func run() async throws {
        await WatchProcessServer.run(apps: Actionsim.swiftApps)
    }
}
