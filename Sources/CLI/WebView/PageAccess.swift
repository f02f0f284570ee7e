import Foundation
import HTTPTypes

/// Who may press the page's buttons, and which pages may connect at all.
///
/// Pressing needs the token printed on the terminal (in the URL's `?token=`), unless the
/// server is read-only (`--read-only`, or a replay, whose buttons are the scenario's).
/// Seeing the session needs no token, but the WebSocket refuses a page from another
/// site (its `Origin` is not this server): a page on the web cannot read the session
/// through the browser of someone who has it open.
public struct PageAccess: Sendable {
    public enum Mode: Sendable, Equatable {
        /// Pages with the token press the buttons.
        case token(String)
        /// No page presses, and why (shown on the page).
        case readOnly(reason: String)
    }

    public var mode: Mode

    public init(mode: Mode) { self.mode = mode }

    /// A new random token: 128 bits, as hex.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Whether a page that presents `token` (nil: none) may press.
    public func canPress(presenting token: String?) -> Bool {
        guard case .token(let expected) = mode, let token else { return false }
        // Compared in full whatever the first difference, so timing tells nothing.
        let a = Array(expected.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }

    /// Why a page cannot press (for the page to show), or nil if it can.
    public func refusal(presenting token: String?) -> String? {
        switch mode {
        case .readOnly(let reason): return reason
        case .token:
            if canPress(presenting: token) { return nil }
            return token == nil
                ? "read-only: open the URL with the token that actionsim printed on its terminal to press the buttons"
                : "read-only: this page's token is not the one actionsim printed on its terminal"
        }
    }

    /// Whether a request names this server, strictly: exactly one Host header (a second
    /// one stays among the fields when the first becomes the authority), and that one
    /// allowed by `hostAllowed(_:listeningOn:)`. Every server of actionsim asks this of
    /// every request, the WebSocket's upgrade included.
    public static func hostAllowed(_ request: HTTPRequest, listeningOn address: ListenAddress) -> Bool {
        guard request.headerFields[secondHost] == nil else { return false }
        return hostAllowed(request.authority, listeningOn: address)
    }

    private static let secondHost = HTTPField.Name("Host")!

    /// Whether a Host header's value names this server. It must be `host[:port]` exactly
    /// (`Authority`): `127.0.0.1:80@evil.example`, a space or a path is refused. On a
    /// loopback address only loopback names are taken: a site whose name an attacker points
    /// at 127.0.0.1 (DNS rebinding) is refused, though its pages would be "same-origin" with
    /// it. On another address, a name is taken only if it is this machine's (its host name,
    /// with or without `.local`) or the one the server was told to listen on; an IP
    /// address is always taken, since a rebinding needs a name. The port is not compared: a
    /// forwarded port (`ssh -L 9000:localhost:8080`) names another one.
    public static func hostAllowed(_ host: String?, listeningOn address: ListenAddress) -> Bool {
        guard let host, let authority = Authority(parsing: host) else { return false }
        let name = authority.host.lowercased()
        if ListenAddress.isLoopbackName(name) { return true }
        guard !address.isLoopback else { return false }
        return authority.isAddress || name == address.host.lowercased() || machineNames.contains(name)
    }

    /// This machine's names, as a page on the network may call it (the URL printed for
    /// 0.0.0.0 names the first).
    static let machineNames: Set<String> = {
        let name = ProcessInfo.processInfo.hostName.lowercased()
        let short = name.split(separator: ".").first.map(String.init) ?? name
        return [name, short, short + ".local"]
    }()

    /// A WebSocket request from a browser carries its page's `Origin`; it must be this
    /// server (`host`, the request's Host header). Requests without one (not from a page)
    /// are let through.
    public static func originAllowed(_ origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        guard let host, let schemeEnd = origin.range(of: "://") else { return false }
        let authority = origin[schemeEnd.upperBound...]
        return authority.lowercased() == host.lowercased()
    }
}

/// A Host header's value as RFC 9110 writes it, and nothing looser: a name or an IPv4
/// address, or an IPv6 address in brackets, then optionally `:` and a port of 1 to 5 digits.
struct Authority: Equatable {
    /// Without the brackets of an IPv6 address.
    var host: String
    var port: Int?
    /// An IP address rather than a name.
    var isAddress: Bool

    init?(parsing text: String) {
        var rest = Substring(text)
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            guard Self.isAddress(host, family: AF_INET6) else { return nil }
            isAddress = true
            rest = rest[rest.index(after: close)...]
        } else {
            let end = rest.firstIndex(of: ":") ?? rest.endIndex
            host = String(rest[..<end])
            guard !host.isEmpty, host.utf8.allSatisfy({ byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            }) else { return nil }
            isAddress = Self.isAddress(host, family: AF_INET)
            rest = rest[end...]
        }
        if rest.isEmpty {
            port = nil
            return
        }
        let digits = rest.dropFirst()
        guard rest.first == ":", (1...5).contains(digits.count), digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let number = Int(digits), number <= 65535 else { return nil }
        port = number
    }

    /// Whether `text` is an address of `family` (AF_INET: four decimal parts; AF_INET6).
    private static func isAddress(_ text: String, family: Int32) -> Bool {
        var buffer = in6_addr()
        return inet_pton(family, text, &buffer) == 1
    }
}
