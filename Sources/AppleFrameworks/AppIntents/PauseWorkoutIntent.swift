/// Pauses the running workout when Action and side are pressed together (A7); Apple's page:
/// "PauseWorkoutIntent".
public protocol PauseWorkoutIntent: AppIntent {
    init()
}
