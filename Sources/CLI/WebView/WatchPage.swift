/// The web page, served as it is: HTML, a style sheet and a script, no build step. They are
/// files in `Sources/CLI/WebView/Page/` (`watch.html`, `watch.css`, `watch.js`), embedded at
/// build time by BuiltInFilesPlugin and checked by `make test-page` (djlint, esprima, tinycss2).
/// The script connects the WebSocket, folds the pushed events into what the watch shows at
/// the time displayed, and turns pointer and key presses into edges.
enum WatchPage {
    /// The page: the drawn watch (SVG), the charts, the scrubber and the timeline.
    static let html = PageFiles.text("watch.html")
    /// The page's style sheet.
    static let style = PageFiles.text("watch.css")
    /// The page's script.
    static let script = PageFiles.text("watch.js")
}

/// The page's files, as BuiltInFilesPlugin embeds them (`files`, generated at build time).
enum PageFiles {
    struct File {
        let path: String
        let text: String
    }

    /// The text of the file called `name` in `Page/`; a name that is not there is a mistake
    /// in this module, caught by the first test that serves the page.
    static func text(_ name: String) -> String {
        guard let file = files.first(where: { $0.path.hasSuffix("/Page/" + name) }) else {
            preconditionFailure("WebView: no embedded page file \(name)")
        }
        return file.text
    }
}
