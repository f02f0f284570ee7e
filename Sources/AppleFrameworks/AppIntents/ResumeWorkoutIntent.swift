/// Resumes the paused workout when Action and side are pressed together (A7); Apple's page:
/// "ResumeWorkoutIntent".
public protocol ResumeWorkoutIntent: AppIntent {
    init()
}
