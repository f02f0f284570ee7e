import ActionButtonCore
import Glibc
import Testing
@testable import LiveLoop

@Suite("Web page: its button edges take the devices' path into the live loop")
struct RemoteButtonsTests {
    @Test("P1: an edge pushed from another thread makes the loop's descriptor readable, and is read once, in order, with its time")
    func edgesThroughTheEventfd() async throws {
        let buttons = try RemoteButtons(summary: "test")
        let source = RemoteButtonsSource(buttons)
        var poll = pollfd(fd: source.descriptors[0], events: Int16(POLLIN), revents: 0)
        #expect(Glibc.poll(&poll, 1, 0) == 0, "nothing pushed: nothing to read, so an idle page wakes nobody")
        await Task.detached {
            buttons.push(.action, .down)
            buttons.push(.side, .down)
        }.value
        #expect(Glibc.poll(&poll, 1, 1000) == 1)
        var items: [SourceItem] = []
        source.read(source.descriptors[0], into: &items)
        #expect(items.count == 2)
        guard case .edge(.action, .down, let first, false) = items[0], case .edge(.side, .down, let second, false) = items[1] else {
            Issue.record("expected action down then side down, got \(items)")
            return
        }
        #expect(first <= second)
        poll.revents = 0
        #expect(Glibc.poll(&poll, 1, 0) == 0, "read: the descriptor is quiet again")
        var again: [SourceItem] = []
        source.read(source.descriptors[0], into: &again)
        #expect(again.isEmpty)
    }
}
