//
//  DeepLogApp.swift
//  DeepLog Watch App
//

import SwiftUI

@main
struct DeepLogApp: App {
    var body: some Scene {
        WindowGroup {
            DiveView()
        }
    }
}
