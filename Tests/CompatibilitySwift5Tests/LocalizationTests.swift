import AppIntents
import Testing

// As Apple's App Intents sample writes its texts (a new user's trial of issue 24 stopped at
// each of these): a string table, a placeholder in a key, and an error that gives its own
// localized text.
enum TrailError: Error, CustomLocalizedStringResourceConvertible {
    case notFound

    var localizedStringResource: LocalizedStringResource {
        switch self {
        case .notFound: LocalizedStringResource("The trail could not be found.", table: "AppIntents")
        }
    }
}

@Suite("Swift 5: localized texts as Apple's samples write them")
struct LocalizationTests {
    @Test("A table, a placeholder and a default value: with no catalog here, the key (placeholders as their specifiers) is the text")
    func keys() {
        let activity = LocalizedStringResource("Activity", table: "AppIntents")
        #expect(activity.key == "Activity" && activity.table == "AppIntents")
        let count: LocalizedStringResource = "\(placeholder: .int) activities"
        #expect(count.key == "%lld activities")
        let named: LocalizedStringResource = "Trail \(42)"
        #expect(named.key == "Trail 42")
        let fallback = LocalizedStringResource("trail.title", defaultValue: "Trails", table: "AppIntents", comment: "A title")
        #expect(String(localized: fallback) == "Trails")
        #expect(TrailError.notFound.localizedStringResource.key == "The trail could not be found.")
        #expect(String(localized: "\(placeholder: .double) km", table: "Units") == "%lf km")
    }
}
