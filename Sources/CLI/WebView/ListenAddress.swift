/// Where a server of actionsim listens: a page's `--listen` or a run's `--metrics`, written
/// `ADDR:PORT`, `[IPv6]:PORT` or a port alone (on 127.0.0.1: safe by default). Port 0 lets
/// the system pick a free one (the printed URL says which). The one parser of addresses.
public struct ListenAddress: Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public static let defaultPort = 8080
    /// The loopback address: only this machine can open the page.
    public static let localhost = ListenAddress(host: "127.0.0.1", port: defaultPort)

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `ADDR:PORT`, `[IPv6]:PORT` or `PORT` (on 127.0.0.1), given as `option`; what
    /// it refuses is said with examples on `examplePort`.
    public init(parsing text: String, option: String = "--listen", examplePort: Int = ListenAddress.defaultPort) throws(ListenAddressError) {
        func refuse(_ problem: String) -> ListenAddressError { ListenAddressError(option: option, text: text, problem: problem) }
        let hostPart: String
        let portPart: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw refuse("an IPv6 address is written in brackets, then the port: [::1]:\(examplePort)")
            }
            hostPart = String(text[text.index(after: text.startIndex)..<close])
            portPart = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":") {
            guard text.firstIndex(of: ":") == colon else {
                throw refuse("an IPv6 address is written in brackets, then the port: [::1]:\(examplePort)")
            }
            hostPart = String(text[..<colon])
            portPart = text[text.index(after: colon)...]
        } else if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            hostPart = Self.localhost.host
            portPart = Substring(text)
        } else {
            throw refuse("expected ADDR:PORT (127.0.0.1:\(examplePort), 0.0.0.0:\(examplePort), [::1]:\(examplePort)) or a port")
        }
        guard !hostPart.isEmpty else {
            throw refuse("no address before the port; 127.0.0.1:\(portPart) is this machine only, 0.0.0.0:\(portPart) every interface")
        }
        guard hostPart.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:_%".contains($0)) }) else {
            throw refuse("\"\(hostPart)\" is not a host name or an IP address")
        }
        guard !portPart.isEmpty, portPart.count <= 5, portPart.allSatisfy({ $0.isASCII && $0.isNumber }),
              let port = Int(portPart), port <= 65535 else {
            throw refuse("the port must be a number from 0 to 65535")
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

/// A `--listen` or `--metrics` value that is not an address.
public struct ListenAddressError: Error, CustomStringConvertible {
    public var option: String
    public var text: String
    public var problem: String
    public var description: String { "\(option) \(text): \(problem)" }
}
