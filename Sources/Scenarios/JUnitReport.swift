import ActionButtonCore

/// JUnit XML for CI systems: one test case per scenario, a failure per failed check, an
/// error for a scenario that could not be read.
public struct JUnitReport {
    public struct Case {
        public var name: String
        public var file: String
        public var seconds: Double
        public var failures: [String]
        public var error: String?

        public init(name: String, file: String, seconds: Double, failures: [String], error: String?) {
            self.name = name
            self.file = file
            self.seconds = seconds
            self.failures = failures
            self.error = error
        }
    }

    public var cases: [Case] = []

    public init() {}

    public var xml: String {
        let failures = cases.filter { !$0.failures.isEmpty }.count
        let errors = cases.filter { $0.error != nil }.count
        let total = cases.reduce(0.0) { $0 + $1.seconds }
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<testsuites name="actionsim" tests="\#(cases.count)" failures="\#(failures)" errors="\#(errors)" time="\#(Self.seconds(total))">"# + "\n"
        out += #"  <testsuite name="actionsim scenarios" tests="\#(cases.count)" failures="\#(failures)" errors="\#(errors)" time="\#(Self.seconds(total))">"# + "\n"
        for testCase in cases {
            let classname = Self.escape(testCase.file)
            out += #"    <testcase classname="\#(classname)" name="\#(Self.escape(testCase.name))" file="\#(classname)" time="\#(Self.seconds(testCase.seconds))""#
            if testCase.failures.isEmpty && testCase.error == nil {
                out += "/>\n"
                continue
            }
            out += ">\n"
            if let error = testCase.error {
                out += #"      <error message="\#(Self.escape(error))">\#(Self.escape(error))</error>"# + "\n"
            }
            if !testCase.failures.isEmpty {
                let first = testCase.failures[0]
                out += #"      <failure message="\#(Self.escape(first))">\#(Self.escape(testCase.failures.joined(separator: "\n")))</failure>"# + "\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    static func seconds(_ value: Double) -> String {
        let millis = (value * 1000).rounded() / 1000
        return "\(millis)"
    }

    /// XML text and attribute escaping; control characters XML 1.0 forbids are dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
