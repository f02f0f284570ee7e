//
//  Logging.swift
//  DeepLogKit
//

import os

let logger = Logger(subsystem: "com.example.DeepLog", category: "DiveManager")
