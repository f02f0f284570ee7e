import ActionButtonCore

/// JUnit XML, the test-report format CI servers read: one test case per scenario, a failure per failed check, an
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
    /// The test suite's name (`actionsim test --shard` names its shard in it).
    public var suiteName = "actionsim scenarios"

    public init() {}

    public var xml: String {
        let failures = cases.filter { !$0.failures.isEmpty }.count
        let errors = cases.filter { $0.error != nil }.count
        let total = cases.reduce(0.0) { $0 + $1.seconds }
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<testsuites name="actionsim" tests="\#(cases.count)" failures="\#(failures)" errors="\#(errors)" time="\#(Self.seconds(total))">"# + "\n"
        out += #"  <testsuite name="\#(XMLText.escape(suiteName))" tests="\#(cases.count)" failures="\#(failures)" errors="\#(errors)" time="\#(Self.seconds(total))">"# + "\n"
        for testCase in cases {
            let classname = XMLText.escape(testCase.file)
            out += #"    <testcase classname="\#(classname)" name="\#(XMLText.escape(testCase.name))" file="\#(classname)" time="\#(Self.seconds(testCase.seconds))""#
            if testCase.failures.isEmpty && testCase.error == nil {
                out += "/>\n"
                continue
            }
            out += ">\n"
            if let error = testCase.error {
                out += #"      <error message="\#(XMLText.escape(error))">\#(XMLText.escape(error))</error>"# + "\n"
            }
            if !testCase.failures.isEmpty {
                let first = testCase.failures[0]
                out += #"      <failure message="\#(XMLText.escape(first))">\#(XMLText.escape(testCase.failures.joined(separator: "\n")))</failure>"# + "\n"
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

}
