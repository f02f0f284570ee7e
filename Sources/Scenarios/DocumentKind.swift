import AppManifests
import YAMLDocuments

/// What a YAML file in this project is, told apart by its top-level keys.
public enum DocumentKind: String, Sendable {
    case scenario
    case manifest
    /// A device profile (`devices/*.yaml`): which keys or GPIO lines are the buttons.
    case deviceProfile

    /// `steps` makes a scenario, `intents` a manifest, `kind` with `buttons` a device
    /// profile; anything else is refused.
    public static func of(_ document: YAMLDocument) throws(DocumentError) -> DocumentKind {
        let top = try document.root.mapping("the file")
        if top.contains("steps") { return .scenario }
        if top.contains("intents") { return .manifest }
        if top.contains("kind") && top.contains("buttons") { return .deviceProfile }
        throw DocumentError("is neither a scenario (it has no steps:) nor an app manifest (it has no intents:) nor a device profile (kind: and buttons:)",
                            at: top.location)
    }
}
