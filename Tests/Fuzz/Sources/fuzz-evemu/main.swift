// An evemu-record recording as `actionsim import-evemu` reads it: text to events, events to
// the steps of a scenario with the USB keyboard profile's keys, and those to scenario YAML,
// which must itself be a scenario that parses (a recording must never become a broken one).
import DeviceProfiles
import Foundation
import FuzzSupport
import LiveLoop
import Scenarios
import YAMLDocuments

/// The shipped USB keyboard profile (F13 / F14), read once from `devices/`.
let keyboard: EvdevInput = {
    let path = FuzzInput.repositoryPath("devices/usb-keyboard.yaml")
    guard let profile = try? DeviceProfileParser.load(contentsOf: path), case .evdev(let input) = profile.input else {
        fatalError("cannot read \(path)")
    }
    return input
}()

/// Where the imported scenario would be written, beside the shipped ones, naming their workout app.
let scenarioPath = FuzzInput.repositoryPath("scenarios/imported.yaml")

FuzzInput.main { bytes, count in
    FuzzInput.run(bytes, count) { data in
        let parsed = try EvemuImport.parse(String(decoding: data, as: UTF8.self), file: "fuzzed.evemu")
        let recording = EvemuImport.steps(from: parsed.events, profile: keyboard)
        let yaml = recording.yaml(.init(name: "Imported", comments: [parsed.name ?? ""], apps: [.file("apps/trailrunner.yaml")],
                                        settings: .workout(app: "TrailRunner", firstPress: nil),
                                        seed: 1, recognizer: .evdev))
        do {
            _ = try ScenarioParser.parse(YAMLDocument(data: Data(yaml.utf8), file: scenarioPath))
        } catch {
            fatalError("import-evemu wrote a scenario that does not parse: \(error)\n\(yaml)")
        }
    }
}
