//
//  TrailLightControl.swift
//  TrailRunner Watch App
//

import SwiftUI
import WidgetKit

/// The Trail Light control: in Control Center, the Smart Stack, or on the Action button.
struct TrailLightControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.TrailRunner.trail-light") {
            ControlWidgetToggle("Trail Light", isOn: TrailLight.isOn, action: ToggleTrailLightIntent()) { isOn in
                Label(isOn ? "On" : "Off", systemImage: isOn ? "flashlight.on.fill" : "flashlight.off.fill")
            }
        }
        .displayName("Trail Light")
    }
}
