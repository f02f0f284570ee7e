/// Starts a dive session on the first press of the Action button (A3, A8); Apple's page:
/// "StartDiveIntent".
public protocol StartDiveIntent: AppIntent {
    init()
}

extension StartDiveIntent {
    /// Start intents open the app, and the system launches it first anyway (A9).
    public static var openAppWhenRun: Bool { true }
}
