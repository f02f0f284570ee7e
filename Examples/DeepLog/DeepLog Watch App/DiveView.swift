//
//  DiveView.swift
//  DeepLog Watch App
//

import DeepLogKit
import SwiftUI

/// Depth and water temperature, large enough to read under water. The touch screen does
/// not work there; the Action button does.
struct DiveView: View {
    @State private var diveManager = DiveManager.shared

    var body: some View {
        VStack(spacing: 6) {
            Text(String(format: "%.1f m", diveManager.depth ?? 0))
                .font(.system(size: 40, weight: .bold, design: .rounded))
            if let temperature = diveManager.waterTemperature {
                Text(String(format: "%.0f °C", temperature))
            }
            Text("\(diveManager.marks.count) marks")
                .foregroundStyle(.secondary)
        }
    }
}
