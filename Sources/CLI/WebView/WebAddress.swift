/// Where the web page is served: `--listen ADDR:PORT` (or just a port, on localhost).
/// localhost unless an address is given (safe by default).
public struct WebAddress: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public static let defaultPort = 8080
    /// The loopback address: only this machine can open the page.
    public static let localhost = WebAddress(host: "127.0.0.1", port: defaultPort)

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `ADDR:PORT`, `[IPv6]:PORT` or `PORT` (on 127.0.0.1). Port 0 lets the system
    /// pick a free one (the printed URL says which).
    public init(parsing text: String) throws(WebAddressError) {
        let hostPart: String
        let portPart: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw WebAddressError(text: text, problem: "an IPv6 address is written in brackets, then the port: [::1]:8080")
            }
            hostPart = String(text[text.index(after: text.startIndex)..<close])
            portPart = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":") {
            guard text.firstIndex(of: ":") == colon else {
                throw WebAddressError(text: text, problem: "an IPv6 address is written in brackets, then the port: [::1]:8080")
            }
            hostPart = String(text[..<colon])
            portPart = text[text.index(after: colon)...]
        } else if text.allSatisfy(\.isNumber) {
            hostPart = WebAddress.localhost.host
            portPart = Substring(text)
        } else {
            throw WebAddressError(text: text, problem: "expected ADDR:PORT (127.0.0.1:8080, 0.0.0.0:8080, [::1]:8080) or a port")
        }
        guard !hostPart.isEmpty else {
            throw WebAddressError(text: text, problem: "no address before the port; 127.0.0.1:\(portPart) is this machine only, 0.0.0.0:\(portPart) every interface")
        }
        guard hostPart.allSatisfy({ $0.isLetter || $0.isNumber || ".-:_%".contains($0) }) else {
            throw WebAddressError(text: text, problem: "\"\(hostPart)\" is not a host name or an IP address")
        }
        guard !portPart.isEmpty, portPart.allSatisfy(\.isASCII), portPart.allSatisfy(\.isNumber), let port = Int(portPart), port <= 65535 else {
            throw WebAddressError(text: text, problem: "the port must be a number from 0 to 65535")
        }
        self.init(host: hostPart, port: port)
    }

    /// Only this machine can reach it.
    public var isLoopback: Bool { Self.isLoopbackName(host.lowercased()) }

    /// `localhost`, `::1` or an IPv4 address 127.x.y.z (written in full: "127.0.0.1.example"
    /// is a name, not an address).
    static func isLoopbackName(_ name: String) -> Bool {
        if name == "localhost" || name == "::1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// The host as a URL writes it (IPv6 in brackets).
    public var urlHost: String { host.contains(":") ? "[\(host)]" : host }

    public var description: String { "\(urlHost):\(port)" }
}

/// A `--listen` value that is not an address.
public struct WebAddressError: Error, CustomStringConvertible {
    public var text: String
    public var problem: String
    public var description: String { "--listen \(text): \(problem)" }
}
