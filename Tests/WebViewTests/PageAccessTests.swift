import Foundation
import Testing
@testable import WebView

@Suite("Web page: who may press, who may connect, where it listens")
struct PageAccessTests {
    @Test("Pressing needs the printed token, compared whole; a read-only server refuses every page")
    func token() {
        let token = PageAccess.newToken()
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
        #expect(PageAccess.newToken() != token)
        let access = PageAccess(mode: .token(token))
        #expect(access.canPress(presenting: token))
        #expect(access.refusal(presenting: token) == nil)
        #expect(!access.canPress(presenting: nil))
        #expect(!access.canPress(presenting: String(token.dropLast()) + "x"))
        #expect(!access.canPress(presenting: token + "0"))
        #expect(!access.canPress(presenting: ""))
        #expect(access.refusal(presenting: nil)?.contains("open the URL with the token") == true)
        #expect(access.refusal(presenting: "wrong")?.contains("not the one actionsim printed") == true)
        let readOnly = PageAccess(mode: .readOnly(reason: "read-only: --read-only"))
        #expect(!readOnly.canPress(presenting: token))
        #expect(readOnly.refusal(presenting: token) == "read-only: --read-only")
    }

    @Test("On localhost only loopback Host names are answered (DNS rebinding); on another address an IP address or this machine's names; host[:port] exactly")
    func hosts() {
        let local = ListenAddress.localhost
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "127.1.2.3:80", "localhost:9000"] {
            #expect(PageAccess.hostAllowed(host, listeningOn: local), "\(host)")
        }
        for host in ["evil.example:8080", "127.0.0.1.evil.example:8080", "127.evil:80", "", "0.0.0.0:8080",
                     "127.0.0.1:80@evil.example", "127.0.0.1 :8080", "127.0.0.1:8080 ", "127.0.0.1:", "127.0.0.1:99999",
                     "127.0.0.1:+80", "[::1", "[evil.example]:80", "127.0.0.1/x", "localhost:80:80", "ＬＯＣＡＬＨＯＳＴ"] {
            #expect(!PageAccess.hostAllowed(host, listeningOn: local), "\(host)")
        }
        #expect(!PageAccess.hostAllowed(nil, listeningOn: local))
        let every = ListenAddress(host: "0.0.0.0", port: 8080)
        let name = ProcessInfo.processInfo.hostName
        let short = name.split(separator: ".").first.map(String.init) ?? name
        for host in ["192.168.1.7:8080", "[fe80::1]:8080", "localhost:8080", name + ":8080", short + ".local", short.uppercased()] {
            #expect(PageAccess.hostAllowed(host, listeningOn: every), "\(host)")
        }
        for host in ["evil.example:8080", "192.168.1.7.evil.example", short + ".evil.example", "192.168.1.7:80@evil.example"] {
            #expect(!PageAccess.hostAllowed(host, listeningOn: every), "\(host)")
        }
        #expect(PageAccess.hostAllowed("board.lab.example:9464", listeningOn: ListenAddress(host: "board.lab.example", port: 9464)))
    }

    @Test("A WebSocket from a page of another site is refused; one without an Origin (not a page) is not")
    func origins() {
        #expect(PageAccess.originAllowed("http://127.0.0.1:8080", host: "127.0.0.1:8080"))
        #expect(PageAccess.originAllowed("http://LocalHost:8080", host: "localhost:8080"))
        #expect(PageAccess.originAllowed(nil, host: "127.0.0.1:8080"))
        #expect(!PageAccess.originAllowed("https://evil.example", host: "127.0.0.1:8080"))
        #expect(!PageAccess.originAllowed("http://127.0.0.1:9999", host: "127.0.0.1:8080"))
        #expect(!PageAccess.originAllowed("null", host: "127.0.0.1:8080"))
    }

    @Test("--listen takes ADDR:PORT, [IPv6]:PORT or a port; anything else says what it expected")
    func addresses() throws {
        #expect(try ListenAddress(parsing: "9000") == ListenAddress(host: "127.0.0.1", port: 9000))
        #expect(try ListenAddress(parsing: "0.0.0.0:8080") == ListenAddress(host: "0.0.0.0", port: 8080))
        #expect(try ListenAddress(parsing: "[::1]:0") == ListenAddress(host: "::1", port: 0))
        #expect(try ListenAddress(parsing: "localhost:80").isLoopback)
        #expect(try !ListenAddress(parsing: "0.0.0.0:80").isLoopback)
        #expect(try ListenAddress(parsing: "[::1]:8080").description == "[::1]:8080")
        let bad: [(String, String)] = [
            ("localhost", "expected ADDR:PORT"), (":8080", "no address before the port"), ("host:99999", "from 0 to 65535"),
            ("host:", "from 0 to 65535"), ("::1:80", "in brackets"), ("[::1]8080", "in brackets"), ("a b:80", "not a host name"),
            ("host:８０", "from 0 to 65535"),
        ]
        for (text, says) in bad {
            #expect {
                _ = try ListenAddress(parsing: text)
            } throws: { error in
                "\(error)".hasPrefix("--listen \(text): ") && "\(error)".contains(says)
            }
        }
        // One parser for every server's address: --metrics says its own name and port.
        #expect {
            _ = try ListenAddress(parsing: "٣", option: "--metrics", examplePort: 9464)
        } throws: { error in
            "\(error)" == "--metrics ٣: expected ADDR:PORT (127.0.0.1:9464, 0.0.0.0:9464, [::1]:9464) or a port"
        }
    }

    @Test("The page's messages: an edge of a known button, nothing else")
    func pageMessages() {
        #expect(PageMessage(parsing: #"{"type":"edge","button":"action","edge":"down"}"#) == .edge(.action, .down))
        #expect(PageMessage(parsing: #"{"type":"edge","button":"side","edge":"up"}"#) == .edge(.side, .up))
        #expect(PageMessage(parsing: #"{"type":"edge","button":"crown","edge":"up"}"#) == nil)
        #expect(PageMessage(parsing: #"{"type":"edge","button":"side","edge":"sideways"}"#) == nil)
        #expect(PageMessage(parsing: #"{"type":"reset"}"#) == nil)
        #expect(PageMessage(parsing: "not json") == nil)
    }

    @Test("A board's name in a link's query: RFC 3986's unreserved characters as they are, the rest as UTF-8 %XX")
    func boardQuery() {
        #expect(StoredSessionsPage.percentEncoded("bench-a_1.~") == "bench-a_1.~")
        #expect(StoredSessionsPage.percentEncoded("bench a/é&x=1") == "bench%20a%2F%C3%A9%26x%3D1")
    }

    @Test("The server's messages read back as the page reads them: any text survives, a figure that is not finite is null")
    func serverMessages() throws {
        func object(_ update: PageUpdate) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(update.text.utf8)) as? [String: Any])
        }
        let awkward = "a\"b\\c\n\u{1}\u{2028}é</script>"
        let hello = try object(.hello(.init(mode: "live", title: awkward, action: "dive", app: "Depth", run: "r", canPress: false,
                                            refusal: "read-only")))
        #expect(hello["type"] as? String == "hello" && hello["title"] as? String == awkward && hello["canPress"] as? Bool == false)
        #expect(try object(.hello(.init(mode: "live", title: "", action: "", app: "", run: "", canPress: true, refusal: nil)))["refusal"]
                is NSNull)
        let events = try object(.events([.init(log: #"{"t":1.5,"event":"edge"}"#, line: nil)]))
        let item = try #require((events["events"] as? [[String: Any]])?.first)
        #expect(item["log"] as? String == #"{"t":1.5,"event":"edge"}"# && item["line"] is NSNull)
        let chart = try object(.chart(.init(session: 2, kind: "dive", label: "2 · dive", status: "ended",
                                            axis: .init(t0: 0, t1: .infinity, x0: 40, x1: 600, width: 640, top: 10, bottom: .nan),
                                            svg: "<svg/>")))
        let axis = try #require(chart["axis"] as? [String: Any])
        #expect(axis["t1"] is NSNull && axis["bottom"] is NSNull && axis["x1"] as? Double == 600)
        #expect(chart["type"] as? String == "chart" && chart["session"] as? Int == 2 && chart["svg"] as? String == "<svg/>")
        #expect(try object(.finished(t: 1.28))["t"] as? Double == 1.28)
        #expect(try object(.trimmed(events: 6))["events"] as? Int == 6)
        #expect(try object(.chartFailed(session: 3, message: "x"))["type"] as? String == "chart-failed")
    }
}
