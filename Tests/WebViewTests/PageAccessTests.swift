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
        let local = WebAddress.localhost
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "127.1.2.3:80", "localhost:9000"] {
            #expect(PageAccess.hostAllowed(host, listeningOn: local), "\(host)")
        }
        for host in ["evil.example:8080", "127.0.0.1.evil.example:8080", "127.evil:80", "", "0.0.0.0:8080",
                     "127.0.0.1:80@evil.example", "127.0.0.1 :8080", "127.0.0.1:8080 ", "127.0.0.1:", "127.0.0.1:99999",
                     "127.0.0.1:+80", "[::1", "[evil.example]:80", "127.0.0.1/x", "localhost:80:80", "ＬＯＣＡＬＨＯＳＴ"] {
            #expect(!PageAccess.hostAllowed(host, listeningOn: local), "\(host)")
        }
        #expect(!PageAccess.hostAllowed(nil, listeningOn: local))
        let every = WebAddress(host: "0.0.0.0", port: 8080)
        let name = ProcessInfo.processInfo.hostName
        let short = name.split(separator: ".").first.map(String.init) ?? name
        for host in ["192.168.1.7:8080", "[fe80::1]:8080", "localhost:8080", name + ":8080", short + ".local", short.uppercased()] {
            #expect(PageAccess.hostAllowed(host, listeningOn: every), "\(host)")
        }
        for host in ["evil.example:8080", "192.168.1.7.evil.example", short + ".evil.example", "192.168.1.7:80@evil.example"] {
            #expect(!PageAccess.hostAllowed(host, listeningOn: every), "\(host)")
        }
        #expect(PageAccess.hostAllowed("board.lab.example:9464", listeningOn: WebAddress(host: "board.lab.example", port: 9464)))
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
        #expect(try WebAddress(parsing: "9000") == WebAddress(host: "127.0.0.1", port: 9000))
        #expect(try WebAddress(parsing: "0.0.0.0:8080") == WebAddress(host: "0.0.0.0", port: 8080))
        #expect(try WebAddress(parsing: "[::1]:0") == WebAddress(host: "::1", port: 0))
        #expect(try WebAddress(parsing: "localhost:80").isLoopback)
        #expect(try !WebAddress(parsing: "0.0.0.0:80").isLoopback)
        #expect(try WebAddress(parsing: "[::1]:8080").description == "[::1]:8080")
        let bad: [(String, String)] = [
            ("localhost", "expected ADDR:PORT"), (":8080", "no address before the port"), ("host:99999", "from 0 to 65535"),
            ("host:", "from 0 to 65535"), ("::1:80", "in brackets"), ("[::1]8080", "in brackets"), ("a b:80", "not a host name"),
            ("host:８０", "from 0 to 65535"),
        ]
        for (text, says) in bad {
            #expect {
                _ = try WebAddress(parsing: text)
            } throws: { error in
                "\(error)".hasPrefix("--listen \(text): ") && "\(error)".contains(says)
            }
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

    @Test("Strings become JSON string literals, control characters and line separators escaped")
    func jsonText() {
        #expect(JSONText.quote("a\"b\\c\n\u{1}\u{2028}é") == #""a\"b\\c\n\u0001\u2028é""#)
        #expect(JSONText.number(1.5) == "1.5" && JSONText.number(.nan) == "null")
    }
}
