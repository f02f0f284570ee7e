import ActionButtonCore
import DeviceProfiles
import LinuxInput
import Simulation

/// Buttons wired straight to GPIO lines (a Raspberry Pi's header). Requests the lines for
/// both edges with the profile's bias and active-low under the consumer `actionsim`; the
/// 1.6 API has no debounce, so the recognizer's software debounce (P2) does that job.
final class GPIOSource: InputSource {
    let profile: GPIOInput
    private var chip: GPIOChip?
    private var request: GPIOLineRequest?
    private var buttons: [Int: Button] = [:]
    private var lineLabels: [Int: String] = [:]
    private var events: [GPIOEdgeEvent] = []
    private var missing = false

    init(profile: GPIOInput) throws(LiveInputError) {
        self.profile = profile
        try open()
    }

    var summary: String {
        guard let chip else { return "GPIO (not open)" }
        let lines = buttons.sorted { $0.key < $1.key }.map { "\(lineLabels[$0.key] ?? "\($0.key)") = \($0.value)" }
        return "\(chip.path) [\(chip.label)] lines \(lines.joined(separator: ", ")) (consumer \"\(profile.consumer)\")"
    }

    var descriptors: [Int32] { request?.lines.map(\.fileDescriptor) ?? [] }
    var isMissingDevices: Bool { missing }

    /// Lines that read pressed right after the request: usually a wrong active-low or bias.
    func linesActiveAtStart() -> [String] {
        guard let request else { return [] }
        return request.lines.compactMap { line in
            (try? request.isActive(line.offset)) == true ? "\(lineLabels[line.offset] ?? "\(line.offset)") (\(buttons[line.offset]!))" : nil
        }
    }

    func read(_ descriptor: Int32, into items: inout [SourceItem]) {
        guard let request, let line = request.lines.first(where: { $0.fileDescriptor == descriptor }) else { return }
        events.removeAll(keepingCapacity: true)
        do {
            try request.readEvents(from: line, into: &events)
        } catch {
            let label = chip.map { "\($0.path) [\($0.label)]" } ?? "the GPIO chip"
            items.append(.status("\(label) lost (\(error)); the session goes on and the lines are requested again when it is back", isWarning: true))
            close()
            missing = true
        }
        for event in events {
            guard let button = buttons[event.offset] else { continue }
            items.append(.edge(button, event.becameActive ? .down : .up, time: event.time, resynced: false))
        }
    }

    func reopen(believedDown: (Button) -> Bool, into items: inout [SourceItem]) {
        guard missing else { return }
        do { try open() } catch { return }
        missing = false
        items.append(.status("\(summary) is back", isWarning: false))
        let now = RealClock.monotonicNow().nanoseconds
        for (offset, button) in buttons {
            guard let active = try? request?.isActive(offset), active != believedDown(button) else { continue }
            items.append(.edge(button, active ? .down : .up, time: now, resynced: true))
        }
    }

    func close() {
        request?.release()
        request = nil
        chip?.close()
        chip = nil
    }

    private func open() throws(LiveInputError) {
        var opened: GPIOChip?
        var lastError: LinuxInputError?
        for spec in profile.chips {
            do {
                opened = try GPIOChip(spec)
                break
            } catch {
                if case .noSuchChip = error { lastError = error; continue }
                throw .device(error)
            }
        }
        guard let chip = opened else {
            if case .noSuchChip(_, let available) = lastError {
                throw .unavailable("none of the profile's GPIO chips exists (" + profile.chips.joined(separator: ", ") + "); "
                             + (available.isEmpty ? "this machine has no GPIO chips (/dev/gpiochip*)" : "available: " + available.joined(separator: ", ")))
            }
            throw .device(lastError ?? .noSuchChip(profile.chips.joined(separator: ", "), available: []))
        }
        var configs: [GPIOLineConfig] = []
        var buttons: [Int: Button] = [:]
        var labels: [Int: String] = [:]
        for binding in profile.bindings {
            let offset: Int
            switch binding.line {
            case .offset(let value):
                guard value < chip.lineCount else {
                    throw .device(.noSuchLine(chip: "\(chip.name) [\(chip.label)]", line: "\(value) (\(binding.button))", lineCount: chip.lineCount))
                }
                offset = value
            case .named(let name):
                guard let found = chip.offset(ofLineNamed: name) else {
                    throw .device(.noSuchLine(chip: "\(chip.name) [\(chip.label)]", line: "named \"\(name)\" (\(binding.button))", lineCount: chip.lineCount))
                }
                offset = found
            }
            configs.append(GPIOLineConfig(offset: offset, bias: binding.bias, activeLow: binding.activeLow))
            buttons[offset] = binding.button
            let info = try? chip.lineInfo(offset)
            labels[offset] = info?.label ?? "\(offset)"
        }
        do {
            request = try chip.requestEdgeEvents(configs, consumer: profile.consumer)
        } catch {
            throw .device(error)
        }
        self.chip = chip
        self.buttons = buttons
        self.lineLabels = labels
    }
}
