import ActionButtonCore
import DeviceProfiles
import LinuxInput
import Simulation

/// Buttons on evdev devices: keyboards, gamepads, gpio-keys. Opens the profile's devices,
/// grabs them if asked, turns key events into edges (autorepeat dropped, P1), resyncs after
/// SYN_DROPPED, and reopens a device that was unplugged once it is back.
///
/// A grab waits until no key on the device is down, as evdev remappers do: grabbed while a
/// key is held (Enter, when actionsim is started from the keyboard it grabs), that key's
/// release would reach only actionsim, and the desktop would repeat it forever.
final class EvdevSource: InputSource {
    private struct OpenDevice {
        var device: EvdevDevice
        /// The node it resolved to when opened (`/dev/input/event5`).
        var node: String
        var label: String
        /// The profile asks for a grab that waits for these keys to be released.
        var grabWaitsFor: [UInt16] = []
    }

    let profile: EvdevInput
    let profileName: String
    /// `--input PATH`: this device instead of the profile's match rules.
    let explicitPath: String?
    private var open: [OpenDevice] = []
    /// Devices that vanished, by name, waiting to come back.
    private var lost: [String] = []
    private var events: [InputEvent] = []

    init(profile: EvdevInput, profileName: String, explicitPath: String?) throws(LiveRunError) {
        self.profile = profile
        self.profileName = profileName
        self.explicitPath = explicitPath
        let found = try Self.find(profile, profileName: profileName, explicitPath: explicitPath, excluding: [])
        for (device, node) in found { try add(device, node: node) }
    }

    var summary: String {
        let keys = profile.bindings.map { "\($0.keyName) = \($0.button)" }.joined(separator: ", ")
        let devices = open.map(\.label).joined(separator: "; ")
        let waiting = open.flatMap(\.grabWaitsFor).map(InputKeyCode.name(of:))
        let grab = waiting.isEmpty ? ", grabbed" : ", grabbed once \(waiting.joined(separator: ", ")) \(waiting.count == 1 ? "is" : "are") released"
        return "\(devices) (\(keys)\(profile.grab ? grab : ""))"
    }

    var descriptors: [Int32] { open.map(\.device.fileDescriptor) }
    var isMissingDevices: Bool { !lost.isEmpty }

    func read(_ descriptor: Int32, into items: inout [SourceItem]) {
        guard let index = open.firstIndex(where: { $0.device.fileDescriptor == descriptor }) else { return }
        events.removeAll(keepingCapacity: true)
        let device = open[index]
        do {
            let summary = try device.device.readAvailable(into: &events)
            if summary.overflows > 0 {
                items.append(.warning(.evdevEventsDropped(device: device.label)))
            }
            translate(events, into: &items)
            if !device.grabWaitsFor.isEmpty { grabIfNoKeyDown(at: index, into: &items) }
        } catch {
            translate(events, into: &items)
            device.device.close()
            open.remove(at: index)
            lost.append(device.device.name)
            let reason: String
            if case .deviceGone = error { reason = "unplugged" } else { reason = error.description }
            items.append(.warning(.inputLost(source: device.label, reason: "\(reason)", kind: .evdev)))
        }
    }

    func reopen(believedDown: (Button) -> Bool, into items: inout [SourceItem]) {
        guard !lost.isEmpty else { return }
        let found: [(EvdevDevice, String)]
        do {
            found = try Self.find(profile, profileName: profileName, explicitPath: explicitPath, excluding: Set(open.map(\.node)))
        } catch {
            return  // not back yet (or not yet readable: udev may still be fixing permissions)
        }
        let now = RealClock.monotonicNow().nanoseconds
        for (device, node) in found {
            do {
                try add(device, node: node)
            } catch {
                items.append(.warning(.input("cannot reopen \(node): \(error)")))
                continue
            }
            if let index = lost.firstIndex(of: device.name) { lost.remove(at: index) } else if !lost.isEmpty { lost.removeFirst() }
            items.append(.status("\(open.last!.label) is back"))
            for binding in profile.bindings where device.hasKey(binding.code) {
                let down = device.isKeyDown(binding.code)
                if down != believedDown(binding.button) {
                    items.append(.edge(binding.button, down ? .down : .up, time: now, resynced: true))
                }
            }
        }
    }

    func close() {
        for device in open { device.device.close() }
        open.removeAll()
    }

    // MARK: Internals

