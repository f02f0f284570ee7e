//
//  Logging.swift
//  DeepLog Watch App
//

import os

let logger = Logger(subsystem: "com.example.DeepLog", category: "Dive")
