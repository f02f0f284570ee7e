/// A place in a file people can jump to: `scenarios/demo.yaml:14:9`.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based.
    public var line: Int
    /// 1-based, in Unicode scalars (as libyaml counts).
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// Something wrong with a file the user wrote, said where it is and what was expected.
/// Every reader of outside input (scenarios, manifests, device profiles) throws this.
public struct DocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where, when it is known; a missing file has only a path.
    public var location: SourceLocation?
    public var file: String
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.location = location
        self.file = location.file
        self.message = message
    }

    public init(_ message: String, file: String) {
        self.location = nil
        self.file = file
        self.message = message
    }

    public var description: String {
        if let location { return "\(location): \(message)" }
        return "\(file): \(message)"
    }
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension SourceLocation: Codable {}
