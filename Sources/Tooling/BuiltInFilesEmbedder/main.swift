// Writes the Swift file that holds the text of files a module ships inside the binary: the
// built-in app manifests and device profiles (BuiltInDocuments), the web page (PageFiles).
// Run by BuiltInFilesPlugin at build time:
//   BuiltInFilesEmbedder OUTPUT.swift TYPE ROOT FILE...
// The files become `TYPE.files`, each stored under its path relative to ROOT (its name in
// messages); TYPE declares `File(path:text:)`.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: BuiltInFilesEmbedder OUTPUT.swift TYPE ROOT FILE...\n".utf8))
    exit(2)
}
let output = URL(fileURLWithPath: arguments[arguments.startIndex])
let type = arguments[arguments.startIndex + 1]
let root = URL(fileURLWithPath: arguments[arguments.startIndex + 2]).standardizedFileURL.path + "/"

var swift = """
    // Generated at build time by BuiltInFilesPlugin.

    extension \(type) {
        static let files: [File] = [

    """
for argument in arguments.dropFirst(3) {
    let file = URL(fileURLWithPath: argument).standardizedFileURL
    guard file.path.hasPrefix(root) else {
        FileHandle.standardError.write(Data("error: \(file.path) is not inside \(root)\n".utf8))
        exit(2)
    }
    let text: String
    do { text = try String(contentsOf: file, encoding: .utf8) } catch {
        FileHandle.standardError.write(Data("error: \(file.path): cannot be read as UTF-8 text\n".utf8))
        exit(1)
    }
    // A raw string whose delimiter appears nowhere in the text takes it byte for byte. The line
    // break before the closing delimiter is not part of the string, so one is added after the
    // text: its own last line break is kept.
    var hashes = "#"
    while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    let path = String(file.path.dropFirst(root.count))
    swift += "        File(path: \"\(path)\", text: \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)),\n"
}
swift += "    ]\n}\n"
do { try swift.write(to: output, atomically: true, encoding: .utf8) } catch {
    FileHandle.standardError.write(Data("error: cannot write \(output.path)\n".utf8))
    exit(1)
}
