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

    /// Whether a request's Host header names this server. On a loopback address only
    /// loopback names are taken: a site whose name an attacker points at 127.0.0.1 (DNS
    /// rebinding) is refused, though its pages would be "same-origin" with it.
    public static func hostAllowed(_ host: String?, listeningOn address: WebAddress) -> Bool {
        guard address.isLoopback else { return true }
        guard let host else { return false }
        var name = host.lowercased()
        if name.hasPrefix("[") {
            name = String(name.dropFirst().prefix { $0 != "]" })
        } else if let colon = name.lastIndex(of: ":") {
            name = String(name[..<colon])
        }
        return WebAddress.isLoopbackName(name)
    }

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
