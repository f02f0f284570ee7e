//
//  LapHistory.swift
//  TrailRunner Watch App
//

import Foundation
import SwiftData

/// A lap the wearer marked, kept for the app's history screen.
@Model
final class LapRecord {
    var number: Int
    var markedAt: Date

    init(number: Int, markedAt: Date) {
        self.number = number
        self.markedAt = markedAt
    }
}

/// The app's lap history, kept with SwiftData.
final class LapHistory {
    static let shared = LapHistory()

    private let context: ModelContext?

    init() {
        let container = try? ModelContainer(for: LapRecord.self, configurations: ModelConfiguration(isStoredInMemoryOnly: false))
        context = container.map(ModelContext.init)
    }

    func record(_ number: Int, at date: Date) {
        context?.insert(LapRecord(number: number, markedAt: date))
    }

    /// The laps kept so far, newest first.
    func laps() -> [Int] {
        let newestFirst = FetchDescriptor<LapRecord>(sortBy: [SortDescriptor(\.markedAt, order: .reverse)])
        return ((try? context?.fetch(newestFirst)) ?? []).map(\.number)
    }
}
