import Foundation
import Exports

/// The pages of `actionsim sessions --web`: the stored sessions of a store or of a lab, a
/// board at a time if asked, and each session's summary and chart. Plain HTML drawn here
/// from what the command read; no script, nothing that presses: a stored session is over.
public enum StoredSessionsPage {
    /// What a page asks for.
    public enum Request: Sendable, Equatable {
        /// The list; `board` nil: every board's sessions.
        case list(board: String?)
        /// One session, by the number `sessions` shows.
        case session(id: Int64)
    }

    /// A page, and its HTTP status (404 for a session that is not there).
    public struct Answer: Sendable {
        public var status: Int
        public var html: String

        public init(status: Int, html: String) {
            self.status = status
            self.html = html
        }
    }

    /// One line of the list, in words (`SessionsCommand` says them the same way).
    public struct Row: Sendable {
        public var id: Int64
        public var board: String
        /// The columns after the board, in words.
        public var columns: [String]
        public var damaged: Bool

        public init(id: Int64, board: String, columns: [String], damaged: Bool) {
            self.id = id
            self.board = board
            self.columns = columns
            self.damaged = damaged
        }
    }

    /// The list of sessions in `location`, with a link per board when there is more than one;
    /// `columns` names the rows' columns after the board.
    public static func list(location: String, columns: [String], rows: [Row], boards: [String], board: String?) -> String {
        var html = head(title: "actionsim sessions") + "<header><h1>Sessions</h1><span class=\"where\">"
            + escape(location) + (board.map { " · board " + escape($0) } ?? "") + "</span></header>\n<main>\n"
        if boards.count > 1 {
            html += "<nav class=\"boards\">Board: " + link("/", "every board", current: board == nil)
            for name in boards {
                html += " " + link("/?board=" + percentEncoded(name), name.isEmpty ? "—" : name, current: name == board)
            }
            html += "</nav>\n"
        }
        guard !rows.isEmpty else {
            return html + "<p class=\"empty\">No sessions" + (board.map { " of board " + escape($0) } ?? "")
                + " yet: <code>actionsim replay SCENARIO</code> records them.</p>\n</main></body></html>\n"
        }
        html += "<table>\n<tr><th>ID</th><th>Board</th>" + columns.map { "<th>" + escape($0) + "</th>" }.joined() + "</tr>\n"
        for row in rows {
            let id = row.damaged ? String(row.id) : "<a href=\"/sessions/\(row.id)\">\(row.id)</a>"
            html += "<tr" + (row.damaged ? " class=\"damaged\"" : "") + "><td>" + id + "</td><td>"
                + escape(row.board.isEmpty ? "—" : row.board) + "</td>"
                + row.columns.map { "<td>" + escape($0) + "</td>" }.joined() + "</tr>\n"
        }
        return html + "</table>\n</main></body></html>\n"
    }

    /// One session: its summary (as `show` prints it: the first line is the title) and its
    /// chart (as `plot` draws it).
    public static func session(id: Int64, summary: [String], chart: String) -> String {
        let title = summary.first ?? "session \(id)"
        return head(title: "actionsim " + title) + "<header><h1>" + escape(title) + "</h1><a href=\"/\">all sessions</a></header>\n"
            + "<main>\n<pre class=\"summary\">" + summary.dropFirst().map(escape).joined(separator: "\n") + "</pre>\n"
            + "<div class=\"chart\">" + chart + "</div>\n</main></body></html>\n"
    }

    /// A page that could not be made, and why (in the same words as the command line's error).
    public static func problem(_ message: String) -> String {
        head(title: "actionsim sessions") + "<header><h1>Sessions</h1><a href=\"/\">all sessions</a></header>\n<main><p class=\"problem\">"
            + escape(message) + "</p></main></body></html>\n"
    }

    /// Text for HTML: `&`, `<`, `>` and both quotes escaped, as XML's (the exports' own).
    public static func escape(_ text: String) -> String { XMLText.escape(text) }

    private static func link(_ href: String, _ text: String, current: Bool) -> String {
        current ? "<strong>" + escape(text) + "</strong>" : "<a href=\"" + escape(href) + "\">" + escape(text) + "</a>"
    }

    /// A board's name in a query string: letters, digits and `-._~` (RFC 3986's unreserved
    /// characters) as they are, the rest as UTF-8 `%XX` (Foundation's percent-encoding).
    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func head(title: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + escape(title) + "</title>\n"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<style>" + style + "</style></head><body>\n"
    }

    private static let style = """
        body { margin: 0; font: 14px/1.4 -apple-system, "Helvetica Neue", "DejaVu Sans", Arial, sans-serif; color: #1d1d1f; background: #f5f5f7; }
        header { display: flex; gap: 16px; align-items: baseline; padding: 10px 20px; background: #fff; border-bottom: 1px solid #e3e3e6; }
        header h1 { font-size: 18px; margin: 0; } .where { color: #6e6e73; flex: 1; }
        main { padding: 16px 20px; } nav.boards { margin-bottom: 12px; }
        table { border-collapse: collapse; background: #fff; } th, td { padding: 4px 10px; border-bottom: 1px solid #e3e3e6; text-align: left; }
        tr.damaged td { color: #a0140c; } pre.summary { background: #fff; padding: 12px; border: 1px solid #e3e3e6; border-radius: 10px; }
        .chart svg { width: 100%; height: auto; background: #fff; } .problem { color: #a0140c; }
        """
}
