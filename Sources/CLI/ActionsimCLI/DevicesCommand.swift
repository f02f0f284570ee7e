import ArgumentParser
import DeviceProfiles
import Foundation
import LiveLoop
import YAMLDocuments

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List input devices and GPIO chips, and which of them each device profile would use.",
        discussion: """
        Shows every /dev/input/event* device (name, by-id and by-path links, ids) and every GPIO chip with its lines (name, consumer, in use), like evtest and gpioinfo together. For each profile it says whether a device matches and why not, and which lines a GPIO profile would request and whether they are free.

        Profiles: those given with --device, else the built-in ones (`actionsim built-in`; a file of the same name in ./devices/ is used instead) and any other in ./devices/.
        """)

    @Option(name: .customLong("device"), help: ArgumentHelp("A device profile to check (repeatable).", valueName: "profile.yaml"))
    var profiles: [String] = []

    func run() throws {
        var loaded: [DeviceProfile] = []
        var files = profiles
        if files.isEmpty {
            // Each is read from ./devices/ when a file of its name is there (DeviceProfileParser.load).
            files = BuiltInDocuments.all.filter { $0.kind == .deviceProfile }.map(\.path)
            let local = (try? FileManager.default.contentsOfDirectory(atPath: "devices")) ?? []
            files += local.filter { $0.hasSuffix(".yaml") }.sorted().map { "devices/" + $0 }.filter { !files.contains($0) }
        }
        var bad = false
        for file in files {
            do { loaded.append(try DeviceProfileParser.load(contentsOf: file)) } catch {
                Terminal.error(error.description)
                bad = true
            }
        }
        Terminal.line(DeviceCatalog.scan(profiles: loaded).render())
        if bad && !profiles.isEmpty { throw CommandError.alreadySaid(.badInput) }
    }
}
