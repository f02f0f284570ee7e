/// One page of a session's rows, read from the lab and handed out one at a time: a cursor
/// reads the next page only when this one runs out, and no more once a page comes back
/// short (`LabSessionRows.pageSize` rows are asked for each time).
struct PageBuffer<Element> {
    private var elements: [Element] = []
    private var index = 0
    private var exhausted: Bool

    /// `exhausted`: there is nothing to read at all (a cursor over no kinds of event).
    init(exhausted: Bool = false) {
        self.exhausted = exhausted
    }

    mutating func next(reading page: () throws -> [Element]) rethrows -> Element? {
        if index == elements.count {
            guard !exhausted else { return nil }
            elements = try page()
            index = 0
            exhausted = elements.count < LabSessionRows.pageSize
            guard !elements.isEmpty else { return nil }
        }
        defer { index += 1 }
        return elements[index]
    }
}