    private func add(_ device: EvdevDevice, node: String) throws(LiveRunError) {
        var waitsFor: [UInt16] = []
        do {
            try device.useMonotonicClock()
            if profile.grab {
                waitsFor = device.keysDown
                if waitsFor.isEmpty { try device.grab() }
            }
        } catch {
            device.close()
            throw .device(error)
        }
        // Changing the clock makes the kernel flush the queue and report SYN_DROPPED: read
        // that away now, so that it is not taken for lost presses.
        var discarded: [InputEvent] = []
        _ = try? device.readAvailable(into: &discarded)
        let label = device.path == node ? "\(node) \"\(device.name)\"" : "\(device.path) → \(node) \"\(device.name)\""
        open.append(OpenDevice(device: device, node: node, label: label, grabWaitsFor: waitsFor))
    }

    /// Takes the grab a profile asks for once no key on the device is down any more.
    private func grabIfNoKeyDown(at index: Int, into items: inout [SourceItem]) {
        guard open[index].device.keysDown.isEmpty else { return }
        let released = open[index].grabWaitsFor.map(InputKeyCode.name(of:)).joined(separator: ", ")
        open[index].grabWaitsFor = []
        do {
            try open[index].device.grab()
            items.append(.status("\(open[index].label) grabbed, now that \(released) is released"))
        } catch {
            items.append(.warning(.input("cannot grab \(open[index].label) after \(released) was released: \(error); "
                                         + "its keys also reach other programs")))
        }
    }

    private func translate(_ events: [InputEvent], into items: inout [SourceItem]) {
        for event in events where event.isKey {
            // P1: autorepeat (value 2) is not an edge.
            guard event.value == 0 || event.value == 1 else { continue }
            if let button = profile.button(forKey: event.code) {
                items.append(.edge(button, event.value == 1 ? .down : .up, time: event.time, resynced: event.resynced))
            } else if event.value == 1 && !event.resynced {
                items.append(.otherKey(InputKeyCode.name(of: event.code), time: event.time))
            }
        }
    }

    /// Opens the devices the profile asks for (skipping nodes already open).
    static func find(_ profile: EvdevInput, profileName: String, explicitPath: String?,
                     excluding: Set<String>) throws(LiveRunError) -> [(EvdevDevice, String)] {
        if let explicitPath {
            guard let node = InputDeviceDirectory.resolve(explicitPath) else {
                throw .device(.noSuchDevice(explicitPath, operation: "open"))
            }
            guard !excluding.contains(node) else { return [] }
            let device: EvdevDevice
            do { device = try EvdevDevice(path: explicitPath) } catch { throw .device(error) }
            guard profile.bindings.contains(where: { device.hasKey($0.code) }) else {
                device.close()
                throw .unavailable("\(explicitPath) (\"\(device.name)\") has none of the profile's keys "
                             + profile.bindings.map(\.keyName).joined(separator: ", ") + "; run `actionsim devices` to see what it has")
            }
            return [(device, node)]
        }
        let links = InputDeviceDirectory.links()
        var matches: [(EvdevDevice, String)] = []
        var details: [String] = []
        var denied: [String] = []
        for node in InputDeviceDirectory.eventNodes() where !excluding.contains(node) {
            let device: EvdevDevice
            do {
                device = try EvdevDevice(path: node)
            } catch {
                if case .permissionDenied = error { denied.append(node) } else { details.append("\(node): \(error)") }
                continue
            }
            let nodeLinks = links[node] ?? []
            let candidate = EvdevInput.Candidate(path: node, links: nodeLinks, name: device.name,
                                                 keys: Set(profile.bindings.map(\.code).filter(device.hasKey)))
            switch profile.verdict(for: candidate) {
            case .matches:
                // Prefer a stable link as the path it is known by.
                let stable = nodeLinks.first { link in profile.paths.contains { Glob.matches($0, link) } }
                if let stable, let relinked = try? EvdevDevice(path: stable) {
                    device.close()
                    matches.append((relinked, node))
                } else {
                    matches.append((device, node))
                }
            case .rejected(let why):
                details.append("\(node) \"\(device.name)\": \(why)")
                device.close()
            }
        }
        if !denied.isEmpty {
            details.append("\(denied.count) device(s) could not be opened (permission denied: \(denied.joined(separator: ", "))). "
                           + LinuxInputError.permissionDenied("them", operation: "open", access: DeviceAccess(path: denied[0])).description)
        }
        if matches.isEmpty { throw .noMatchingDevice(profile: profileName, details: details) }
        if profile.selection == .one && matches.count > 1 {
            let names = matches.map { "\($0.1) \"\($0.0.name)\"" }
            for (device, _) in matches { device.close() }
            throw .ambiguous(profile: profileName, matches: names)
        }
        return matches
    }
}
