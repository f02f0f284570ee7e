import Foundation
import LiveLoop
import OutputFiles
import Scenarios

/// How `record` and `import-evemu` write a recording: the scenario, and for a long one
/// (more than `RecordedScenario.inlineLimit` steps and expectations) its steps file beside
/// it, `run.yaml` → `run.steps.jsonl`, written first so that a scenario never names a file
/// that is not there. What actionsim writes, actionsim reads: a scenario stays small
/// whatever the recording's length, and its steps file is read a line at a time.
enum RecordingOutput {
    /// Writes the recording to `path`; answers the steps file it wrote, if any.
    @discardableResult
    static func write(_ recording: RecordedScenario, header: RecordedScenario.Header,
                      to path: String) throws(OutputFileError) -> String? {
        guard recording.needsStepsFile else {
            try OutputFile.write(recording.yaml(header), to: path)
            return nil
        }
        let stepsPath = RecordedScenario.stepsFilePath(forScenario: path)
        let file = try OutputFile(stepsPath)
        try recording.writeStepsFile { (chunk: String) throws(OutputFileError) in try file.write(chunk) }
        try file.commit()
        try OutputFile.write(recording.yaml(header, stepsFile: (stepsPath as NSString).lastPathComponent), to: path)
        return stepsPath
    }
}
