import ActionButtonCore
import Foundation
import DeviceProfiles
import LinuxInput

/// What `actionsim devices` shows: every evdev device and GPIO chip, with what each
/// profile would make of it, like `evtest` and `gpioinfo` side by side.
public struct DeviceCatalog: Sendable {
    public struct InputDevice: Sendable {
        public var path: String
        public var links: [String]
        public var name: String?
        public var identity: String?
        public var keyCount: Int
        /// Why it could not be opened (permission denied, ...).
        public var problem: String?
        /// Per evdev profile: which of its buttons this device has, or why it does not match.
        public var verdicts: [(profile: DeviceProfile, verdict: EvdevInput.Verdict)]
    }

    public struct Chip: Sendable {
        public var path: String
        public var name: String?
        public var label: String?
        public var lines: [GPIOLineInfo]
        public var problem: String?
        /// Per GPIO profile that would use this chip: the lines it wants, and whether each is free.
        public var uses: [(profile: DeviceProfile, lines: [String])]
    }

    public var inputDevices: [InputDevice] = []
    public var chips: [Chip] = []

    public static func scan(profiles: [DeviceProfile]) -> DeviceCatalog {
        var catalog = DeviceCatalog()
        let links = InputDeviceDirectory.links()
        let evdevProfiles = profiles.filter { if case .evdev = $0.input { true } else { false } }
        for node in InputDeviceDirectory.eventNodes() {
            var entry = InputDevice(path: node, links: links[node] ?? [], name: nil, identity: nil, keyCount: 0, problem: nil, verdicts: [])
            do {
                let device = try EvdevDevice(path: node)
                defer { device.close() }
                entry.name = device.name
                entry.identity = String(format: "bus 0x%04x vendor 0x%04x product 0x%04x", device.busType, device.vendorID, device.productID)
                    + (device.physicalLocation.map { ", phys \"\($0)\"" } ?? "")
                let keys = Set(device.keys)
                entry.keyCount = keys.count
                for profile in evdevProfiles {
                    guard case .evdev(let input) = profile.input else { continue }
                    let candidate = EvdevInput.Candidate(path: node, links: entry.links, name: device.name, keys: keys)
                    entry.verdicts.append((profile, input.verdict(for: candidate)))
                }
            } catch {
                entry.problem = error.description
            }
            catalog.inputDevices.append(entry)
        }

        let gpioProfiles = profiles.compactMap { profile -> (DeviceProfile, GPIOInput)? in
            if case .gpio(let input) = profile.input { (profile, input) } else { nil }
        }
        var opened: [(String, GPIOChip?)] = []
        for path in GPIOChip.chipPaths() {
            var entry = Chip(path: path, name: nil, label: nil, lines: [], problem: nil, uses: [])
            do {
                let chip = try GPIOChip(path)
                entry.name = chip.name
                entry.label = chip.label
                entry.lines = try chip.lines()
                opened.append((path, chip))
            } catch {
                entry.problem = error.description
                opened.append((path, nil))
            }
            catalog.chips.append(entry)
        }
        // Which chip each GPIO profile would open: its first chip spec that names one.
        for (profile, input) in gpioProfiles {
            guard let index = input.chips.lazy.compactMap({ spec in
                catalog.chips.firstIndex { Self.chip($0, answersTo: spec) }
            }).first else { continue }
            let chip = catalog.chips[index]
            let handle = opened[index].1
            let lines = input.bindings.map { binding -> String in
                let offset: Int?
                switch binding.line {
                case .offset(let value): offset = value < chip.lines.count ? value : nil
                case .named(let name): offset = handle?.offset(ofLineNamed: name)
                }
                guard let offset, offset < chip.lines.count else { return "\(binding.button): line \(binding.line) does not exist" }
                let info = chip.lines[offset]
                let state = info.isUsed ? "in use by \"\(info.consumer ?? "the kernel")\"" : "free"
                return "\(binding.button) = line \(info.label), \(state)"
            }
            catalog.chips[index].uses.append((profile, lines))
        }
        for (_, chip) in opened { chip?.close() }
        return catalog
    }

    /// How `GPIOChip` finds a chip: by name, path, label or number.
    static func chip(_ chip: Chip, answersTo spec: String) -> Bool {
        spec == chip.path || spec == chip.name || spec == chip.label || (chip.name.map { "gpiochip" + spec == $0 } ?? false)
    }

    /// The listing, for a terminal.
    public func render() -> String {
        var lines: [String] = []
        lines.append("Input devices (evdev):")
        if inputDevices.isEmpty { lines.append("  none (/dev/input/event* does not exist)") }
        for device in inputDevices {
            lines.append("  \(device.path)  \(device.name.map { "\"\($0)\"" } ?? "")")
            for link in device.links { lines.append("      link: \(link)") }
            if let problem = device.problem { lines.append("      cannot open: \(problem)"); continue }
            if let identity = device.identity { lines.append("      \(identity), \(device.keyCount) keys") }
            for (profile, verdict) in device.verdicts {
                switch verdict {
                case .matches(let buttons):
                    guard case .evdev(let input) = profile.input else { continue }
                    let keys = input.bindings.filter { buttons.contains($0.button) }.map { "\($0.button) = \($0.keyName)" }
                    lines.append("      ✓ \(profile.file) matches: \(keys.joined(separator: ", "))\(input.grab ? " (grabbed)" : "")")
                case .rejected(let why):
                    lines.append("      ✗ \(profile.file): \(why)")
                }
            }
        }
        lines.append("")
        lines.append("GPIO chips:")
        if chips.isEmpty { lines.append("  none (/dev/gpiochip* does not exist)") }
        for chip in chips {
            if let problem = chip.problem {
                lines.append("  \(chip.path): cannot open: \(problem)")
                continue
            }
            lines.append("  \(chip.name ?? chip.path) [\(chip.label ?? "")] \(chip.lines.count) lines")
            for (profile, uses) in chip.uses {
                lines.append("      → \(profile.file) would use: \(uses.joined(separator: "; "))")
            }
            for line in chip.lines {
                let name = line.name.map { "\"\($0)\"" } ?? "unnamed"
                let consumer = line.isUsed ? "\"\(line.consumer ?? "kernel")\"" : "unused"
                var flags = [line.isOutput ? "output" : "input"]
                if line.isActiveLow { flags.append("active-low") }
                if line.bias != .asIs { flags.append(line.bias.rawValue) }
                lines.append("      line \(String(line.offset).padding(3)): \(name.padding(14)) \(consumer.padding(14)) \(flags.joined(separator: " "))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
