// A scenario's steps file (`steps-file:`, JSON Lines) as `actionsim replay` reads it: the
// bytes become the file a fixed scenario names; loading checks every line (JSONLine, the
// recorder's fast paths, else the YAML steps' and expectations' own checks), then the steps
// and the expectations are read again as a run reads them.
import Foundation
import FuzzSupport
import Scenarios

let stepsPath = FuzzInput.scratch + "/fuzzed.steps.jsonl"
let scenarioPath = FuzzInput.scratch + "/fuzzed.yaml"
try? """
    app: \(FuzzInput.repositoryPath("scenarios/apps/trailrunner.yaml"))
    settings: {action: workout, first-press: running}
    steps-file: fuzzed.steps.jsonl

    """.write(toFile: scenarioPath, atomically: true, encoding: .utf8)

FuzzInput.main { bytes, count in
    FuzzInput.run(bytes, count) { data in
        try data.write(to: URL(fileURLWithPath: stepsPath))
        let scenario = try ScenarioParser.load(contentsOf: scenarioPath)
        var steps = ScenarioSteps(scenario)
        while steps.next() != nil {}
        // Its expectations, read as a run reads them once the run has ended.
        _ = ExpectationTracker(for: scenario).finish()
    }
}
