import ActionButtonCore
import DeviceProfiles
import Foundation
import LinuxInput
import Testing
import YAMLDocuments

/// The repository's root, for the shipped profiles.
private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

private func parse(_ text: String) throws(DocumentError) -> DeviceProfile {
    try DeviceProfileParser.parse(try YAMLDocument(text: text, file: "test.yaml"))
}

private func error(_ text: String) -> String {
    do {
        _ = try parse(text)
        return "no error"
    } catch {
        return error.description
    }
}

@Suite("Device profiles")
struct DeviceProfileParserTests {
    @Test("every shipped profile parses", arguments: ["raspberry-pi-gpio", "gpio-key-overlay", "usb-keyboard", "usb-gamepad"])
    func shipped(name: String) throws {
        let profile = try DeviceProfileParser.load(contentsOf: "\(repository)/devices/\(name).yaml")
        #expect(!profile.name.isEmpty)
    }

    @Test("P2: the Raspberry Pi profile: BCM 17 and 27, pull-up, active-low, 10 ms debounce")
    func raspberryPi() throws {
        let profile = try DeviceProfileParser.load(contentsOf: "\(repository)/devices/raspberry-pi-gpio.yaml")
        guard case .gpio(let gpio) = profile.input else { Issue.record("not a GPIO profile"); return }
        #expect(gpio.chips.contains("pinctrl-bcm2711") && gpio.chips.contains("pinctrl-bcm2835"))
        #expect(gpio.consumer == "actionsim")
        #expect(gpio.bindings.map(\.button) == [.action, .side])
        #expect(gpio.bindings.map(\.line) == [.offset(17), .offset(27)])
        #expect(gpio.bindings.allSatisfy { $0.bias == .pullUp && $0.activeLow })
        #expect(profile.recognizer.debounce == .milliseconds(10))
    }

    @Test("P2: the gpio-key overlay profile: KEY_PROG1/KEY_PROG2 on every device that has them, no debounce")
    func gpioKeyOverlay() throws {
        let profile = try DeviceProfileParser.load(contentsOf: "\(repository)/devices/gpio-key-overlay.yaml")
        guard case .evdev(let evdev) = profile.input else { Issue.record("not an evdev profile"); return }
        #expect(evdev.code(for: .action) == 148)
        #expect(evdev.code(for: .side) == 149)
        #expect(evdev.selection == .all)
        #expect(!evdev.grab)
        #expect(profile.recognizer.debounce == .zero)
    }

    @Test("the USB keyboard profile grabs exactly one keyboard")
    func usbKeyboard() throws {
        let profile = try DeviceProfileParser.load(contentsOf: "\(repository)/devices/usb-keyboard.yaml")
        guard case .evdev(let evdev) = profile.input else { Issue.record("not an evdev profile"); return }
        #expect(evdev.grab)
        #expect(evdev.selection == .one)
        #expect(evdev.bindings.map(\.keyName) == ["KEY_F13", "KEY_F14"])
    }

    @Test("line names and per-button overrides")
    func lineNames() throws {
        let profile = try parse("""
            kind: gpio
            chip: gpiochip0
            bias: pull-up
            active-low: true
            buttons:
              action: GPIO17
              side: {line: 27, bias: pull-down, active-low: false}
            """)
        guard case .gpio(let gpio) = profile.input else { Issue.record("not a GPIO profile"); return }
        #expect(gpio.bindings[0].line == .named("GPIO17"))
        #expect(gpio.bindings[0].bias == .pullUp && gpio.bindings[0].activeLow)
        #expect(gpio.bindings[1].line == .offset(27))
        #expect(gpio.bindings[1].bias == .pullDown && !gpio.bindings[1].activeLow)
    }

