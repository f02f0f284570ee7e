import ActionButtonCore
import DeviceProfiles
import LinuxInput
import Simulation

/// Buttons wired straight to GPIO lines (a Raspberry Pi's header). Requests the lines for
/// both edges with the profile's bias and active-low under the consumer `actionsim`.
///
/// With libgpiod 2.x the kernel debounces the lines (`kernelDebounce`), numbers their events
/// so lost ones show, and stamps them on `CLOCK_MONOTONIC`; with 1.6 the recognizer
/// debounces in software (P2), and a line whose 16-event kernel queue may have filled (the
/// kernel then drops the newest edges without a word) has its level read again. Either way a
/// level that differs from the last edge read becomes a resynced edge, so that a press is
/// never stuck down or up for want of its last edge.
final class GPIOSource: InputSource {
    let profile: GPIOInput
    /// The debounce time asked of the kernel (libgpiod 2.x), from the recognizer's settings.
    let debounce: Duration
    private var chip: GPIOChip?
    private var request: GPIOLineRequest?
    private var buttons: [Int: Button] = [:]
    private var lineLabels: [Int: String] = [:]
    private var events: [GPIOEdgeEvent] = []
    private var missing = false

    init(profile: GPIOInput, debounce: Duration) throws(LiveRunError) {
        self.profile = profile
        self.debounce = debounce
        try open()
    }

    /// How long the kernel debounces the lines: the requested time with libgpiod 2.x, zero
    /// with 1.6 (or before the lines are requested).
    var kernelDebounce: Duration { request?.debounce ?? .zero }

    var summary: String {
        guard let chip else { return "GPIO (not open)" }
        let lines = buttons.sorted { $0.key < $1.key }.map { "\(lineLabels[$0.key] ?? "\($0.key)") = \($0.value)" }
        return "\(chip.path) [\(chip.label)] lines \(lines.joined(separator: ", ")) (consumer \"\(profile.consumer)\")"
    }

    var descriptors: [Int32] { request?.fileDescriptors ?? [] }
    var isMissingDevices: Bool { missing }

    /// Lines that read pressed right after the request: usually a wrong active-low or bias.
    func linesActiveAtStart() -> [String] {
        guard let request else { return [] }
        return request.offsets.compactMap { offset in
            (try? request.isActive(offset)) == true ? "\(lineLabels[offset] ?? "\(offset)") (\(buttons[offset]!))" : nil
        }
    }

    func read(_ descriptor: Int32, into items: inout [SourceItem]) {
        guard let request, request.fileDescriptors.contains(descriptor) else { return }
        events.removeAll(keepingCapacity: true)
        let summary: GPIOLineRequest.ReadSummary
        do {
            summary = try request.readEvents(from: descriptor, into: &events)
        } catch {
            let label = chip.map { "\($0.path) [\($0.label)]" } ?? "the GPIO chip"
            items.append(.warning(.inputLost(source: label, reason: "\(error)", kind: .gpio)))
            close()
            missing = true
            return
        }
        for event in events {
            guard let button = buttons[event.offset] else { continue }
            items.append(.edge(button, event.becameActive ? .down : .up, time: event.time, resynced: false))
        }
        // Lost edges: the line's level now is what counts.
        for offset in Set(summary.lost.keys).union(summary.mayHaveOverflowed).sorted() {
            guard let button = buttons[offset], let active = try? request.isActive(offset) else { continue }
            let label = lineLabels[offset] ?? "\(offset)"
            let lastRead = events.last { $0.offset == offset }?.becameActive
            if let lost = summary.lost[offset] {
                items.append(.warning(.gpioEventsDropped(offset: Int(offset), line: label, button: "\(button)", count: lost, pressed: active)))
            } else if lastRead != active {
                items.append(.warning(.gpioQueueFull(offset: Int(offset), line: label, button: "\(button)", pressed: active)))
            }
            if lastRead != active {
                items.append(.edge(button, active ? .down : .up, time: RealClock.monotonicNow().nanoseconds, resynced: true))
            }
        }
    }

    func reopen(believedDown: (Button) -> Bool, into items: inout [SourceItem]) {
        guard missing else { return }
        do { try open() } catch { return }
        missing = false
        items.append(.status("\(summary) is back"))
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

    private func open() throws(LiveRunError) {
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
            request = try chip.requestEdgeEvents(configs, consumer: profile.consumer, debounce: debounce)
        } catch {
            throw .device(error)
        }
        self.chip = chip
        self.buttons = buttons
        self.lineLabels = labels
    }
}
