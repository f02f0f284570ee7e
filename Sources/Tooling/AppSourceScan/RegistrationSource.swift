/// The Swift file the build adds to an app's target: its intents as an `AppDefinition`,
/// named by the types the scan found, so that the app's own files need no registration code.
/// The package's executable hands it to actionsim (`registrationType(for:)`).
public enum RegistrationSource {
    /// The public type the generated file declares in the app's module.
    public static func registrationType(for module: String) -> String {
        "ActionsimApp_" + module.map { $0.isLetter || $0.isNumber || $0 == "_" ? String($0) : "_" }.joined()
    }

    /// The generated file's text, for an app whose scan has no errors.
    public static func text(for scan: AppScan, module: String) -> String {
        let name = swiftString(scan.appName)
        let actions = scan.intents(.action).map { "\($0.name).self" }
        let actionList = "[" + actions.joined(separator: ", ") + "]"
        var body: [String] = []
        if let start = scan.intents(.startWorkout).first {
            var arguments = ["\(name)", "start: \(start.name).self"]
            if let pause = scan.intents(.pauseWorkout).first { arguments.append("pause: \(pause.name)()") }
            if let resume = scan.intents(.resumeWorkout).first { arguments.append("resume: \(resume.name)()") }
            arguments.append("actions: \(actionList)")
            let workoutApp = "AppDefinition.workoutApp(\(arguments.joined(separator: ", ")))"
            if let dive = scan.intents(.startDive).first {
                // A workout app that also starts dives: Settings may pick it for either (A1).
                body.append("var app = \(workoutApp)")
                body.append("app.dive = AppDefinition.DiveIntents(start: \(dive.name)())")
                body.append("return app")
            } else {
                body.append(workoutApp)
            }
        } else if let dive = scan.intents(.startDive).first {
            body.append("AppDefinition.diveApp(\(name), start: \(dive.name)(), actions: \(actionList))")
        }
        // Controls (watchOS 26): the intents the app's ControlWidgetButton and ControlWidgetToggle name.
        if !scan.controls.isEmpty {
            let controls = "[" + scan.controls.map { ".\($0.kind.rawValue)(\($0.intent)())" }.joined(separator: ", ") + "]"
            if body.isEmpty {
                body.append("AppDefinition.controlsApp(\(name), controls: \(controls))")
            } else if body.count == 1 {
                body[0] += ".offering(controls: \(controls))"
            } else {
                body.insert("app = app.offering(controls: \(controls))", at: body.count - 1)
            }
        }
        let sources = (scan.intents.map { "//   \($0.name) (\($0.role)): \($0.position)" }
            + scan.controls.map { "//   control \($0.kind.rawValue) running \($0.intent): \($0.position)" }).joined(separator: "\n")
        return """
            // Generated at build time by actionsim's ActionsimApp plugin from this target's Swift
            // files: the app's intents as the system finds them in a watch app's metadata.
            //
            \(sources)
            import AppIntents

            /// \(scan.appName) as actionsim installs it on a simulated watch.
            public enum \(registrationType(for: module)) {
                public static var app: AppDefinition {
                    \(body.joined(separator: "\n        "))
                }
            }

            """
    }

    /// A Swift string literal of `text`: quotes, backslashes and every control character
    /// escaped, so that no name (a folder's, a file's) can end the literal or its line.
    static func swiftString(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            default:
                if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator {
                    literal += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }
}
