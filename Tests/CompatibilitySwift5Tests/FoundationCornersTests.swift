// A new user's trial (HockeyDrills' managers): a model file that says how long ago a drill
// ran with RelativeDateTimeFormatter, and reads a setting with UserDefaults' value(forKey:),
// as Apple's Foundation has them and Linux's does not.
import AppIntents
import Foundation
import Testing

@Suite("Swift 5: Foundation's corners watch apps use (RelativeDateTimeFormatter, UserDefaults key-value coding)")
struct FoundationCornersTests {
    @Test("RelativeDateTimeFormatter says a date relative to another, in its units style and date-time style")
    func relativeDates() {
        let formatter = RelativeDateTimeFormatter()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(formatter.localizedString(for: now.addingTimeInterval(-300), relativeTo: now) == "5 minutes ago")
        #expect(formatter.localizedString(for: now.addingTimeInterval(90), relativeTo: now) == "in 1 minute")
        #expect(formatter.localizedString(fromTimeInterval: -7_200) == "2 hours ago")
        formatter.unitsStyle = .short
        #expect(formatter.localizedString(fromTimeInterval: -7_200) == "2 hr. ago")
        formatter.unitsStyle = .abbreviated
        #expect(formatter.localizedString(fromTimeInterval: 259_200) == "in 3d")
        formatter.unitsStyle = .spellOut
        #expect(formatter.localizedString(fromTimeInterval: 259_200) == "in three days")
        formatter.unitsStyle = .full
        formatter.dateTimeStyle = .named
        #expect(formatter.localizedString(from: DateComponents(day: -1)) == "yesterday")
        #expect(formatter.localizedString(from: DateComponents(day: 1)) == "tomorrow")
        #expect(formatter.localizedString(from: DateComponents(hour: -3)) == "3 hours ago")
        #expect(formatter.string(for: "not a date") == nil)
    }

    @Test("UserDefaults' value(forKey:) and setValue(_:forKey:) read and write the stored object")
    func keyValueCoding() throws {
        let defaults = try #require(UserDefaults(suiteName: "actionsim.tests.\(UUID().uuidString)"))
        defaults.setValue(42, forKey: "drills")
        #expect(defaults.value(forKey: "drills") as? Int == 42)
        defaults.setValue(nil, forKey: "drills")
        #expect(defaults.value(forKey: "drills") == nil)
    }
}