    @Test("bad profiles are refused with file:line:column, the field, and a suggestion")
    func badProfiles() {
        #expect(error("kind: evdev\nbuttons:\n  action: KEY_PROGG1\n")
            == "test.yaml:3:11: buttons.action: unknown key \"KEY_PROGG1\"; expected a Linux key name such as KEY_PROG1, KEY_F13 or BTN_0 (see linux/input-event-codes.h or `actionsim devices`) (did you mean \"KEY_PROG1\"?)")
        #expect(error("kind: gpio\nchip: gpiochip0\nbias: pullup\nbuttons: {action: 17}\n")
            == "test.yaml:3:7: unknown bias \"pullup\"; expected one of as-is, disabled, pull-up, pull-down (did you mean \"pull-up\"?)")
        #expect(error("kind: gpio\nchip: gpiochip0\ngrab: true\nbuttons: {action: 17}\n")
            == "test.yaml:3:1: grab belongs to kind: evdev profiles; this profile is kind: gpio")
        #expect(error("kind: gpio\nchip: gpiochip0\nbuttons:\n  action: 17\n  side: 17\n")
            == "test.yaml:5:9: buttons.side: line 17 is already the action button; each button needs its own line")
        #expect(error("kind: evdev\nbuttons:\n  side: KEY_F14\n")
            == "test.yaml:3:3: buttons is missing \"action\": the key that is the Action button")
        #expect(error("kind: usb\nbuttons: {action: KEY_F13}\n").hasPrefix("test.yaml:1:7: unknown kind \"usb\""))
        #expect(error("kind: evdev\nbutons: {action: KEY_F13}\n").contains("(did you mean \"buttons\"?)"))
        #expect(error("kind: evdev\nbuttons: {action: KEY_F13}\nrecognizer: {chord-window: 300ms, hold: 200ms}\n")
            .hasPrefix("test.yaml:3:41: recognizer.hold (200ms) must be longer than the chord window (300ms, from test.yaml:3:28)"))
        #expect(error("kind: evdev\nmatch: {path: by-id/x}\nbuttons: {action: KEY_F13}\n").hasPrefix("test.yaml:2:15: match.path \"by-id/x\" must be absolute"))
    }

    @Test("evdev matching: by keys, by link glob, by name; and why not")
    func matching() throws {
        let profile = try parse("""
            kind: evdev
            match: {path: /dev/input/by-id/usb-*-event-kbd, name: "*Keyboard*"}
            buttons: {action: KEY_F13, side: KEY_F14}
            """)
        guard case .evdev(let evdev) = profile.input else { Issue.record("not an evdev profile"); return }
        let f13 = InputKeyCode.code(named: "KEY_F13")!, f14 = InputKeyCode.code(named: "KEY_F14")!
        let keyboard = EvdevInput.Candidate(path: "/dev/input/event5", links: ["/dev/input/by-id/usb-Acme_Keyboard-event-kbd"],
                                            name: "Acme Keyboard", keys: [f13, f14])
        #expect(evdev.verdict(for: keyboard) == .matches(buttons: [.action, .side]))

        var noF14 = keyboard
        noF14.keys = [f13]
        #expect(evdev.verdict(for: noF14) == .rejected("it has no KEY_F14"))

        var mouse = keyboard
        mouse.links = ["/dev/input/by-id/usb-Acme_Mouse-event-mouse"]
        #expect(evdev.verdict(for: mouse) == .rejected("its path and links do not match /dev/input/by-id/usb-*-event-kbd"))

        var renamed = keyboard
        renamed.name = "Acme Keypad"
        #expect(evdev.verdict(for: renamed) == .rejected("its name does not match \"*Keyboard*\""))
    }

    @Test("devices: all takes a device with only one of the keys (one gpio-key overlay each)")
    func allDevices() throws {
        let profile = try DeviceProfileParser.load(contentsOf: "\(repository)/devices/gpio-key-overlay.yaml")
        guard case .evdev(let evdev) = profile.input else { Issue.record("not an evdev profile"); return }
        let side = EvdevInput.Candidate(path: "/dev/input/event2", links: [], name: "button@1b", keys: [149])
        #expect(evdev.verdict(for: side) == .matches(buttons: [.side]))
        let other = EvdevInput.Candidate(path: "/dev/input/event3", links: [], name: "Power Button", keys: [116])
        #expect(evdev.verdict(for: other) == .rejected("it has none of KEY_PROG1, KEY_PROG2"))
    }

    @Test("key names are the kernel's")
    func keyNames() {
        #expect(InputKeyCode.code(named: "KEY_PROG1") == 148)
        #expect(InputKeyCode.code(named: "BTN_0") == 0x100)
        #expect(InputKeyCode.code(named: "BTN_SOUTH") == 0x130)
        #expect(InputKeyCode.code(named: "KEY_NOPE") == nil)
        #expect(InputKeyCode.code(named: "REL_X") == nil)
        #expect(InputKeyCode.name(of: 183) == "KEY_F13")
    }
}
