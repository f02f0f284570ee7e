import ActionButtonCore
import ArgumentParser
import Dispatch
import Foundation
import Synchronization
import WebView

/// `--web`: a web page of the session (the drawn watch, live charts, the timeline), served
/// while the session runs. One parse and one owner for the address and the access rules.
struct WebOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "Serve a web page of the session: a drawn Apple Watch Ultra whose buttons press, live charts and the timeline.",
        discussion: "On 127.0.0.1:8080 unless --listen says otherwise; the URL is printed on standard error."))
    var web = false

    @Option(name: .customLong("listen"), help: ArgumentHelp(
        "Where the page is served (implies --web): ADDR:PORT, [IPv6]:PORT, or a port on 127.0.0.1. Port 0: any free port.",
        valueName: "addr:port"))
    var listen: String?

    @Flag(name: .customLong("read-only"), help: ArgumentHelp(
        "The page shows the session, but its buttons do not press (implies --web). Without it, pressing needs the token in the printed URL."))
    var readOnly = false

    @Flag(help: ArgumentHelp("Open the page in the desktop's browser (xdg-open; implies --web)."))
    var open = false

    var enabled: Bool { web || listen != nil || readOnly || open }

    /// The address to listen on; a `--listen` that is not one is a `ListenAddressError` (exit 2).
    func address() throws(ListenAddressError) -> ListenAddress {
        guard let listen else { return .localhost }
        return try ListenAddress(parsing: listen)
    }

    /// What to say when `--web` was given an address (`--web 127.0.0.1:8765`), which it does
    /// not take: the command line failed to parse, and the address is what it could not place.
    static func misplacedAddressHint(in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: "--web"), index + 1 < arguments.count else { return nil }
        let next = arguments[index + 1]
        guard (try? ListenAddress(parsing: next)) != nil, next.contains(":") || Int(next) != nil else { return nil }
        return "--web takes no address; give it with --listen: --listen \(next)"
    }
}
