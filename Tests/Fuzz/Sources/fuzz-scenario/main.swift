// A scenario file as `actionsim replay` reads it: bytes to YAML to a checked scenario,
// including the app manifests it names (resolved beside the shipped scenarios, so that
// `app: apps/trailrunner.yaml` in a seed reaches the manifest parser too).
import Foundation
import FuzzSupport
import Scenarios
import YAMLDocuments

/// A name in the shipped scenarios' folder, so relative manifest paths resolve as in a seed.
let scenarioPath = FuzzInput.repositoryPath("scenarios/fuzzed.yaml")

FuzzInput.main { bytes, count in
    FuzzInput.run(bytes, count) { data in
        _ = try ScenarioParser.parse(YAMLDocument(data: data, file: scenarioPath))
    }
}
