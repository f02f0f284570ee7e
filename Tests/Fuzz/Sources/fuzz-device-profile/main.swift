// A device profile as `actionsim run --device`, `record`, `devices` and `import-evemu` read
// it: bytes to YAML to a checked profile, then matched against a device the way `devices`
// does (its path, name and link patterns go through fnmatch).
import DeviceProfiles
import FuzzSupport
import YAMLDocuments

/// A keyboard with the keys the shipped profiles name, as the matcher would see one.
let keyboard = EvdevInput.Candidate(
    path: "/dev/input/event5", links: ["/dev/input/by-id/usb-Example_Keyboard-event-kbd"],
    name: "Example USB Keyboard", keys: [183, 184, 148, 149, 256, 257, 304, 305])

FuzzInput.main { bytes, count in
    FuzzInput.run(bytes, count) { data in
        let profile = try DeviceProfileParser.parse(YAMLDocument(data: data, file: "fuzzed-profile.yaml"))
        if case .evdev(let input) = profile.input {
            _ = input.verdict(for: keyboard)
        }
    }
}
