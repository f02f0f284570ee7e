//
//  TrailStrings.swift
//  TrailRunner Watch App
//

import Foundation

/// What the app says, in one place for its translators: Foundation's localized strings, in a
/// file that imports nothing else (as many apps keep them).
enum TrailStrings {
    static let lapMarked: LocalizedStringResource = "Marked a lap"

    static func lap(_ number: Int) -> String {
        String(localized: "Lap \(number)")
    }
}
