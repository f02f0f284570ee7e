// An app manifest as a scenario's `app:` reads it: bytes to YAML to a checked manifest,
// then the app the engine would install.
import AppManifests
import FuzzSupport
import YAMLDocuments

FuzzInput.main { bytes, count in
    FuzzInput.run(bytes, count) { data in
        let (model, _) = try ManifestParser.parse(YAMLDocument(data: data, file: "fuzzed-manifest.yaml"))
        _ = ManifestApp(model: model).definition
    }
}
