// Issue 24: the HealthKit and WatchKit members docs/apple-coverage.md lists as here since the
// statistics collection query and the watchOS 27 zones, each compiled and called as a Swift 5
// app calls them (WatchApp/HealthSurface.swift), with what each does on the simulated watch.
import ActionButtonHarness
import AppIntents
import HealthKit
import Telemetry
import Testing
import WatchKit

private let surfaceApp = AppDefinition.workoutApp("Surface5", start: StartLogbookIntent.self)
private let day = Date(timeIntervalSince1970: 1_700_000_000)

@Suite("Swift 5: the rest of HealthKit and WatchKit, as apps call them", .serialized)
struct HealthKitSurfaceSwift5Tests {
    private func watch(profile: (AthleteProfile) -> AthleteProfile = { $0 }) throws -> ActionButtonHarness {
        var settings = SensorSettings()
        settings.profile = profile(settings.profile)
        let watch = try ActionButtonHarness(app: surfaceApp, settings: .workout(app: "Surface5", firstPress: "run"),
                                            instruments: SensorSuite.instruments(for: settings, seed: 31))
        watch.stallLimit = .seconds(300)
        return watch
    }

    @Test("Characteristics come from the scenario's wearer once asked for; background delivery and units; correlation types")
    func profileAndDelivery() async throws {
        let watch = try watch { profile in
            var profile = profile
            profile.sex = .female
            profile.age = 40
            return profile
        }
        let surface = HealthSurface()
        try await watch.runInApp("profile") { surface.profile() }
        try await watch.runInApp("delivery") { surface.delivery() }
        try await watch.runInApp("units") { surface.units() }
        let born = Calendar.current.component(.year, from: Date(timeIntervalSince1970: 1_735_689_600)) - 40
        #expect(surface.lines.contains("sex not determined"), "\(surface.lines)")
        #expect(surface.lines.contains("codes true 0 com.apple.healthkit"))
        #expect(surface.lines.contains("before true"))
        #expect(surface.lines.contains("after true"))
        #expect(surface.lines.contains("body mass should request"))
        #expect(surface.lines.contains("earliest true true"))
        #expect(surface.lines.contains("sex female, born \(born)"))
        #expect(surface.lines.contains("blood true, skin true, wheelchair true, move true"))
        #expect(surface.lines.contains("correlation HKCorrelationTypeIdentifierBloodPressure HKCorrelationTypeIdentifierFood"))
        #expect(surface.lines.contains("delivery true"))
        #expect(surface.lines.contains("units count/min m true"))
        #expect(surface.lines.contains("unasked true true"))
        #expect(surface.lines.contains("async units 1"))
        #expect(surface.lines.contains("units "), "\(surface.lines)")
        #expect(watch.appLog.contains { $0.hasPrefix("HealthKit: background delivery of HKQuantityTypeIdentifierHeartRate (immediate) on") })
    }

    @Test("Hourly statistics, activity summaries, the observer over descriptors and the async descriptors read the watch's store")
    func charts() async throws {
        let watch = try watch()
        let surface = HealthSurface()
        try await watch.runInApp("charts") { surface.charts(from: day) }
        #expect(surface.lines.contains("hourly [60, 150] walked 2 first 60 covered 180 true 1"), "\(surface.lines)")
        #expect(surface.lines.contains("update 65"))
        #expect(surface.lines.contains("rings 1 42 0 0 0 true"))
        #expect(surface.lines.contains("devices true Watch false 1"))
        #expect(!surface.lines.contains { $0.hasPrefix("rings update") })
        #expect(surface.lines.contains("observed 0"))
        #expect(surface.lines.contains("anchored many 8"))
        #expect(surface.lines.contains("sorted many [60, 50, 40]"), "\(surface.lines)")
        #expect(surface.lines.contains("any order 8"))
        #expect(surface.lines.contains("summaries 1 1"))
        #expect(surface.lines.contains("descriptors 2 215 7 0 2 0 0 7"))
        #expect(surface.lines.contains("stream 0"))
        #expect(surface.lines.contains("collection stream 2 true"))
    }

    @Test("A workout mirrors to no iPhone but logs it, has a route builder, and keeps heart-rate zones; WatchKit's device facts")
    func workoutAndDevice() async throws {
        let watch = try watch()
        let surface = HealthSurface()
        try await watch.runInApp("start") { try? surface.workout() }
        try await watch.advance(by: .seconds(60))
        try await watch.runInApp("finish") { surface.finish() }
        try await watch.runInApp("device") { surface.device() }
        #expect(surface.lines.contains("send before mirroring false"))
        #expect(surface.lines.contains("mirroring true"))
        #expect(surface.lines.contains("sent true"))
        #expect(surface.lines.contains("route builder true"))
        #expect(surface.lines.contains("collects power true"))
        #expect(surface.lines.contains("event true 0.0 true true"))
        #expect(surface.lines.contains("swim true 25.0 true"))
        #expect(surface.lines.contains("heart true true true true HKQuantityTypeIdentifierHeartRate true"), "\(surface.lines)")
        #expect(surface.lines.contains("zones 5 true"))
        #expect(surface.lines.contains("live zones 5 true"), "\(surface.lines)")
        #expect(surface.lines.contains("saved zones 5 1 true"))
        #expect(surface.lines.contains("floors true energy true strokes true stats true true true"), "\(surface.lines)")
        #expect(surface.lines.contains("sensor device true"))
        #expect(surface.lines.contains("custom 2 1 true true HKQuantityTypeIdentifierHeartRate"))
        #expect(surface.disconnected)
        #expect(surface.zoneUpdates >= 1)
        #expect(watch.appLog.contains("HealthKit: sent 3 bytes to the mirrored workout session"))
        #expect(surface.lines.contains("vendor true UICTContentSizeCategoryL true"))
        #expect(surface.lines.contains("auto-launch true true"))
        #expect(surface.lines.contains("async auto-launch inactive"))
    }
}
