import ActionButtonCore
import Exports
import SimulationEvents
import Testing

@Suite("The watch's screen: the figures the web page draws, made once in Swift")
struct WatchFaceTextTests {
    @Test("A workout's pace follows the plot's rule for its activity: per km running, km/h cycling, per 100 m swimming, none when too slow")
    func paceByActivity() {
        let sample = SensorSample(time: .seconds(60), heartRate: 141.6, activeEnergy: 87.4, distance: 1234, speed: 3.2)
        #expect(WatchFaceText.lines(sample, activity: .running) == ["♥ 142 BPM", "1.23 KM · 5'13\"/KM", "87 ACTIVE KCAL"])
        #expect(WatchFaceText.lines(sample, activity: nil)[1] == "1.23 KM · 5'13\"/KM")
        var riding = sample
        riding.speed = 8
        #expect(WatchFaceText.lines(riding, activity: .cycling)[1] == "1.23 KM · 28.8 KM/H")
        var swimming = sample
        swimming.speed = 0.8
        #expect(WatchFaceText.lines(swimming, activity: .swimming)[1] == "1.23 KM · 2'05\"/100 M")
        var standing = sample
        standing.speed = 0.2
        #expect(WatchFaceText.lines(standing, activity: .walking)[1] == "1.23 KM", "no pace under 0.3 m/s")
    }

    @Test("A dive shows depth, water temperature and the watch's own ascent rate, up or down")
    func dive() {
        var sample = SensorSample(session: .dive, time: .seconds(300), depth: 12.34, waterTemperature: 14.56)
        #expect(WatchFaceText.lines(sample, activity: nil) == ["12.3 M", "14.6 °C", ""], "no ascent rate before the watch has one")
        sample.ascentRate = -3.26
        #expect(WatchFaceText.lines(sample, activity: nil)[2] == "↓ 3.3 M/MIN")
        sample.ascentRate = 9.04
        #expect(WatchFaceText.lines(sample, activity: nil)[2] == "↑ 9.0 M/MIN")
    }

    @Test("The elapsed time the screen shows is the sample's, h:mm:ss, cut and not rounded; hours unpadded past ten")
    func elapsed() {
        var sample = SensorSample(time: .seconds(4000), heartRate: 120)
        sample.elapsed = .milliseconds(3_723_999)
        #expect(WatchFaceText.elapsed(sample) == "1:02:03")
        sample.elapsed = .seconds(36_000)
        #expect(WatchFaceText.elapsed(sample) == "10:00:00")
        sample.elapsed = .zero
        #expect(WatchFaceText.elapsed(sample) == "0:00:00")
    }
}
