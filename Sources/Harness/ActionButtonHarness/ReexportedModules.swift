// A test that drives the harness names the watch's settings, states and events
// (`ActionButtonSettings`, `SessionStatus`, `SensorSample`, ...) and the intent protocols;
// importing the harness alone brings them all.
@_exported import ActionButtonCore
@_exported import AppIntents
@_exported import Simulation
@_exported import SimulationEvents
