import AppManifests
import YAMLDocuments

/// What a YAML file in this project is, told apart by its top-level keys.
public enum DocumentKind: String, Sendable {
    case scenario
    case manifest

    /// `steps` (or `steps-file`) makes a scenario, `intents` a manifest; anything else is refused.
    public static func of(_ document: YAMLDocument) throws(DocumentError) -> DocumentKind {
        let top = try document.root.mapping("the file")
        if top.contains("steps") || top.contains("steps-file") { return .scenario }
        if top.contains("intents") { return .manifest }
        throw DocumentError("is neither a scenario (it has no steps:) nor an app manifest (it has no intents:)",
                            at: top.location)
    }
}
