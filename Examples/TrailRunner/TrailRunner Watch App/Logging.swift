//
//  Logging.swift
//  TrailRunner Watch App
//

import os

/// Everything the Action button makes the app do goes to this log.
let logger = Logger(subsystem: "com.example.TrailRunner", category: "ActionButton")
